"""How much work each geometry search may do (issue 29, "Every search has a bound").

Exact line of sight, cover, paths and area shapes are searches whose work grows with the
map: on the maps a table plays (a few dozen squares a side, walls here and there,
creatures of SIZE 1 to 4) they finish in milliseconds, but a hostile map (a checkerboard
of walls between two SIZE 20 creatures, a 702x999 field) could keep one going for
minutes and gigabytes. Each search therefore counts its work in units and stops at a
budget far beyond what a realistic map needs; past it the command says, in one line,
that the map cannot decide this and how the GM rules it instead
(``GeometryTooComplex``). The work is counted, never timed, so the same question gets
the same answer on every machine.

The budgets (docs/reliability.md, "Geometry bounds"):

- ``SIGHT_WORK``: one line of sight or cover question: each square scanned or flooded
  and each square a tested segment may cross is a unit, each pair of corners the exact
  search looks at ``PAIR`` units, each line moved off its corners ``MOVE`` more (about
  4 to 8 million units a second). The bench's realistic fields (bench/geometry.py, with
  creatures of SIZE 1 to 4) use under 1% of it.
- ``SIGHT_AREA_WORK``: every sight question of one overlay or one area shape (a burst,
  a cone) together.
- ``PATH_WORK``: one path or reachable-area search: each position taken is a unit, and
  each looked at ``side`` more (a SIZE 20 footprint is read a row of 20 at a time, each
  row once).
"""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.errors import RuleError

SIGHT_WORK = 4_000_000
PAIR = 16  # the units of one pair of corners in the exact search (time and memory)
MOVE = 30  # and of one line moved off its corners (exact, in integers), beside its squares
SIGHT_AREA_WORK = 8_000_000
PATH_WORK = 4_000_000

# How the GM rules each question when the map cannot (the attack's words, R28; the
# movement without a path; the area's squares said by name).
SIGHT_RULING = ("the GM rules it: add 'sight' (or not) and 'cover' or 'no-cover' to the "
                "attack, and 'dist N' if the distance is in doubt")
PATH_RULING = ("the GM rules it: 'move NAME N' for the squares it goes, then 'place NAME "
               "SQUARE' where it ends")


class GeometryTooComplex(RuleError):
    """A geometry search went past its work budget: the map is too complex to decide
    this question there. The message is one line saying so and how the GM rules it. A
    ``RuleError``: the command is refused as any the rules cannot take (nothing saved),
    and the simulator's policies take it as an attack or a square they cannot use."""


@dataclass
class Work:
    """A work counter for one search (or several sharing one budget): ``spend`` adds
    units and raises ``GeometryTooComplex`` with ``what`` once past ``limit``."""

    limit: int
    what: str
    ruling: str
    used: int = 0

    def spend(self, units: int) -> None:
        self.used += units
        if self.used > self.limit:
            raise GeometryTooComplex(
                f"{self.what} is too complex to work out on this map (more than "
                f"{self.limit:,} steps of search); {self.ruling}")


def sight_work() -> Work:
    """The budget of one line of sight or cover question."""
    return Work(SIGHT_WORK, "line of sight here", SIGHT_RULING)


def path_work(what: str = "the way there") -> Work:
    """The budget of one path or reachable-area search."""
    return Work(PATH_WORK, what, PATH_RULING)
