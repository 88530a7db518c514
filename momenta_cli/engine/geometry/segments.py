"""Exact segments on the board (R33, R34): what a straight segment between two rational
points touches, decided exactly (the ends are ``Fraction`` points; the walk over the
squares is done in integers, scaled by the ends' common denominator), never by sampling.

Coordinates: square ``(c, r)`` is the closed unit square ``[c, c+1] x [r, r+1]``; x grows
to the right, y downwards (row 1 at the top). The blocked set of R33 is

- the open interior of every *stopping* square (solid ones; for cover, R34, also the
  partial obstructions and other creatures' squares),
- the open edge two stopping or solid squares share (a segment running along it is
  inside the wall, R33; for cover it passes between two obstructions inside the shield,
  the seam of R34: two low walls side by side, a low wall against a wall, the middle of
  a 2x2 creature),
- every grid point where two solid squares meet diagonally (the corner squeeze).

An edge of a single solid or stopping square, or its corner, is not blocked: a segment
may run along it or touch it. Two low walls (or creatures) meeting only at a corner
leave that point open: R34 counts interiors and seams, not corners.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cached_property

from momenta_cli.engine.geometry.board import Board, Square

Point = tuple[Fraction, Fraction]
Scaled = tuple[int, int, int, int, int]  # (D, x0*D, y0*D, x1*D, y1*D): a segment in integers


class Touch(Enum):
    """How a segment meets the blocked set."""

    FREE = "free"
    ROBUST = "robust"  # through a stopping interior or along a shared solid edge
    CORNER = "corner"  # only through corner-squeeze points (R33's diagonal convention)


@dataclass(frozen=True)
class Obstacles:
    """What stops a segment: the board's solid squares, and for cover (R34) also the
    interiors of ``extra`` squares (other creatures) and, with ``low``, of the board's
    partial obstructions. Off the board counts as solid (no segment between two squares
    of the board leaves it, the board being a rectangle, but one may run along its
    edge): a line along the map's edge past a wall drawn up to that edge runs along an
    edge two solid squares share, and is blocked (R33)."""

    board: Board
    extra: frozenset[Square] = frozenset()
    low: bool = False
    own: frozenset[Square] = frozenset()  # never stop (the attacker's and target's)

    @cached_property
    def _size(self) -> tuple[int, int]:
        return self.board.width, self.board.height

    def solid(self, c: int, r: int) -> bool:
        w, h = self._size
        return (c, r) in self.board.solid_squares or not (0 <= c < w and 0 <= r < h)

    @cached_property
    def cover_squares(self) -> frozenset[Square]:
        """The squares that stop a segment besides the solid ones: ``extra`` and, with
        ``low``, the partial obstructions, never the two's own."""
        found = self.extra | self.board.obstructions if self.low else self.extra
        return found - self.own if self.own else found

    def stops(self, c: int, r: int) -> bool:
        sq = (c, r)
        return sq in self.board.solid_squares or sq in self.cover_squares

    def seals(self, c: int, r: int) -> bool:
        """Square ``(c, r)`` closes an edge it shares with another that seals: a solid
        square (off the board too) or a stopping one (R33, and R34's seam)."""
        return self.solid(c, r) or self.stops(c, r)

    def squeeze(self, x: int, y: int) -> bool:
        """The grid point ``(x, y)`` is where two solid squares meet diagonally."""
        nw, ne = self.solid(x - 1, y - 1), self.solid(x, y - 1)
        sw, se = self.solid(x - 1, y), self.solid(x, y)
        return (nw and se) or (ne and sw)


def _scaled(p: Point, q: Point) -> Scaled:
    """The segment in integer units: ``D`` and the ends times ``D``."""
    d = math.lcm(p[0].denominator, p[1].denominator, q[0].denominator, q[1].denominator)
    return (d, int(p[0] * d), int(p[1] * d), int(q[0] * d), int(q[1] * d))


