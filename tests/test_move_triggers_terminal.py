"""The real prompt in a pseudo-terminal offers the Intercept a typed move triggers
(issue 13 item 4, R35): Ctrl-C at the offer cancels the whole move, nothing saved; taken,
the attack's own questions follow (the dice) and the move goes on after it, kept as one
complete line, shown as ``as:`` after the move's events."""

from __future__ import annotations

import pytest

from tests.trigger_yard import records, spawn_prompt, yard_text

pytestmark = pytest.mark.terminal

TIMEOUT = 30


@pytest.mark.slow  # a real pseudo-terminal
def test_ctrl_c_at_the_offer_cancels_and_a_yes_runs_the_exchange(tmp_path):
    term = spawn_prompt(tmp_path, yard_text(kira="A4", wren="D1", gorm="A2", nix="G4"),
                        timeout=TIMEOUT)
    fight = tmp_path / "yard.fight.jsonl"
    term.wait_prompt("R1 allies>")
    for line, shown in (("turn kira", "R1 Kira>"), ("end", "R1 adversaries>"),
                        ("turn gorm", "R1 Gorm>")):
        term.send(line + "\r")
        term.wait_prompt(shown)
    term.send("move gorm to g2\r")
    term.wait_text("Wren may Intercept with Spear (2 Vigor of 7).")
    term.wait_prompt("Intercept? [y/N]")
    term.send("\x03")
    term.wait_text("cancelled: nothing was done")
    term.wait_prompt("R1 Gorm>")
    assert records(fight)[-1] == "turn gorm"
    term.send("move gorm to g2\r")
    term.wait_prompt("Intercept? [y/N]")
    term.send("y\r")
    term.wait_prompt("Gorm: Parry 2d (1 of 1 left)? [y/N]")  # R7: the GM declines it
    term.send("\r")
    term.wait_prompt("Wren rolls 2d>")
    term.send("6,2\r")
    term.wait_text("Gorm goes on B2 -> C2")
    term.wait_text("as: move gorm to G2 intercept Wren with Spear roll 6,2")  # item 4
    term.wait_prompt("R1 Gorm>")
    term.send("quit\r")
    term.wait_exit()
    assert records(fight)[-1] == "move gorm to G2 intercept Wren with Spear roll 6,2"
