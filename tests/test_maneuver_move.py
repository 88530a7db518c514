"""Move, Shift, terrain, jumps and falls (ch19 Movement, R4, R23, R24); grabs are in
test_grabs.py."""

from __future__ import annotations

import pytest

from momenta_cli.engine.movement.distances import jump_height, speed
from tests.engine_helpers import log_text
from tests.test_maneuver_support import refused, run, yard


def test_first_move_is_free_and_the_second_costs_two():
    # ch19 Move: every Move costs 2 Vigor, but the first Move each turn is free.
    s = yard()
    run(s, "turn kira", "move 5")
    assert s.state.get("Kira").vigor == 7
    run(s, "move kira 3")
    assert s.state.get("Kira").vigor == 5
    run(s, "move 1")
    assert s.state.get("Kira").vigor == 3
    assert s.state.get("Kira").moves == 3


def test_move_budget_is_spd():
    # ch19 Movement: a Move covers up to SPD squares.
    s = yard()
    run(s, "turn kira")
    refused(s, "move 6", "5 square", "SPD")
    run(s, "move 5")


def test_difficult_terrain_counts_double():
    # ch19 Movement: difficult terrain costs double to move into.
    s = yard()
    run(s, "turn kira")
    refused(s, "move 4 difficult 2", "need 6")
    run(s, "move 3 difficult 2")
    assert s.entries[-1].events[-1].difficult == 2


def test_one_square_of_movement_cannot_enter_difficult_terrain():
    # ch19 Movement: with only 1 square of movement, difficult terrain is out of reach.
    s = yard()
    run(s, "turn kira", "end", "turn ogre", "end", "turn nul")  # Nul has SPD 1
    refused(s, "move 1 difficult 1", "need 2")
    run(s, "move 1")


def test_hindered_moves_half_spd_minimum_one():
    # ch19 Movement / condition table: Hindered moves half SPD (R4 rounds down, min 1).
    s = yard()
    run(s, "cond kira hindered", "turn kira")
    refused(s, "move 3", "half SPD while Hindered")
    run(s, "move 2")
    assert speed(s.state.get("Kira")) == 2
    run(s, "cond nul hindered")
    assert speed(s.state.get("Nul")) == 1  # SPD 1 halves to 0, minimum 1


def test_hindered_cannot_shift():
    # ch19 Movement: Hindered characters cannot Shift.
    s = yard()
    run(s, "cond kira hindered", "turn kira")
    refused(s, "shift 1", "Hindered", "cannot Shift")


def test_shift_costs_two_and_covers_half_spd():
    # ch19 Shift: 2 Vigor, up to half SPD (minimum 1).
    s = yard()
    run(s, "turn kira")
    refused(s, "shift 3", "Shift 2 square")
    run(s, "shift 2")
    k = s.state.get("Kira")
    assert (k.vigor, k.moves, k.maneuvers) == (5, 0, 1)


def test_shift_is_never_the_free_move():
    # ch19: only the first Move is free; a Shift always costs 2.
    s = yard()
    run(s, "turn kira", "shift 1")
    assert s.state.get("Kira").vigor == 5


def test_climbing_moves_one_square_and_cannot_shift():
    # ch19 Climb: no more than 1 square per Move while climbing, and no Shift.
    s = yard()
    run(s, "turn kira")
    refused(s, "move 2 climb", "1 square per Move")
    run(s, "move 1 climb")
    assert s.state.get("Kira").terrain == "climb"
    refused(s, "shift 1", "climbing")
    run(s, "move 1")  # still climbing: the terrain stays until changed
    assert s.state.get("Kira").vigor == 5
    run(s, "move 4 ground")
    assert s.state.get("Kira").terrain == ""


def test_swimming_doubles_move_costs_but_the_free_move_stays_free():
    # ch19 Swim / R24: every Vigor cost doubles while swimming; free stays free.
    s = yard()
    run(s, "turn kira", "move 2 swim")
    assert s.state.get("Kira").vigor == 7
    run(s, "move 2")
    assert s.state.get("Kira").vigor == 3
    refused(s, "move 1", "costs 4", "R24")
    refused(s, "shift 1", "swimming")


def test_swimming_doubles_shake_it_off():
    # ch19 Swim / R24: Shake It Off costs 4 in the water.
    s = yard()
    run(s, "cond kira exhausted +2", "terrain kira swim", "turn kira", "shake exhausted")
    k = s.state.get("Kira")
    assert (k.vigor, k.stacks("Exhausted")) == (3, 1)


