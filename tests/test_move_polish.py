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
