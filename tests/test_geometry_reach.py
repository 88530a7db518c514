"""Distance, reach and the squares a movement passes for its triggers (R32, R35), and
forced movement on a map (ch19 Shove and Grab, R36 pits)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings, strategies as st

from momenta_cli.engine.geometry import (
    Board,
    Terrain,
    comes_within,
    distance,
    drag_squares,
    footprint,
    parse_square,
    push_squares,
    within,
)
from momenta_cli.engine.geometry.forced_squares import away
from momenta_cli.engine.geometry.ranges import ring

LEGEND = {".": Terrain(), "#": Terrain("wall"), "o": Terrain("pit", height=5),
          ":": Terrain("difficult"), "+": Terrain("door", open=False)}


def board_of(*rows: str) -> Board:
    return Board(tuple(tuple(LEGEND[ch] for ch in row) for row in rows))


def at(text: str):
    sq = parse_square(text)
    assert sq is not None
    return sq


def test_distance_counts_diagonals_as_one():
    """R32 / ch19: the larger of the column and row differences."""
    assert distance([at("A1")], [at("C2")]) == 2
    assert distance([at("A1")], [at("D4")]) == 3
    assert distance([at("B2")], [at("C3")]) == 1


def test_distance_between_footprints_is_between_nearest_squares():
    """R32 with R31 footprints: a 2x2 ogre at B2 is 1 from a creature at D3."""
    ogre = footprint(at("B2"), 2)
    assert distance(ogre, [at("D3")]) == 1
    assert distance([at("D3")], ogre) == 1
    assert distance(ogre, [at("F2")]) == 3


def test_melee_and_range_reach():
    """R32 / ch20: Melee N and Range N reach a target at distance <= N."""
    assert within([at("A1")], [at("B2")], 1)
    assert not within([at("A1")], [at("C2")], 1)
    assert within([at("A1")], [at("C2")], 2)
    assert at("C3") in ring([at("A1")], 2) and at("A1") not in ring([at("A1")], 2)


def test_intercept_square_is_where_the_mover_enters_reach():
    """R35: Intercept triggers at the square where the mover comes within reach from
    outside it, once per reactor per movement."""
    guard = [at("E1")]
    walk = [at("B1"), at("C1"), at("D2"), at("E3")]
    assert comes_within(at("A1"), walk, 1, guard, 1) == 2  # D2 is next to E1
    assert comes_within(at("A1"), walk, 1, guard, 2) == 1  # Melee 2: from C1
    # starting within reach and staying there: no Intercept (Forestall's business)
    assert comes_within(at("D1"), [at("D2")], 1, guard, 1) is None
    # a 2x2 mover is within reach as soon as any of its squares is
    assert comes_within(at("A1"), [at("B1"), at("C1")], 2, guard, 1) == 1


def test_shove_goes_straight_away_and_stops_at_a_wall():
    """ch19 Shove (forced movement): N squares straight away from the shover; a wall, a
    closed door or a creature stops it short."""
    b = board_of("......#.")
    moved = push_squares(b, [at("A1")], at("B1"), 5)
    assert [m for m in moved.squares] == [at("C1"), at("D1"), at("E1"), at("F1")]
    assert moved.stopped == "a wall at G1"
    crowd = push_squares(b, [at("A1")], at("B1"), 3, occupied={at("D1")})
    assert crowd.squares == (at("C1"),) and crowd.stopped == "a creature at D1"
    assert push_squares(board_of("..+"), [at("A1")], at("B1"), 2).stopped == "a closed door at C1"
    edge = push_squares(board_of("..."), [at("A1")], at("B1"), 4)
    assert edge.squares == (at("C1"),) and edge.stopped == "the edge of the map"


def test_shove_ignores_difficult_terrain_costs():
    """ch19 forced movement moves N squares; terrain costs are for walking."""
    assert len(push_squares(board_of("..:::."), [at("A1")], at("B1"), 3).squares) == 3


def test_shove_into_a_pit_falls():
    """R36 / R23: a creature shoved into a pit falls its depth (Mira's 5 squares; the
    damage, 2 per square after AGI, is the rules' business)."""
    moved = push_squares(board_of("..o..."), [at("A1")], at("B1"), 3)
    assert moved.squares == (at("C1"),) and moved.fall == 5
    assert moved.stopped == "the pit at C1"


def test_shove_direction_is_the_nearest_of_eight():
    """(ours) straight away from the shover: along a row within 22.5 degrees, else
    diagonal."""
    assert away([at("A1")], [at("B2")]) == (1, 1)
    assert away([at("A1")], [at("D2")]) == (1, 0)
    assert away([at("C3")], [at("C1")]) == (0, -1)
    assert away(footprint(at("A1"), 2), [at("C3")]) == (1, 1)
    assert away(footprint(at("A1"), 2), [at("C2")]) == (1, 0)


def test_a_bigger_grabber_drags_the_smaller_along():
    """ch19 Grab: the bigger creature moves freely and the smaller is dragged to keep
    the same relative position (forced movement); a wall in its way stops the drag."""
    b = board_of("......", "......", "...#..")
    ogre_walk = [at("B1"), at("C1"), at("D1")]
    dragged = drag_squares(b, ogre_walk, (0, 2), occupied=set())  # held below the 2x2 ogre
    assert dragged.squares == (at("B3"), at("C3"))
    assert dragged.stopped == "a wall at D3"
    assert drag_squares(b, ogre_walk, (2, 0)).squares == (at("D1"), at("E1"), at("F1"))


# --- properties ---------------------------------------------------------------------

@st.composite
def shoves(draw):
    w, h = draw(st.integers(3, 8)), draw(st.integers(3, 7))
    rows = ["".join(draw(st.sampled_from("....#o:")) for _ in range(w)) for _ in range(h)]
    b = board_of(*rows)
    free = [(c, r) for r in range(h) for c in range(w) if b.at((c, r)).kind in
            ("floor", "difficult")]
    assume(len(free) >= 2)
    shover = draw(st.sampled_from(free))
    near = [s for s in free if s != shover and max(abs(s[0] - shover[0]),
                                                   abs(s[1] - shover[1])) <= 2]
    assume(near)
    target = draw(st.sampled_from(near))
    others = set(draw(st.lists(st.sampled_from(free), max_size=3))) - {shover, target}
    return b, shover, target, others | {shover}, draw(st.integers(0, 6))


@pytest.mark.slow  # property
@settings(max_examples=200, deadline=None)
@given(shoves())
def test_a_shove_moves_straight_never_into_walls_or_creatures(case):
    """ch19 Shove: at most N squares, each one step further the same way, never onto a
    wall, a creature or off the map; it stops short only when the next square is one of
    those, or in a pit (R36), whose depth it reports."""
    b, shover, target, occupied, n = case
    moved = push_squares(b, [shover], target, n, occupied=occupied)
    d = away([shover], [target])
    assert len(moved.squares) <= n
    pos = target
    for sq in moved.squares:
        assert sq == (pos[0] + d[0], pos[1] + d[1])
        assert b.on(sq) and not b.at(sq).solid and sq not in occupied
        pos = sq
    in_pit = bool(moved.squares) and b.at(moved.squares[-1]).kind == "pit"
    assert (moved.fall == 5) == in_pit
    if len(moved.squares) < n and not in_pit:
        assert moved.stopped is not None
    if moved.stopped is None:
        assert len(moved.squares) == n
