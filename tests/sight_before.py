"""The exact search of ``geometry/sight.py`` as it was before issue 28 (Fraction
arithmetic for the moved lines, no memory, cover searched even without line of sight),
kept unchanged as a test oracle: the fast path must give the same answers
(tests/test_geometry_fast_sight.py)."""


from __future__ import annotations

import math
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
_HALF = Fraction(1, 2)


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


def _columns(hull: list[tuple[int, int]], r: int) -> range:
    """The columns whose squares in row ``r`` may meet the hull: its x-extent over the
    slab ``r <= y <= r + 1``, with a square's margin (the exact test is ``_in_hull``)."""
    xs: list[float] = []
    n = len(hull)
    for i in range(n):
        (x0, y0), (x1, y1) = hull[i], hull[(i + 1) % n]
        lo, hi = max(min(y0, y1), r), min(max(y0, y1), r + 1)
        if lo > hi:
            continue
        if y0 == y1:
            xs += [x0, x1]
            continue
        xs += [x0 + (x1 - x0) * (y - y0) / (y1 - y0) for y in (lo, hi)]
    if not xs:
        return range(0)
    return range(math.floor(min(xs)) - 1, math.ceil(max(xs)) + 1)


def _vertices(obs: Obstacles, a: Rect, b: Rect, work: Work) -> list[tuple[int, int]]:
    hull = _hull([*a.corners, *b.corners])
    x0, x1 = min(a.x0, b.x0), max(a.x1, b.x1)
    y0, y1 = min(a.y0, b.y0), max(a.y1, b.y1)
    found = set(a.corners) | set(b.corners)
    for r in range(y0, y1):
        cols = _columns(hull, r) if len(hull) > 2 else range(x0, x1)
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
    spans = {}
    for r in range(max(0, y0 - 1), min(board.height, y1 + 1)):
        cols = _columns(hull, r) if len(hull) > 2 else range(x0 - 1, x1 + 1)
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


def _side(line: tuple[int, int, int], p: tuple[int, int]) -> int:
    a, b, c = line
    return b * p[0] - a * p[1] - c


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
    for key, pts in seen.items():
        meets = True
        for rect in (a, b):
            sides = [_side(key, p) for p in rect.corners]
            if min(sides) > 0 or max(sides) < 0:
                meets = False
        if meets:
            dx, dy = key[0], key[1]
            yield (dx, dy), sorted(set(pts), key=lambda p: p[0] * dx + p[1] * dy)


def _gap(a: Rect, b: Rect, p: Point, d: Point, inner: bool) -> Segment | None:
    """The part of the line ``p + t*d`` between A and B, or None when it misses one
    (with ``inner``, when it does not pass through the inside of one)."""
    ca, cb = a.clip(p, d), b.clip(p, d)
    if ca is None or cb is None:
        return None
    if inner:
        for (t0, t1), rect in ((ca, a), (cb, b)):
            tm = (t0 + t1) / 2
            if not rect.inside((p[0] + tm * d[0], p[1] + tm * d[1])):
                return None
        # cover: from the middle of one chord to the middle of the other, both inside
        s, e = (ca[0] + ca[1]) / 2, (cb[0] + cb[1]) / 2
    elif ca[1] < cb[0]:
        s, e = ca[1], cb[0]
    elif cb[1] < ca[0]:
        s, e = ca[0], cb[1]
    else:
        s = e = max(ca[0], cb[0])
    return ((p[0] + s * d[0], p[1] + s * d[1]), (p[0] + e * d[0], p[1] + e * d[1]))


def _span(rect: Rect, p: tuple[int, int], d: tuple[int, int], scale: int
          ) -> tuple[int, int] | None:
    """``Rect.clip`` for a line through an integer point along an integer direction, in
    integers: the parameters times ``scale`` (a multiple of both non-zero steps)."""
    lo, hi = None, None
    for start, step, a, b in ((p[0], d[0], rect.x0, rect.x1), (p[1], d[1], rect.y0, rect.y1)):
        if step == 0:
            if not a <= start <= b:
                return None
            continue
        unit = scale // step
        t0, t1 = (a - start) * unit, (b - start) * unit
        if t0 > t1:
            t0, t1 = t1, t0
        lo = t0 if lo is None else max(lo, t0)
        hi = t1 if hi is None else min(hi, t1)
    if lo is None or hi is None or lo > hi:
        return None
    return lo, hi


def _gap_of_line(a: Rect, b: Rect, p: tuple[int, int], d: tuple[int, int], inner: bool
                 ) -> Scaled | None:
    """``_gap`` for a line through two grid points, in integers (a ``Scaled`` segment,
    which may have length 0)."""
    scale = 2 * (abs(d[0]) or 1) * (abs(d[1]) or 1)
    ca, cb = _span(a, p, d, scale), _span(b, p, d, scale)
    if ca is None or cb is None:
        return None
    if inner:
        for (t0, t1), rect in ((ca, a), (cb, b)):
            mx, my = 2 * p[0] * scale + (t0 + t1) * d[0], 2 * p[1] * scale + (t0 + t1) * d[1]
            lim = 2 * scale
            if not (lim * rect.x0 < mx < lim * rect.x1 and lim * rect.y0 < my < lim * rect.y1):
                return None
        s2, e2 = ca[0] + ca[1], cb[0] + cb[1]  # chord middles, times 2 * scale
        den = 2 * scale
    else:
        if ca[1] < cb[0]:
            s2, e2 = ca[1], cb[0]
        elif cb[1] < ca[0]:
            s2, e2 = ca[0], cb[1]
        else:
            s2 = e2 = max(ca[0], cb[0])
        den = scale
    return (den, p[0] * den + s2 * d[0], p[1] * den + s2 * d[1],
            p[0] * den + e2 * d[0], p[1] * den + e2 * d[1])


