"""Area attacks on a map (ch20 Area Attacks): the squares a burst, a line and a cone
touch; every creature on one of them is affected, Hidden or not."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings, strategies as st

from momenta_cli.engine.geometry import (
    Board,
    Terrain,
    burst_squares,
    cone_squares,
    footprint,
    line_of_sight,
    line_squares,
    parse_square,
)
from momenta_cli.engine.geometry.ranges import steps

LEGEND = {".": Terrain(), "#": Terrain("wall"), "=": Terrain("low")}


def board_of(*rows: str) -> Board:
    return Board(tuple(tuple(LEGEND[ch] for ch in row) for row in rows))


def at(text: str):
    sq = parse_square(text)
    assert sq is not None
    return sq


def names(squares) -> set[str]:
    from momenta_cli.engine.geometry import square_name
    return {square_name(s) for s in squares}


def test_burst_is_every_square_within_the_radius():
    """ch20 Area Attacks, R32 distance: a burst of radius 1 is the 3x3 block, clipped to
    the map."""
    b = board_of(".....", ".....", ".....")
    assert len(burst_squares(b, at("C2"), 1)) == 9
    assert names(burst_squares(b, at("A1"), 1)) == {"A1", "B1", "A2", "B2"}


def test_burst_is_shielded_by_walls_not_by_low_walls():
    """(ours) walls shield a square the burst's centre cannot see (R33); low walls and
    creatures do not (they give cover, and area attacks are Seeking: ch20)."""
    walled = board_of(".#...", ".#...", ".#...")
    hit = burst_squares(walled, at("A2"), 2)
    assert names(hit) == {"A1", "A2", "A3"}
    low = board_of(".=...", ".=...", ".=...")
    assert names(burst_squares(low, at("A2"), 2)) == {
        f"{c}{r}" for c in "ABC" for r in "123"}


def test_line_touches_the_squares_it_crosses_and_stops_at_a_wall():
    """A line 4 long from A1 east: B1..E1; a diagonal one touches the diagonal squares
    only; a wall ends it."""
    b = board_of("......", "......", "......", "......")
    assert line_squares(b, [at("A1")], at("B1"), 4) == (at("B1"), at("C1"), at("D1"), at("E1"))
    assert line_squares(b, [at("A1")], at("B2"), 3) == (at("B2"), at("C3"), at("D4"))
    walled = board_of("...#..")
    assert line_squares(walled, [at("A1")], at("F1"), 5) == (at("B1"), at("C1"))


def test_line_stops_where_two_walls_meet_at_a_corner_as_sight_does():
    """R33 (ours): the point where two solid squares meet diagonally is blocked, so a
    line through it stops there (ch20 Area Attacks; ours: walls shield an area, and a
    line never slips through a gap sight finds no way through). The review's picture:
    A1 is shut in by the walls at B1 and A2; the line toward E5 passes the point where
    they meet and touches nothing, as the cone and the burst (traced with
    ``line_of_sight``) reach nothing past A1."""
    b = board_of(".#......", "#.......", "........", "........", "........")
    assert line_squares(b, [at("A1")], at("E5"), 5) == ()
    assert not line_of_sight(b, [at("A1")], [at("C3")])
    assert cone_squares(b, [at("A1")], at("E5"), 5) == frozenset()
    assert names(burst_squares(b, at("A1"), 3)) == {"A1"}
    # in the open: walls at C2 and D3 meet at a corner; the line from B4 toward E1
    # crosses C3, then that corner point, and goes no further
    open_field = board_of("......", "..#...", "...#..", "......")
    assert names(line_squares(open_field, [at("B4")], at("E1"), 3)) == {"C3"}
    assert not line_of_sight(open_field, [at("B4")], [at("D2")])


def test_cone_opens_a_quarter_circle():
    """A cone 2 long east from C3: the 90-degree wedge, 1 square wide, then 3."""
    b = board_of("......", "......", "......", "......", "......")
    assert names(cone_squares(b, [at("C3")], at("D3"), 2)) == {
        "D2", "D3", "D4", "E1", "E2", "E3", "E4", "E5"}


def test_areas_from_a_big_creature_start_at_its_edge():
    """R31 footprints: the origin's own squares are never in its area."""
    b = board_of("......", "......", "......")
    ogre = footprint(at("A1"), 2)
    assert line_squares(b, ogre, at("D1"), 2)[0] == at("C1")
    assert not set(cone_squares(b, ogre, at("C2"), 2)) & set(ogre)


# --- properties ---------------------------------------------------------------------


@st.composite
def aims(draw):
    w, h = draw(st.integers(3, 8)), draw(st.integers(3, 7))
    rows = ["".join(draw(st.sampled_from(".....#=")) for _ in range(w)) for _ in range(h)]
    b = board_of(*rows)
    free = [(c, r) for r in range(h) for c in range(w) if not b.at((c, r)).solid]
    assume(len(free) >= 2)
    origin = draw(st.sampled_from(free))
    toward = draw(st.sampled_from([s for s in free if s != origin]))
    return b, origin, toward, draw(st.integers(1, 5))


@pytest.mark.slow  # property
@settings(max_examples=150, deadline=None)
@given(aims())
def test_area_shapes_stay_in_range_and_in_sight(case):
    """ch20 Area Attacks (shapes ours): every square of a burst, line or cone is open,
    within its size of the origin and seen from it (R33); a line's squares follow each
    other step by step."""
    b, origin, toward, size = case
    for sq in burst_squares(b, origin, size):
        assert steps(sq, origin) <= size and not b.at(sq).solid
        assert line_of_sight(b, [origin], [sq])
    squares = line_squares(b, [origin], toward, size)
    prev = origin
    for sq in squares:
        assert steps(sq, prev) == 1 and not b.at(sq).solid
        assert steps(sq, origin) <= size
        assert line_of_sight(b, [origin], [sq])  # R33: no slipping through a squeeze
        prev = sq
    for sq in cone_squares(b, [origin], toward, size):
        assert sq != origin and steps(sq, origin) <= size and not b.at(sq).solid
        assert line_of_sight(b, [origin], [sq])
