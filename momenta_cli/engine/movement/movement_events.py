"""The events a movement records (ch19 Movement, Grab, Shove, Falling; R23, R35): a Move
or Shift (``Moved``), a drag, a push, a fall, the terrain a fighter moves in and a
reactive attack answering a movement; and the ``trail`` of squares a movement leaves on
the map, so a reaction stated after it is checked where it triggered (trigger_spot.py).
On their own so that reading a journal needs none of the code that decides a movement
(move_shift.py, walk.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from momenta_cli.engine.core import Event, Fight
from momenta_cli.engine.geometry import parse_square, square_name
from momenta_cli.engine.movement.distances import FORCED


@dataclass(frozen=True)
class Moved(Event):
    """A Move or Shift of ``squares`` (``difficult`` of them difficult terrain) within a
    ``budget``; ``jump`` for a vertical jump. Movement itself changes no number.

    On a map (engine/movement/walk.py) ``path`` holds every square entered in order, the
    mover's top-left square at each step from ``start`` (R32: resolved square by square,
    so what happens on the way can be found where it happens), and ``jumped`` the ones
    crossed in the air (ch19 Horizontal Jump); the mover ends on the last. Without a map
    both are empty and no position changes. ``goes_on``: the rest of a movement a
    reactive attack stopped (R35, engine/movement/triggers.py): the same movement, so the
    reactions already made at it stay made."""

    kind: ClassVar[str] = "moved"
    touches_round: ClassVar[bool] = False
    name: str
    how: str  # "Move" | "Shift"
    squares: int
    budget: int
    difficult: int = 0
    terrain: str = ""
    jump: bool = False
    path: tuple[str, ...] = ()
    start: str = ""
    jumped: tuple[str, ...] = ()
    goes_on: bool = False

    def apply(self, fight: Fight) -> None:
        if not self.goes_on:
            moving(fight, self.name, self.how)
        _arrive(fight, self.name, self.path, self.start)


@dataclass(frozen=True)
class Dragged(Event):
    """ch19 Grab: the bigger side of a grab moves and drags the smaller (forced movement).
    On a map ``path`` holds the dragged one's squares step by step (as ``Moved``'s)."""

    kind: ClassVar[str] = "dragged"
    touches_round: ClassVar[bool] = False
    name: str
    by: str
    squares: int
    path: tuple[str, ...] = ()
    goes_on: bool = False  # the rest of a drag a reactive attack stopped (R35)

    def apply(self, fight: Fight) -> None:
        if not self.goes_on:
            moving(fight, self.name, FORCED)
        _arrive(fight, self.name, self.path)


@dataclass(frozen=True)
class Shoved(Event):
    """ch19 Shove: ``name`` is pushed ``squares`` away by ``by`` (forced movement). On a
    map ``path`` holds the squares it was pushed through step by step (fewer than
    ``squares`` when ``stopped`` says what stopped it: a wall, a creature, a pit) from
    ``start``; without one no position changes. ``goes_on``: the rest of a push a
    reactive attack stopped at its trigger square (R35): the same movement."""

    kind: ClassVar[str] = "shoved"
    touches_round: ClassVar[bool] = False
    name: str
    by: str
    squares: int
    path: tuple[str, ...] = ()
    stopped: str = ""
    start: str = ""
    goes_on: bool = False

    def apply(self, fight: Fight) -> None:
        if not self.goes_on:
            moving(fight, self.name, FORCED)
        _arrive(fight, self.name, self.path, self.start)


FELL = "fell"  # the last of a ``trail`` whose movement ended in a fall (R23, R36)


def _arrive(fight: Fight, name: str, path: tuple[str, ...], start: str = "") -> None:
    """A movement on the map ends on its last square (the fighter's top-left, R31); its
    squares join the fighter's ``trail`` (from ``start``, else where it stood), so a
    reaction stated after it is checked where it triggered (R35); ``FELL`` closes a
    trail whose movement ended in a fall (``Fell``)."""
    if path and name in fight.fighters:
        f = fight.get(name)
        if not f.trail:
            here = start or (square_name(f.position) if f.position is not None else "")
            f.trail = (here,) if here else ()
        if f.trail:
            f.trail = (*f.trail, *path)
        f.position = parse_square(path[-1])


def moving(fight: Fight, name: str, how: str) -> None:
    """Record that ``name`` is moving now (a Move, a Shift or forced movement), so the
    reactive attacks that movement may trigger can be checked (R35)."""
    if name in fight.fighters:
        f = fight.get(name)
        f.moved = how
        f.answered_by = []
        f.trail = ()


@dataclass(frozen=True)
class MoveAnswered(Event):
    """A reactive attack (Intercept, Forestall) answers ``mover``'s current movement; the
    same reactor may not answer it again (R35)."""

    kind: ClassVar[str] = "move_answered"
    touches_round: ClassVar[bool] = False
    reactor: str
    mover: str
    reaction: str

    def apply(self, fight: Fight) -> None:
        key = (self.reactor, self.reaction)  # Forestall and Intercept are two triggers
        if self.mover in fight.fighters and key not in fight.get(self.mover).answered_by:
            fight.get(self.mover).answered_by.append(key)


@dataclass(frozen=True)
class TerrainSet(Event):
    """The medium a fighter moves in: "" (ground), "climb" or "swim" (ch19 Movement)."""

    kind: ClassVar[str] = "terrain_set"
    touches_round: ClassVar[bool] = False
    name: str
    before: str
    after: str

    def apply(self, fight: Fight) -> None:
        fight.get(self.name).terrain = self.after


@dataclass(frozen=True)
class Fell(Event):
    """ch19 Falling / R23: the damage itself follows as its own events."""

    kind: ClassVar[str] = "fell"
    touches_round: ClassVar[bool] = False
    name: str
    squares: int
    agi: int
    damage: int
    counted: int | None = None  # squares left after AGI (None in journals written before)

    def apply(self, fight: Fight) -> None:
        # the fall ends the movement it came at: a reaction stated after it by hand would
        # come after the fall, so the trail says it came (engine/movement/trigger_spot.py, R35)
        if self.name in fight.fighters:
            f = fight.get(self.name)
            if f.trail and f.trail[-1] != FELL:
                f.trail = (*f.trail, FELL)
