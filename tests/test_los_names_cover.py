"""``los`` names every creature that gives cover (issue 26 item 7; R34): each one standing
in the way of some line of fire the walls let through, not only those without which
there would be none, so the GM's answer never names fewer than the players' view does.
Checked through the CLI, and the search that decides "in the way" against the
brute-force oracle of tests/test_geometry_sight.py."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings, strategies as st

from momenta_cli.engine.battlefield import LookAt
from momenta_cli.engine.geometry import in_the_way
from momenta_cli.engine.geometry.segments import Rect
from momenta_cli.language import Meta, Request
from momenta_cli.render import los_lines
from tests.conftest import invoke
from tests.engine_helpers import session_from
from tests.test_geometry_sight import (
    _meets_open_box,
    in_open_block,
    lattice,
    oracle_blocked,
    two_footprints,
)

pytestmark = pytest.mark.usefixtures("home")

#    A B C D
# 1  . . . .      The archer at D4 shoots at Mark (A2). The Ogre (C2-D3) is in the way
# 2  M . O O      of most lines, Vex (B3) and the Hidden Shade (C4) of some: with the
# 3  . V O O      Shade there, neither Vex nor the Ogre alone is what the cover hangs
# 4  . . S A      on, yet all three stand in the way.
FIELD = """
name: Three in the way
weapons:
  - {name: Shortbow, weight: Medium, attribute: AGI, tags: [Piercing, Range 20],
     damage: {0s: 1, 1s: 3, 2s: 5, 3+: 7}}
map:
  rows: |
    ........
    ........
    ........
    ........
    ........
combatants:
  - {name: Archer, side: allies, attributes: {AGI: 3}, weapons: [Shortbow], at: D4}
  - {name: Mark, side: adversaries, at: A2}
  - {name: Ogre, side: adversaries, attributes: {SIZE: 2}, at: C2}
  - {name: Vex, side: adversaries, at: B3}
  - {name: Shade, side: adversaries, at: C4, conditions: {Hidden: 1}}
"""


def test_los_names_every_creature_in_the_way_even_where_the_players_view_names_fewer(
        tmp_path):
    """R34: the cover is the Ogre's, Vex's and the Hidden Shade's, and `momenta los` says
    so (the Shade as "a Hidden creature", R20). The players' view, which has no Shade,
    names the Ogre and Vex: the GM's answer names no fewer."""
    enc = tmp_path / "three.yaml"
    enc.write_text(FIELD)
    r = invoke("los", enc, "archer", "mark")
    assert r.exit_code == 0, r.output
    assert "cover: yes (R34): Ogre, Vex and a Hidden creature" in r.output
    assert "Shade" not in r.output
    s = session_from(FIELD)
    players = los_lines(s.state, Meta(Request.LOS, command=LookAt("archer", "mark")),
                        players=True)
    assert players[-1] == "  cover: yes (R34): Ogre and Vex"


ASIDE = """
name: One in the way
map:
  rows: |
    .....
    .....
    .....
combatants:
  - {name: Archer, side: allies, at: A1}
  - {name: Mark, side: adversaries, at: E3}
  - {name: Vex, side: adversaries, at: C2}
  - {name: Wick, side: adversaries, at: E1}
"""


def test_a_creature_beside_every_line_of_fire_is_not_named(tmp_path):
    """R34: Vex at C2 stands in every line from A1 to E3; Wick at E1, inside the box
    the two span but beside every line between them, gives no cover and is not named."""
    enc = tmp_path / "aside.yaml"
    enc.write_text(ASIDE)
    r = invoke("los", enc, "archer", "mark")
    assert r.exit_code == 0, r.output
    assert "cover: yes (R34): Vex\n" in r.output and "Wick" not in r.output


def _inside(c, p, q) -> bool:
    """The segment meets the open inside of the block ``c`` (the oracle's exact test)."""
    box = Rect.of(c)
    return _meets_open_box(p, q, box.x0, box.y0, box.x1, box.y1)


def _oracle_in_the_way(board, a, t, c, n=4) -> bool:
    return any(not oracle_blocked(board, p, q) and _inside(c, p, q)
               for p, q in itertools.product(lattice(a, n, True), lattice(t, n, True)))


@pytest.mark.slow  # property
@settings(max_examples=80, deadline=None)
@given(two_footprints(with_low=True), st.integers(0, 5), st.integers(0, 4),
       st.sampled_from([1, 1, 2]))
def test_in_the_way_agrees_with_the_brute_force_oracle(case, col, row, side):
    """A segment ``in_the_way`` returns runs from strictly inside one footprint to
    strictly inside the other, is clear of walls by the oracle's own test and passes
    strictly inside the creature's squares; whenever the oracle finds such a lattice
    segment, the search finds one."""
    b, a, t = case
    c = [(col + dc, row + dr) for dc in range(side) for dr in range(side)]
    assume(all(b.on(sq) and not b.at(sq).solid for sq in c))
    assume(not set(c) & (set(a) | set(t)))
    line = in_the_way(b, a, t, c)
    if line is not None:
        p, q = line
        assert in_open_block(a, p) and in_open_block(t, q)
        assert not oracle_blocked(b, p, q) and _inside(c, p, q)
    else:
        assert not _oracle_in_the_way(b, a, t, c)
