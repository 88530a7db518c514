"""Small things of the map's movement a GM trips on (issue 13 review, F6): what the
tracker says when a named reaction never happens, who holds a square, a closed door in
the way, a reaction stated too late, a Shift at SPD 0 (R35, R4, ch19 Shift)."""

from __future__ import annotations

import tests.trigger_yard as ty
from tests.engine_helpers import log_text, refused, run


def test_a_reaction_named_at_a_later_stop_is_noted_when_the_mover_is_defeated_first():
    """R35: Wren's Forestall Defeats Nix as it starts; Kira's Intercept further on is
    not made, and the log says so (as for a reaction named at the same stop)."""
    s = ty.yard(kira="F3", wren="D1", nix="B2", gorm="G4")
    run(s, "turn kira", "end", "turn nix",
        "move nix to g2 forestall wren roll 2s intercept kira roll 0s")
    assert s.state.get("Nix").out
    assert "Note: Kira's Intercept is not made: Nix is already Defeated" in log_text(s)


def test_an_occupied_square_says_by_whom():
    """R32: a square another creature holds is not ended in; the refusal names it."""
    s = ty.yard(kira="A1", wren="G1", gorm="B1", nix="G4")
    run(s, "turn kira")
    assert refused(s, "move kira to b1").endswith("B1 is occupied by Gorm")


def test_a_way_shut_only_by_a_closed_door_names_the_door_and_the_line_that_opens_it():
    """R32 (a closed door is solid): with the door open there would be a way, so the
    refusal says which door and how to open it; with no way even then, the usual
    reason."""
    rows = "    ...#...\n    ...+...\n    ...#...\n    ...#..."
    s = ty.yard(rows, kira="A2", wren="G1", gorm="G4", nix="F4")
    run(s, "turn kira")
    assert refused(s, "move kira to e2").endswith(
        "the door at D2 is closed: open it with 'door D2 open'")
    assert "no way to G3 within" in refused(s, "move kira to g3")


def test_a_reaction_stated_by_hand_after_the_movers_turn_has_ended_is_refused():
    """R35 ("a movement belongs to the turn it happened in"): Gorm walks into Kira's
    reach and ends his turn; an Intercept stated then is refused, state unchanged. In
    the turn it is still taken."""
    s = ty.yard(kira="F3", wren="A4", gorm="B2", nix="G4")
    run(s, "turn kira", "end", "turn gorm", "move gorm to e2", "end")
    assert "the turn Gorm moved in has ended" in refused(s, "intercept kira gorm roll 0s")
    run(s, "undo", "intercept kira gorm roll 0s")
    assert s.state.get("Kira").vigor == 5


def test_a_shift_at_spd_0_goes_0_squares_like_the_move():
    """ch19 Shift (half SPD) and R4 (rounded down, at least 1): ours, the minimum 1 is
    for a positive SPD only; SPD 0 moves 0 squares, Shift or Move."""
    from momenta_cli.engine.movement.distances import shift_speed
    from tests.engine_helpers import session_from

    s = session_from("""
name: Rooted
combatants:
  - {name: Stump, side: allies, attributes: {SPD: 0}, max_vitality: 10}
  - {name: Bo, side: adversaries, attributes: {SPD: 5}, max_vitality: 10}
""")
    assert shift_speed(s.state.get("Stump")) == 0
    assert shift_speed(s.state.get("Bo")) == 2
    run(s, "turn stump")
    assert "can Shift 0 squares" in refused(s, "shift 1")
