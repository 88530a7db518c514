"""Area attacks aimed at the map (issue 13 item 6; ch20 Area Attacks, R22): ``area burst
N SQUARE``, ``area line [N] SQUARE`` and ``area cone [N] SQUARE`` affect every creature
whose squares the area touches, Hidden ones included; each target defends on its own
(``for NAME`` gives one's reactions, the rest declare none)."""

from __future__ import annotations

import pytest

from momenta_cli.engine.attack import aimed
from momenta_cli.engine.core.session import replay
from momenta_cli.language import parse_line, unparse
from tests.engine_helpers import log_text, refused, run, session_from
from tests.map_yard import on_map, rolled

pytestmark = pytest.mark.usefixtures("home")

FIELD = """
    ........
    ........
    ........
    ........
    ........
"""


def targets(s) -> list[str]:
    return [e.target for e in s.entries[-1].events if e.kind == "attack_rolled"]


def test_a_burst_hits_every_creature_in_it_hidden_ones_included():
    """ch20 Area Attacks: every creature within the area is affected, even a Hidden one;
    a 2x2 ogre with one square in the burst is in it; one outside is not."""
    s = on_map(FIELD, tamsin="A1", gorm="E3", sneak="F4", knife="H5", ogre="C4")
    # POW 1, beyond SEN -1: 0d, 2d6 keep lowest (R2), once for the whole area
    run(s, "turn tamsin", "attack area burst 1 e3 with firebomb", faces=[5, 5])
    assert targets(s) == ["Gorm", "Ogre", "Sneak"]  # reading order of their squares
    assert "Note: Firebomb, burst 1 at E3: Gorm, Ogre, Sneak (Hidden) (ch20 Area " \
        "Attacks)" in log_text(s)
    # R22 (ours): a weapon rolls once for the whole area
    assert [rolled(s, t).roll.faces for t in ("Gorm", "Ogre", "Sneak")] == [(5, 5)] * 3
    assert "burst 1 at E3 (map)" in rolled(s, "Gorm").situation


def test_the_burst_is_measured_from_the_attacker_and_needs_line_of_sight():
    """ch20: the area's centre within the weapon's range (R32) and, for a ranged
    attack, in line of sight (R33)."""
    s = on_map("""
        #########
        #...#...#
        #...#...#
        #########
    """, tamsin="B2", gorm="H2")
    run(s, "turn tamsin")
    refused(s, "attack area burst 1 h2 with firebomb", "no line of sight", "H2")
    far = on_map("." * 14, tamsin="A1", gorm="M1")
    run(far, "turn tamsin")
    refused(far, "attack area burst 1 m1 with firebomb", "12 squares away",
            "Firebomb reaches 10")


def test_a_line_hits_the_creatures_along_it_and_stops_at_a_wall():
    """ch20 Area Attacks (ours: a line stops at the first solid square, geometry)."""
    s = on_map("""
        ........
        ......#.
    """, tamsin="A2", gorm="C2", knife="E2", brannoc="A1", sneak="H2")
    run(s, "turn tamsin", "attack area line 8 h2 with firebomb", faces=[1])
    assert targets(s) == ["Gorm", "Knife"]


def test_a_line_does_not_slip_between_two_walls_meeting_at_a_corner():
    """R33 (ours: the point where two walls meet diagonally is blocked) and ch20 Area
    Attacks: Tamsin at A1, shut in by the walls at B1 and A2, sees no one, and her line
    toward E5 through that corner point touches no one either (the review's picture)."""
    s = on_map("""
        .#......
        #.......
        ........
        ........
        ........
    """, tamsin="A1", gorm="C3", knife="D4", sneak="E5")
    run(s, "turn tamsin")
    refused(s, "attack area line 5 e5 with firebomb", "touches no creature")
    refused(s, "attack area cone 5 e5 with firebomb", "touches no creature")


def test_a_cone_opens_toward_the_square_aimed_at():
    """ch20 Area Attacks: a quarter-circle cone from the attacker toward E3."""
    s = on_map(FIELD, tamsin="A3", gorm="C3", knife="D2", ogre="G1", sneak="A5")
    run(s, "turn tamsin", "attack area cone 3 e3 with fireball", faces=[1] * 6)
    assert targets(s) == ["Knife", "Gorm"]


