"""What one combatant makes of another on the map: the distance between them (R32),
whether the first has line of sight to the second (R33), and whether the second has cover
from the first (R34). The ``los`` question asks it; nothing changes.

Cover counts every other creature still in the fight (its squares, ``occupants``), as
R34 says, and the map's partial obstructions; the two themselves never give cover. Melee
ignores cover and Seeking ignores it (ch20): that is the attack's business, so the answer
here is the ranged one. With no line of sight at all the answer is cover too (nothing
unobstructed gets through, ``sight.cover``).
"""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.battlefield.positions import board_of, no_map, occupants, squares_of
from momenta_cli.engine.core import Command, Fight, actor, find_fighter
from momenta_cli.engine.geometry import cover, distance, line_of_sight
from momenta_cli.errors import RuleError


@dataclass(frozen=True)
class LookAt(Command):
    """``los [FROM] TARGET``: a question about the map, never decided into events (the
    session shows the answer, ``sighting``). ``source`` None: the acting combatant."""

    source: str | None
    target: str


@dataclass(frozen=True)
class Sighting:
    """The answer: the two names as the fight spells them, whether ``source`` sees
    ``target`` (R33), whether ``target`` has cover from it (R34), and the distance in
    squares (R32)."""

    source: str
    target: str
    line_of_sight: bool
    cover: bool
    distance: int


def sighting(fight: Fight, cmd: LookAt) -> Sighting:
    """Line of sight, cover and distance from ``cmd.source`` to ``cmd.target`` on the
    map as it is now (doors included); ``RuleError`` without a map, for a name that fits
    nobody, for one combatant asked about itself, one out of the fight (Defeated, Lost,
    removed: it holds no square, R32) or one that is not on the map."""
    board = board_of(fight)
    if board is None:
        raise no_map("there are no lines of sight to trace")
    a = actor(fight, cmd.source)
    b = find_fighter(fight, cmd.target)
    if a.name == b.name:
        raise RuleError(f"{a.name} is at both ends: name two combatants (los FROM TARGET)")
    for f in (a, b):
        if f.out:  # R32: only creatures in the fight hold squares
            raise RuleError(f"{f.name} is {f.out_reason}: out of the fight, it holds no "
                            "square on the map to trace a line to or from")
        if f.position is None:
            raise RuleError(f"{f.name} is not on the map: place it first (place NAME SQUARE)")
    sa, sb = squares_of(a), squares_of(b)
    others = [sq for sq, who in occupants(fight.fighters.values()).items()
              if who not in (a.name, b.name)]
    return Sighting(a.name, b.name, line_of_sight(board, sa, sb),
                    cover(board, sa, sb, others), distance(sa, sb))
