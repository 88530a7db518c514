"""Attacks on a map (issue 13 item 5): distance, reach and range measured from the
positions (R32, R18), line of sight traced exactly and required for ranged attacks and
spells beyond Touch (ch20 Line of Sight, R33), cover worked out for ranged attacks that
are not Seeking (ch20 Cover, R34), each in the attack's log, and the GM's overrides
(R28). Area attacks aimed at the map are in test_attack_map_area.py."""

from __future__ import annotations

import pytest

from momenta_cli.engine.core.session import replay
from tests.engine_helpers import log_text, refused, run, session_from
from tests.map_yard import on_map, pool, rolled, yaml_on

pytestmark = pytest.mark.usefixtures("home")

# a low wall at C2, straight between A2 and E2 in the same row
IN_LINE = """
    .....
    ..=..
    .....
"""

# the low wall at C1, off to the side of the row-2 line
OFF_SIDE = """
    ..=..
    .....
    .....
"""


# --- cover (ch20 Cover, R34) --------------------------------------------------------


def test_a_low_wall_straight_between_gives_cover():
    """R34 (least cover): every clear line from A2 to E2 crosses the low wall at C2, so
    a ranged attack may not aim at Mass (R20); the refusal says where the cover is."""
    s = on_map(IN_LINE, tamsin="A2", gorm="E2")
    run(s, "turn tamsin")
    refused(s, "attack gorm with shortbow", "in cover", "low wall at C2", "Edge or Mark")
    run(s, "attack gorm with shortbow at edge", faces=[5, 6])
    assert "cover (map: low wall at C2)" in rolled(s).situation
    assert pool(s) == {"AGI": 3, "Edge": -2, "beyond SEN": -1}


def test_a_low_wall_off_to_the_side_gives_no_cover():
    """R34: the straight line along row 2 misses the low wall at C1: no cover."""
    s = on_map(OFF_SIDE, tamsin="A2", gorm="E2")
    run(s, "turn tamsin", "attack gorm with shortbow", faces=[5, 6])
    assert rolled(s).location == "Mass"
    assert rolled(s).situation == ("distance 4 (map)", "line of sight (map)",
                                   "no cover (map)")
    assert "Tamsin to Gorm: distance 4 (map), line of sight (map), no cover (map)" \
        in log_text(s)


def test_another_creature_in_the_way_gives_cover():
    """ch20 Line of Sight: other creatures are partial obstructions; R34 counts their
    squares as cover, and the log names the creature."""
    s = on_map("""
        .....
        .....
        .....
    """, tamsin="A2", knife="C2", gorm="E2")
    run(s, "turn tamsin")
    refused(s, "attack gorm with shortbow", "in cover", "Knife")
    run(s, "attack gorm with shortbow at mark", faces=[5, 6])  # 3 -3 -1: 2d6 low
    assert "cover (map: Knife)" in rolled(s).situation


def test_melee_ignores_cover():
    """ch20 Melee vs. Ranged Attacks: melee attacks are not affected by cover; a spear
    over a low wall aims at Mass."""
    s = on_map("""
        ...
        .=.
        ...
    """, brannoc="A2", gorm="C2")
    run(s, "turn brannoc", "attack gorm with spear", faces=[5, 1, 1])
    assert rolled(s).location == "Mass" and rolled(s).mode == "melee"
    assert rolled(s).situation == ("distance 2 (map)",)


def test_seeking_ignores_cover_but_not_walls():
    """ch20 Line of Sight: "The Seeking tag ignores Cover, not line of sight"."""
    s = on_map(IN_LINE, tamsin="A2", gorm="E2")
    run(s, "turn tamsin", "attack gorm with homing dart", faces=[5, 6])
    assert rolled(s).location == "Mass"
    sight = on_map("""
        ..#..
        ..#..
        ..#..
    """, tamsin="A2", gorm="E2")
    run(sight, "turn tamsin")
    refused(sight, "attack gorm with homing dart", "no line of sight", "ch20 Line of Sight")


