"""The board: squares named like ``C5`` (column letter from the left, row number from the
top), what each square holds, and a creature's footprint (R31, R32, R36)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

# What a square is (R32, R36). "low" is a partial obstruction: it gives cover (R34) and
# is crossed as difficult terrain. "door" is solid while closed, floor while open.
Kind = Literal["floor", "wall", "difficult", "low", "water", "climb", "pit", "door"]
KINDS: tuple[Kind, ...] = ("floor", "wall", "difficult", "low", "water", "climb", "pit",
                           "door")
MAX_SIDE = 26 * 27  # columns A..Z, AA..ZZ: a board larger than that is no table's


@dataclass(frozen=True)
class Terrain:
    """One square's ground: its kind, a pit's depth in squares (R36), a door's state."""

    kind: Kind = "floor"
    height: int = 0  # a pit or drop: how many squares a creature falls into it
    open: bool = True  # a door: open (floor) or closed (solid)

    @property
    def solid(self) -> bool:
        """Blocks movement and line of sight (R32, R33)."""
        return self.kind == "wall" or (self.kind == "door" and not self.open)

    @property
    def obstructs(self) -> bool:
        """A partial obstruction: gives cover (R34)."""
        return self.kind == "low"


FLOOR = Terrain()

Square = tuple[int, int]  # (column, row), both from 0: "A1" is (0, 0)
# the eight steps to a neighbouring square (ch19: a diagonal is one step too); here, not
# in pathfinding.py, so that what needs only them loads no path search
STEPS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1),
                                      (1, 1), (1, -1), (-1, 1), (-1, -1))

_NAME = re.compile(r"^([A-Za-z]{1,2})([1-9][0-9]{0,2})$")


def column_name(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    if col < 26:
        return chr(ord("A") + col)
    return column_name(col // 26 - 1) + chr(ord("A") + col % 26)


def square_name(sq: Square) -> str:
    """``(2, 4)`` -> ``C5``."""
    return f"{column_name(sq[0])}{sq[1] + 1}"


def parse_square(text: str) -> Square | None:
    """``C5`` (any case) -> ``(2, 4)``; None when it is not a square's name."""
    m = _NAME.match(text.strip())
    if not m:
        return None
    letters = m[1].upper()
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return col - 1, int(m[2]) - 1


@dataclass(frozen=True)
class Board:
    """The map: ``squares[row][col]``; every row has ``width`` squares."""

    squares: tuple[tuple[Terrain, ...], ...]

    @property
    def height(self) -> int:
        """How many rows (numbered 1 to height from the top)."""
        return len(self.squares)

    @property
    def width(self) -> int:
        """How many columns (lettered A, B, ... from the left); 0 for no rows."""
        return len(self.squares[0]) if self.squares else 0

    def on(self, sq: Square) -> bool:
        """Whether ``sq`` is a square of the map (not off an edge)."""
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def at(self, sq: Square) -> Terrain:
        """The ground at ``sq``, which must be on the map (``on``): a square off it is an
        IndexError, or for a negative coordinate a square from the other edge."""
        return self.squares[sq[1]][sq[0]]

    def __hash__(self) -> int:
        # hashed once (its squares never change): the geometry remembers its answers per
        # board (sight.py), and a map's hash walks every square
        known = self.__dict__.get("_hash")
        if known is None:
            known = hash(self.squares)
            object.__setattr__(self, "_hash", known)
        return known

    def __getstate__(self) -> dict[str, object]:
        # a str's hash differs between processes: a copy (a simulation's worker, the
        # encounter cache) hashes itself anew
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    @cached_property
    def solid_squares(self) -> frozenset[Square]:
        """Every solid square (R32, R33), computed once per board."""
        return frozenset((c, r) for r, row in enumerate(self.squares)
                         for c, t in enumerate(row) if t.solid)

    @cached_property
    def obstructions(self) -> frozenset[Square]:
        """Every partial-obstruction square (R34), computed once per board."""
        return frozenset((c, r) for r, row in enumerate(self.squares)
                         for c, t in enumerate(row) if t.obstructs)


def footprint(top_left: Square, side: int) -> tuple[Square, ...]:
    """The squares of a creature ``side`` squares wide (R31: sizes up to 1L take one, SIZE
    N >= 2 takes N x N) whose top-left square is ``top_left``."""
    if side == 1:
        return ((top_left[0], top_left[1]),)
    c, r = top_left
    return tuple((c + dc, r + dr) for dr in range(side) for dc in range(side))


@lru_cache(maxsize=64)  # asked for every footprint, of the few sizes a fight has
def side_of(size: str) -> int:
    """Squares across for a SIZE as the draft writes it (R31): 1T, 1S, 1M, 1L -> 1;
    N -> N."""
    text = size.strip().upper()
    if text[:1] == "1" and text[1:] in ("", "T", "S", "M", "L"):
        return 1
    return int(text)
