"""Where a group of reinforcements comes in on a map (R17, R32): the first at the square
the GM gives, the others spread from it over squares a creature could walk to (never
through a wall into the next room, nor through an enemy), nearest first; a room that is
full is refused clearly, and the search never looks beyond the room."""

from __future__ import annotations

from momenta_cli.engine.battlefield import positions
from tests.engine_helpers import refused, run, session_from
from tests.test_map_positions import positions as where

TWO_ROOMS = """
    name: Two rooms
    map: {rows: ["######", "#..#.#", "######"]}
    stat_blocks:
      - {name: Footpad, side: adversaries, threat: Grunt}
    combatants:
      - {name: Kira, side: allies, at: E2}
"""


def test_a_group_does_not_spill_through_a_wall_into_the_next_room():
    s = session_from(TWO_ROOMS.replace("at: E2", "at: B2").replace('"#..#.#"',
                                                                   '"#..#..#"')
                     .replace('"######"', '"#######"'))
    # room B2-C2 has one square left once the first stands at C2; E2 is across the wall
    assert refused(s, "add footpad x3 at c2") == (
        "there is no room for Footpad-2 around C2: every square a creature can walk to "
        "from there is taken (give another square: add ... at C5)")


def test_a_group_fills_its_room_and_stops_at_the_wall():
    s = session_from(TWO_ROOMS.replace('"#..#.#"', '"#...#.#"').replace('"######"',
                                                                         '"#######"')
                     .replace("at: E2", "at: F2"))
    run(s, "add footpad x3 at c2")
    got = where(s)
    assert {got["Footpad-1"], got["Footpad-2"], got["Footpad-3"]} == {"B2", "C2", "D2"}


def test_a_group_spreads_past_an_ally_but_not_past_an_enemy():
    corridor = """
        name: Corridor
        map: {rows: ["#######"]}
        stat_blocks:
          - {name: Footpad, side: adversaries, threat: Grunt}
        combatants:
          - {name: Gorm, side: adversaries, at: C1}
          - {name: Kira, side: allies, at: E1}
        """.replace('"#######"', '"#.....#"')
    s = session_from(corridor)
    run(s, "add footpad x2 at b1")  # through Gorm (an ally of theirs) to D1
    assert where(s)["Footpad-2"] == "D1"
    s = session_from(corridor)
    # from F1 the only way on is through Kira, an enemy of theirs (R32)
    assert refused(s, "add footpad x2 at f1").startswith(
        "there is no room for Footpad-2 around F1")


def test_the_search_for_room_looks_only_at_the_room(monkeypatch):
    # a large board, all wall but three squares: the old search went ring by ring over
    # the whole board (minutes on 702x999) before saying there was no room
    rows = ["#" * 120 for _ in range(120)]
    rows[1] = "#...#" + "." * 115
    s = session_from(f"""
        name: Walls
        map: {{rows: {rows!r}}}
        stat_blocks:
          - {{name: Footpad, side: adversaries, threat: Grunt}}
        combatants:
          - {{name: Kira, side: allies, at: H2}}
        """)
    calls = []
    real = positions.fit_problem
    monkeypatch.setattr(positions, "fit_problem",
                        lambda *a, **k: calls.append(a[1]) or real(*a, **k))
    assert refused(s, "add footpad x4 at c2").startswith(
        "there is no room for Footpad-4 around C2")
    assert len(calls) < 30, len(calls)
