"""Exact segments on the board (R33, R34): what a straight segment between two rational
points touches, decided with ``Fraction`` arithmetic, never by sampling.

Coordinates: square ``(c, r)`` is the closed unit square ``[c, c+1] x [r, r+1]``; x grows
to the right, y downwards (row 1 at the top). The blocked set of R33 is

- the open interior of every *stopping* square (solid ones; for cover, R34, also the
  partial obstructions and other creatures' squares),
- the open edge two solid squares share (a segment running along it is inside the wall),
- every grid point where two solid squares meet diagonally (the corner squeeze).

An edge of a single solid square, or its corner, is not blocked: a segment may run along
it or touch it.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from .board import Board, Square

Point = tuple[Fraction, Fraction]


class Touch(Enum):
    """How a segment meets the blocked set."""

    FREE = "free"
    ROBUST = "robust"  # through a stopping interior or along a shared solid edge
    CORNER = "corner"  # only through corner-squeeze points (R33's diagonal convention)


@dataclass(frozen=True)
class Obstacles:
    """What stops a segment: the board's solid squares, and for cover (R34) also the
    interiors of ``extra`` squares (other creatures) and, with ``low``, of the board's
    partial obstructions. Squares off the board stop nothing."""

    board: Board
    extra: frozenset[Square] = frozenset()
    low: bool = False
    own: frozenset[Square] = frozenset()  # never stop (the attacker's and target's)

    def solid(self, c: int, r: int) -> bool:
        return self.board.on((c, r)) and self.board.at((c, r)).solid

    def stops(self, c: int, r: int) -> bool:
        if self.solid(c, r):
            return True
        if (c, r) in self.own:
            return False
        if (c, r) in self.extra:
            return True
        return self.low and self.board.on((c, r)) and self.board.at((c, r)).obstructs

    def squeeze(self, x: int, y: int) -> bool:
        """The grid point ``(x, y)`` is where two solid squares meet diagonally."""
        nw, ne = self.solid(x - 1, y - 1), self.solid(x, y - 1)
        sw, se = self.solid(x - 1, y), self.solid(x, y)
        return (nw and se) or (ne and sw)


def _crossings(p: Fraction, d: Fraction) -> list[Fraction]:
    """Parameters t in [0, 1] where p + t*d is an integer."""
    if d == 0:
        return []
    lo, hi = sorted((p, p + d))
    return [(k - p) / d for k in range(math.ceil(lo), math.floor(hi) + 1)]


def touch(obs: Obstacles, p: Point, q: Point) -> Touch:
    """Classify the closed segment ``[p, q]`` against the blocked set.

    The segment is cut at every parameter where it crosses a grid line. Between two
    consecutive cuts it lies inside one open square, or runs along one grid line; the
    midpoint of the piece says which. The cuts themselves are the only places it can
    meet a grid point."""
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    if dx == 0 and dy == 0:
        return _point(obs, px, py)
    ts = sorted({Fraction(0), Fraction(1), *_crossings(px, dx), *_crossings(py, dy)})
    corner = False
    for t in ts:
        x, y = px + t * dx, py + t * dy
        if x.denominator == 1 and y.denominator == 1 and obs.squeeze(int(x), int(y)):
            corner = True
    for t0, t1 in zip(ts, ts[1:], strict=False):
        tm = (t0 + t1) / 2
        x, y = px + tm * dx, py + tm * dy
        if x.denominator == 1:  # along the vertical grid line x
            row = math.floor(y)
            if obs.solid(int(x) - 1, row) and obs.solid(int(x), row):
                return Touch.ROBUST
        elif y.denominator == 1:  # along the horizontal grid line y
            col = math.floor(x)
            if obs.solid(col, int(y) - 1) and obs.solid(col, int(y)):
                return Touch.ROBUST
        elif obs.stops(math.floor(x), math.floor(y)):
            return Touch.ROBUST
    return Touch.CORNER if corner else Touch.FREE


def _point(obs: Obstacles, x: Fraction, y: Fraction) -> Touch:
    xi, yi = x.denominator == 1, y.denominator == 1
    if xi and yi:
        return Touch.CORNER if obs.squeeze(int(x), int(y)) else Touch.FREE
    if xi:
        row = math.floor(y)
        both = obs.solid(int(x) - 1, row) and obs.solid(int(x), row)
        return Touch.ROBUST if both else Touch.FREE
    if yi:
        col = math.floor(x)
        both = obs.solid(col, int(y) - 1) and obs.solid(col, int(y))
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


def cells(p: Point, q: Point) -> list[Square]:
    """The squares whose open interior the segment ``[p, q]`` passes through, in order
    from ``p`` (a segment along a grid line or through a grid point touches no interior
    there)."""
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    ts = sorted({Fraction(0), Fraction(1), *_crossings(px, dx), *_crossings(py, dy)})
    out: list[Square] = []
    for t0, t1 in zip(ts, ts[1:], strict=False):
        tm = (t0 + t1) / 2
        x, y = px + tm * dx, py + tm * dy
        if x.denominator != 1 and y.denominator != 1:
            out.append((math.floor(x), math.floor(y)))
    return out
