"""``revive`` on a map (R11, R31, R32): a Defeated creature holds no square, so by the time
the GM revives it its square may be taken or behind a closed door. It stands up on its
own square when that still holds it; else the revive is refused with the reason and how
to go on (``revive NAME at C5``, checked as ``place`` is)."""

from __future__ import annotations

import pytest

from momenta_cli.engine.core.session import replay
from momenta_cli.engine.geometry import parse_square
from tests.engine_helpers import log_text, refused, run, session_from
from tests.test_map_positions import YARD, positions

HALL = """
    name: Hall
    map: {rows: ["#+##", ".../"]}
    combatants:
      - {name: Kira, side: allies, at: A2}
      - {name: Gorm, side: adversaries, at: B2}
"""


@pytest.fixture
def yard():
    return session_from(YARD)


def test_revive_stands_a_creature_up_on_its_own_square_when_it_is_free(yard):
    run(yard, "defeat gorm", "revive gorm")
    assert positions(yard)["Gorm"] == "C2"
    assert log_text(yard)[-1] == "Gorm is back in the fight"


def test_revive_is_refused_when_its_square_is_taken_now(yard):
    run(yard, "defeat gorm", "place kira c2")
    assert refused(yard, "revive gorm") == (
        "Gorm cannot stand up at C2: C2 is taken by Kira (say where: revive Gorm at C5)")


def test_revive_is_refused_when_its_square_is_a_closed_door_now():
    s = session_from(HALL)
    run(s, "place kira d2", "defeat kira", "door d2 close")
    assert refused(s, "revive kira") == (
        "Kira cannot stand up at D2: D2 is a closed door (say where: revive Kira at C5)")


def test_a_big_creature_is_refused_when_part_of_its_footprint_is_taken(yard):
    # R31: the Ogre at E3 takes E3-F4; Kira steps into F4 while it is down
    run(yard, "defeat ogre", "place kira f4")
    assert refused(yard, "revive ogre") == (
        "Ogre cannot stand up at E3: a 2x2 creature at E3 takes E3 to F4, and F4 is taken "
        "by Kira (say where: revive Ogre at C5)")


def test_revive_at_stands_it_up_elsewhere_and_undo_takes_both_back(yard):
    run(yard, "defeat gorm", "place kira c2", "revive gorm at b3")
    assert positions(yard)["Gorm"] == "B3"
    assert not yard.state.get("Gorm").defeated
    assert log_text(yard)[-2:] == ["Gorm is placed at B3 (was C2)",
                                   "Gorm is back in the fight"]
    assert yard.state == replay(yard.initial, yard.entries)
    run(yard, "undo")
    assert yard.state.get("Gorm").defeated and positions(yard)["Gorm"] == "C2"


def test_revive_at_its_own_square_is_the_plain_revive(yard):
    run(yard, "defeat gorm", "revive gorm at c2")
    assert positions(yard)["Gorm"] == "C2"
    assert log_text(yard)[-1] == "Gorm is back in the fight"


@pytest.mark.parametrize("line, why", [
    ("revive gorm at a1", "cannot revive Gorm at A1: A1 is a wall"),
    ("revive gorm at d5", "cannot revive Gorm at D5: D5 is a closed door"),
    ("revive gorm at d4", "cannot revive Gorm at D4: D4 is a pit (3 deep: a creature "
                          "there falls)"),
    ("revive gorm at f2", "cannot revive Gorm at F2: F2 is taken by Kira"),
    ("revive gorm at 3c", "'3c' is not a square: a square is a column letter and a row "
                          "number, like C5"),
])
def test_revive_at_is_checked_like_place(yard, line, why):
    run(yard, "defeat gorm")
    assert refused(yard, line) == why


def test_revive_at_is_read_once():
    from momenta_cli.errors import CommandError
    from momenta_cli.language import parse_line

    with pytest.raises(CommandError, match="at is given twice"):
        parse_line("revive gorm at b3 at c3")
    with pytest.raises(CommandError, match="'at' needs a square"):
        parse_line("revive gorm at")


def test_revive_at_without_a_map_is_refused():
    s = session_from("""
        name: Plain
        combatants:
          - {name: Kira, side: allies}
        """)
    run(s, "defeat kira")
    assert refused(s, "revive kira at c5").startswith("this fight has no map:")
    run(s, "revive kira")
    assert s.state.get("Kira").position is None and not s.state.get("Kira").defeated


def test_a_standing_creature_still_cannot_be_revived(yard):
    assert refused(yard, "revive gorm at b3") == "Gorm is neither Defeated nor Lost"
    assert yard.state.get("Gorm").position == parse_square("C2")
