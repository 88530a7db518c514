"""Area attacks on the board (ch20 Area Attacks): the squares a burst, a line or a cone
touches. Every creature with a square among them is affected, Hidden ones included; an
area attack affects the space, not a chosen target. **Ours**: walls shield (a square the
area's origin has no line of sight to, R33, is not touched, and a line stops where its
segment first meets anything R33 blocks: a solid square, the point where two solid
squares meet diagonally, the edge two solid squares share); the shapes are measured in
squares with diagonals costing 1 (R32)."""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from momenta_cli.engine.geometry.board import Board, Square
from momenta_cli.engine.geometry.budget import SIGHT_AREA_WORK, SIGHT_RULING, Work
from momenta_cli.engine.geometry.ranges import steps
from momenta_cli.engine.geometry.segments import Obstacles, Point, Rect, Touch, segment_cells, touch
from momenta_cli.engine.geometry.sight import line_of_sight


def _open(board: Board, sq: Square) -> bool:
    return board.on(sq) and not board.at(sq).solid


def burst_squares(board: Board, centre: Square, radius: int) -> frozenset[Square]:
    """Every square within ``radius`` of ``centre`` (itself included) that the centre
    square has line of sight to."""
    c, r = centre
    work = _work()
    return frozenset(
        (x, y) for x in range(max(0, c - radius), min(board.width, c + radius + 1))
        for y in range(max(0, r - radius), min(board.height, r + radius + 1))
        if _open(board, (x, y)) and line_of_sight(board, [centre], [(x, y)], work))


def _work() -> Work:
    return Work(SIGHT_AREA_WORK, "the area's shape", SIGHT_RULING.replace(
        "add 'sight' (or not) and 'cover' or 'no-cover' to the attack, and 'dist N' if "
        "the distance is in doubt", "name the targets with 'for NAME' instead of 'area'"))


def _centre2(squares: Collection[Square]) -> tuple[int, int]:
    """The centre of a footprint, doubled so it stays an integer point."""
    rect = Rect.of(squares)
    return rect.x0 + rect.x1, rect.y0 + rect.y1


def line_squares(board: Board, origin: Collection[Square], toward: Square, length: int
         ) -> tuple[Square, ...]:
    """The squares a line ``length`` squares long touches, from the centre of the origin
    footprint through the centre of ``toward``, in order, the origin's own squares left
    out. It stops before the first square its segment cannot reach without meeting
    R33's blocked set: a solid square, and also the point where two solid squares meet
    diagonally or the edge two of them share, so the line never slips through a gap
    ``geometry.sight`` sees nothing through. The length is counted like distance: the
    end lies ``length`` squares (diagonals 1) from the centre."""
    ox, oy = _centre2(origin)
    tx, ty = 2 * toward[0] + 1, 2 * toward[1] + 1
    far = max(abs(tx - ox), abs(ty - oy))
    length = min(length, board.width + board.height)  # past that it is off the map
    if far == 0:
        raise ValueError("a line needs a direction: the square aimed at is the origin's")
    start = (Fraction(ox, 2), Fraction(oy, 2))
    k = Fraction(2 * length, far)
    end = (start[0] + k * Fraction(tx - ox, 2), start[1] + k * Fraction(ty - oy, 2))
    own = set(origin)
    obs = Obstacles(board)
    out: list[Square] = []
    for sq in segment_cells(start, end):
        if not _open(board, sq) or touch(obs, start, _inside(sq, start, end)) \
                is not Touch.FREE:
            break
        if sq not in own:
            out.append(sq)
    return tuple(out)


def _inside(sq: Square, p: Point, q: Point) -> Point:
    """The middle of the part of the segment ``[p, q]`` inside square ``sq`` (which it
    passes through): reaching it means entering the square's interior."""
    d = (q[0] - p[0], q[1] - p[1])
    span = Rect(sq[0], sq[1], sq[0] + 1, sq[1] + 1).clip(p, d)
    assert span is not None
    t = (max(span[0], Fraction(0)) + min(span[1], Fraction(1))) / 2
    return (p[0] + t * d[0], p[1] + t * d[1])


def cone_squares(board: Board, origin: Collection[Square], toward: Square, length: int
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
    work = _work()
    for x in range(max(0, rect.x0 - length), min(board.width, rect.x1 + length)):
        for y in range(max(0, rect.y0 - length), min(board.height, rect.y1 + length)):
            sq = (x, y)
            if sq in own or not _open(board, sq):
                continue
            vx, vy = 2 * x + 1 - ox, 2 * y + 1 - oy
            dot = vx * dx + vy * dy
            if dot <= 0 or 2 * dot * dot < (vx * vx + vy * vy) * (dx * dx + dy * dy):
                continue
            if min(steps(sq, o) for o in own) > length:
                continue
            if line_of_sight(board, own, [sq], work):
                out.add(sq)
    return frozenset(out)
