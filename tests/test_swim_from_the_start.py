"""A creature that starts in the water, or is put there, swims from the start (issue 13
item 7; R36: water squares mean swimming; ch19 Swim: every Vigor cost doubles while
swimming): its first Move already pays double, as one that walked in would."""

from __future__ import annotations

from momenta_cli.engine.core.session import replay
from tests.engine_helpers import run
from tests.test_move_map import on_map

POND = """
    ~~..
    ~~..
"""


def test_a_creature_placed_in_the_encounter_on_water_swims_from_the_start():
    """R36, ch19 Swim: Kira's encounter square A1 is water: she is swimming before she
    moves, so her first Move (free) and her second (2 x 2 Vigor) are a swimmer's."""
    s = on_map(POND, kira="A1", gorm="D2")
    assert s.state.get("Kira").terrain == "swim"
    assert s.state.get("Gorm").terrain == ""
    run(s, "turn kira", "move to b2", "move to b1")
    assert s.state.get("Kira").vigor == 8 - 4  # the second Move, doubled (ch19 Swim)


def test_place_revive_at_and_add_at_put_a_creature_in_the_water_swimming():
    """R36, ch19 Swim: ``place`` (the GM's fix), ``revive ... at`` and ``add ... at``
    set the medium from the square they put the creature on, and take it away again
    on dry ground."""
    s = on_map(POND, kira="C1", gorm="D2")
    run(s, "place kira a2")
    assert s.state.get("Kira").terrain == "swim"
    run(s, "place kira c2")
    assert s.state.get("Kira").terrain == ""
    run(s, "defeat gorm", "revive gorm at b1")
    assert s.state.get("Gorm").terrain == "swim"
    run(s, "add frog at a1")
    assert s.state.get("Frog").terrain == "swim"
    assert s.state == replay(s.initial, s.entries)


def test_a_swimmer_placed_in_the_water_pays_double_for_its_first_maneuver():
    """ch19 Swim / R24: the doubling applies to the first maneuver after ``place``:
    Kira, put in the water, pays 2 x 2 Vigor for her second Move of the turn."""
    s = on_map(POND, kira="C1", gorm="D2")
    run(s, "place kira b1", "turn kira", "move to a1", "move to a2")
    assert s.state.get("Kira").vigor == 8 - 4
