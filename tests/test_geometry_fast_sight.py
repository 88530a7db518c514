"""Exact geometry at integer speed (issue 28): the search of geometry/sight.py in integers,
with no cover search without line of sight, with the overlay tested only next to what is
seen, and with its answers remembered per board and positions, gives exactly the answers
of the search as it was before (tests/sight_before.py, kept unchanged as the oracle), on
random boards; the memory is keyed by what decides an answer and spends the work the
search did (R33, R34, geometry/budget.py)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings, strategies as st

from momenta_cli.engine.geometry import (
    Board,
    GeometryTooComplex,
    Square,
    Terrain,
    Work,
    cover,
    footprint,
    forget,
    in_the_way,
    line_of_sight,
    sight,
    visible,
)
from momenta_cli.engine.geometry.sight import open_line, sight_line
from tests import sight_before as before

LEGEND = {".": Terrain(), "#": Terrain("wall"), "=": Terrain("low"),
          "+": Terrain("door", open=False), "/": Terrain("door", open=True)}


def board_of(*rows: str) -> Board:
    return Board(tuple(tuple(LEGEND[ch] for ch in row) for row in rows))


def _unlimited() -> Work:
    return Work(10**12, "", "")


@st.composite
def fields(draw, max_w: int = 9, max_h: int = 8):
    """A board of walls, low walls and doors, two footprints on it (SIZE 1 to 3, R31),
    a third, and other creatures' squares anywhere (some far from the two)."""
    w, h = draw(st.integers(3, max_w)), draw(st.integers(3, max_h))
    kinds = draw(st.sampled_from(["....#", "...#=", "..#=+/", ".....=#"]))
    rows = tuple("".join(draw(st.sampled_from(kinds)) for _ in range(w)) for _ in range(h))
    board = board_of(*rows)

    def place(side: int, taken: set[Square]) -> list[Square]:
        spots = [list(footprint((c, r), side)) for r in range(h - side + 1)
                 for c in range(w - side + 1)
                 if not any(board.at(s).solid or s in taken for s in footprint((c, r), side))]
        assume(spots)
        return draw(st.sampled_from(spots))

    a = place(draw(st.sampled_from([1, 1, 2, 3])), set())
    b = place(draw(st.sampled_from([1, 1, 2])), set(a))
    c = place(draw(st.sampled_from([1, 2])), set(a) | set(b))
    others = draw(st.sets(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)),
                          max_size=6))
    return board, a, b, c, sorted(others)


@settings(max_examples=120, deadline=None)
@given(fields())
def test_the_fast_search_finds_the_same_segments_as_the_exact_one_before(case):
    """R33, R34: the same segment (not only the same yes or no) for sight, cover's clear
    line and a creature in the way, each asked both ways, with the memory emptied first
    so that the integer search itself answers."""
    board, a, b, c, others = case
    for x, y in ((a, b), (b, a)):
        forget()
        assert sight_line(board, x, y, _unlimited()) == \
            before.sight_line(board, x, y, _unlimited())
        forget()
        assert open_line(board, x, y, others, _unlimited()) == \
            before.open_line(board, x, y, others, _unlimited())
        forget()
        assert in_the_way(board, x, y, c, _unlimited()) == \
            before.in_the_way(board, x, y, c, _unlimited())


@settings(max_examples=40, deadline=None)
@given(fields(max_w=10, max_h=9))
def test_the_overlay_sees_the_squares_it_saw_before(case):
    """R33: ``visible`` tests only the squares next to one seen, and finds every one the
    square-by-square overlay found, within a radius too."""
    board, a, _, _, _ = case
    assert visible(board, a, work=_unlimited()) == before.visible(board, a, work=_unlimited())
    assert visible(board, a, 2, _unlimited()) == before.visible(board, a, 2, _unlimited())


@settings(max_examples=60, deadline=None)
@given(fields())
def test_a_remembered_answer_is_the_same_and_spends_the_same_work(case):
    """The memory (sight.py): the second time a question is asked it answers from memory,
    the same answer, and charges the budget what the search charged the first time."""
    board, a, b, _, others = case
    forget()
    first, again = _unlimited(), _unlimited()
    assert cover(board, a, b, others, first) == cover(board, a, b, others, again)
    assert first.used == again.used
    assert sight.memory.kept  # the second was a lookup
    first, again = _unlimited(), _unlimited()
    assert line_of_sight(board, a, b, first) == line_of_sight(board, a, b, again)
    assert first.used == again.used


def test_a_shared_budget_runs_out_where_it_did_without_the_memory():
    """geometry/budget.py: answers from memory spend their work, so a budget shared by
    many questions (an overlay, an area) is refused as it would be without the memory."""
    rows = ("..........", ".#.#.#.#..", "..........", "#.#.#.#.#.", "..........")
    board = board_of(*rows)
    a, b = [(0, 0)], [(9, 4)]
    forget()
    probe = _unlimited()
    line_of_sight(board, a, b, probe)
    assert probe.used > 10
    for remembered in (False, True):
        if not remembered:
            forget()
        tight = Work(probe.used - 1, "line of sight here", "the GM rules it")
        with pytest.raises(GeometryTooComplex):
            line_of_sight(board, a, b, tight)
        enough = Work(probe.used, "line of sight here", "the GM rules it")
        line_of_sight(board, a, b, enough)


