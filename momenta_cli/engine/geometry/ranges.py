"""Distance, reach and range on the board (R32, ch19 Movement, ch20 Melee and Ranged)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from momenta_cli.engine.geometry.board import Square, footprint


def steps(a: Square, b: Square) -> int:
    """Squares between two squares with diagonals costing 1 (ch19): the larger of the
    column and row differences."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def distance(a: Collection[Square], b: Collection[Square]) -> int:
    """Distance between two footprints (R32): between their nearest occupied squares.
    Two creatures side by side are at distance 1; overlapping footprints at 0."""
    if not a or not b:
        raise ValueError("a footprint needs at least one square")
    return min(steps(p, q) for p in a for q in b)


def within(a: Collection[Square], b: Collection[Square], n: int) -> bool:
    """``b`` is within ``n`` squares of ``a``: Melee N reaches it, Range N covers it
    (R32, ch20). Line of sight for a ranged attack is ``sight.line_of_sight``."""
    return distance(a, b) <= n


def ring(a: Collection[Square], n: int) -> frozenset[Square]:
    """Every square within ``n`` of footprint ``a`` and not in it (not clipped to a
    board): where a creature stands to be within Melee N of ``a``'s owner."""
    own = frozenset(a)
    return frozenset((c + dc, r + dr) for c, r in own
                     for dc in range(-n, n + 1) for dr in range(-n, n + 1)) - own


def comes_within(start: Square, squares: Sequence[Square], side: int,
                 reactor: Collection[Square], reach: int) -> int | None:
    """R35 Intercept: the index in ``squares`` (a path's positions, top-left squares of a
    ``side`` x ``side`` mover, in order) of the first step that enters a position within
    ``reach`` of ``reactor`` from one outside it; None when it never does (once per
    reactor per movement: later entries are not looked for). Forestall asks ``within``
    at the start instead."""
    was = within(footprint(start, side), reactor, reach)
    for i, pos in enumerate(squares):
        now = within(footprint(pos, side), reactor, reach)
        if now and not was:
            return i
        was = now
    return None
