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
    if len(a) == 1 and len(b) == 1:  # most creatures: asked thousands of times a fight
        (p,), (q,) = a, b
        return max(abs(p[0] - q[0]), abs(p[1] - q[1]))
    if not a or not b:
        raise ValueError("a footprint needs at least one square")
    ba, bb = _box(a), _box(b)
    if ba is not None and bb is not None:
        # Two whole rectangles (every creature's footprint): the nearest squares are
        # across the gap between their edges, worked out at once, not pair by pair (a
        # SIZE 20 creature has 400 squares: 160,000 pairs against another).
        dc = max(0, bb[0] - ba[2], ba[0] - bb[2])
        dr = max(0, bb[1] - ba[3], ba[1] - bb[3])
        return max(dc, dr)
    return min(steps(p, q) for p in a for q in b)


def _box(squares: Collection[Square]) -> tuple[int, int, int, int] | None:
    """``(c0, r0, c1, r1)`` when ``squares`` fill that rectangle exactly, else None."""
    cols = [c for c, _ in squares]
    rows = [r for _, r in squares]
    c0, c1, r0, r1 = min(cols), max(cols), min(rows), max(rows)
    if (c1 - c0 + 1) * (r1 - r0 + 1) != len(set(squares)):
        return None
    return c0, r0, c1, r1


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
                 reactor: Collection[Square], reach: int,
                 air: Collection[Square] = ()) -> int | None:
    """R35 Intercept: the index in ``squares`` (a path's positions, top-left squares of a
    ``side`` x ``side`` mover, in order) of the first step that enters a position within
    ``reach`` of ``reactor`` from one outside it; None when it never does (once per
    reactor per movement: later entries are not looked for). ``air``: the positions
    crossed in the air over a jumped gap (ch19 Horizontal Jump), which are no step: a
    jump goes from take-off to landing, and reach is checked at the landing, never in
    the air (R35); a movement never ends in the air, so its last position is a step
    whatever ``air`` holds (a Move that jumps a pit and then walks back into it).
    Forestall asks ``within`` at the start instead."""
    was = within(footprint(start, side), reactor, reach)
    for i, pos in enumerate(squares):
        if pos in air and i < len(squares) - 1:
            continue
        now = within(footprint(pos, side), reactor, reach)
        if now and not was:
            return i
        was = now
    return None
