"""``seat`` (issue 25) is the prompt's own command, not a verb of the language: ``help
seat`` explains it and Tab offers it and the allies' names after it
(language/prompt_only.py), while it stays out of the journal, ``do`` and scripts."""

from __future__ import annotations

import json

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from momenta_cli.cli.prompt import make_completer
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Session
from tests.conftest import ROOT, fight_of, invoke
from tests.engine_helpers import run

AT_80 = {"COLUMNS": "80", "NO_COLOR": "1"}


def offered(session: Session, text: str) -> list[str]:
    """The words the prompt's completer offers with the cursor after ``text``."""
    completer = make_completer(lambda: session.state)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]


@pytest.fixture
def demo() -> Session:
    """Brannoc, Tamsin and Wren (the allies) against Gorm and two Knives."""
    return Session(load_encounter(ROOT / "encounters" / "demo.yaml"))


def test_help_seat_at_the_prompt_explains_its_three_forms(enc):
    r = invoke("run", enc, input="help seat\nquit\n", env=AT_80)
    assert r.exit_code == 0, r.output
    said = r.output.split("> help seat\n", 1)[1]
    assert said.startswith("seat [NAME [off]]\n")
    text = " ".join(said.split())
    for form in ("'seat NAME'", "'seat NAME off'", "'seat' alone lists the seats",
                 "never journalled", "example: seat wren"):
        assert form in text
    assert "unknown command" not in said


def test_help_seat_in_do_explains_it_and_saves_nothing(enc):
    r = invoke("do", enc, "help seat", env=AT_80)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("seat [NAME [off]]\n")
    fight = fight_of(enc)
    assert not fight.exists() or fight.read_text().count("\n") == 1  # the header alone


def test_help_all_lists_the_prompts_own_commands(enc):
    r = invoke("do", enc, "help all", env=AT_80)
    assert r.exit_code == 0, r.output
    assert "the prompt's own commands" in r.output and "seat [NAME [off]]" in r.output


def test_seat_is_still_no_verb_for_do_scripts_or_prefixes(enc, tmp_path):
    assert "unknown command 'seat'" in invoke("do", enc, "seat wren").output
    assert invoke("do", enc, "help sea").exit_code == 1  # a prefix of no verb, as before
    script = tmp_path / "seat.script"
    script.write_text("turn wren\nseat wren\n")
    r = invoke("replay", enc, script)
    assert r.exit_code == 1 and "seat.script:2: unknown command 'seat'" in r.output


def test_seat_lines_at_the_prompt_stay_out_of_the_journal(enc):
    r = invoke("run", enc, "--seed", "1", input="seat\nhelp seat\nturn wren\nquit\n",
               env=AT_80)
    assert r.exit_code == 0, r.output
    records = [json.loads(x) for x in fight_of(enc).read_text().splitlines()[1:]]
    assert [x["cmd"] for x in records] == ["turn wren"]


def test_tab_offers_seat_with_the_verbs(demo):
    assert offered(demo, "")[-1] == "seat "  # after the verbs, at an empty line
    assert offered(demo, "se") == ["set ", "seat "]
    assert offered(demo, "sea") == ["seat "]
    assert "seat " in offered(demo, "help se")


def test_after_seat_the_allies_then_off(demo):
    assert offered(demo, "seat ") == ["Brannoc ", "Tamsin ", "Wren "]  # no Gorm, no Knife
    assert offered(demo, "seat w") == ["Wren "]
    assert offered(demo, "Seat wren ") == ["off "]
    assert offered(demo, "seat wren off ") == []
    run(demo, "remove tamsin")
    assert offered(demo, "seat ") == ["Brannoc ", "Wren "]
