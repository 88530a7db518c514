"""Cover through a seam (R34, ours, as R33 reads a wall's seam): a line that runs exactly
along the edge two obstructing squares share (two low walls side by side, a low wall
against a wall, the middle of a third creature's 2x2) passes between them inside the
shield, so it is no clear line: when every clear line is such a one, the target has
cover. Two obstructions meeting only at a corner still give none (R34 read literally,
tests/test_geometry_sight.py)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings, strategies as st

from momenta_cli.engine.geometry import Board, Square, Terrain, cover, footprint
from tests.engine_helpers import refused, run, session_from

ATTACKER = list(footprint((0, 1), 2))  # A2-B3: its middle is the line y = 2
TARGET = list(footprint((7, 1), 2))  # H2-I3
KINDS = {".": Terrain(), "#": Terrain("wall"), "=": Terrain("low")}


def board_of(*rows: str) -> Board:
    return Board(tuple(tuple(KINDS[ch] for ch in row) for row in rows))


OPEN = board_of(*["." * 9] * 5)


def test_two_2x2_creatures_side_by_side_give_cover_through_their_seam():
    """R34 (the issue's case): between two 2x2 creatures the only lines that miss both
    run along the edge their squares share; that seam is no clear line, so the target
    has cover, where the squares' insides alone left it none."""
    ogres = {*footprint((3, 0), 2), *footprint((3, 2), 2)}  # D1-E2 and D3-E4
    assert cover(OPEN, ATTACKER, TARGET, ogres)
    # either one alone leaves the lines past its far side open
    assert not cover(OPEN, ATTACKER, TARGET, footprint((3, 0), 2))
    assert not cover(OPEN, ATTACKER, TARGET, footprint((3, 2), 2))


def test_the_middle_of_a_third_creatures_2x2_gives_cover():
    """R34: a line along the middle of a 2x2 creature runs along the edge two of its
    squares share: it passes through the creature, not past it."""
    assert cover(OPEN, ATTACKER, TARGET, footprint((3, 1), 2))  # D2-E3


def test_two_low_walls_side_by_side_and_a_low_wall_against_a_wall_give_cover():
    """R34: the seam of two low walls, or of a low wall and a wall, is inside the
    shield. Moved apart by a square, the low walls leave a clear line between them."""
    stacked = board_of(".........", "....=....", "....=....", ".........", ".........")
    assert cover(stacked, ATTACKER, TARGET)
    against = board_of(".........", "....=....", "....#....", ".........", ".........")
    assert cover(against, ATTACKER, TARGET)
    apart = board_of("....=....", ".........", ".........", "....=....", ".........")
    assert not cover(apart, ATTACKER, TARGET)


def test_low_walls_meeting_at_a_corner_still_give_no_cover():
    """R34 read literally, unchanged by the seam: two low walls touching only at a
    corner share no edge, and the line through that corner passes through neither."""
    assert not cover(board_of("....=", "...=."), [(0, 0)], [(4, 1)])


SEAM_FIGHT = """
name: Seam
weapons:
  - {name: Shortbow, weight: Medium, attribute: AGI, tags: [Piercing, Range 20],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
stat_blocks:
  - name: Ogre
    side: adversaries
    threat: Regular
    attributes: {POW: 5, SPD: 4, SEN: 8, SIZE: 2}
    max_vitality: 60
map:
  rows: |
    .........
    .........
    .........
    .........
    .........
combatants:
  - {name: Archer, side: allies, attributes: {AGI: 3, SEN: 12, SIZE: 2}, weapons: [Shortbow],
     at: A2}
  - {name: Brute, stat_block: Ogre, at: H2}
  - {name: Left, stat_block: Ogre, at: D1}
  - {name: Right, stat_block: Ogre, at: D3}
"""


def test_a_bow_may_not_aim_at_mass_through_the_seam_of_two_ogres():
    """R34, R20 through the attack: the seam between the two ogres gives the Brute
    cover, so the shortbow must aim at its Edge or Mark (it could aim at Mass before)."""
    s = session_from(SEAM_FIGHT)
    run(s, "turn archer")
    refused(s, "attack brute", "Brute is in cover (map: Left and Right)", "Edge or Mark")
    run(s, "attack brute at edge", faces=[1])  # AGI 3, Edge -2


# --- the property ---------------------------------------------------------------------


@st.composite
def seam_cases(draw):
    """A board of floor and low walls, two footprints, other creatures' squares, and a
    pair of squares sharing an edge, off the footprints, each a different one of wall,
    low wall or creature."""
    w, h = 7, 5
    rows = ["".join(draw(st.sampled_from("...=")) for _ in range(w)) for _ in range(h)]
    a = list(footprint((draw(st.integers(0, w - 2)), draw(st.integers(0, h - 2))),
                       draw(st.sampled_from([1, 2]))))
    t = list(footprint((draw(st.integers(0, w - 2)), draw(st.integers(0, h - 2))),
                       draw(st.sampled_from([1, 2]))))
    u = (draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1)))
    v = (u[0] + 1, u[1]) if draw(st.booleans()) else (u[0], u[1] + 1)
    kinds = draw(st.permutations(["wall", "low", "creature"]))[:2]
    others = draw(st.sets(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)),
                          max_size=3))
    own = set(a) | set(t)
    assume(v[0] < w and v[1] < h and not own & {u, v} and not set(a) & set(t))
    assume(all(0 <= c < w and 0 <= r < h for c, r in own))
    return rows, a, t, u, v, kinds, others - own - {u, v}


def _with(rows: list[str], pair: dict[Square, str], others: set[Square]
          ) -> tuple[Board, set[Square]]:
    grid = [list(row) for row in rows]
    creatures = set(others)
    for (c, r), kind in pair.items():
        grid[r][c] = {"wall": "#", "low": "=", "creature": "."}[kind]
        if kind == "creature":
            creatures.add((c, r))
    return board_of(*("".join(row) for row in grid)), creatures


@settings(max_examples=80, deadline=None)
@given(seam_cases())
def test_cover_is_unchanged_by_swapping_which_obstruction_forms_a_seam(case):
    """R34: a seam is sealed whichever of two obstructions (a wall, a low wall, a
    creature) lies on either side of it, so swapping the two changes no cover."""
    rows, a, t, u, v, (first, second), others = case
    board, creatures = _with(rows, {u: first, v: second}, others)
    swapped, swapped_creatures = _with(rows, {u: second, v: first}, others)
    assert cover(board, a, t, creatures) == cover(swapped, a, t, swapped_creatures)


@pytest.mark.parametrize("first,second", [("wall", "low"), ("low", "creature"),
                                          ("creature", "wall")])
def test_the_seam_cases_give_cover_either_way_round(first, second):
    """R34: the three seams of the issue, each swapped, from the 2x2 archer's middle."""
    rows = ["." * 9] * 5
    for pair in ({(4, 1): first, (4, 2): second}, {(4, 1): second, (4, 2): first}):
        board, creatures = _with(rows, pair, set())
        assert cover(board, ATTACKER, TARGET, creatures)