def _points(seg: Scaled) -> Segment:
    den, x0, y0, x1, y1 = seg
    return ((Fraction(x0, den), Fraction(y0, den)), (Fraction(x1, den), Fraction(y1, den)))


def _touch_line(obs: Obstacles, seg: Scaled) -> Touch:
    if seg[1] == seg[3] and seg[2] == seg[4]:
        return touch(obs, *_points(seg))
    return touch_scaled(obs, seg)


def _moves(d: tuple[int, int], pts: list[tuple[int, int]], k: int
           ) -> Iterator[tuple[Point, Point]]:
    """The small moves of the line along ``d`` through ``pts`` (kind 2 above)."""
    fd = (Fraction(d[0]), Fraction(d[1]))
    n = (Fraction(-d[1]), Fraction(d[0]))
    pivots: list[Point] = [(Fraction(x), Fraction(y)) for x, y in pts]
    pivots += [((Fraction(u[0]) + v[0]) * _HALF, (Fraction(u[1]) + v[1]) * _HALF)
               for u, v in zip(pts, pts[1:], strict=False)]
    for sign in (1, -1):
        turned = (fd[0] * k + sign * n[0], fd[1] * k + sign * n[1])
        for pivot in pivots:
            yield pivot, turned
        base = pivots[0]
        yield (base[0] + sign * n[0] / k, base[1] + sign * n[1] / k), fd


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
        for p, step in _moves(d, pts, k):
            work.spend(cells + MOVE)
            moved = _gap(a, b, p, step, inner)
            if moved is not None and touch(obs, *moved) is Touch.FREE and found(moved):
                return moved
    return None


def _centre(rect: Rect) -> Point:
    return (Fraction(rect.x0 + rect.x1, 2), Fraction(rect.y0 + rect.y1, 2))


def sight_line(board: Board, a: Collection[Square], b: Collection[Square],
               work: Work | None = None) -> Segment | None:
    """A clear segment from footprint ``a`` to footprint ``b`` (R33), or None when there
    is none: no line of sight. The ends are exact points (x right, y down, square
    ``(c, r)`` spans ``[c, c+1] x [r, r+1]``). ``GeometryTooComplex`` past ``work``
    (by default ``budget.SIGHT_WORK``)."""
    work = work or sight_work()
    ra, rb = Rect.of(a), Rect.of(b)
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
    obs = Obstacles(board, frozenset(occupied_by_others), low=True,
                    own=ra.squares | rb.squares)
    work.spend(_length(ra, rb))
    quick = _centre(ra), _centre(rb)
    if touch(obs, *quick) is Touch.FREE:
        return quick
    if _apart(board, ra, rb, work):
        return None
    return _search(obs, ra, rb, True, work)


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


def in_the_way(board: Board, a: Collection[Square], b: Collection[Square],
               c: Collection[Square], work: Work | None = None) -> Segment | None:
    """A segment from strictly inside ``a`` to strictly inside ``b`` that R33 lets
    through (walls alone stop it) and that passes through the inside of footprint ``c``:
    proof that a creature standing on ``c`` is in the way of a line of fire, so it gives
    cover on that line (R34). None when it is in the way of none. Exact, by the search
    above with ``c``'s corners added; ``GeometryTooComplex`` past ``work``."""
    work = work or Work(sight_work().limit, "cover here", SIGHT_RULING)
    ra, rb, rc = Rect.of(a), Rect.of(b), Rect.of(c)
    obs = Obstacles(board)
    work.spend(_length(ra, rb))
    quick = _centre(ra), _centre(rb)
    if touch(obs, *quick) is Touch.FREE and _meets_inside(rc, quick):
        return quick
    if _apart(board, ra, rb, work):
        return None
    return _search(obs, ra, rb, True, work, rc)


def visible(board: Board, a: Collection[Square], within: int | None = None,
            work: Work | None = None) -> frozenset[Square]:
    """Every square that is not solid and that footprint ``a`` has line of sight to
    (R33), within ``within`` squares when given: the overlay of what a creature sees.
    One exact test per square, all within one budget (``work``, by default
    ``budget.SIGHT_AREA_WORK``: ``GeometryTooComplex`` past it); on a large map give
    ``within``."""
    work = work or Work(SIGHT_AREA_WORK, "what it sees", SIGHT_RULING)
    rect = Rect.of(a)
    out = set()
    rows = range(board.height) if within is None else \
        range(max(0, rect.y0 - within), min(board.height, rect.y1 + within))
    cols = range(board.width) if within is None else \
        range(max(0, rect.x0 - within), min(board.width, rect.x1 + within))
    for r in rows:
        for c in cols:
            sq = (c, r)
            if sq in board.solid_squares:
                continue
            if within is not None and max(rect.x0 - c, c - rect.x1 + 1,
                                          rect.y0 - r, r - rect.y1 + 1) > within:
                continue
            if line_of_sight(board, a, [sq], work):
                out.add(sq)
    return frozenset(out)