def test_an_all_mass_target_in_cover_cannot_be_hit_by_a_ranged_attack():
    """ch20 Cover: a target in cover that offers no Edge or Mark cannot be hit by a
    ranged attack from that angle; a melee attack still can."""
    s = on_map("""
        .....
        ..=..
        .....
    """, tamsin="A2", jelly="E2", brannoc="D1")
    run(s, "turn tamsin")
    refused(s, "attack jelly with shortbow", "all Mass", "ch20 Cover", "low wall at C2")
    run(s, "end", "turn jelly", "end", "turn brannoc", "move brannoc to d2",
        "attack jelly with longsword", faces=[1, 1, 1])
    assert rolled(s).mode == "melee"


# --- line of sight (ch20 Line of Sight, R33) ---------------------------------------


WALL = """
    ..#..
    ..#..
    ..#..
"""


def test_a_ranged_attack_without_line_of_sight_is_refused():
    """ch20 Line of Sight: a target you cannot trace a clear line to cannot be targeted
    by a ranged attack."""
    s = on_map(WALL, tamsin="A2", gorm="E2")
    run(s, "turn tamsin")
    refused(s, "attack gorm with shortbow", "no line of sight", "Tamsin", "Gorm")


def test_a_spell_beyond_touch_needs_line_of_sight_and_a_touch_spell_does_not():
    """ch20 Line of Sight: every spell delivered beyond Touch needs it, even one made in
    melee reach (Sear, Melee 2); a Touch spell does not."""
    s = on_map("""
        ...
        ###
        ...
    """, tamsin="B1", gorm="B3")
    run(s, "turn tamsin")
    refused(s, "attack gorm with sear", "no line of sight", "a spell beyond Touch")
    s2 = on_map("""
        #.
        .#
    """, tamsin="A2", gorm="B1")
    run(s2, "turn tamsin", "attack gorm with shock touch", faces=[5, 5, 1])
    assert rolled(s2).weapon == "Shock Touch"
    assert "no line of sight (map; melee reach is the GM's call, ch20)" in \
        rolled(s2).situation


def test_a_line_past_a_pillar_corner_is_line_of_sight_and_grazing_it_is_cover():
    """R33: a line that only touches the corner of a solid square is not blocked, so
    A1 sees C3 past the pillar at B2; R34: but no line from inside A1 to inside C3
    misses the pillar, so C3 is in cover (the Seeking dart ignores that)."""
    s = on_map("""
        ...
        .#.
        ...
    """, tamsin="A1", gorm="C3")
    run(s, "turn tamsin")
    refused(s, "attack gorm with shortbow", "in cover", "grazing")
    run(s, "attack gorm with homing dart", faces=[5, 1, 1])
    assert "line of sight (map)" in rolled(s).situation


# --- distance, reach and range (R32, R18) --------------------------------------------

ROW = """
    ..............................
"""


@pytest.mark.parametrize(("square", "distance", "penalty"), [
    ("B1", 1, {"adjacent": -1}),  # R18: adjacent -1d
    ("D1", 3, {}),  # within SEN 3: none
    ("E1", 4, {"beyond SEN": -1}),  # beyond SEN up to the maximum: -1d
])
def test_the_ranged_penalty_follows_the_distance_on_the_map(square, distance, penalty):
    """R18, as attack/pools.py applies it, with the distance measured from the positions."""
    s = on_map(ROW, tamsin="A1", gorm=square)
    run(s, "turn tamsin", "attack gorm with shortbow", faces=[1] * (3 + sum(penalty.values())))
    assert rolled(s).situation[0] == f"distance {distance} (map)"
    assert pool(s) == {"AGI": 3, **penalty}


