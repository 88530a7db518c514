"""The real prompt in a pseudo-terminal asks a PC's Wound table d6 (R10) once the attack
is decided: after Brace, a face typed (a wrong one asked again with the reason) is the
one the log shows and the journal keeps as the line's dice; Ctrl-C at the question
cancels the whole attack and saves nothing."""

from __future__ import annotations

import pytest

from tests.test_terminal import gorms_turn, records, where

pytestmark = pytest.mark.terminal

__all__ = ["where"]  # the fixture, shared with test_terminal


@pytest.mark.slow  # a real pseudo-terminal
def test_the_wound_d6_is_asked_after_brace_and_ctrl_c_there_cancels(where):
    fight = where / "encounters" / "demo.fight.jsonl"
    term = gorms_turn(where)
    term.send("set brannoc vitality 2\r")
    term.wait_text("Brannoc: Vitality 21->2 (set)")  # saved before it is shown
    term.wait_prompt("R1 Gorm>")
    saved = fight.read_bytes()
    for cancel in ("\x03", None):
        term.send("attack brannoc\r")
        term.wait_prompt("reaction>")
        term.send("\r")
        term.wait_prompt("Gorm rolls 3d>")
        term.send("6,6,6\r")
        term.wait_words("Wound 1/3 (d6 asked next)")
        term.wait_prompt("Brace? [y/N]")
        term.send("n\r")
        term.wait_words("Wound d6 (R10) for Brannoc's Wound: 1 Impaired, 2 Hindered,")
        term.wait_prompt("Brannoc's Wound d6 (R10)>")
        if cancel is None:
            break
        term.send(cancel)  # Ctrl-C at the Wound d6: the whole attack is cancelled
        term.wait_text("cancelled: nothing was done")
        term.wait_prompt("R1 Gorm>")
        assert fight.read_bytes() == saved
    term.send("9\r")
    term.wait_words("! a Wound table roll is one d6 face from 1 to 6, got '9'; type it again")
    term.wait_prompt("Brannoc's Wound d6 (R10)>")
    term.send("3\r")
    term.wait_words("Wound 1/3 (d6 3: Exhausted)")
    term.wait_words("as: attack brannoc roll 6,6,6 dice 3")
    term.wait_prompt("R1 Gorm>")
    term.send("quit\r")
    term.wait_exit()
    last = records(fight)[-1]
    assert last["cmd"] == "attack brannoc roll 6,6,6" and last["dice"] == [3]
    wound = next(e for e in last["events"] if e["kind"] == "wound_taken")
    assert (wound["name"], wound["condition"], wound["face"]) == ("Brannoc", "Exhausted", 3)
