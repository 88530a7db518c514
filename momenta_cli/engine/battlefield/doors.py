"""Doors on the map: ``door C5 open`` / ``close`` (or toggle). A closed door is solid, an
open one floor (R32, R33); the encounter's Board keeps the doors as the file drew them
and ``Fight.doors`` holds what changed since (``positions.board_of`` applies it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from momenta_cli.engine.battlefield.positions import board_of, no_map, occupants, square_of
from momenta_cli.engine.core import Command, Event, Fight, Roller, handles
from momenta_cli.engine.geometry import map_size, parse_square, square_name
from momenta_cli.errors import RuleError

_WHAT = {"wall": "a wall", "difficult": "difficult terrain", "low": "a low wall",
         "climb": "climbable", "pit": "a pit"}


@dataclass(frozen=True)
class DoorSet(Event):
    """The door at ``square`` is now open (``open``) or closed."""

    kind: ClassVar[str] = "door_set"
    touches_round: ClassVar[bool] = False
    square: str
    open: bool

    def apply(self, fight: Fight) -> None:
        sq = parse_square(self.square)
        assert sq is not None
        doors = dict(fight.doors)
        doors[sq] = self.open
        fight.doors = tuple(sorted(doors.items()))


@dataclass(frozen=True)
class SetDoor(Command):
    """Open (``how`` "open"), close ("close") or toggle (None) the door at ``square``."""

    square: str
    how: str | None = None


@handles(SetDoor)
def set_door(fight: Fight, cmd: SetDoor, roller: Roller) -> list[Event]:
    """A door opens or closes; a door with a creature in its square cannot close."""
    board = board_of(fight)
    if board is None:
        raise no_map("there are no doors")
    sq = square_of(cmd.square)
    if not board.on(sq):
        raise RuleError(f"{square_name(sq)} is off the map ({map_size(board)})")
    t = board.at(sq)
    if t.kind != "door":
        what = _WHAT.get(t.kind, t.kind)
        raise RuleError(f"{square_name(sq)} is not a door (it is {what})")
    want = (not t.open) if cmd.how is None else cmd.how == "open"
    if want == t.open:
        raise RuleError(f"the door at {square_name(sq)} is already {'open' if want else 'closed'}")
    if not want:
        who = occupants(fight.fighters.values()).get(sq)
        if who is not None:
            raise RuleError(f"{who} stands in the doorway at {square_name(sq)}: the door cannot "
                            "close")
    return [DoorSet(square_name(sq), want)]
