"""Area attacks on the board (ch20 Area Attacks): the squares a burst, a line or a cone
touches. Every creature with a square among them is affected, Hidden ones included; an
area attack affects the space, not a chosen target. **Ours**: walls shield (a square the
area's origin has no line of sight to, R33, is not touched, and a line stops at the first
solid square); the shapes are measured in squares with diagonals costing 1 (R32)."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from .board import Board, Square
from .distance import steps
from .segments import Rect, cells
from .sight import line_of_sight


def _open(board: Board, sq: Square) -> bool:
    return board.on(sq) and not board.at(sq).solid


def burst(board: Board, centre: Square, radius: int) -> frozenset[Square]:
    """Every square within ``radius`` of ``centre`` (itself included) that the centre
    square has line of sight to."""
    c, r = centre
    return frozenset(
        (x, y) for x in range(c - radius, c + radius + 1)
        for y in range(r - radius, r + radius + 1)
        if _open(board, (x, y)) and line_of_sight(board, [centre], [(x, y)]))


def _centre2(squares: Collection[Square]) -> tuple[int, int]:
    """The centre of a footprint, doubled so it stays an integer point."""
    rect = Rect.of(squares)
    return rect.x0 + rect.x1, rect.y0 + rect.y1


def line(board: Board, origin: Collection[Square], toward: Square, length: int
         ) -> tuple[Square, ...]:
    """The squares a line ``length`` squares long touches, from the centre of the origin
    footprint through the centre of ``toward``, in order, the origin's own squares left
    out; it stops before the first solid square. The length is counted like distance:
    the end lies ``length`` squares (diagonals 1) from the centre."""
    ox, oy = _centre2(origin)
    tx, ty = 2 * toward[0] + 1, 2 * toward[1] + 1
    far = max(abs(tx - ox), abs(ty - oy))
    if far == 0:
        raise ValueError("a line needs a direction: the square aimed at is the origin's")
    start = (Fraction(ox, 2), Fraction(oy, 2))
    k = Fraction(2 * length, far)
    end = (start[0] + k * Fraction(tx - ox, 2), start[1] + k * Fraction(ty - oy, 2))
    own = set(origin)
    out: list[Square] = []
    for sq in cells(start, end):
        if sq in own:
            continue
        if not _open(board, sq):
            break
        out.append(sq)
    return tuple(out)


def cone(board: Board, origin: Collection[Square], toward: Square, length: int
         ) -> frozenset[Square]:
    """The squares of a quarter-circle cone (90 degrees) opening from the origin
    footprint toward ``toward``: each square whose centre lies within 45 degrees of the
    aim and within ``length`` squares of the origin, that the origin has line of sight
    to; the origin's own squares left out. Exact integer tests."""
    ox, oy = _centre2(origin)
    dx, dy = 2 * toward[0] + 1 - ox, 2 * toward[1] + 1 - oy
    if dx == 0 and dy == 0:
        raise ValueError("a cone needs a direction: the square aimed at is the origin's")
    own = frozenset(origin)
    out = set()
    rect = Rect.of(origin)
    for x in range(rect.x0 - length, rect.x1 + length):
        for y in range(rect.y0 - length, rect.y1 + length):
            sq = (x, y)
            if sq in own or not _open(board, sq):
                continue
            vx, vy = 2 * x + 1 - ox, 2 * y + 1 - oy
            dot = vx * dx + vy * dy
            if dot <= 0 or 2 * dot * dot < (vx * vx + vy * vy) * (dx * dx + dy * dy):
                continue
            if min(steps(sq, o) for o in own) > length:
                continue
            if line_of_sight(board, own, [sq]):
                out.add(sq)
    return frozenset(out)