def test_each_target_defends_on_its_own_and_the_rest_declare_nothing():
    """R22: each target may defend on its own; a spell rolls per target."""
    s = on_map(FIELD, tamsin="A1", brannoc="D3", gorm="E3")
    run(s, "turn tamsin", "attack area burst 1 e3 with fireball for brannoc dodge")
    assert targets(s) == ["Brannoc", "Gorm"]
    assert rolled(s, "Brannoc").defense == "Dodge" and rolled(s, "Gorm").defense is None


def test_a_target_named_outside_the_area_is_refused_with_who_is_in_it():
    s = on_map(FIELD, tamsin="A1", brannoc="D3", gorm="E3", knife="H5")
    run(s, "turn tamsin")
    refused(s, "attack area burst 1 e3 with firebomb for knife", "not in the burst 1 at E3",
            "Brannoc, Gorm")


def test_an_empty_area_and_a_weapon_that_is_no_area_attack_are_refused():
    s = on_map(FIELD, tamsin="A1", gorm="H5")
    run(s, "turn tamsin")
    refused(s, "attack area burst 1 c3 with firebomb", "touches no creature")
    refused(s, "attack area burst 1 h5 with shortbow", "not an Area attack")


def test_without_a_map_an_area_is_refused_and_for_still_names_targets():
    """R28: without a map the GM names the targets with for NAME, as before."""
    s = session_from("""
name: No map
weapons:
  - {name: Firebomb, weight: Light, attribute: POW, tags: [Fire, Range 10, Area],
     damage: {0s: 2, 1s: 5, 2s: 8, 3+: 12}}
combatants:
  - {name: Kira, side: allies, attributes: {POW: 3, SEN: 10}, weapons: [Firebomb]}
  - {name: Orc, side: adversaries, threat: Regular, count: 2}
""")
    run(s, "turn kira")
    refused(s, "attack area burst 1 c3 with firebomb", "no map", "for NAME")
    run(s, "attack orc-1 with firebomb for orc-2", faces=[1, 1, 1])
    assert targets(s) == ["Orc-1", "Orc-2"]


def test_the_words_of_an_area_attack():
    cmd = parse_line("attack tamsin area cone 3 e3 with fireball for brannoc dodge for gorm")
    assert (cmd.attacker, cmd.target, cmd.defense, cmd.area.shape, cmd.area.size) == \
        ("tamsin", "brannoc", "dodge", "cone", 3)
    assert [x.target for x in cmd.also] == ["gorm"]
    assert parse_line(unparse(cmd)) == cmd
    for bad, why in [("attack area with firebomb", "needs a shape"),
                     ("attack area burst e3", "radius"),
                     ("attack area line 3", "needs a square"),
                     ("attack tamsin gorm area burst 1 e3", "name only the attacker"),
                     ("attack area burst 1 e3 dodge", "after 'for NAME'"),
                     ("shove area burst 1 e3", "Area weapon")]:
        with pytest.raises(Exception, match=why):
            parse_line(bad)


def test_the_area_becomes_targets_that_replay_the_same_attack():
    """The expanded attack written back as a line (the journal's, after the prompt's
    questions) decides the same attack; replay equals live."""
    s = on_map(FIELD, tamsin="A1", brannoc="D3", gorm="E3")
    run(s, "turn tamsin")
    cmd = parse_line("attack area burst 1 e3 with fireball")
    full = aimed(s.state, cmd)
    assert (full.target, [x.target for x in full.also]) == ("Brannoc", ["Gorm"])
    again = parse_line(unparse(full))
    assert again == full and aimed(s.state, again) == full
    run(s, "attack area burst 1 e3 with fireball", "end", "turn gorm",
        "end", "turn brannoc", "attack gorm with longsword")
    assert s.state == replay(s.initial, s.entries)


def test_the_preview_of_an_area_line_shows_each_target():
    s = on_map(FIELD, tamsin="A1", brannoc="D3", gorm="E3")
    run(s, "turn tamsin")
    from momenta_cli.play.preview.line_preview import command

    pv = command(s.state, parse_line("attack area burst 1 e3 with firebomb"),
                 "attack area burst 1 e3 with firebomb ?")
    assert pv.refusal is None and [a.name for a in pv.against] == ["Brannoc", "Gorm"]
    assert pv.area == "one"


