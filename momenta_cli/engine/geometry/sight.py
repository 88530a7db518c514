"""Exact line of sight (R33) and cover (R34) between two footprints.

The question. A and B are closed blocks of squares (footprints). R33: is there a segment
from a point of A to a point of B that meets nothing of the blocked set (see
``segments``: solid interiors, the edge two solid squares share, the point where two solid
squares meet diagonally)? R34 (cover): is there a segment from a point strictly inside A
to a point strictly inside B that also avoids the open interior of every cover square (a
partial obstruction, another creature) and the seam two of them (or one and a wall)
share? No such segment means cover.

The algorithm. A segment from A to B lies on a line L; the part of L between A and B
(``gap(L)``: from where L leaves A to where it reaches B) is inside every such segment, so
a segment exists on L iff ``gap(L)`` is clear. Let V be the corners of A and B and every
corner of a stopping square inside the convex hull of A and B (``gap(L)`` never leaves
that hull, so farther corners cannot touch it), except the points where three or four
solid squares meet: a clear gap never passes through or near one (it would cross a solid
interior or squeeze), so nothing below needs them. The candidates are:

1. every line through two points of V that meets both A and B;
2. each such line moved off those points by a tiny exact amount: rotated about each of
   its points of V, rotated about the midpoint between two consecutive ones, and shifted
   sideways, each both ways. The amount (1/K, K > (width+height)^2) is smaller than the
   distance from the line to any point of V off it, so no other point changes side.

Each candidate is tested exactly (``segments.touch``); a candidate that passes is a real
segment, so there are no false positives. Why nothing is missed: take a clear segment on
a line L.

- L through two or more points of V: L is a candidate of kind 1.
- L through exactly one point w of V: rotate L about w. Until the line reaches a second
  point v of V nothing changes: a clear gap touches a stopping square only at points of
  V, the line passes the same two opposite quarters around w, and A and B are left only
  at their corners, which are in V. So the line through w and v, rotated back by 1/K
  about w, is clear: a candidate of kind 2.
- L through no point of V: every line with the same sides for all points of V ("face")
  is clear too. Along a path inside a face the gap moves continuously and can only start
  to meet the blocked set by touching a stopping square, which happens at a point of V,
  or at a squeeze point, which is in V. Shift L until it meets a point w of V, then turn
  it about w (staying just on L's side) until it meets a second one v: the line through w
  and v has L's face next to it, and the small moves of kind 2 reach every face next to
  a line (which side of each of its points of V the moved line passes is all that can
  differ).

Shortcuts, all exact: the centre-to-centre segment is tried first (most pairs in sight
end there); footprints that touch see each other through a shared point off the blocked
set. Pruning: if ``gap(L)`` crosses a stopping square's interior or runs along an edge
two sealing squares share (``segments``), the gap of every line near enough to L crosses
a stopping interior; a face next to L holds such
lines, so the whole face is blocked and the small moves of L are skipped. Only a line
blocked by squeeze points alone (or, for cover, one that only grazes A or B) needs them.

Cover is the same search with the cover squares' interiors stopping too (the two
creatures' own squares never do) and each line required to pass through the inside of A
and of B; its segment runs from the middle of its chord in A to the middle of its chord
in B (the parts inside A and B meet nothing). A line that only grazes a footprint's edge
does not count, which is why the small moves matter here (a slit a line must turn about a
wall's corner to get through: see the tests). "Unobstructed" in R34 is read with R33's
conventions: a segment through a squeeze point or along a shared solid edge lets nothing
through, so it proves no lack of cover either, and likewise (R34) a segment along the seam
two cover squares share, or a cover square and a wall: it passes between them inside the
shield. A seam's ends are corners of cover squares, already in V, so the argument above
holds as written. With no line of sight at all the answer is cover (nothing gets
through).

Arithmetic and memory (issue 28): every candidate is a line through a point with one
common denominator along an integer direction, clipped, cut and walked in integers
(``_gap_of_line``, ``segments.touch_scaled``); the answers are those of the same search in
``Fraction`` arithmetic (tests/sight_before.py keeps it, tests/test_geometry_fast_sight.py
compares them). Cover is searched only where there is line of sight (a segment clear of
cover is clear of walls). Each answer is remembered per board and question with the work
it cost (memory.py). The overlay (``visible``) floods from what is seen (``_seen_from``).

Symmetric by construction: the candidates and the gap do not depend on which footprint
is the attacker. The brute-force oracle of ``tests/test_geometry_sight.py`` checks the
search both ways (every segment it returns is clear by an independent test; every clear
lattice segment the oracle finds means the search finds one too).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Collection, Iterator
from fractions import Fraction

from momenta_cli.engine.geometry.board import Board, Square
from momenta_cli.engine.geometry.budget import (
    MOVE,
    PAIR,
    SIGHT_AREA_WORK,
    SIGHT_RULING,
    Work,
    sight_work,
)
from momenta_cli.engine.geometry.memory import Memory
from momenta_cli.engine.geometry.segments import (
    Obstacles,
    Point,
    Rect,
    Scaled,
    Touch,
    touch,
    touch_scaled,
)

Segment = tuple[Point, Point]


def _cross(o: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _hull(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    pts = sorted(set(points))
    lower: list[tuple[int, int]] = []
    upper: list[tuple[int, int]] = []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _in_hull(hull: list[tuple[int, int]], p: tuple[int, int]) -> bool:
    n = len(hull)
    return all(_cross(hull[i], hull[(i + 1) % n], p) >= 0 for i in range(n))


def _columns(hull: list[tuple[int, int]], rows: range) -> dict[int, range]:
    """For each row ``r`` of ``rows``, the columns whose squares in that row may meet the
    hull: its x-extent over the slab ``r <= y <= r + 1``, with a square's margin (the
    exact test is ``_in_hull``). The hull's corners are grid points, so over a slab its
    extent is the wider of its cross-sections at ``y = r`` and ``y = r + 1``: each is
    worked out once, in integers (floor and ceiling of each end), for both rows it
    bounds."""
    ends: dict[int, tuple[int, int]] = {}
    first, last = rows.start, rows.stop  # the cross-sections at first .. last
    n = len(hull)
    for i in range(n):
        (xa, ya), (xb, yb) = hull[i], hull[(i + 1) % n]
        if ya == yb:
            if first <= ya <= last:
                lo, hi = min(xa, xb), max(xa, xb)
                known = ends.get(ya)
                ends[ya] = (lo, hi) if known is None else \
                    (min(known[0], lo), max(known[1], hi))
            continue
        if ya > yb:
            xa, ya, xb, yb = xb, yb, xa, ya
        den = yb - ya
        for y in range(max(ya, first), min(yb, last) + 1):
            num = xa * den + (xb - xa) * (y - ya)
            lo, hi = num // den, -(-num // den)
            known = ends.get(y)
            ends[y] = (lo, hi) if known is None else (min(known[0], lo), max(known[1], hi))
    out = {}
    for r in rows:
        top, bottom = ends.get(r), ends.get(r + 1)
        if top is None or bottom is None:
            top = bottom = top or bottom
        out[r] = range(0) if top is None or bottom is None else \
            range(min(top[0], bottom[0]) - 1, max(top[1], bottom[1]) + 1)
    return out


def _vertices(obs: Obstacles, a: Rect, b: Rect, work: Work) -> list[tuple[int, int]]:
    hull = _hull([*a.corners, *b.corners])
    x0, x1 = min(a.x0, b.x0), max(a.x1, b.x1)
    y0, y1 = min(a.y0, b.y0), max(a.y1, b.y1)
    found = set(a.corners) | set(b.corners)
    spans = _columns(hull, range(y0, y1)) if len(hull) > 2 else {}
    for r in range(y0, y1):
        cols = spans[r] if spans else range(x0, x1)
        cols = range(max(cols.start, x0), min(cols.stop, x1))
        work.spend(len(cols))
        for c in cols:
            if obs.stops(c, r):
                found.update(p for p in ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))
                             if p not in found and _in_hull(hull, p) and not _inside(obs, p))
    return sorted(found)


def _apart(board: Board, a: Rect, b: Rect, work: Work) -> bool:
    """True when no segment from ``a`` to ``b`` can miss R33's blocked set because the open
    squares where it would have to go do not join up: flooding from ``a`` through open
    squares that share an edge, and only through squares meeting the convex hull of the
    two blocks (touching it along an edge will do), never reaches ``b``. Exact as a
    proof of no line of sight: a clear segment stays in that hull, every point of it is
    in an open square, and where it passes from one open square to another they share an
    edge or a corner that is no squeeze point (so a third open square shares an edge
    with both). One step per square flooded: a wall of walls (a checkerboard, a closed
    room) is answered at once."""
    hull = _hull([*a.corners, *b.corners])
    x0, x1 = min(a.x0, b.x0), max(a.x1, b.x1)
    y0, y1 = min(a.y0, b.y0), max(a.y1, b.y1)
    solid = board.solid_squares
    if any(sq in solid for sq in a.squares):
        return False
    # a square touching the hull only along its edge counts: a segment may run there
    lo, hi = max(0, x0 - 1), min(board.width, x1 + 1)
    rows = range(max(0, y0 - 1), min(board.height, y1 + 1))
    wide = _columns(hull, rows) if len(hull) > 2 else {}
    spans = {}
    for r in rows:
        cols = wide[r] if wide else range(x0 - 1, x1 + 1)
        spans[r] = range(max(cols.start, lo), min(cols.stop, hi))
    goal = b.squares
    seen = set(a.squares)
    todo = list(seen)
    while todo:
        work.spend(len(todo))
        nxt = []
        for c, r in todo:
            for sq in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if sq in seen or sq[1] not in spans or sq[0] not in spans[sq[1]] \
                        or sq in solid:
                    continue
                if sq in goal:
                    return False
                seen.add(sq)
                nxt.append(sq)
        todo = nxt
    return not (goal & seen)


def _inside(obs: Obstacles, p: tuple[int, int]) -> bool:
    """Three or four solid squares meet at ``p``: no clear segment comes near it (every
    one through it or close by crosses a solid interior or squeezes), so it is left out
    of V; the face argument above still holds without it."""
    x, y = p
    return sum((obs.solid(x - 1, y - 1), obs.solid(x, y - 1), obs.solid(x - 1, y),
                obs.solid(x, y))) >= 3


def _lines(vs: list[tuple[int, int]], a: Rect, b: Rect
           ) -> Iterator[tuple[tuple[int, int], list[tuple[int, int]]]]:
    """Each line through two points of ``vs`` meeting both blocks: its primitive
    direction and its points of ``vs`` in order along it."""
    seen: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for i, u in enumerate(vs):
        for v in vs[i + 1:]:
            dx, dy = v[0] - u[0], v[1] - u[1]
            g = math.gcd(dx, dy)
            dx, dy = dx // g, dy // g
            if dx < 0 or (dx == 0 and dy < 0):
                dx, dy = -dx, -dy
            key = (dx, dy, dy * u[0] - dx * u[1])
            pts = seen.get(key)
            if pts is None:
                seen[key] = [u, v]
            else:
                pts.append(v)
    corners = (a.corners, b.corners)
    for key, pts in seen.items():
        dx, dy, c = key
        meets = True
        for block in corners:  # which side of the line each corner is: none is on both
            sides = [dy * x - dx * y - c for x, y in block]
            if min(sides) > 0 or max(sides) < 0:
                meets = False
                break
        if meets:
            yield (dx, dy), sorted(set(pts), key=lambda p: p[0] * dx + p[1] * dy)


def _span(rect: Rect, p: tuple[int, int], q: int, d: tuple[int, int], scale: int
          ) -> tuple[int, int] | None:
    """``Rect.clip`` in integers for the line through the point ``p / q`` along the
    integer direction ``d``: the parameters times ``scale`` (a multiple of ``q`` times
    each non-zero step). Written out axis by axis: every candidate line asks it twice."""
    px, py = p
    dx, dy = d
    if dx == 0:
        if not rect.x0 * q <= px <= rect.x1 * q:
            return None
    else:
        unit = scale // (q * dx)
        lo, hi = (rect.x0 * q - px) * unit, (rect.x1 * q - px) * unit
        if lo > hi:
            lo, hi = hi, lo
    if dy == 0:
        if dx == 0 or not rect.y0 * q <= py <= rect.y1 * q:
            return None
        return lo, hi
    unit = scale // (q * dy)
    t0, t1 = (rect.y0 * q - py) * unit, (rect.y1 * q - py) * unit
    if t0 > t1:
        t0, t1 = t1, t0
    if dx != 0:
        t0, t1 = max(lo, t0), min(hi, t1)
    return None if t0 > t1 else (t0, t1)


def _gap_of_line(a: Rect, b: Rect, p: tuple[int, int], d: tuple[int, int], inner: bool,
                 q: int = 1) -> Scaled | None:
    """``gap(L)`` (above) of the line through the point ``p / q`` along the integer
    direction ``d``, or None when it misses a block (with ``inner``, when it does not
    pass through the inside of one); in integers, a ``Scaled`` segment that may have
    length 0. Every candidate of the search is such a line: through two grid points, or
    one moved off them by ``1/K`` (``_moves``), so no ``Fraction`` is made until a clear
    one is found."""
    scale = 2 * q * (abs(d[0]) or 1) * (abs(d[1]) or 1)
    ca, cb = _span(a, p, q, d, scale), _span(b, p, q, d, scale)
    if ca is None or cb is None:
        return None
    unit = scale // q  # the point p / q, times scale: p * unit
    if inner:
        lim = 2 * scale
        for (t0, t1), rect in ((ca, a), (cb, b)):
            mx, my = 2 * p[0] * unit + (t0 + t1) * d[0], 2 * p[1] * unit + (t0 + t1) * d[1]
            if not (lim * rect.x0 < mx < lim * rect.x1 and lim * rect.y0 < my < lim * rect.y1):
                return None
        s2, e2 = ca[0] + ca[1], cb[0] + cb[1]  # chord middles, times 2 * scale
        den, unit = lim, 2 * unit
    else:
        if ca[1] < cb[0]:
            s2, e2 = ca[1], cb[0]
        elif cb[1] < ca[0]:
            s2, e2 = ca[0], cb[1]
        else:
            s2 = e2 = max(ca[0], cb[0])
        den = scale
    return (den, p[0] * unit + s2 * d[0], p[1] * unit + s2 * d[1],
            p[0] * unit + e2 * d[0], p[1] * unit + e2 * d[1])


def _points(seg: Scaled) -> Segment:
    den, x0, y0, x1, y1 = seg
    return ((Fraction(x0, den), Fraction(y0, den)), (Fraction(x1, den), Fraction(y1, den)))


def _touch_line(obs: Obstacles, seg: Scaled) -> Touch:
    if seg[1] == seg[3] and seg[2] == seg[4]:
        return touch(obs, *_points(seg))
    return touch_scaled(obs, seg)


Moved = tuple[tuple[int, int], int, tuple[int, int]]  # the point p / q, the direction


def _moves(d: tuple[int, int], pts: list[tuple[int, int]], k: int) -> Iterator[Moved]:
    """The small moves of the line along ``d`` through ``pts`` (kind 2 above), each as
    a point ``p / q`` and an integer direction: turned by ``1/K`` about each point and
    each middle between two consecutive ones, and shifted sideways by ``1/K``."""
    n = (-d[1], d[0])
    pivots = [((x, y), 1) for x, y in pts]
    pivots += [((u[0] + v[0], u[1] + v[1]), 2) for u, v in zip(pts, pts[1:], strict=False)]
    base = pts[0]
    for sign in (1, -1):
        turned = (d[0] * k + sign * n[0], d[1] * k + sign * n[1])
        for pivot, q in pivots:
            yield pivot, q, turned
        yield (base[0] * k + sign * n[0], base[1] * k + sign * n[1]), k, d


def _meets_inside(rect: Rect, seg: Segment) -> bool:
    """The segment passes through the open inside of the block ``rect`` (its middle seams
    included): the middle of the part of it in the closed block is strictly inside
    (convexity: if any point of that part is, so is every point between it and an end)."""
    p, q = seg
    if p == q:
        return rect.inside(p)
    span = rect.clip(p, (q[0] - p[0], q[1] - p[1]))
    if span is None:
        return False
    t0, t1 = max(span[0], Fraction(0)), min(span[1], Fraction(1))
    if t0 > t1:
        return False
    tm = (t0 + t1) / 2
    return rect.inside((p[0] + tm * (q[0] - p[0]), p[1] + tm * (q[1] - p[1])))


def _search(obs: Obstacles, a: Rect, b: Rect, inner: bool, work: Work,
            through: Rect | None = None) -> Segment | None:
    """The search above; with ``through``, only a segment that also passes through the
    inside of that block counts (its corners join V: which side of them a line passes
    decides whether it meets the block, so the face argument holds)."""
    k = 2 * (obs.board.width + obs.board.height + 1) ** 2 + 1
    vs = _vertices(obs, a, b, work)
    if through is not None:
        vs = sorted(set(vs) | set(through.corners))

    def found(seg: Segment) -> bool:
        return through is None or _meets_inside(through, seg)
    # the pairs ``_lines`` looks at (and keeps the lines of): PAIR units each
    work.spend(PAIR * (len(vs) * (len(vs) - 1) // 2))
    # a tested segment stays in the two's bounding box: it crosses at most this many squares
    cells = 2 + max(a.x1, b.x1) - min(a.x0, b.x0) + max(a.y1, b.y1) - min(a.y0, b.y0)
    for d, pts in _lines(vs, a, b):
        work.spend(cells)
        gap = _gap_of_line(a, b, pts[0], d, inner)
        if gap is not None:
            how = _touch_line(obs, gap)
            if how is Touch.FREE and found(_points(gap)):
                return _points(gap)
            if how is Touch.ROBUST:
                continue
        for p, q, step in _moves(d, pts, k):
            work.spend(cells + MOVE)
            moved = _gap_of_line(a, b, p, step, inner, q)
            if moved is not None and _touch_line(obs, moved) is Touch.FREE \
                    and found(_points(moved)):
                return _points(moved)
    return None


def _centre(rect: Rect) -> Point:
    return (Fraction(rect.x0 + rect.x1, 2), Fraction(rect.y0 + rect.y1, 2))


def _sight_line(board: Board, ra: Rect, rb: Rect, work: Work) -> Segment | None:
    obs = Obstacles(board)
    work.spend(_length(ra, rb))
    quick = _centre(ra), _centre(rb)
    if touch(obs, *quick) is Touch.FREE:
        return quick
    touching = _touching(ra, rb)
    if touching is not None and touch(obs, touching, touching) is Touch.FREE:
        return touching, touching
    if _apart(board, ra, rb, work):
        return None
    return _search(obs, ra, rb, False, work)


def sight_line(board: Board, a: Collection[Square], b: Collection[Square],
               work: Work | None = None) -> Segment | None:
    """A clear segment from footprint ``a`` to footprint ``b`` (R33), or None when there
    is none: no line of sight. The ends are exact points (x right, y down, square
    ``(c, r)`` spans ``[c, c+1] x [r, r+1]``). ``GeometryTooComplex`` past ``work``
    (by default ``budget.SIGHT_WORK``). Remembered per board and blocks (memory.py)."""
    work = work or sight_work()
    ra, rb = Rect.of(a), Rect.of(b)
    return _recall(("sight", board, ra, rb), work, lambda: _sight_line(board, ra, rb, work))


def line_of_sight(board: Board, a: Collection[Square], b: Collection[Square],
                  work: Work | None = None) -> bool:
    """Whether footprint ``a`` has line of sight to footprint ``b`` (R33): exact and
    symmetric. ``GeometryTooComplex`` when the map is too complex to decide it within
    ``work`` (by default ``budget.SIGHT_WORK``: realistic maps never come near)."""
    return sight_line(board, a, b, work) is not None


def _length(a: Rect, b: Rect) -> int:
    """The squares a segment between the two blocks may cross, at most: the work of one
    exact test."""
    return 2 + max(a.x1, b.x1) - min(a.x0, b.x0) + max(a.y1, b.y1) - min(a.y0, b.y0)


def _touching(a: Rect, b: Rect) -> Point | None:
    """The middle of what the two closed blocks share (an edge or a corner), or None."""
    x0, x1 = max(a.x0, b.x0), min(a.x1, b.x1)
    y0, y1 = max(a.y0, b.y0), min(a.y1, b.y1)
    if x0 > x1 or y0 > y1:
        return None
    return (Fraction(x0 + x1, 2), Fraction(y0 + y1, 2))


def _near(ra: Rect, rb: Rect, squares: Collection[Square]) -> frozenset[Square]:
    """The squares of ``squares`` that can matter to a segment between the two blocks:
    those in their bounding box or one square around it (a segment between them stays
    in the box; along the box's edge the squares beside it decide a seam), never the
    two's own. The rest changes no answer, so it is left out of what is remembered."""
    x0, x1 = min(ra.x0, rb.x0) - 1, max(ra.x1, rb.x1)
    y0, y1 = min(ra.y0, rb.y0) - 1, max(ra.y1, rb.y1)
    return frozenset(sq for sq in squares if x0 <= sq[0] <= x1 and y0 <= sq[1] <= y1
                     and not (ra.x0 <= sq[0] < ra.x1 and ra.y0 <= sq[1] < ra.y1)
                     and not (rb.x0 <= sq[0] < rb.x1 and rb.y0 <= sq[1] < rb.y1))


def _open_line(board: Board, ra: Rect, rb: Rect, others: frozenset[Square], work: Work
               ) -> Segment | None:
    obs = Obstacles(board, others, low=True, own=ra.squares | rb.squares)
    work.spend(_length(ra, rb))
    quick = _centre(ra), _centre(rb)
    if touch(obs, *quick) is Touch.FREE:
        return quick
    # no cover search without line of sight: a segment clear of cover is clear of walls
    if _recall(("sight", board, ra, rb), work, lambda: _sight_line(board, ra, rb, work)) \
            is None:
        return None
    return _search(obs, ra, rb, True, work)


def open_line(board: Board, a: Collection[Square], b: Collection[Square],
              occupied_by_others: Collection[Square] = (), work: Work | None = None
              ) -> Segment | None:
    """A segment from strictly inside ``a`` to strictly inside ``b`` that meets nothing
    of R33's blocked set, no cover square's interior (a partial obstruction of the
    board, or a square in ``occupied_by_others`` other than ``a``'s and ``b``'s) and no
    seam two of those (or one and a wall) share: the sight line that proves there is no
    cover (R34). None when there is none.
    ``GeometryTooComplex`` past ``work`` (by default ``budget.SIGHT_WORK``)."""
    work = work or Work(sight_work().limit, "cover here", SIGHT_RULING)
    ra, rb = Rect.of(a), Rect.of(b)
    others = _near(ra, rb, occupied_by_others)
    return _recall(("open", board, ra, rb, others), work,
                   lambda: _open_line(board, ra, rb, others, work))


def cover(board: Board, a: Collection[Square], b: Collection[Square],
          occupied_by_others: Collection[Square] = (), work: Work | None = None) -> bool:
    """Whether the target on ``b`` has cover from a ranged attacker on ``a`` (R34, the
    least-cover reading): every segment from strictly inside ``a`` to strictly inside
    ``b`` that R33 lets through passes through the interior of a partial obstruction or
    of a square in ``occupied_by_others`` (other creatures; the two's own squares are
    ignored), or runs along the seam two such squares (or one and a wall) share. Melee
    ignores cover and Seeking ignores it (ch20): the caller does not ask. With no line
    of sight at all the answer is True (nothing unobstructed gets through);
    ask ``line_of_sight`` first. ``GeometryTooComplex`` past ``work``."""
    return open_line(board, a, b, occupied_by_others, work) is None


def _in_the_way(board: Board, ra: Rect, rb: Rect, rc: Rect, work: Work
                ) -> Segment | None:
    obs = Obstacles(board)
    work.spend(_length(ra, rb))
    quick = _centre(ra), _centre(rb)
    if touch(obs, *quick) is Touch.FREE and _meets_inside(rc, quick):
        return quick
    if _recall(("sight", board, ra, rb), work, lambda: _sight_line(board, ra, rb, work)) \
            is None:
        return None
    return _search(obs, ra, rb, True, work, rc)


def in_the_way(board: Board, a: Collection[Square], b: Collection[Square],
               c: Collection[Square], work: Work | None = None) -> Segment | None:
    """A segment from strictly inside ``a`` to strictly inside ``b`` that R33 lets
    through (walls alone stop it) and that passes through the inside of footprint ``c``:
    proof that a creature standing on ``c`` is in the way of a line of fire, so it gives
    cover on that line (R34). None when it is in the way of none. Exact, by the search
    above with ``c``'s corners added; ``GeometryTooComplex`` past ``work``."""
    work = work or Work(sight_work().limit, "cover here", SIGHT_RULING)
    ra, rb, rc = Rect.of(a), Rect.of(b), Rect.of(c)
    return _recall(("way", board, ra, rb, rc), work,
                   lambda: _in_the_way(board, ra, rb, rc, work))


# What is remembered (memory.py): sight, cover's clear line and a creature in the way,
# each keyed by the board, the blocks and, for cover, the other creatures near the two.
MEMORY = 4096  # answers kept (each a few hundred bytes with its key)
memory: Memory[Segment | None] = Memory(MEMORY)
_recall = memory.recall


def visible(board: Board, a: Collection[Square], within: int | None = None,
            work: Work | None = None) -> frozenset[Square]:
    """Every square that is not solid and that footprint ``a`` has line of sight to
    (R33), within ``within`` squares when given: the overlay of what a creature sees.
    One exact test per square next to one already seen (``_seen_from``), all within one
    budget (``work``, by default ``budget.SIGHT_AREA_WORK``: ``GeometryTooComplex``
    past it); on a large map give ``within``."""
    work = work or Work(SIGHT_AREA_WORK, "what it sees", SIGHT_RULING)
    return _seen_from(board, Rect.of(a), within, work)


def _seen_from(board: Board, rect: Rect, within: int | None, work: Work
               ) -> frozenset[Square]:
    """``visible``, testing only the squares next to one already seen. Why nothing is
    missed: a clear segment from A to a square S that does not touch A enters S at a
    point of its edge, and just before that runs through the inside of an open square or
    along an edge with an open square beside it (two solid ones would block it, R33):
    either way a square next to S (one of its 8) whose closed square that part of the
    segment reaches, so one A sees too. Walking back along the segment, every square it
    passes is seen, and each is next to the one after it: the flood below, from A's own
    squares, reaches S and tests it. The distance to A only grows along a segment from
    A (A is convex), so that chain stays within ``within`` too. The squares deep in a
    shadow, next to no seen square, are never tested: the work grows with what is seen
    and its rim, not with the whole map.

    Each test tries first the rays that proved a neighbour seen (``_further``): a ray
    from A's centre known clear up to some point, carried on to where it enters S, only
    that last stretch walked. Where one gets there it is a clear segment from a point of
    A to a point of S, a proof; where none does, the exact test answers. So a square in
    the open costs a few steps, not a walk from A."""
    solid = board.solid_squares
    x0, y0 = max(0, rect.x0 - within) if within is not None else 0, \
        max(0, rect.y0 - within) if within is not None else 0
    x1 = board.width if within is None else min(board.width, rect.x1 + within)
    y1 = board.height if within is None else min(board.height, rect.y1 + within)
    obs = Obstacles(board)
    centre = _centre(rect)
    cx, cy = rect.x0 + rect.x1, rect.y0 + rect.y1  # A's centre in half squares
    rays: dict[Square, tuple[int, int, int, int]] = {}
    out: set[Square] = set()
    asked: set[Square] = set()
    todo = deque(sorted(rect.squares, key=lambda q: (q[1], q[0])))
    while todo:
        sq = todo.popleft()
        c, r = sq
        if sq in asked or not (x0 <= c < x1 and y0 <= r < y1) or sq in solid:
            continue
        asked.add(sq)
        ray = _further(obs, cx, cy, sq, rays, work)
        if ray is None:
            found = _sight_line(board, rect, Rect(c, r, c + 1, r + 1), work)
            if found is None:
                continue
            dx, dy = 2 * c + 1 - cx, 2 * r + 1 - cy
            if found == (centre, (Fraction(2 * c + 1, 2), Fraction(2 * r + 1, 2))) \
                    and (dx or dy):
                ray = (dx, dy, 1, 1)  # the centre ray, clear to the square's centre
        if ray is not None:
            rays[sq] = ray
        out.add(sq)
        todo.extend((c + dc, r + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                    if (c + dc, r + dr) not in asked)
    return frozenset(out)


def _further(obs: Obstacles, cx: int, cy: int, sq: Square,
             rays: dict[Square, tuple[int, int, int, int]], work: Work
             ) -> tuple[int, int, int, int] | None:
    """A ray of a seen neighbour of ``sq`` carried on into ``sq``: ``(dx, dy, tn, td)``,
    the ray from A's centre ``(cx, cy) + t * (dx, dy)`` (half squares) known clear for
    ``0 <= t <= tn / td``, now reaching the closed square ``sq``; None when none does."""
    c, r = sq
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            ray = rays.get((c + dc, r + dr))
            if ray is None:
                continue
            dx, dy, tn, td = ray
            entry = _entry(cx, cy, dx, dy, 2 * c, 2 * r)
            work.spend(1)
            if entry is None:
                continue
            en, ed = entry
            if en * td <= tn * ed:  # it was in the square before where it is known clear
                return ray
            # the stretch from there to where it enters the square, in integers
            den = 2 * td * ed
            seg = (den, (cx * td + tn * dx) * ed, (cy * td + tn * dy) * ed,
                   (cx * ed + en * dx) * td, (cy * ed + en * dy) * td)
            work.spend(4)
            if touch_scaled(obs, seg) is Touch.FREE:
                return dx, dy, en, ed
    return None


def _entry(cx: int, cy: int, dx: int, dy: int, x: int, y: int) -> tuple[int, int] | None:
    """The least ``t >= 0`` (as ``(numerator, denominator)``) at which ``(cx, cy) + t *
    (dx, dy)`` is in the closed square ``[x, x + 2] x [y, y + 2]`` (half squares), or
    None when the ray never is."""
    lo_n, lo_d = 0, 1
    hi_n, hi_d = -1, 0  # no upper bound yet
    for start, step, a in ((cx, dx, x), (cy, dy, y)):
        if step == 0:
            if not a <= start <= a + 2:
                return None
            continue
        if step > 0:
            n0, n1 = a - start, a + 2 - start
        else:
            n0, n1, step = start - a - 2, start - a, -step
        if n0 * lo_d > lo_n * step:
            lo_n, lo_d = n0, step
        if hi_d == 0 or n1 * hi_d < hi_n * step:
            hi_n, hi_d = n1, step
    if hi_d == 0 or lo_n * hi_d > hi_n * lo_d:
        return None
    return lo_n, lo_d