def _start(v: int, step: int, d: int) -> tuple[int, int]:
    """The index of the square the segment is in just after its start along one axis,
    and the distance (times D) to the next grid line it crosses."""
    if step > 0:
        cell = v // d
        return cell, (cell + 1) * d - v
    cell = -((-v) // d) - 1
    return cell, v - cell * d


def _walk(obs: Obstacles, seg: Scaled, stop: bool) -> tuple[Touch, list[Square]]:
    """Walk the open squares a slanted segment passes through, in order, with integer
    arithmetic only (a grid traversal: the next grid line crossed is the one with the
    smaller parameter, compared by cross-multiplying). Where both lines are crossed at
    once the segment passes through a grid point. With ``stop``, return at the first
    stopping square."""
    d, x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    adx, ady = abs(dx), abs(dy)
    col, nx = _start(x0, dx, d)
    row, ny = _start(y0, dy, d)
    corner = any(v[0] % d == 0 and v[1] % d == 0 and obs.squeeze(v[0] // d, v[1] // d)
                 for v in ((x0, y0), (x1, y1)))
    seen: list[Square] = []
    while True:
        seen.append((col, row))
        if stop and obs.stops(col, row):
            return Touch.ROBUST, seen
        a, b = nx * ady, ny * adx
        if a < b:
            if nx >= adx:
                break
            col, nx = col + sx, nx + d
        elif a > b:
            if ny >= ady:
                break
            row, ny = row + sy, ny + d
        else:
            if nx >= adx:
                break
            if obs.squeeze(col + 1 if sx > 0 else col, row + 1 if sy > 0 else row):
                corner = True
            col, row, nx, ny = col + sx, row + sy, nx + d, ny + d
    return (Touch.CORNER if corner else Touch.FREE), seen


def _walk_stops(obs: Obstacles, seg: Scaled) -> Touch:
    """``_walk(obs, seg, True)[0]``, the hot loop of every sight and cover search: the
    same steps with the stopping squares looked up in two sets, and no list kept."""
    d, x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    adx, ady = abs(dx), abs(dy)
    col, nx = _start(x0, dx, d)
    row, ny = _start(y0, dy, d)
    solid, more = obs.board.solid_squares, obs.cover_squares
    squeeze = obs.squeeze
    corner = False
    cx, cy = (1 if sx > 0 else 0), (1 if sy > 0 else 0)
    while True:
        if (col, row) in solid or (col, row) in more:
            return Touch.ROBUST
        a, b = nx * ady, ny * adx
        if a < b:
            if nx >= adx:
                break
            col, nx = col + sx, nx + d
        elif a > b:
            if ny >= ady:
                break
            row, ny = row + sy, ny + d
        else:
            if nx >= adx:
                break
            if not corner and squeeze(col + cx, row + cy):
                corner = True
            col, row, nx, ny = col + sx, row + sy, nx + d, ny + d
    if corner or any(v[0] % d == 0 and v[1] % d == 0 and squeeze(v[0] // d, v[1] // d)
                     for v in ((x0, y0), (x1, y1))):
        return Touch.CORNER
    return Touch.FREE


def _straight(obs: Obstacles, seg: Scaled, stop: bool) -> tuple[Touch, list[Square]]:
    """The same for a segment along a row or a column (``dy == 0`` or ``dx == 0``)."""
    d, x0, y0, x1, y1 = seg
    flip = x0 == x1  # a column: swap the axes and the solid test with them
    if flip:
        x0, y0, x1, y1 = y0, x0, y1, x1

    def seals(a: int, b: int) -> bool:
        return obs.seals(b, a) if flip else obs.seals(a, b)

    def square(a: int, b: int) -> Square:
        return (b, a) if flip else (a, b)

    lo, hi = min(x0, x1), max(x0, x1)
    cols = range(lo // d, -((-hi) // d))
    step = 1 if x1 > x0 else -1
    ordered = cols if step > 0 else reversed(cols)
    seen: list[Square] = []
    if y0 % d == 0:  # along a grid line: the edge two sealing squares share is blocked
        k = y0 // d
        for c in ordered:
            if seals(c, k - 1) and seals(c, k):
                return Touch.ROBUST, seen
        corner = any(obs.squeeze(*square(x, k))
                     for x in range(-((-lo) // d), hi // d + 1))
        return (Touch.CORNER if corner else Touch.FREE), seen
    row = y0 // d
    for c in ordered:
        seen.append(square(c, row))
        if stop and obs.stops(*square(c, row)):
            return Touch.ROBUST, seen
    return Touch.FREE, seen


def touch(obs: Obstacles, p: Point, q: Point) -> Touch:
    """Classify the closed segment ``[p, q]`` against the blocked set: free, blocked
    through a stopping interior or along a shared solid edge (robust: every nearby
    segment is blocked too), or blocked only at squeeze points."""
    if p == q:
        return _point(obs, p[0], p[1])
    return touch_scaled(obs, _scaled(p, q))


def touch_scaled(obs: Obstacles, seg: Scaled) -> Touch:
    """``touch`` for a segment of positive length given in integers (``Scaled``)."""
    _, x0, y0, x1, y1 = seg
    if x0 == x1 or y0 == y1:
        return _straight(obs, seg, True)[0]
    return _walk_stops(obs, seg)


def _point(obs: Obstacles, x: Fraction, y: Fraction) -> Touch:
    xi, yi = x.denominator == 1, y.denominator == 1
    if xi and yi:
        return Touch.CORNER if obs.squeeze(int(x), int(y)) else Touch.FREE
    if xi:
        row = math.floor(y)
        both = obs.seals(int(x) - 1, row) and obs.seals(int(x), row)
        return Touch.ROBUST if both else Touch.FREE
    if yi:
        col = math.floor(x)
        both = obs.seals(col, int(y) - 1) and obs.seals(col, int(y))
        return Touch.ROBUST if both else Touch.FREE
    return Touch.ROBUST if obs.stops(math.floor(x), math.floor(y)) else Touch.FREE


def clear(obs: Obstacles, p: Point, q: Point) -> bool:
    """The segment ``[p, q]`` meets nothing of the blocked set (R33)."""
    return touch(obs, p, q) is Touch.FREE


@dataclass(frozen=True)
class Rect:
    """A closed axis-aligned block of whole squares: ``[x0, x1] x [y0, y1]``."""

    x0: int
    y0: int
    x1: int
    y1: int

    @classmethod
    def of(cls, squares: Collection[Square]) -> Rect:
        """The block a footprint covers; refuses a set of squares that is not a block."""
        if not squares:
            raise ValueError("a footprint needs at least one square")
        cols = [c for c, _ in squares]
        rows = [r for _, r in squares]
        rect = cls(min(cols), min(rows), max(cols) + 1, max(rows) + 1)
        if len(set(squares)) != (rect.x1 - rect.x0) * (rect.y1 - rect.y0):
            raise ValueError("a footprint must be a solid block of squares")
        return rect

    @property
    def corners(self) -> tuple[tuple[int, int], ...]:
        return ((self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1),
                (self.x0, self.y1))

    @property
    def squares(self) -> frozenset[Square]:
        return frozenset((c, r) for c in range(self.x0, self.x1)
                         for r in range(self.y0, self.y1))

    def clip(self, p: Point, d: Point) -> tuple[Fraction, Fraction] | None:
        """The parameters ``[t0, t1]`` where the line ``p + t*d`` is in the closed block,
        or None when it misses it."""
        lo: Fraction | None = None
        hi: Fraction | None = None
        for start, step, a, b in ((p[0], d[0], self.x0, self.x1),
                                  (p[1], d[1], self.y0, self.y1)):
            if step == 0:
                if not a <= start <= b:
                    return None
                continue
            t0, t1 = sorted(((a - start) / step, (b - start) / step))
            lo = t0 if lo is None else max(lo, t0)
            hi = t1 if hi is None else min(hi, t1)
        if lo is None or hi is None or lo > hi:
            return None
        return lo, hi

    def inside(self, p: Point) -> bool:
        """Strictly inside the block (off its edges)."""
        return self.x0 < p[0] < self.x1 and self.y0 < p[1] < self.y1


def segment_cells(p: Point, q: Point) -> list[Square]:
    """The squares whose open interior the segment ``[p, q]`` passes through, in order
    from ``p`` (a segment along a grid line or through a grid point touches no interior
    there)."""
    if p == q:
        x, y = p
        if x.denominator == 1 or y.denominator == 1:
            return []
        return [(math.floor(x), math.floor(y))]
    nothing = Obstacles(Board(()))
    if p[0] == q[0] or p[1] == q[1]:
        return _straight(nothing, _scaled(p, q), False)[1]
    return _walk(nothing, _scaled(p, q), False)[1]