def test_at_the_prompt_each_creature_caught_in_the_area_is_asked_its_reaction():
    """Issue 12 item 2 on a map (ch20 Area Attacks, R22): the prompt finds who the burst
    catches as the engine will, and asks each target that may react, here Brannoc (an
    ally in the blast); enemies are not asked. The line journaled names them."""
    from momenta_cli.engine.core import SeededRoller
    from tests.test_ask_questions import Table, ask_line

    s = on_map(FIELD, tamsin="A1", gorm="E3", brannoc="E4")
    run(s, "turn tamsin")
    t = Table("dodge", "5,5", "1", "n")
    line = ask_line(s, "attack area burst 1 e3 with firebomb", t, SeededRoller(3)).line
    assert any("Brannoc's reaction" in told for told in t.told)
    assert "for Brannoc dodge" in line and "area burst 1 e3" in line.lower()
    assert not t.answers


def test_a_burst_aimed_off_the_map_says_so():
    """ch20 Area Attacks: the burst needs a square on the map, as a line or a cone does
    (not "touches no creature")."""
    s = on_map(FIELD, tamsin="A1", gorm="E3")
    run(s, "turn tamsin")
    refused(s, "attack area burst 1 z9 with firebomb", "Z9 is off the map",
            "the burst needs a square on it")
    refused(s, "attack area line 3 z1 with firebomb", "Z1 is off the map")


def test_each_targets_note_names_the_burst_centre_its_distance_is_to():
    """ch20 Area Attacks (an area attack affects the space) and R18: a burst's range and
    ranged penalties are measured to its centre, the same for every target, and each
    target's note names that centre (Gorm stands 3 from Tamsin, C3 is 2 from her)."""
    s = on_map(FIELD, tamsin="A1", gorm="D4", knife="C3")
    run(s, "turn tamsin", "attack area burst 1 c3 with firebomb")
    for who in ("Gorm", "Knife"):
        notes = rolled(s, who).situation
        assert "distance 2 to C3 (map)" in notes, notes
        assert "distance 2 (map)" not in notes
    run(s, "undo", "attack area burst 1 c3 with firebomb dist 4")
    assert "distance 4 to C3 (GM; the map says 2)" in rolled(s, "Gorm").situation


def test_cover_said_on_a_seeking_or_an_area_attack_is_logged_as_ignored():
    """ch20 Cover and Area Attacks, R20: Seeking ignores cover, and an area attack is
    Seeking; the GM's 'cover' then counts for nothing, and the log says so rather than
    'cover (GM)'. The dart still aims at Mass."""
    s = on_map(".....\n..=..\n.....", tamsin="A2", gorm="E2", knife="E3")
    run(s, "turn tamsin", "attack gorm with homing dart cover")
    assert "cover (GM; Seeking ignores cover, ch20)" in rolled(s).situation
    assert rolled(s).location == "Mass"
    run(s, "undo", "attack area burst 1 e2 with firebomb cover")
    assert "cover (GM; an area ignores cover, ch20)" in rolled(s, "Gorm").situation
    assert "cover (GM)" not in rolled(s, "Gorm").situation


def test_an_attacker_standing_in_its_own_burst_is_one_of_its_targets():
    """R22, ch20 Area Attacks ("affects the space, not a chosen target"): every creature
    in the area is affected, the attacker too: Tamsin at B2 throwing a firebomb at C3
    is caught with Gorm, one roll for both (R22, ours), said before the roll; she may
    not react to her own attack (R22, ours), and the attack is never refused for it."""
    s = on_map(FIELD, tamsin="B2", gorm="C3")
    run(s, "turn tamsin", "attack area burst 1 c3 with firebomb", faces=[5, 5])
    assert targets(s) == ["Tamsin", "Gorm"]  # reading order: B2, then C3
    log = log_text(s)
    said = log.index("Note: Tamsin stands in its own burst: it is affected like every "
                     "creature there, and may not react to its own attack (R22)")
    assert said < next(i for i, line in enumerate(log) if line.startswith("Tamsin -> "))
    assert rolled(s, "Tamsin").roll.faces == rolled(s, "Gorm").roll.faces == (5, 5)
    assert s.state.get("Tamsin").vitality == 20 - 5 and s.state.get("Gorm").vitality < 40
    run(s, "undo")
    refused(s, "attack area burst 1 c3 with firebomb for tamsin dodge",
            "Tamsin is in its own area: it may not react to its own attack (R22)")
