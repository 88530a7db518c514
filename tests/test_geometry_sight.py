"""Line of sight (R33) and cover (R34) on a map, exact, checked against hand-drawn cases
and against a slow brute-force oracle that shares no code with the engine's search: it
tests every solid square, shared edge and squeeze point against a segment one by one,
over segments between lattice points of both footprints."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings, strategies as st

from momenta_cli.engine.geometry import (
    Board,
    Square,
    Terrain,
    cover,
    footprint,
    line_of_sight,
    visible,
)
from momenta_cli.engine.geometry.sight import open_line, sight_line

LEGEND = {".": Terrain(), "#": Terrain("wall"), "=": Terrain("low"),
          "+": Terrain("door", open=False), "/": Terrain("door", open=True)}


def board_of(*rows: str) -> Board:
    return Board(tuple(tuple(LEGEND[ch] for ch in row) for row in rows))


def sq(board_rows: tuple[str, ...], mark: str) -> list[Square]:
    return [(c, r) for r, row in enumerate(board_rows) for c, ch in enumerate(row)
            if ch == mark]


# --- the oracle ---------------------------------------------------------------------

F = Fraction


def _solid(board: Board, c: int, r: int) -> bool:
    # off the map is solid (R33): a line may not run along the map's edge past a wall
    return not board.on((c, r)) or board.at((c, r)).solid


def _meets_open_box(p, q, x0, y0, x1, y1) -> bool:
    # the open box: the parameter set is an open interval intersected with [0, 1]
    los, his = [], []
    for a, b, s, e in ((x0, x1, p[0], q[0]), (y0, y1, p[1], q[1])):
        d = e - s
        if d == 0:
            if not a < s < b:
                return False
            continue
        t0, t1 = sorted(((a - s) / d, (b - s) / d))
        los.append(t0)
        his.append(t1)
    lo = max(los, default=F(-1))
    hi = min(his, default=F(2))
    return lo < hi and lo < 1 and hi > 0


def _on_segment(p, q, x, y) -> bool:
    cross = (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])
    return (cross == 0 and min(p[0], q[0]) <= x <= max(p[0], q[0])
            and min(p[1], q[1]) <= y <= max(p[1], q[1]))


def _meets_open_edge(p, q, fixed, axis, lo, hi) -> bool:
    """The segment meets the open edge {axis == fixed, other in (lo, hi)}."""
    s, e = p[axis], q[axis]
    o = 1 - axis
    if s == e:
        if s != fixed:
            return False
        a, b = sorted((p[o], q[o]))
        return max(a, F(lo)) < min(b, F(hi)) or lo < a == b < hi
    t = (fixed - s) / (e - s)
    if not 0 <= t <= 1:
        return False
    v = p[o] + t * (q[o] - p[o])
    return lo < v < hi


def oracle_blocked(board: Board, p, q, stops: frozenset[Square] = frozenset()) -> bool:
    """R33, and for cover (``stops``: the cover squares) R34: solid and cover interiors;
    the open edge two squares share when each is solid (off the map too) or a cover
    square (R34's seam); and the squeeze points of solid squares."""

    def seals(c: int, r: int) -> bool:
        return _solid(board, c, r) or (c, r) in stops

    for r in range(-1, board.height):  # from -1: the map's own edges, off-map solid
        for c in range(-1, board.width):
            if board.on((c, r)) and seals(c, r) and _meets_open_box(
                    p, q, c, r, c + 1, r + 1):
                return True
            if seals(c, r) and seals(c + 1, r) and _meets_open_edge(
                    p, q, c + 1, 0, r, r + 1):
                return True
            if seals(c, r) and seals(c, r + 1) and _meets_open_edge(
                    p, q, r + 1, 1, c, c + 1):
                return True
    for x in range(board.width + 1):
        for y in range(board.height + 1):
            squeeze = ((_solid(board, x - 1, y - 1) and _solid(board, x, y))
                       or (_solid(board, x, y - 1) and _solid(board, x - 1, y)))
            if squeeze and _on_segment(p, q, x, y):
                return True
    return False


def lattice(squares: list[Square], n: int, inner: bool) -> list[tuple[F, F]]:
    cs = [c for c, _ in squares]
    rs = [r for _, r in squares]
    x0, x1, y0, y1 = min(cs), max(cs) + 1, min(rs), max(rs) + 1
    steps = range(1, n * (x1 - x0)) if inner else range(0, n * (x1 - x0) + 1)
    rsteps = range(1, n * (y1 - y0)) if inner else range(0, n * (y1 - y0) + 1)
    return [(x0 + F(i, n), y0 + F(j, n)) for i in steps for j in rsteps]


def oracle_sees(board, a, b, n=4) -> bool:
    return any(not oracle_blocked(board, p, q)
               for p, q in itertools.product(lattice(a, n, False), lattice(b, n, False)))


def oracle_open(board, a, b, others, n=4) -> bool:
    own = set(a) | set(b)
    stops = frozenset(s for s in others if s not in own) | frozenset(
        (c, r) for r in range(board.height) for c in range(board.width)
        if board.at((c, r)).obstructs and (c, r) not in own)
    return any(not oracle_blocked(board, p, q, stops)
               for p, q in itertools.product(lattice(a, n, True), lattice(b, n, True)))


def in_closed(squares, p) -> bool:
    return any(c <= p[0] <= c + 1 and r <= p[1] <= r + 1 for c, r in squares)


def in_open_block(squares, p) -> bool:
    cs = [c for c, _ in squares]
    rs = [r for _, r in squares]
    return min(cs) < p[0] < max(cs) + 1 and min(rs) < p[1] < max(rs) + 1


# --- hand-drawn cases ---------------------------------------------------------------

def test_clear_line_between_open_squares():
    """R33: nothing in the way, line of sight."""
    rows = ("a...", "....", "...b")
    b = board_of(*(r.replace("a", ".").replace("b", ".") for r in rows))
    assert line_of_sight(b, sq(rows, "a"), sq(rows, "b"))


def test_wall_between_blocks():
    """R33 / ch20 Line of Sight: a solid wall across the whole way blocks."""
    b = board_of("..#..", "..#..", "..#..")
    assert not line_of_sight(b, [(0, 1)], [(4, 1)])


def test_closed_door_blocks_and_open_door_does_not():
    """ch20: closed doors are solid obstacles; an open door is a doorway."""
    assert not line_of_sight(board_of("#.#", "#+#", "#.#"), [(1, 0)], [(1, 2)])
    assert line_of_sight(board_of("#.#", "#/#", "#.#"), [(1, 0)], [(1, 2)])


def test_line_through_a_diagonal_squeeze_is_blocked():
    """R33 (ours): the corner point where two solid squares meet diagonally is blocked,
    so two squares whose only contact is that corner do not see each other."""
    b = board_of("....", ".#..", "..#.", "....")
    assert not line_of_sight(b, [(2, 1)], [(1, 2)])


def test_line_touching_one_solid_corner_is_clear():
    """R33 (ours): touching the corner of a single solid square does not block: from B1
    to A2 around the wall at A1 the squares share the corner the wall touches."""
    b = board_of("#...", "....", "....")
    assert line_of_sight(b, [(1, 0)], [(0, 1)])
    # and a longer line that can only pass by grazing the corner of one wall square
    b = board_of("...#", "#...", "....")
    line = sight_line(b, [(0, 0)], [(3, 2)])
    assert line is not None


def test_running_along_an_outer_edge_is_clear_but_a_shared_edge_is_not():
    """R33 (ours): a segment along the outer edge of a wall sees; one along the edge two
    solid squares share is inside the wall. A1 and A3 see each other down the edge of
    the wall at B1-B3; with walls on both sides of the edge (row 2 filled) they do not."""
    b = board_of(".#", ".#", ".#")
    assert line_of_sight(b, [(0, 0)], [(0, 2)])
    # the only way from C1 to C3 is down the line x = 2, which is the edge between the
    # wall column B and the wall column C in row 2
    b = board_of("#.#", "###", "#.#")
    assert not line_of_sight(b, [(1, 0)], [(1, 2)])


def test_corner_peek_clear_and_blocked():
    """R33 both conventions on one line, A1 to C3 through the point where A1, B1, A2 and
    B2 meet: round one wall's corner it is clear; between two walls meeting diagonally
    there it is blocked (and no other line gets out of A1).

        a # .        a # .
        . . .        # . .
        . . b        . . b
    """
    one = board_of(".#.", "...", "...")
    assert line_of_sight(one, [(0, 0)], [(2, 2)])
    two = board_of(".#.", "#..", "...")
    assert not line_of_sight(two, [(0, 0)], [(2, 2)])
    assert not line_of_sight(two, [(2, 2)], [(0, 0)])


def test_two_by_two_footprint_sees_round_a_pillar():
    """R31 footprints: a 2x2 creature sees from any part of its squares (ch20), so a
    pillar that hides a 1-square creature's centre does not hide the big one."""
    b = board_of("......", "......", "..#...", "......", "......")
    big = list(footprint((0, 1), 2))
    assert line_of_sight(b, big, [(5, 3)])
    assert line_of_sight(b, [(5, 3)], big)


def test_low_wall_in_line_gives_cover_and_one_aside_does_not():
    """R34: a low wall square straight between them in the same row gives cover; one off
    to the side does not. It never blocks line of sight (ch20 partial obstructions)."""
    in_line = board_of(".....", "..=..", ".....")
    assert line_of_sight(in_line, [(0, 1)], [(4, 1)])
    assert cover(in_line, [(0, 1)], [(4, 1)])
    aside = board_of("..=..", ".....", ".....")
    assert not cover(aside, [(0, 1)], [(4, 1)])


def test_a_creature_between_gives_cover():
    """R34 / ch20: other creatures are partial obstructions; the two's own squares are
    not."""
    b = board_of(".....", ".....", ".....")
    assert cover(b, [(0, 1)], [(4, 1)], occupied_by_others={(2, 1)})
    assert not cover(b, [(0, 1)], [(4, 1)], occupied_by_others={(0, 1), (4, 1)})
    assert not cover(b, [(0, 1)], [(4, 1)], occupied_by_others={(2, 0)})


def test_cover_behind_a_wide_low_wall_from_an_angle():
    """R34: every segment must cross the low wall for cover; a diagonal view past its
    end escapes it."""
    b = board_of(".......", "..===..", ".......", ".......")
    assert cover(b, [(3, 0)], [(3, 2)])
    assert not cover(b, [(6, 0)], [(3, 3)])


def test_a_low_wall_drawn_corner_to_corner_gives_no_cover_across_it():
    """R34 read literally (docs/rulings.md "On a map", a decision, not an accident): cover
    needs every clear line to pass through the inside of a low-wall square, and a line
    through the point where two of them touch at a corner passes through neither. The
    same staircase doubled (each square sharing an edge with the next) gives cover; drawn
    in walls it blocks sight, R33's corner convention being for solid squares."""
    stairs = ("......", "....=.", "...=..", "..=...", ".=....", "=.....")
    assert line_of_sight(board_of(*stairs), [(0, 0)], [(4, 3)])
    assert not cover(board_of(*stairs), [(0, 0)], [(4, 3)])
    doubled = ("......", "....==", "...==.", "..==..", ".==...", "==....")
    assert cover(board_of(*doubled), [(0, 0)], [(4, 3)])
    walls = tuple(row.replace("=", "#") for row in stairs)
    assert not line_of_sight(board_of(*walls), [(0, 0)], [(4, 3)])
    # the smallest case: low walls at E1 and D2 around the target's corner at E2
    assert not cover(board_of("....=", "...=."), [(0, 0)], [(4, 1)])


def test_adjacent_squares_see_each_other_without_cover():
    """R33/R34: neighbours share an edge: sight, no cover, even beside a low wall."""
    b = board_of("=..", "...")
    assert line_of_sight(b, [(1, 0)], [(1, 1)])
    assert not cover(b, [(1, 0)], [(1, 1)])


def test_sight_line_ends_on_the_footprints():
    b = board_of("...#", "....", "#...")
    line = sight_line(b, [(0, 0)], [(3, 2)])
    assert line is not None
    p, q = line
    assert in_closed([(0, 0)], p) and in_closed([(3, 2)], q)
    assert not oracle_blocked(b, p, q)


# --- properties ---------------------------------------------------------------------

@st.composite
def boards(draw, w=6, h=5, with_low=False):
    kinds = "..#" + ("=" if with_low else "")
    rows = tuple("".join(draw(st.sampled_from(kinds)) for _ in range(w)) for _ in range(h))
    return board_of(*rows)


def _placements(b: Board, side: int, taken: set[Square]) -> list[list[Square]]:
    out = []
    for r in range(b.height):
        for c in range(b.width):
            fp = footprint((c, r), side)
            if all(b.on(s) and not b.at(s).solid and s not in taken for s in fp):
                out.append(list(fp))
    return out


@st.composite
def two_footprints(draw, with_low=False):
    """A board and two footprints on it (1x1 or 2x2, R31), not overlapping."""
    b = draw(boards(with_low=with_low))
    a_opts = _placements(b, draw(st.sampled_from([1, 1, 2])), set())
    assume(a_opts)
    a = draw(st.sampled_from(a_opts))
    t_opts = _placements(b, draw(st.sampled_from([1, 1, 2])), set(a))
    assume(t_opts)
    return b, a, draw(st.sampled_from(t_opts))


@pytest.mark.slow  # property
@settings(max_examples=150, deadline=None)
@given(two_footprints())
def test_line_of_sight_is_symmetric(case):
    """R33: symmetric by construction."""
    b, a, t = case
    assert line_of_sight(b, a, t) == line_of_sight(b, t, a)


@pytest.mark.slow  # property
@settings(max_examples=120, deadline=None)
@given(two_footprints())
def test_line_of_sight_agrees_with_the_brute_force_oracle(case):
    """R33, exactly: every sight line the engine returns is clear by the oracle's
    independent test and ends on both footprints; whenever the oracle finds a clear
    segment between lattice points, the engine finds line of sight."""
    b, a, t = case
    line = sight_line(b, a, t)
    if line is not None:
        p, q = line
        assert in_closed(a, p) and in_closed(t, q)
        assert not oracle_blocked(b, p, q)
    else:
        assert not oracle_sees(b, a, t)


@pytest.mark.slow  # property
@settings(max_examples=100, deadline=None)
@given(two_footprints(with_low=True), st.sets(st.tuples(st.integers(0, 5),
                                                          st.integers(0, 4)), max_size=3))
def test_cover_agrees_with_the_brute_force_oracle(case, others):
    """R34, exactly: a segment proving no cover runs from strictly inside one footprint
    to strictly inside the other and is clear of walls and cover squares by the oracle;
    whenever the oracle finds such a segment between lattice points, there is no cover."""
    b, a, t = case
    line = open_line(b, a, t, others)
    own = set(a) | set(t)
    stops = frozenset(s for s in others if s not in own) | frozenset(
        (c, r) for r in range(b.height) for c in range(b.width)
        if b.at((c, r)).obstructs and (c, r) not in own)
    if line is not None:
        p, q = line
        assert in_open_block(a, p) and in_open_block(t, q)
        assert not oracle_blocked(b, p, q, stops)
    else:
        assert not oracle_open(b, a, t, others)


def test_visible_squares_are_those_in_sight():
    """R33: the overlay of what a creature sees is every open square it has line of
    sight to; a wall's shadow is left out, and ``within`` bounds the look."""
    rows = ("..#...", "..#...", "..#...", "......")
    b = board_of(*rows)
    seen = visible(b, [(0, 1)])
    for r in range(b.height):
        for c in range(b.width):
            if not b.at((c, r)).solid:
                assert ((c, r) in seen) == line_of_sight(b, [(0, 1)], [(c, r)])
    assert (5, 1) not in seen and (5, 0) not in seen and (3, 3) in seen  # round C3
    assert max(c for c, _ in visible(b, [(0, 1)], within=2)) == 2


def test_no_cover_through_a_slit_only_a_turned_line_finds():
    """R34 exactly: the one way from inside A2 to inside C5 turns about the corner of
    the wall at B4. The line through that corner and the footprints' corners only
    touches both footprints; turned a hair about the corner it passes inside both, so
    there is no cover (a search over lines through corners alone would say cover).

        . . .
        a . #
        . . .
        . # .
        # # b
        . . #
    """
    b = board_of("...", "..#", "...", ".#.", "##.", "..#")
    assert line_of_sight(b, [(0, 1)], [(2, 4)])
    line = open_line(b, [(0, 1)], [(2, 4)])
    assert line is not None
    assert in_open_block([(0, 1)], line[0]) and in_open_block([(2, 4)], line[1])
    assert not oracle_blocked(b, *line)
    assert not cover(b, [(0, 1)], [(2, 4)])


def test_a_line_along_the_maps_edge_does_not_slip_past_a_wall_drawn_to_it():
    """R33: a wall running to the map's edge closes it; the line along the edge would
    run along the edge the wall shares with what is off the map, inside the wall."""
    b = board_of(".#.", ".#.", ".#.")
    assert not line_of_sight(b, [(0, 0)], [(2, 0)])
