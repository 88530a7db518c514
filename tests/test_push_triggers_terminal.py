"""The real prompt in a pseudo-terminal offers the Intercept a shove's push triggers
(R35, ch19 Shove): the shove's own dice first, then the offer; Ctrl-C at the offer
cancels the whole shove, nothing saved; taken, the Intercept's dice are asked and the
shove is kept as one complete line, shown as ``as:`` after its events. Gorm's Parry
(R7) is offered to the GM at each attack on him, and declined."""

from __future__ import annotations

import pytest

from tests.trigger_yard import records, spawn_prompt, yard_text

pytestmark = pytest.mark.terminal

TIMEOUT = 30


@pytest.mark.slow  # a real pseudo-terminal
def test_ctrl_c_at_the_push_offer_cancels_the_shove_and_a_yes_runs_it(tmp_path):
    term = spawn_prompt(tmp_path, yard_text(kira="C3", gorm="D3", wren="G1", nix="A1"),
                        timeout=TIMEOUT)
    fight = tmp_path / "yard.fight.jsonl"
    term.wait_prompt("R1 allies>")
    term.send("turn kira\r")
    term.wait_prompt("R1 Kira>")
    term.send("shove gorm\r")
    term.wait_prompt("Gorm: Parry 2d (1 of 1 left)? [y/N]")
    term.send("\r")
    term.wait_prompt("Kira rolls 3d>")
    term.send("2s\r")
    term.wait_text("Wren may Intercept with Spear (2 Vigor of 7).")
    term.wait_prompt("Intercept? [y/N]")
    term.send("\x03")
    term.wait_text("cancelled: nothing was done")
    term.wait_prompt("R1 Kira>")
    assert records(fight)[-1] == "turn kira"
    term.send("shove gorm\r")
    term.wait_prompt("Gorm: Parry 2d (1 of 1 left)? [y/N]")
    term.send("\r")
    term.wait_prompt("Kira rolls 3d>")
    term.send("2s\r")
    term.wait_prompt("Intercept? [y/N]")
    term.send("y\r")
    term.wait_prompt("Gorm: Parry 2d (1 of 1 left)? [y/N]")
    term.send("n\r")
    term.wait_prompt("Wren rolls 2d>")
    term.send("6,2\r")
    term.wait_text("Gorm is pushed on E3 -> F3")
    term.wait_text("as: shove gorm roll 2s intercept Wren with Spear roll 6,2")
    term.wait_prompt("R1 Kira>")
    term.send("quit\r")
    term.wait_exit()
    assert records(fight)[-1] == "shove gorm roll 2s intercept Wren with Spear roll 6,2"
