"""The real prompt in a pseudo-terminal offers the Intercept a typed move triggers
(issue 13 item 4, R35): Ctrl-C at the offer cancels the whole move, nothing saved; taken,
the attack's own questions follow (the dice) and the move goes on after it, kept as one
complete line, shown as ``as:`` after the move's events."""

from __future__ import annotations

import pytest

from tests.trigger_yard import records, spawn_prompt, yard_text

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.terminal

TIMEOUT = 30



def test_ctrl_c_at_the_offer_cancels_and_a_yes_runs_the_exchange(tmp_path):
    child = spawn_prompt(pexpect, tmp_path, yard_text(kira="A4", wren="D1", gorm="A2", nix="G4"),
                         timeout=TIMEOUT)
    fight = tmp_path / "yard.fight.jsonl"
    child.expect_exact("R1 allies>")
    for line, shown in (("turn kira", "R1 Kira>"), ("end", "R1 adversaries>"),
                        ("turn gorm", "R1 Gorm>")):
        child.send(line + "\r")
        child.expect_exact(shown)
    child.send("move gorm to g2\r")
    child.expect_exact("Wren may Intercept with Spear (2 Vigor of 7).")
    child.expect_exact("Intercept? [y/N]")
    child.send("\x03")
    child.expect_exact("cancelled: nothing was done")
    child.expect_exact("R1 Gorm>")
    assert records(fight)[-1] == "turn gorm"
    child.send("move gorm to g2\r")
    child.expect_exact("Intercept? [y/N]")
    child.send("y\r")
    child.expect_exact("Wren rolls 2d>")
    child.send("6,2\r")
    child.expect_exact("Gorm goes on B2 -> C2")
    child.expect_exact("as: move gorm to G2 intercept Wren with Spear roll 6,2")  # item 4
    child.expect_exact("R1 Gorm>")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert records(fight)[-1] == "move gorm to G2 intercept Wren with Spear roll 6,2"
