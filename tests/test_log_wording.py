"""Log wording (issue 26 item 10): a climber Defeated on its way is not "back on the
ground"; a full-turn maneuver (Catch Your Breath, Limit Break) is not "(free)"; a
Faltering check's LUCK roll names LUCK once. Through the CLI, as the GM reads them."""

from __future__ import annotations

from tests.conftest import fight_of, invoke
from tests.trigger_yard import yard_text

# A climbable strip at the yard's south-east: Nix (a Grunt, 4 Vitality) on the wall at
# F4 climbs down to E4, where Wren's Spear (Melee 2) at C2 reaches it.
WALL = """\
    .......
    .......
    .......
    .....^^"""


def test_a_climber_defeated_on_its_way_down_is_no_longer_climbing_not_back_on_the_ground(
        tmp_path):
    # R35: the Intercept stops the Move where Nix enters reach (E4); 1 success is 6
    # damage, Nix is Defeated there.
    enc = tmp_path / "yard.yaml"
    enc.write_text(yard_text(WALL, wren="C2", kira="A1", nix="F4"))
    r = invoke("do", enc, "turn kira", "end", "turn nix",
               "move nix to e4 intercept wren roll 1s")
    assert r.exit_code == 0, r.output
    log = invoke("log", fight_of(enc)).output
    assert "Nix is no longer climbing (Defeated)" in log, log
    assert "back on the ground" not in log


def test_a_climber_that_climbs_down_is_back_on_the_ground(tmp_path):
    enc = tmp_path / "yard.yaml"
    enc.write_text(yard_text(WALL, wren="A1", kira="B1", nix="F4"))
    r = invoke("do", enc, "turn kira", "end", "turn nix", "move nix to e4")
    assert r.exit_code == 0, r.output
    assert "Nix is back on the ground (was climbing)" in invoke("log", fight_of(enc)).output


def test_catch_your_breath_is_a_full_turn_maneuver_not_free(enc):
    # ch19 Catch Your Breath: a full-turn maneuver (R25); it costs no Vigor, but the turn.
    r = invoke("do", enc, "dmg brannoc 12", "turn brannoc", "breath")
    assert r.exit_code == 0, r.output
    assert "Brannoc: Catch Your Breath (full turn, R25)" in r.output, r.output
    assert "(free)" not in r.output.split("Brannoc: Catch Your Breath")[1].splitlines()[0]
    log = invoke("log", fight_of(enc)).output
    assert "Brannoc: Catch Your Breath (full turn, R25)" in log
