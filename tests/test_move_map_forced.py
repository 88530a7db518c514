"""Forced movement on the map (issue 13 item 3): a Shove pushes its target straight away
from the shover, stopped by walls and creatures, and a pit on the way is a fall (ch19
Shove, Falling; R23, R36); a bigger grabber drags the smaller one along (ch19 Grab,
R31). Positions change only through the movement events, which carry the path."""

from __future__ import annotations

from momenta_cli.engine.core.session import replay
from tests.engine_helpers import log_text, refused, run
from tests.test_move_map import on_map, where


def shoved(s):
    return [e for e in s.entries[-1].events if e.kind == "shoved"][-1]


def test_a_shove_into_a_pit_falls_with_miras_numbers():
    """ch19 Falling: Mira falls 5 squares with AGI 3, counts 2, takes 4 untyped damage
    (R23: untyped skips Guard); ch19 Shove: N = net successes (max 3), forced movement;
    R36: a creature forced into a pit falls."""
    s = on_map("""
        ......
        ...5..
        ......
    """, gorm="B2", mira="C2")
    run(s, "turn mira", "end", "turn gorm", "shove gorm mira roll 3s")
    e = shoved(s)
    assert (e.squares, e.path, e.stopped) == (3, ("D2",), "the pit at D2")
    assert where(s, "Mira") == "D2"
    m = s.state.get("Mira")
    assert m.vitality == 18 - 4
    assert "Mira falls 5 squares; AGI 3 leaves 2: 4 untyped damage" in log_text(s)
    assert ("Mira is shoved 1 of 3 squares away by Gorm: C2 -> D2, into the pit at D2 "
            "(forced movement)") in log_text(s)


def test_a_shove_goes_straight_away_and_stops_at_a_wall():
    """ch19 Shove: pushed N squares away from the shover; a wall stops it."""
    s = on_map("""
        .....#
        ......
    """, gorm="A1", kira="B1")
    run(s, "turn kira", "end", "turn gorm", "shove gorm kira roll 3s")
    e = shoved(s)
    assert (e.path, e.stopped) == (("C1", "D1", "E1"), "")
    assert where(s, "Kira") == "E1"
    run(s, "end", "turn kira", "end", "turn gorm", "move to d1", "shove kira roll 2s")
    e = shoved(s)
    assert (e.path, e.stopped, where(s, "Kira")) == ((), "a wall at F1", "E1")
    assert log_text(s)[-1].startswith("Kira is shoved 0 of 2 squares away by Gorm: "
                                      "nowhere, stopped by a wall at F1")


def test_a_shove_stops_before_another_creature_and_goes_diagonally():
    """ch19 Shove on a square grid: straight away, the diagonal too; a creature in the
    way stops it (R32: no two creatures in one square)."""
    s = on_map("""
        .....
        .....
        .....
        .....
    """, gorm="A1", kira="B2", mira="D4")
    run(s, "turn kira", "end", "turn gorm", "shove gorm kira roll 3s")
    e = shoved(s)
    assert (e.path, e.stopped) == (("C3",), "a creature at D4")


def test_a_shove_without_a_map_moves_no_token():
    from tests.engine_helpers import session_from

    s = session_from("""
        name: Plain
        combatants:
          - {name: Kira, side: allies}
          - {name: Gorm, side: adversaries, threat: Regular, attributes: {POW: 3}}
        """)
    run(s, "turn kira", "end", "turn gorm", "shove gorm kira roll 2s")
    assert log_text(s)[-1] == "Kira is shoved 2 squares away by Gorm (forced movement)"


def test_the_bigger_grabber_drags_the_smaller_along():
    """ch19 Grab: the bigger creature (R31: SIZE 2 over 1M) moves freely and the smaller
    is dragged along to stay in the same place beside it (forced movement)."""
    s = on_map("""
        ........
        ........
        ........
    """, ogre="A1", kira="C1")
    run(s, "turn kira", "end", "turn ogre", "grab ogre kira roll 1s")
    assert s.state.get("Kira").has("Grabbed")
    run(s, "move ogre to d2")  # the Ogre walks through where Kira stood: she moves too
    assert (where(s, "Ogre"), where(s, "Kira")) == ("D2", "F2")
    dragged = [e for e in s.entries[-1].events if e.kind == "dragged"][-1]
    assert dragged.path[-1] == "F2" and dragged.by == "Ogre"
    assert s.state.get("Kira").moved == "forced"
    assert "Kira is dragged 3 squares to F2 by Ogre (forced movement)" in log_text(s)


def test_the_smaller_side_of_a_grab_may_not_walk_away():
    """ch19 Grab: neither may move unless bigger."""
    s = on_map("""
        ........
        ........
    """, ogre="A1", kira="C1")
    run(s, "cond kira grabbed +1 from Ogre", "turn kira")
    refused(s, "move kira to e1", "Kira is Grabbed by Ogre: Ogre is bigger")


def test_a_drag_into_a_wall_is_refused_with_what_is_in_the_way():
    """ch19 Grab: edge cases are the GM's; the tracker refuses a drag through a wall and
    says where, so the GM may go round or release."""
    s = on_map("""
        .......
        .......
        ...#...
    """, ogre="A1", kira="C2")
    run(s, "cond kira grabbed +1 from Ogre", "turn kira", "end", "turn ogre")
    refused(s, "move ogre to b2",
            "Ogre cannot drag Kira that way: Kira would meet a wall at D3")