def test_terrain_command_and_refusals():
    s = yard()
    run(s, "terrain mira climb")
    assert s.state.get("Mira").terrain == "climb"
    refused(s, "terrain mira climb", "already climbing")
    run(s, "terrain mira ground")
    assert s.state.get("Mira").terrain == ""


def test_vertical_jump_is_one_plus_half_pow():
    # ch19 Vertical Jump: 1 + POW/2 squares (R4: Kira POW 3 -> 2, Mira POW 1 -> 1).
    s = yard()
    run(s, "turn kira")
    refused(s, "move 3 jump", "jump 2 square")
    run(s, "move 2 jump")
    assert jump_height(s.state.get("Mira")) == 1


def test_move_needs_a_turn_and_at_least_one_square():
    s = yard()
    refused(s, "move kira 2", "own turn")
    refused(s, "move 2", "no turn is running")
    run(s, "turn kira")
    refused(s, "move 0", "at least 1")
    refused(s, "move 2 difficult 3", "difficult")


def test_fall_mira_example():
    # ch19 Falling / R23: Mira (AGI 3) falls 5 squares -> as if 2 squares -> 4 untyped
    # damage, which skips Guard.
    s = yard()
    run(s, "guard mira 3", "fall mira 5")
    m = s.state.get("Mira")
    assert (m.vitality, m.guard) == (18 - 4, 3)
    assert "Mira falls 5 squares; AGI 3 leaves 2: 4 untyped damage" in log_text(s)


def test_short_fall_within_agi_does_no_damage():
    # R23: squares fallen minus AGI, never below 0.
    s = yard()
    run(s, "fall mira 3")
    assert s.state.get("Mira").vitality == 18


def test_fall_can_wound():
    # R23 then R10: falling damage goes through Wounds like any damage.
    s = yard()
    run(s, "set mira vitality 2")
    run(s, "fall mira 6", faces=[4])  # 6 damage; d6 4 on the Wound table = Slowed
    m = s.state.get("Mira")
    assert m.wounds == ["Slowed"] and m.vitality == 18 - 4


@pytest.mark.parametrize("line", ["move kira 2 sideways", "shift 2 swim", "move kira"])
def test_move_syntax_errors(line):
    s = yard()
    run(s, "turn kira")
    refused(s, line)


def test_enemy_second_move_counts_as_one_of_its_maneuvers():
    # R7: an enemy's turn is a Move plus N other maneuvers; a second Move may be one of them.
    s = yard()
    run(s, "turn kira", "end", "turn thug", "move 2", "move 3")  # Thug: 2 maneuvers
    t = s.state.get("Thug")
    assert (t.moves, t.maneuvers, t.vigor) == (2, 1, 0)
    run(s, "hide")
    refused(s, "move 1", "already moved", "used its 2", "R7")
    refused(s, "shift 1", "used its 2", "R7")


def test_the_log_says_an_enemy_second_move_is_one_of_its_maneuvers():
    # R7: the first Move is free; the second is paid with one of the enemy's maneuvers,
    # and the log says so instead of calling it free.
    s = yard()
    run(s, "turn kira", "end", "turn thug", "move 2", "move 3")
    text = log_text(s)
    assert "Thug: Move (free)" in text
    assert "Thug: Move (one of its maneuvers, R7)" in text


def test_enemy_second_move_after_its_maneuvers_is_refused():
    # R7: with its N maneuvers used, no second Move is left.
    s = yard()
    run(s, "turn kira", "end", "turn ogre", "hide", "move 2")  # the Move itself stays
    refused(s, "move 1", "used its 1", "R7")
    s2 = yard()
    run(s2, "turn kira", "end", "turn ogre", "move 2", "move 1")  # Ogre: 1 maneuver
    refused(s2, "hide", "used its 1", "R7")


def test_a_broken_combatant_hears_it_is_broken_before_it_is_hindered():
    # Condition table: Broken allows only the free Move; that is the first reason a Shift
    # is refused, before Hindered's own "no Shift" (ch19 Movement).
    s = yard()
    run(s, "cond kira hindered", "cond kira broken", "turn kira")
    refused(s, "shift 1", "Kira is Broken")
