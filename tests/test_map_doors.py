"""Doors on the map (issue 13 item 1): ``door SQUARE [open|close]`` changes the fight's
doors through an event; a closed door is solid (R32: no creature may stand in it), an
open one floor; a door with a creature in it cannot close; undo takes it back."""

from __future__ import annotations

import pytest

from momenta_cli.engine.battlefield import board_of
from momenta_cli.engine.core.session import replay
from momenta_cli.engine.geometry import parse_square
from momenta_cli.render import battlemap
from tests.engine_helpers import log_text, refused, run, session_from
from tests.test_map_render import render

HALL = """
    name: Hall
    map: {rows: ["#+##", ".../"]}
    combatants:
      - {name: Kira, side: allies, at: A2}
"""


@pytest.fixture
def hall():
    return session_from(HALL)


def test_a_door_opens_and_closes_and_the_map_shows_it(hall):
    run(hall, "door b1 open")
    assert board_of(hall.state).at(parse_square("B1")).open
    assert log_text(hall)[-1] == "the door at B1 opens"
    assert render(battlemap(hall.state)).splitlines()[1] == "1 ##/ ####"
    run(hall, "door d2")  # no word: the other way
    assert not board_of(hall.state).at(parse_square("D2")).open
    assert log_text(hall)[-1] == "the door at D2 closes"
    assert hall.state.encounter.board.at(parse_square("D2")).open  # the file's map is unchanged


def test_only_an_open_door_can_be_stood_in(hall):
    assert refused(hall, "place kira b1") == "cannot place Kira: B1 is a closed door"
    run(hall, "door b1 open", "place kira b1")
    assert hall.state.get("Kira").position == parse_square("B1")
    assert refused(hall, "door b1 close") == ("Kira stands in the doorway at B1: the door "
                                              "cannot close")


def test_undo_closes_the_door_again_and_replay_agrees(hall):
    run(hall, "door b1 open", "undo")
    assert not board_of(hall.state).at(parse_square("B1")).open
    run(hall, "door b1 open", "door d2 close")
    assert hall.state == replay(hall.initial, hall.entries)
    assert hall.state.doors == ((parse_square("B1"), True), (parse_square("D2"), False))


@pytest.mark.parametrize("line, why", [
    ("door a1", "A1 is not a door (it is a wall)"),
    ("door b2", "B2 is not a door (it is floor)"),
    ("door z9", "Z9 is off the map (4 columns, A-D, by 2 rows, 1-2)"),
    ("door b1 close", "the door at B1 is already closed"),
    ("door d2 open", "the door at D2 is already open"),
    ("door b", "'b' is not a square"),
])
def test_door_refusals(hall, line, why):
    assert refused(hall, line).startswith(why)


def test_door_without_a_map_is_refused():
    s = session_from("""
        name: Plain
        combatants:
          - {name: Kira, side: allies}
        """)
    assert refused(s, "door c5").startswith("this fight has no map: there are no doors")


def test_door_reads_open_or_close_only():
    from momenta_cli.errors import CommandError
    from momenta_cli.language import parse_line

    with pytest.raises(CommandError, match="open or close"):
        parse_line("door b1 ajar")
