"""Whether a creature's footprint fits with its top-left square at a given square (R31,
R32, R36), and the words for a square off the map: the same checks for the encounter
file (encounter/mapstart.py), ``place`` and reinforcements (engine/battlefield/positions.py), on
their own so that checking a file needs none of the fight's code."""

from __future__ import annotations

from collections.abc import Mapping

from momenta_cli.engine.geometry.board import Board, Square, column_name, footprint, square_name

SQUARE_HELP = "a square is a column letter and a row number, like C5"


def map_size(board: Board) -> str:
    """``10 columns, A-J, by 8 rows, 1-8``, for messages about a square off the map."""
    return (f"{board.width} columns, A-{column_name(board.width - 1)}, by "
            f"{board.height} rows, 1-{board.height}")


def fit_problem(board: Board, top_left: Square, side: int,
                taken: Mapping[Square, str] | None = None) -> str | None:
    """Why a creature ``side`` squares across cannot stand with its top-left square at
    ``top_left`` (R31), or None when it can: every square of its footprint is on the map,
    not solid (a wall, a closed door: R32), not wholly over pits (it would fall: R36,
    R31; one corner over a pit stands), and held by nobody in ``taken`` (square -> the
    name of who holds it)."""
    squares = footprint(top_left, side)
    where = square_name(top_left)
    lead = "" if side == 1 else \
        f"a {side}x{side} creature at {where} takes {where} to {square_name(squares[-1])}, and "
    for sq in squares:
        what = None
        if not board.on(sq):
            what = f"off the map ({map_size(board)})"
        elif board.at(sq).kind == "wall":
            what = "a wall"
        elif board.at(sq).solid:
            what = "a closed door"
        elif board.at(sq).kind == "pit" and all(
                board.on(q) and board.at(q).kind == "pit" for q in squares):
            # ours (R31, R36): only a footprint wholly over pits falls (pathfinding.pit_depth)
            if side > 1:
                return (f"{lead}every one of them is over a pit (a creature wholly over "
                        "pits falls, R36)")
            what = f"a pit ({board.at(sq).height} deep: a creature there falls)"
        elif sq in (taken or {}):
            what = f"taken by {(taken or {})[sq]}"
        if what:
            return f"{lead}{square_name(sq)} is {what}"
    return None
