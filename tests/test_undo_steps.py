"""``undo N`` and ``redo N`` in the command language (at the prompt, in ``momenta do``,
in replay scripts): N steps, at most as many as there are (like ``momenta undo -n``),
each its own journal record so resume finds the same state; junk or 0 is refused with
a one-line reason and changes nothing."""

from __future__ import annotations

import json

import pytest

from tests.conftest import invoke, one_line_error, started

pytestmark = pytest.mark.usefixtures("home")

LINES = ["turn brannoc", "dmg gorm 1", "dmg gorm 2", "dmg gorm 3"]


def cmds(fight) -> list[str]:
    return [json.loads(x).get("cmd", "undo" if "undo" in x else "redo")
            for x in fight.read_text().splitlines()[1:]]


def vitality(fight, name: str = "Gorm") -> int:
    r = invoke("log", fight, "--format", "json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    return next(c for c in doc["combatants"] if c["name"] == name)["vitality"]


def test_undo_n_at_the_prompt_takes_back_n_commands_each_saved(enc):
    fight = started(enc, *LINES, "undo 2", "status")
    assert vitality(fight) == 22 - 1
    assert cmds(fight)[-2:] == ["undo", "undo"]
    r = invoke("resume", fight, input="redo 5\n")
    assert r.exit_code == 0, r.output
    assert "redid 2 commands (nothing more to redo)" in r.output
    assert vitality(fight) == 22 - 6


def test_undo_n_in_do_and_in_a_replay_script(enc, tmp_path):
    fight = started(enc, *LINES)
    r = invoke("do", fight, "undo 3")
    assert r.exit_code == 0, r.output
    assert vitality(fight) == 22 and cmds(fight)[-3:] == ["undo"] * 3
    script = tmp_path / "s.script"
    script.write_text("\n".join([*LINES, "undo 2", "redo 1"]) + "\n")
    r = invoke("replay", enc, script, "--json")
    assert r.exit_code == 0, r.output
    gorm = next(c for c in json.loads(r.output)["combatants"] if c["name"] == "Gorm")
    assert gorm["vitality"] == 22 - 3


@pytest.mark.parametrize("line, why", [
    ("undo junk", "the number of steps to undo must be a whole number, got 'junk'"),
    ("undo 0", "undo 0: the number of steps is 1 or more"),
    ("redo 1 2", "redo takes a number of steps (redo 2), got '1 2'"),
])
def test_undo_or_redo_with_junk_or_zero_is_refused_and_changes_nothing(enc, line, why):
    fight = started(enc, *LINES, "undo")
    saved = fight.read_bytes()
    assert why in one_line_error(invoke("do", fight, line))
    assert fight.read_bytes() == saved
