"""Ours (docs/rulings.md Terrain, R36 "a creature forced or walking into it falls", R31
footprints, R23 falls): a creature falls only when its whole footprint is over pit
squares, as far as the shallowest of them; with any square on the ground it stands. The
same wherever a fall is decided: a walk, a shove, a drag."""

from __future__ import annotations

from momenta_cli.engine.geometry import Board, Terrain, forced_squares, pit_depth
from tests.engine_helpers import run
from tests.test_geometry_paths import LEGEND, at, path
from tests.test_move_map import moved, on_map, where

PITS = {**LEGEND, **{str(d): Terrain("pit", height=d) for d in range(1, 10)}}


def board_of(*rows: str) -> Board:
    return Board(tuple(tuple(PITS[ch] for ch in row) for row in rows))


def test_pit_depth_is_the_shallowest_pit_under_a_footprint_wholly_over_pits():
    """R36, R31, R23: one corner over a pit stands (0); wholly over pits of 4 and 2
    falls 2 (the first floor it meets)."""
    b = board_of("4...", "....", "42..", "24..")
    assert pit_depth(b, [at("A1"), at("B1"), at("A2"), at("B2")]) == 0
    assert pit_depth(b, [at("A1")]) == 4
    assert pit_depth(b, [at("A3"), at("B3"), at("A4"), at("B4")]) == 2


def test_a_2x2_walking_onto_a_1x1_pit_stands_and_a_1x1_falls():
    """R36, R31, R23: the review's Ogre (2x2) ends a Move with one corner over a 4-deep
    pit: no fall, and its next Move is a whole one (not a climb out); a 1x1 walking in
    falls 4."""
    b = board_of("......", "...4..", "......")
    p = path(b, at("A1"), at("C1"), 5, side=2, into_pit=True)
    assert p.fall == 0
    assert path(b, at("A2"), at("D2"), 5, into_pit=True).fall == 4
    s = on_map("""
        ........
        ...4....
        ........
    """, ogre="A1", kira="H3")
    run(s, "turn kira", "end", "turn ogre", "move ogre to c1")
    assert where(s, "Ogre") == "C1" and moved(s).path == ("B1", "C1")
    assert not any(e.kind == "fell" for e in s.entries[-1].events)


def test_a_shove_or_a_drag_stops_only_wholly_over_a_pit():
    """ch19 Shove, Grab (forced movement), R36, R31, R23: a 2x2 pushed or dragged over
    a 1x1 pit goes on over it; one pushed wholly over a 2x2 pit falls the shallowest."""
    b = board_of("......", "..3...", "......", "......")
    went = forced_squares.push_squares(b, [at("A1")], at("B1"), 3, side=2)
    assert went.fall == 0 and went.stopped is None and len(went.squares) == 3
    dragged = forced_squares.drag_squares(b, [at("B1"), at("C1"), at("D1")], (0, 0), side=2)
    assert dragged.fall == 0 and dragged.stopped is None
    deep = board_of("......", "..32..", "..23..", "......")
    went = forced_squares.push_squares(deep, [at("A2")], at("B2"), 3, side=2)
    assert went.squares == (at("C2"),) and went.fall == 2


def test_a_2x2_may_be_placed_with_a_corner_over_a_pit_not_wholly_over_pits():
    """R31, R36 (ours): the file's and ``place``'s footprint check says what a fall
    does: wholly over pits is refused (it would fall), one corner over a pit stands."""
    from momenta_cli.engine.geometry import fit_problem

    b = board_of("....", ".3..", "..22", "..22")
    assert fit_problem(b, at("A1"), 2) is None
    assert fit_problem(b, at("C3"), 2) == (
        "a 2x2 creature at C3 takes C3 to D4, and every one of them is over a pit (a "
        "creature wholly over pits falls, R36)")
    assert fit_problem(b, at("B2"), 1) == "B2 is a pit (3 deep: a creature there falls)"