def test_past_the_maximum_range_there_is_no_attack():
    """R18: beyond the maximum range, no attack; the map measured it."""
    s = on_map(ROW, tamsin="A1", gorm="Y1")
    run(s, "turn tamsin")
    refused(s, "attack gorm with dagger thrown", "Range 5", "24 away on the map")


def test_melee_reach_is_measured_from_the_footprints():
    """R32: Melee N reaches a target at distance <= N, between the nearest squares; a
    2x2 ogre at C1 (C1-D2) is 2 from A1."""
    s = on_map("""
        .....
        .....
    """, brannoc="A1", ogre="C1")
    run(s, "turn brannoc")
    refused(s, "attack ogre with longsword", "reaches 1", "2 away on the map")
    run(s, "attack ogre with spear", faces=[1, 1, 1])
    assert rolled(s).situation == ("distance 2 (map)",)


def test_a_weapon_with_both_is_thrown_past_its_reach_on_the_map():
    """ch20 Melee vs. Ranged: a dagger (Melee 1, Range 5) is used in melee beside the
    target and thrown at one 3 squares away, measured."""
    s = on_map(ROW, tamsin="A1", gorm="D1")
    run(s, "turn tamsin", "attack gorm with dagger", faces=[1, 1, 1])
    assert rolled(s).mode == "ranged"


# --- the GM's overrides (R28) -------------------------------------------------------


def test_the_gm_may_state_the_distance_and_the_log_says_the_map_differed():
    """R28: the GM may override; the log says so."""
    s = on_map(ROW, tamsin="A1", gorm="E1")
    run(s, "turn tamsin", "attack gorm with shortbow dist 2", faces=[1, 1, 1])
    assert rolled(s).situation[0] == "distance 2 (GM; the map says 4)"
    assert pool(s) == {"AGI": 3}  # within SEN at the GM's distance


def test_the_gm_may_rule_there_is_line_of_sight():
    s = on_map(WALL, tamsin="A2", gorm="E2")
    run(s, "turn tamsin", "attack gorm with shortbow sight", faces=[1, 1])
    assert rolled(s).location == "Mass"  # no line to find cover along: the GM's word
    assert "line of sight (GM; the map says none)" in rolled(s).situation


def test_a_gm_sight_override_says_the_map_cannot_tell_cover_and_logs_the_gm_cover_word():
    """Issue 13 item 5, R28, R34: with 'sight' where the map finds no clear line, there
    is no line to work cover out along; the log says so (none unless the GM says
    'cover'), and a typed 'no-cover' or 'cover' is logged as the GM's word."""
    s = on_map(WALL, tamsin="A2", gorm="E2")
    run(s, "turn tamsin", "attack gorm with shortbow sight", faces=[1, 1])
    assert rolled(s).situation[-1] == ("no cover: the map cannot tell without a clear "
                                       "line (say 'cover' if the GM rules there is)")
    s = on_map(WALL, tamsin="A2", gorm="E2")
    run(s, "turn tamsin", "attack gorm with shortbow sight no-cover", faces=[1, 1])
    assert rolled(s).situation[-1] == ("no cover (GM; the map cannot tell without a "
                                       "clear line)")
    assert any("no cover (GM; the map cannot tell" in line for line in log_text(s))
    s = on_map(WALL, tamsin="A2", gorm="E2")
    run(s, "turn tamsin", "attack gorm with shortbow sight cover at edge", faces=[5, 1])
    assert rolled(s).situation[-1] == "cover (GM; the map cannot tell without a clear line)"
    assert rolled(s).location == "Edge"


def test_the_gm_may_rule_there_is_no_cover_or_that_there_is():
    s = on_map(IN_LINE, tamsin="A2", gorm="E2")
    run(s, "turn tamsin", "attack gorm with shortbow no-cover", faces=[1, 1])
    assert "no cover (GM; the map says cover: low wall at C2)" in rolled(s).situation
    assert rolled(s).location == "Mass"
    open_ = on_map(OFF_SIDE, tamsin="A2", gorm="E2")
    run(open_, "turn tamsin")
    refused(open_, "attack gorm with shortbow cover", "in cover", "R20")
    run(open_, "attack gorm with shortbow cover at edge", faces=[5, 1])
    assert "cover (GM; the map says none)" in rolled(open_).situation


