"""The real prompt in a pseudo-terminal asks a PC's Wound table d6 (R10) once the attack
is decided: after Brace, a face typed (a wrong one asked again with the reason) is the
one the log shows and the journal keeps as the line's dice; Ctrl-C at the question
cancels the whole attack and saves nothing."""

from __future__ import annotations

import pytest

from tests.test_terminal import gorms_turn, records, where, words

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.terminal

__all__ = ["where"]  # the fixture, shared with test_terminal


def test_the_wound_d6_is_asked_after_brace_and_ctrl_c_there_cancels(where):
    fight = where / "encounters" / "demo.fight.jsonl"
    child = gorms_turn(where)
    child.send("set brannoc vitality 2\r")
    child.expect_exact("Brannoc: Vitality 21->2 (set)")  # saved before it is shown
    child.expect_exact("R1 Gorm>")
    saved = fight.read_bytes()
    for cancel in ("\x03", None):
        child.send("attack brannoc\r")
        child.expect_exact("reaction>")
        child.send("\r")
        child.expect_exact("Gorm rolls 3d>")
        child.send("6,6,6\r")
        words(child, "Wound 1/3 (d6 asked next)")
        child.expect_exact("Brace? [y/N]")
        child.send("n\r")
        words(child, "Wound d6 (R10) for Brannoc's Wound: 1 Impaired, 2 Hindered,")
        child.expect_exact("Brannoc's Wound d6 (R10)>")
        if cancel is None:
            break
        child.send(cancel)  # Ctrl-C at the Wound d6: the whole attack is cancelled
        child.expect_exact("cancelled: nothing was done")
        child.expect_exact("R1 Gorm>")
        assert fight.read_bytes() == saved
    child.send("9\r")
    words(child, "! a Wound table roll is one d6 face from 1 to 6, got '9'; type it again")
    child.expect_exact("Brannoc's Wound d6 (R10)>")
    child.send("3\r")
    words(child, "Wound 1/3 (d6 3: Exhausted)")
    words(child, "as: attack brannoc roll 6,6,6 dice 3")
    child.expect_exact("R1 Gorm>")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    last = records(fight)[-1]
    assert last["cmd"] == "attack brannoc roll 6,6,6" and last["dice"] == [3]
    wound = next(e for e in last["events"] if e["kind"] == "wound_taken")
    assert (wound["name"], wound["condition"], wound["face"]) == ("Brannoc", "Exhausted", 3)