def test_undo_of_a_shove_into_a_pit_restores_position_and_vitality():
    s = on_map("""
        ..5.
    """, gorm="A1", mira="B1")
    run(s, "turn mira", "end", "turn gorm")
    before = s.state.clone()
    run(s, "shove gorm mira roll 1s")
    assert (where(s, "Mira"), s.state.get("Mira").vitality) == ("C1", 14)
    run(s, "undo")
    assert s.state == before and where(s, "Mira") == "B1"


def test_a_walk_and_a_shove_replay_equal_live():
    s = on_map("""
        ........
        ....5...
        ........
    """, gorm="H3", kira="A1", mira="B3")
    # a Shove is an Unarmed Attack (Melee 1, ch19 Shove): Gorm steps next to Kira
    run(s, "turn kira", "move to c2", "end", "turn gorm", "move to d3",
        "shove gorm kira roll 2s")
    assert where(s, "Gorm") == "D3" and shoved(s).path
    assert s.state == replay(s.initial, s.entries)


def test_the_sample_script_walks_and_shoves_mira_into_the_sluice():
    """The sample encounter's script (encounters/yard-with-a-map.script): moves on the
    map square by square, then Gorm shoves Mira into the 5-deep drop: AGI 3, 4 damage
    (ch19 Falling, R23, R36), replayed with ``--json`` positions."""
    import json
    from pathlib import Path

    from tests.conftest import invoke

    root = Path(__file__).resolve().parent.parent / "encounters"
    r = invoke("replay", root / "yard-with-a-map.yaml", root / "yard-with-a-map.script",
               "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    mira = next(c for c in doc["combatants"] if c["name"] == "Mira")
    assert mira["position"] == "V7"
    events = [e for entry in doc["log"] for e in entry["events"]]
    walks = [e for e in events if e["kind"] == "moved" and e["path"] and e["name"] == "Mira"]
    assert walks[0]["start"] == "D8" and walks[0]["path"][-1] == "H11"
    shove = next(e for e in events if e["kind"] == "shoved")
    assert (shove["start"], shove["path"], shove["stopped"]) == ("U8", ["V7"],
                                                                 "the pit at V7")
    fell = next(e for e in events if e["kind"] == "fell" and e["name"] == "Mira")
    assert (fell["squares"], fell["agi"], fell["damage"]) == (5, 3, 4)


def test_a_creature_shoved_into_the_water_swims():
    """R36: water means swimming, whoever put the creature there (ch19 Swim: then every
    Vigor cost doubles)."""
    s = on_map("""
        ..~~
    """, gorm="A1", kira="B1")
    run(s, "turn kira", "end", "turn gorm", "shove gorm kira roll 1s")
    assert (where(s, "Kira"), s.state.get("Kira").terrain) == ("C1", "swim")
    assert log_text(s)[-1] == "Kira is swimming: every Vigor cost doubles"


TALL = """
    ......
    ......
    ......
    ......
    ......
"""


def test_a_shove_that_leaves_the_grab_partners_side_by_side_keeps_the_grab():
    """ch19 Grab: the grab ends when the two are moved so that the distance between them
    increases; on a map the tracker measures it (R28, R32). Gorm at B3 holds Kira; Mira
    shoves Kira from C3 to C2, still 1 square from Gorm: the grab holds."""
    s = on_map(TALL, gorm="B3", kira="C3", mira="C4")
    run(s, "turn kira", "end", "turn gorm", "grab gorm kira roll 2s", "end",
        "turn mira", "shove mira kira roll 1s")
    assert where(s, "Kira") == "C2"
    assert s.state.get("Kira").stacks("Grabbed") == 2
    assert s.state.get("Gorm").grabbing == ["Kira"]
    assert not any("grab on Kira ends" in t for t in log_text(s))


def test_a_shove_that_takes_the_grab_partners_further_apart_ends_the_grab():
    """ch19 Grab: moved so the distance grows (1 -> 2 squares on the map, R32), the grab
    ends at once and the Grabbed stacks go."""
    s = on_map(TALL, gorm="B3", kira="C3", mira="C4")
    run(s, "turn kira", "end", "turn gorm", "grab gorm kira roll 2s", "end",
        "turn mira", "shove mira kira roll 2s")
    assert where(s, "Kira") == "C1"
    assert not s.state.get("Kira").has("Grabbed") and s.state.get("Gorm").grabbing == []
    assert "Gorm's grab on Kira ends (shoved apart, Grabbed 2 removed)" in log_text(s)


def test_shoving_the_one_you_hold_away_ends_your_own_grab_on_the_map():
    """ch19 Grab: the grabber's own Shove takes the target away from it: the distance
    between the two grows, so the grab ends (R32 distances)."""
    s = on_map(TALL, gorm="B3", kira="C3")
    run(s, "cond kira grabbed +2 from Gorm", "turn kira", "end", "turn gorm",
        "shove gorm kira roll 1s")
    assert where(s, "Kira") == "D3"
    assert "Gorm's grab on Kira ends (shoved apart, Grabbed 2 removed)" in log_text(s)