def test_cover_and_no_cover_together_are_refused():
    s = on_map(IN_LINE, tamsin="A2", gorm="E2")
    run(s, "turn tamsin")
    refused(s, "attack gorm with shortbow cover no-cover", "contradict")


# --- no map: as before; replay equals live -------------------------------------------


def test_without_a_map_nothing_is_measured_and_the_event_is_written_as_before():
    """R28: without a map the GM states the distance; the event has no situation, and
    its journal form no new field."""
    s = session_from(yaml_on(".").replace("map:\n  rows: |\n    .\n", "")
                     .replace("combatants:\n", "combatants:\n" + "")
                     + "  - {name: Kira, side: allies, attributes: {AGI: 3, SEN: 3}, "
                       "weapons: [Shortbow]}\n"
                       "  - {name: Orc, side: adversaries, threat: Regular}\n")
    run(s, "turn kira", "attack orc with shortbow dist 5", faces=[1, 1])
    e = rolled(s)
    assert e.situation == () and "situation" not in e.to_dict()
    assert dict(e.pool) == {"AGI": 3, "beyond SEN": -1}


def test_a_fight_on_the_map_replays_to_the_same_state():
    s = on_map(IN_LINE, tamsin="A2", gorm="E2", brannoc="A1")
    run(s, "turn tamsin", "attack gorm with shortbow at edge", "attack gorm with "
           "shortbow dist 2 no-cover", "end", "turn gorm", "end", "turn brannoc",
           "move brannoc to d1", "attack gorm with longsword")
    assert s.state == replay(s.initial, s.entries)


# --- the odds and the preview read the map too ------------------------------------------


def test_the_odds_and_the_preview_see_the_map_distance():
    """The odds (odds/from_fight.py) and the line preview (``?``) plan the attack with the
    fight, so the distance penalty of R18 measured on the map is in their pools."""
    from momenta_cli.language import parse_line
    from momenta_cli.odds import attack_odds
    from momenta_cli.play.preview.line_preview import command

    s = on_map(ROW, tamsin="A1", gorm="E1")
    run(s, "turn tamsin")
    cmd = parse_line("attack gorm with shortbow")
    assert dict(attack_odds(s.state, cmd).pool) == {"AGI": 3, "beyond SEN": -1}
    pv = command(s.state, cmd, "attack gorm with shortbow ?")
    assert dict(pv.rolls[0].pool) == {"AGI": 3, "beyond SEN": -1}
    walled = on_map(WALL, tamsin="A2", gorm="E2")
    run(walled, "turn tamsin")
    with pytest.raises(Exception, match="no line of sight"):
        attack_odds(walled.state, cmd)


def test_the_override_words_are_written_back_as_typed():
    """The line the journal keeps after the prompt's questions (language/unparsing.py)."""
    from momenta_cli.language import parse_line, unparse

    cmd = parse_line("attack gorm with shortbow sight no-cover dist 3")
    assert (cmd.sight, cmd.no_cover, cmd.distance) == (True, True, 3)
    assert parse_line(unparse(cmd)) == cmd


def test_the_simulator_plays_a_map_encounter_as_one_without_a_map(tmp_path):
    """The simulator's policies walk no token, so a fight on a map is played as without
    one (R28): attacks are not refused for the squares the file put everyone on."""
    from tests.conftest import invoke

    enc = tmp_path / "apart.yaml"
    enc.write_text(yaml_on("""
        ..........
    """, brannoc="A1", gorm="J1"))
    r = invoke("simulate", enc, "-n", "3", "--seed", "1", "--jobs", "1")
    assert r.exit_code == 0, r.output
    assert "no fight ended" not in r.output
