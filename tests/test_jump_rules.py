"""Jumps on the map (issue 26 items 2, 5 and 10): R36, a Move that jumps a gap lands on
and finishes on a flat and stable surface (ch19 Horizontal Jump); R35, a jump is one
step from take-off to landing, so reach is checked at the landing square, never in the
air; and a 2x2 creature that no way fits through is told so, not that its SPD is short.

The trigger yard (tests/trigger_yard.py): Wren holds a Spear (Melee 2, Reflexive) and a
Rapier; Kira a Longsword (Melee 1); Gorm (SPD 6) and Nix are the adversaries."""

from __future__ import annotations

from momenta_cli.engine.core import Ask, Done, step
from momenta_cli.engine.core.session import replay
from momenta_cli.engine.geometry import parse_square
from momenta_cli.engine.movement import plan_walk, reachable_squares, triggers
from momenta_cli.language import parse_line
from tests.engine_helpers import log_text, refused, run
from tests.test_move_map import moved, on_map, where
from tests.trigger_yard import yard

GORMS_TURN = ("turn kira", "end", "turn gorm")

# --- R36: a Move that jumps finishes on flat and stable ground -----------------------

WATER = """
    .3.~~.
    ######
    ......
"""


def test_a_move_that_jumps_a_pit_may_not_end_in_the_water():
    """R36, ch19 Horizontal Jump ("as long as they finish their Move on a flat and
    stable surface"): Kira at A1 jumps the pit at B1 only on a Move that ends on floor
    or in a doorway. Ending in the water at D1 is refused with the reason (before, the
    jump landed on C1 and the Move swam on to D1); so is E1, and the map's reach of the
    Move leaves both out; ending on the floor at C1 jumps."""
    s = on_map(WATER, kira="A1", gorm="A3")
    run(s, "turn kira")
    refused(s, "move kira to d1",
            "Kira cannot Move to D1: the only way to D1 within 5 squares jumps the pit at "
            "B1, and a Move that jumps a gap must finish on a flat and stable surface: D1 "
            "is water (ch19 Horizontal Jump, R36)")
    refused(s, "move kira to e1", "E1 is water (ch19 Horizontal Jump, R36)")
    assert parse_square("D1") not in reachable_squares(s.state, s.state.get("Kira"))
    run(s, "move kira to c1")
    assert moved(s).jumped == ("B1",) and where(s, "Kira") == "C1"
    assert s.state == replay(s.initial, s.entries)


def test_a_jump_lands_on_floor_not_on_difficult_ground():
    """R36: the landing square is floor or an open doorway: rubble beyond the pit is no
    landing, even for a Move going on to the floor beyond it; a doorway is."""
    s = on_map("""
        .3:.
        ####
        .3/.
        ....
    """, kira="A1", mira="A3", gorm="A4")
    run(s, "turn kira")
    refused(s, "move kira to d1", "no way to D1")
    run(s, "end", "turn gorm", "end", "turn mira", "move mira to d3")
    assert moved(s).jumped == ("B3",) and moved(s).path == ("B3", "C3", "D3")


def test_a_steered_move_that_jumps_and_ends_in_the_water_is_refused_with_the_reason():
    """R36: ``via`` cannot make a jump legal: the waypoint C1 lies beyond the pit, and
    the Move ends in the water at D1, so its jump is refused, the reason naming the
    pit and where the Move ends. The same waypoint on a Move ending on the floor is
    taken, and a Move that can go round the pit does."""
    s = on_map(WATER, kira="A1", gorm="A3")
    run(s, "turn kira")
    refused(s, "move kira to d1 via c1",
            "Kira cannot Move to D1 via C1: the only way to C1 within 5 squares jumps the "
            "pit at B1, and a Move that jumps a gap must finish on a flat and stable "
            "surface: D1 is water (ch19 Horizontal Jump, R36)")
    run(s, "move kira to f1 via c1")
    assert moved(s).jumped == ("B1",) and where(s, "Kira") == "F1"
    round_the_pit = on_map("""
        .3.~
        ....
    """, kira="A1", gorm="D2")
    run(round_the_pit, "turn kira", "move kira to d1")
    assert moved(round_the_pit).jumped == () and where(round_the_pit, "Kira") == "D1"
    assert moved(round_the_pit).path == ("B2", "C2", "D1")


# --- R35: reach is checked at the landing square, never in the air ---------------------


