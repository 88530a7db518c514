"""Forced movement on the board (ch19 Shove, Grab; R35, R36): a creature shoved straight
away, and one dragged along by a bigger grabber. Forced movement ignores terrain costs;
walls, creatures and the map's edge stop it; a pit entered is a fall (R23, R36)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from momenta_cli.engine.geometry.board import Board, Square, footprint, square_name
from momenta_cli.engine.geometry.pathfinding import pit_depth


@dataclass(frozen=True)
class Forced:
    """Where a forced movement went: the positions entered in order (top-left squares),
    what stopped it short (None when it went the whole way) and the depth of a pit it
    ended in (0: none)."""

    squares: tuple[Square, ...]
    stopped: str | None = None
    fall: int = 0


def away(source: Collection[Square], target: Collection[Square]) -> tuple[int, int]:
    """The direction straight away from ``source`` through ``target``: the nearest of the
    eight, from centre to centre (**ours**; exact integers: the line of a row or column
    within 22.5 degrees, else the diagonal)."""
    sx = sum(2 * c + 1 for c, _ in source) * len(target)
    sy = sum(2 * r + 1 for _, r in source) * len(target)
    tx = sum(2 * c + 1 for c, _ in target) * len(source)
    ty = sum(2 * r + 1 for _, r in target) * len(source)
    dx, dy = tx - sx, ty - sy
    if dx == 0 and dy == 0:
        raise ValueError("a creature cannot be shoved away from its own squares")
    ax, ay = abs(dx), abs(dy)
    sign = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    if (ax + ay) ** 2 < 2 * ax * ax:  # within 22.5 degrees of the row
        return sign[0], 0
    if (ax + ay) ** 2 < 2 * ay * ay:
        return 0, sign[1]
    return sign


def _blocker(board: Board, squares: Sequence[Square], occupied: Collection[Square]
             ) -> str | None:
    for s in squares:
        if not board.on(s):
            return "the edge of the map"
        if board.at(s).solid:
            what = "closed door" if board.at(s).kind == "door" else "wall"
            return f"a {what} at {square_name(s)}"
        if s in occupied:
            return f"a creature at {square_name(s)}"
    return None


def _squeezed(board: Board, pos: Square, d: tuple[int, int], side: int) -> bool:
    if d[0] == 0 or d[1] == 0:
        return False
    return all(any(board.on(s) and board.at(s).solid
                   for s in footprint((pos[0] + dx, pos[1] + dy), side))
               for dx, dy in ((d[0], 0), (0, d[1])))


def _pit(board: Board, squares: Sequence[Square]) -> int | None:
    # ours (R31, R36): only a footprint wholly over pits falls (``pathfinding.pit_depth``)
    return pit_depth(board, squares) or None


def push_squares(board: Board, shover: Collection[Square], target: Square, n: int, *,
          side: int = 1, occupied: Collection[Square] = ()) -> Forced:
    """``n`` squares straight away from the shover's squares (``away``) for the
    ``side`` x ``side`` creature whose top-left square is ``target`` (ch19 Shove: forced
    movement). It stops before a wall, a closed door, another creature (``occupied``:
    every other creature's squares) or the map's edge, and in a pit it falls (R36)."""
    own = footprint(target, side)
    d = away(shover, own)
    others = set(occupied) - set(own)
    pos, went = target, list[Square]()
    for _ in range(n):
        new = (pos[0] + d[0], pos[1] + d[1])
        squares = footprint(new, side)
        why = _blocker(board, squares, others)
        if why is None and _squeezed(board, pos, d, side):
            why = "walls on both sides of the diagonal"
        if why is not None:
            return Forced(tuple(went), why)
        went.append(new)
        pos = new
        depth = _pit(board, squares)
        if depth is not None:
            return Forced(tuple(went), f"the pit at {square_name(new)}", depth)
    return Forced(tuple(went))


def drag_squares(board: Board, grabber_path: Sequence[Square], offset: tuple[int, int], *,
         side: int = 1, occupied: Collection[Square] = ()) -> Forced:
    """The positions of a creature dragged by a bigger grabber (ch19 Grab: forced
    movement, the same relative position): each grabber position plus ``offset`` (the
    dragged one's top-left minus the grabber's). It stops where the dragged creature
    cannot be (the rules leave edge cases to the GM: the caller decides what a stop
    means); a pit is a fall. ``occupied`` holds every creature's squares but the two."""
    went: list[Square] = []
    for g in grabber_path:
        new = (g[0] + offset[0], g[1] + offset[1])
        squares = footprint(new, side)
        why = _blocker(board, squares, occupied)
        if why is not None:
            return Forced(tuple(went), why)
        went.append(new)
        depth = _pit(board, squares)
        if depth is not None:
            return Forced(tuple(went), f"the pit at {square_name(new)}", depth)
    return Forced(tuple(went))