def test_opening_a_door_is_a_new_board_and_a_new_answer():
    """The memory is keyed by the board itself: the same corridor with its door open sees
    through, the one with it closed does not, whatever was asked first."""
    closed, opened = board_of("#.#", "#+#", "#.#"), board_of("#.#", "#/#", "#.#")
    a, b = [(1, 0)], [(1, 2)]
    forget()
    assert not line_of_sight(closed, a, b)
    assert line_of_sight(opened, a, b)
    assert not line_of_sight(closed, a, b)
    assert not cover(opened, a, b) and cover(closed, a, b)


def test_creatures_far_from_the_line_do_not_split_what_is_remembered():
    """R34 counts the creatures between the two: one elsewhere on the map changes no
    answer, so the question with it is the same question (one entry, one search)."""
    board = board_of(*["." * 12] * 8)
    a, b = [(0, 0)], [(4, 2)]

    def questions() -> int:
        return sum(key[0] == "open" for key in sight.memory.kept)

    forget()
    assert not cover(board, a, b, [(10, 7)])
    assert not cover(board, a, b, [(11, 6), (10, 7)])
    assert questions() == 1
    assert cover(board, a, b, [(2, 1)])  # one in the way is another question
    assert questions() == 2


def test_no_cover_search_without_line_of_sight(monkeypatch):
    """R34: with no line of sight nothing unobstructed gets through; the answer is cover
    at once, without the cover search (most of the old cost of such a pair)."""
    board = board_of("...#....", "...#....", "...#.=..", "...#....")
    searched: list[bool] = []
    real = sight._search

    def spy(obs, a, b, inner, work, through=None):
        searched.append(inner)
        return real(obs, a, b, inner, work, through)

    monkeypatch.setattr(sight, "_search", spy)
    forget()
    assert cover(board, [(0, 1)], [(6, 2)], [(5, 1)])
    assert True not in searched


def test_the_memory_is_bounded():
    """At most ``MEMORY`` answers are kept: the least recently asked go first."""
    board = board_of(*["." * 30] * 30)
    forget()
    for c in range(30):
        for r in range(30):
            line_of_sight(board, [(0, 0)], [(c, r)])
    assert len(sight.memory) == min(sight.MEMORY, 900)
    try:
        sight.memory.size = 10
        for c in range(20):
            line_of_sight(board, [(1, 1)], [(c, 5)])
        assert len(sight.memory.kept) == 10
    finally:
        sight.memory.size = sight.MEMORY
        forget()


def test_a_remembered_reachable_area_is_a_copy_and_keyed_by_the_creatures():
    """Paths and reachable areas are remembered too (pathfinding.py): the caller gets its
    own dict, and another creature in the way is another question (R32)."""
    from momenta_cli.engine.geometry import reachable

    board = board_of(*["." * 6] * 3)
    forget()
    first = reachable(board, (0, 1), 3)
    first.clear()
    again = reachable(board, (0, 1), 3)
    assert again and again == reachable(board, (0, 1), 3)
    blocked = reachable(board, (0, 1), 3, enemies=frozenset({(1, 0), (1, 1), (1, 2)}))
    assert (3, 1) in again and (3, 1) not in blocked


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_hot_walk_answers_as_the_general_walk_for_any_segment(data):
    """geometry/segments.py ``_walk_stops`` is ``_walk(obs, seg, True)[0]`` written again
    for speed (no list kept, the stopping squares looked up in sets): for any board,
    creatures in the way, low walls counted or not, and any slanted segment between
    lattice points of any scale, the two say the same (R33, R34)."""
    from momenta_cli.engine.geometry.segments import Obstacles, _walk, _walk_stops

    w, h = data.draw(st.integers(2, 7)), data.draw(st.integers(2, 7))
    rows = tuple("".join(data.draw(st.sampled_from("...#=")) for _ in range(w))
                 for _ in range(h))
    board = board_of(*rows)
    extra = frozenset(data.draw(st.sets(st.tuples(st.integers(0, w - 1),
                                                   st.integers(0, h - 1)), max_size=4)))
    obs = Obstacles(board, extra, data.draw(st.booleans()))
    d = data.draw(st.sampled_from([1, 2, 3, 6]))
    x0, x1 = (data.draw(st.integers(0, w * d)) for _ in range(2))
    y0, y1 = (data.draw(st.integers(0, h * d)) for _ in range(2))
    assume(x0 != x1 and y0 != y1)  # slanted: straight segments take another path
    seg = (d, x0, y0, x1, y1)
    assert _walk_stops(obs, seg) == _walk(obs, seg, True)[0]