def _gorm_jumps_past_kira():
    """Gorm at B1 jumps the pit at C2 diagonally onto D3; Kira at D1 (a Longsword,
    Melee 1) reaches C2, the square in the air, and neither B1 nor D3."""
    rows = "    .......\n    ..3....\n    .......\n    ......."
    s = yard(rows, gorm="B1", kira="D1", wren="G4", nix="A4")
    run(s, *GORMS_TURN)
    return s


def test_a_reach_met_only_over_the_gap_triggers_no_intercept():
    """R35 (ours, with ch19 Horizontal Jump): a jump is one step from take-off to
    landing; Gorm is in Kira's reach only in the air over C2, so nothing triggers: the
    path lists no Intercept, the move line naming one is refused, and Gorm lands on D3
    unstruck. (Before, the Intercept was placed on D3 but measured from C2.)"""
    s = _gorm_jumps_past_kira()
    gorm = s.state.get("Gorm")
    route = plan_walk(s.state, gorm, "d3")
    assert route.path.names() == ["C2", "D3"] and route.path.jumped == {parse_square("C2")}
    assert triggers.route_triggers(s.state, gorm, route) == []
    refused(s, "move gorm to d3 intercept kira", "never brings Gorm into the reach",
            "R35")
    run(s, "move gorm to d3")
    assert where(s, "Gorm") == "D3" and "halted" not in [
        e.kind for e in s.entries[-1].events]


def test_a_reach_met_only_over_the_gap_is_not_asked_nor_stated_after():
    """R35: nothing is asked at the gap (the trigger decision points,
    engine/movement/trigger_points.py): the Move is decided with no question; and an
    Intercept stated by hand after it is refused with the move line's words."""
    s = _gorm_jumps_past_kira()
    got = step(s.state, parse_line("move gorm to d3"))
    assert isinstance(got, Done) and not isinstance(got, Ask)
    assert "halted" not in [e.kind for e in got.events]
    run(s, "move gorm to d3")
    refused(s, "intercept kira gorm", "never brings Gorm into the reach", "R35")


def test_a_reach_entered_at_the_landing_is_measured_from_the_landing_square():
    """R35: Gorm jumps the pit at D3 from C3 (out of Kira's reach, she stands at E4)
    onto E3 (in it): the Intercept triggers at E3, asked there, and stated by hand
    after the Move it is measured from E3, not from D3 in the air."""
    rows = "    .......\n    .......\n    ...3...\n    ......."
    s = yard(rows, gorm="B3", wren="G1", kira="E4", nix="A1")
    run(s, *GORMS_TURN)
    got = step(s.state, parse_line("move gorm to f3"))
    assert isinstance(got, Ask) and (got.who, got.square) == ("Kira", "E3")
    run(s, "move gorm to f3", "intercept kira gorm roll 1s")
    assert "Kira to Gorm: distance 1 (map, Gorm at E3)" in log_text(s)
    assert s.state == replay(s.initial, s.entries)


# --- issue 26 item 10: a 2x2 creature that does not fit ---------------------------------


def test_a_2x2_creature_is_told_it_does_not_fit_through_a_one_square_doorway():
    """R31, R32: the Ogre (SIZE 2) has no way through the doorway one square wide at D3
    at any SPD: the refusal says it does not fit there, not that its SPD is short. With
    the door closed it says the same (opening it would not help); a way it fits through
    but cannot reach within SPD still names the SPD."""
    doorway = """
        ......
        ......
        ###/##
        ......
        ......
    """
    s = on_map(doorway, ogre="A1", kira="F5")
    run(s, "turn kira", "end", "turn ogre")
    refused(s, "move ogre to c4", "Ogre cannot Move to C4: a 2x2 creature does not fit "
            "through the doorway at D3, nor by any other way there")
    closed = on_map(doorway.replace("/", "+"), ogre="A1", kira="F5")
    run(closed, "turn kira", "end", "turn ogre")
    refused(closed, "move ogre to c4", "does not fit through the doorway at D3")
    gap = on_map(doorway.replace("/", "."), ogre="A1", kira="F5")
    run(gap, "turn kira", "end", "turn ogre")
    refused(gap, "move ogre to c4", "does not fit through the gap at D3")
    wide = on_map("""
        ........
        ........
        ##..####
        ........
        ........
        ........
    """, ogre="A1", kira="H6")
    run(wide, "turn kira", "end", "turn ogre")
    refused(wide, "move ogre to a5", "no way to A5 within 4 squares (SPD)")
    run(wide, "move ogre to c4")
    assert where(wide, "Ogre") == "C4"
