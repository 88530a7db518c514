"""``help`` fits one 80x30 screen (issue 26 item 11): the verbs in a few lines under
their headings; ``help VERB`` explains one, ``help all`` lists every command with what it
does (the long list it was). Through the real prompt (a piped ``momenta run``) and
``do``, at 80 columns."""

from __future__ import annotations

from rich.cells import cell_len

from momenta_cli.language import VERBS
from tests.conftest import invoke

AT_80 = {"COLUMNS": "80", "NO_COLOR": "1"}


def _said(output: str, line: str) -> list[str]:
    """What the prompt printed for ``line``, up to the next prompt."""
    return output.split(f"> {line}\n", 1)[1].split("\nR1 ")[0].splitlines()


def test_help_at_the_prompt_is_one_80x30_screen_naming_every_verb(enc):
    r = invoke("run", enc, input="help\nquit\n", env=AT_80)
    assert r.exit_code == 0, r.output
    shown = _said(r.output, "help")
    assert len(shown) <= 30 and max(cell_len(x) for x in shown) <= 80, shown
    words = " ".join(shown).split()
    assert [v for v in VERBS if v not in words] == []
    assert "'help all'" in " ".join(shown) and "'help VERB'" in " ".join(shown)


def test_help_all_lists_every_command_with_what_it_does(enc):
    r = invoke("do", enc, "help all", env=AT_80)
    assert r.exit_code == 0, r.output
    assert len(r.output.splitlines()) > 60  # the whole list, as it was
    for v in VERBS.values():
        assert v.usage.split()[0] in r.output
    assert "Basic Attack (2 Vigor" in r.output


def test_help_verb_explains_one(enc):
    r = invoke("do", enc, "help los", env=AT_80)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("los [NAME] TARGET [from SQUARE]\n")
    assert "example: los tamsin gorm from c5" in r.output
    assert invoke("do", enc, "help zzz").exit_code == 1
