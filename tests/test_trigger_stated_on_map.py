"""Movement reactions on a map checked against the movement the map saw (issue 13 items
2 and 5; R35, R28, R33; ch19 Reactions: Intercept, Forestall; ch20 Line of Sight): a
reaction stated by hand after the movement (``intercept wren gorm``) is refused when
the movement did not trigger it, with the move line's reasons, and measured where it
triggered; a wall between reactor and mover leaves the trigger standing with the
attack code's "no line of sight" note (melee reach through it is the GM's call, ch20).

The yard (tests/trigger_yard.py): Wren holds a Spear (Melee 2, Reflexive) and a Rapier
(Melee 1); Kira a Longsword; Gorm and Nix are the adversaries."""

from __future__ import annotations

from momenta_cli.engine.core.session import replay
from tests.engine_helpers import log_text, refused, run
from tests.trigger_yard import yard

OPEN = ("turn kira", "end", "turn gorm")


def test_a_stated_intercept_is_measured_where_the_shove_brought_the_mover_into_reach():
    """R35: forced movement triggers Intercept; stated after a shove that ended at E3,
    where Gorm came into the Spear's reach, it is measured from there. (A push that went
    on past E3 refuses the by-hand form: tests/test_forced_reaction_order.py.)"""
    s = yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s, "turn kira", "shove gorm roll 1s", "intercept wren gorm roll 1s")
    assert "Wren to Gorm: distance 2 (map, Gorm at E3)" in log_text(s)
    assert s.state == replay(s.initial, s.entries)


def test_a_stated_intercept_the_movement_did_not_trigger_is_refused():
    """R35: Intercept answers coming into reach from outside it. Gorm walks away from
    Wren: refused with the move line's words (engine/movement/triggers.py ``not_triggered``)."""
    s = yard(gorm="C2", wren="D1")
    run(s, *OPEN, "move gorm to c4")
    refused(s, "intercept wren gorm", "never brings Gorm into the reach", "R35")
    refused(s, "intercept kira gorm", "never brings")  # Kira at A4 is far off


def test_a_stated_intercept_with_a_weapon_entered_later_or_never():
    """ch19 Intercept: made with the weapon whose reach was entered; the Rapier's reach
    is entered at C2 (a step after the Spear's, B2), the one the log measures from."""
    s = yard()
    run(s, *OPEN, "move gorm to g2")
    run(s, "intercept wren gorm with rapier roll 1s")
    assert "Wren to Gorm: distance 1 (map, Gorm at C2)" in log_text(s)
    s2 = yard(gorm="A3", wren="G1")  # row 3 to B3: into no reach of Wren's at all
    run(s2, *OPEN, "move gorm to b3")
    refused(s2, "intercept wren gorm with rapier", "nothing triggers Intercept")


def test_a_stated_forestall_needs_a_start_within_a_reflexive_reach():
    """ch19 Forestall / R35: a Move that starts within reach of a Reflexive weapon; one
    that starts outside it is refused, one that starts within it is measured there."""
    s = yard()  # Gorm at A2, 3 from Wren at D1
    run(s, *OPEN, "move gorm to a3")
    refused(s, "forestall wren gorm", "does not start", "Reflexive", "R35")
    s2 = yard(gorm="C2")
    run(s2, *OPEN, "move gorm to g3")
    run(s2, "forestall wren gorm roll 1s")
    assert "Wren to Gorm: distance 1 (map, Gorm at C2)" in \
        log_text(s2)


def test_without_a_map_the_stated_reaction_is_the_gms_word():
    """R28, R35 last sentence: with no map the GM states the trigger; only what cannot
    have triggered (no movement, a Shift, forced Forestall) is refused."""
    from tests.engine_helpers import session_from
    from tests.trigger_yard import YARD

    text = YARD.replace("map:\n  rows: |\n@rows\n", "")
    for key in ("kira", "wren", "gorm", "nix"):
        text = text.replace(f"    at: @{key}\n", "")
    s = session_from(text)
    run(s, *OPEN, "move gorm 3", "intercept wren gorm roll 1s")
    assert s.state.get("Gorm").vitality == 22 - 6


WALLED = """\
    .#.....
    .#.....
    .......
    ......."""


def test_a_reach_through_a_wall_corner_still_triggers_with_a_no_sight_note():
    """R33 / ch20 Line of Sight: melee reach on a map through a wall is the GM's call
    (docs/rulings.md, On a map): the Intercept still triggers (R35), and its log says
    there is no line of sight, with the distance where it triggered. Wren at A1 with a
    Spear (Melee 2); the wall at B1-B2 stands between her and C2, where Gorm enters."""
    s = yard(WALLED, wren="A1", gorm="E2", kira="G1", nix="G4")
    run(s, *OPEN, "move gorm to c2 intercept wren roll 1s")
    text = log_text(s)
    assert "Gorm stops at C2 for Wren's Intercept (R35)" in text
    assert any("no line of sight (map; melee reach is the GM's call, ch20)" in t
               for t in text), text
    assert any("distance 2 (map, Gorm at C2)" in t for t in text)
