"""One clear answer (issue 26 item 16): ``odds --json`` refuses with a document,
``{"error": ...}`` on stdout and exit 1, and every key of its document is documented in
docs/odds.md; ``end forgo forgo`` is a slip, refused; ``run`` on a saved fight with no
commands says one thing, not "resuming it" and "new fight" both."""

from __future__ import annotations

import json
import re

import pytest

from momenta_cli.odds import OddsDice, Target, odds
from momenta_cli.render import odds_doc
from tests.conftest import ROOT, fight_of, invoke, one_line_error, started


@pytest.mark.parametrize("args", [
    ("--dice", "3", "--grunt"),  # the command's own check
    ("--dice", "abc"),  # the words themselves
    ("--dice", "3", "--bogus"),
    ("{enc}", "Gorm", "Nobody"),  # the attack refused
    ("{enc}", "Gorm", "Wren", "--dice", "3"),
    ("{missing}", "Gorm", "Wren"),  # a file that does not load
])
def test_an_odds_refusal_with_json_is_an_error_document_and_exit_1(enc, args):
    filled = [a.format(enc=enc, missing=enc.with_name("nope.yaml")) for a in args]
    r = invoke("odds", *filled, "--json")
    assert r.exit_code == 1, r.output
    doc = json.loads(r.stdout)
    assert list(doc) == ["error"] and doc["error"].strip(), doc
    assert "Traceback" not in r.output and "Usage:" not in r.output
    # without --json: the same refusal, one line on stderr
    plain = invoke("odds", *filled)
    assert plain.exit_code in (1, 2) and plain.stdout == "", plain.output


def test_an_attack_refused_with_json_says_what_the_line_says(enc):
    r = invoke("odds", enc, "Gorm", "Nobody", "--json")
    plain = invoke("odds", enc, "Gorm", "Nobody")
    assert json.loads(r.stdout) == {"error": plain.stderr.strip()}
    assert plain.stderr.startswith(f"{enc}: no combatant called 'Nobody'")


def _keys(doc, prefix=""):
    for key, value in doc.items():
        yield prefix + key
        if isinstance(value, dict) and "exact" not in value:
            yield from _keys(value, "")
        if isinstance(value, list) and value and isinstance(value[0], dict):
            yield from _keys(value[0], "")


def test_every_key_of_the_odds_document_is_documented(enc):
    from_file = json.loads(invoke("odds", enc, "Gorm", "Wren", "--deflect", "--json").stdout)
    numbers = odds_doc(odds(OddsDice(3, 2), Target(current=10, maximum=10, free_slots=1),
                            None))
    documented = (ROOT / "docs" / "odds.md").read_text().split("## The `--json` document")[1]
    keys = set(_keys(from_file)) | set(_keys(numbers))
    assert {"attack", "rows", "amount", "defense_pool", "free_slots"} <= keys
    missing = sorted(k for k in keys if f"`{k}`" not in documented)
    assert missing == [], missing
    assert '{"error":' in documented


def test_end_forgo_forgo_is_refused(enc):
    fight = started(enc, "turn bran")
    before = fight.read_bytes()
    for line in ("end forgo forgo", "end forgo last", "next forgo forgo"):
        said = one_line_error(invoke("do", fight, line))
        assert re.search(r"'(forgo|last)' again: 'forgo' \(or 'last'\) is said once", said), said
    assert fight.read_bytes() == before
    r = invoke("do", fight, "end forgo")
    assert r.exit_code == 0, r.output


def test_a_result_typed_twice_for_one_condition_is_refused(enc):
    fight = started(enc, "cond brannoc hindered", "turn bran")
    said = one_line_error(invoke("do", fight, "end hindered=1s hindered=0s"))
    assert "'hindered' typed twice" in said


def test_run_on_a_saved_fight_with_no_commands_says_one_thing(enc):
    started(enc)  # the fight file, and nothing in it
    r = invoke("run", enc, input="quit\n")
    assert r.exit_code == 0, r.output
    head = "".join(r.output.split("Round 1")[0].split())  # Rich may wrap a long path
    assert head == "".join(f"Trouble at the Crossroads Inn a saved fight with no commands "
                           f"yet: {fight_of(enc)}".split()), r.output
    assert "Resuming" not in r.output and "new fight" not in r.output
    # with a command in it, the question (piped: the answer) as before
    started(enc, "turn bran")
    again = invoke("run", enc, input="quit\n")
    assert "Resuming it (--new starts anew)" in again.output
    assert "resumed: 1 command replayed" in again.output
