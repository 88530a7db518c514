"""The real prompt in a pseudo-terminal offers the Intercept a shove's push triggers
(R35, ch19 Shove): the shove's own dice first, then the offer; Ctrl-C at the offer
cancels the whole shove, nothing saved; taken, the Intercept's dice are asked and the
shove is kept as one complete line, shown as ``as:`` after its events."""

from __future__ import annotations

import pytest

from tests.trigger_yard import records, spawn_prompt, yard_text

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.terminal

TIMEOUT = 30



def test_ctrl_c_at_the_push_offer_cancels_the_shove_and_a_yes_runs_it(tmp_path):
    child = spawn_prompt(pexpect, tmp_path, yard_text(kira="C3", gorm="D3", wren="G1", nix="A1"),
                         timeout=TIMEOUT)
    fight = tmp_path / "yard.fight.jsonl"
    child.expect_exact("R1 allies>")
    child.send("turn kira\r")
    child.expect_exact("R1 Kira>")
    child.send("shove gorm\r")
    child.expect_exact("Kira rolls 3d>")
    child.send("2s\r")
    child.expect_exact("Wren may Intercept with Spear (2 Vigor of 7).")
    child.expect_exact("Intercept? [y/N]")
    child.send("\x03")
    child.expect_exact("cancelled: nothing was done")
    child.expect_exact("R1 Kira>")
    assert records(fight)[-1] == "turn kira"
    child.send("shove gorm\r")
    child.expect_exact("Kira rolls 3d>")
    child.send("2s\r")
    child.expect_exact("Intercept? [y/N]")
    child.send("y\r")
    child.expect_exact("Wren rolls 2d>")
    child.send("6,2\r")
    child.expect_exact("Gorm is pushed on E3 -> F3")
    child.expect_exact("as: shove gorm roll 2s intercept Wren with Spear roll 6,2")
    child.expect_exact("R1 Kira>")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert records(fight)[-1] == "shove gorm roll 2s intercept Wren with Spear roll 6,2"
