"""Grabs (ch19 Grab; R11): who holds whom, the event that ends a grab, and the free
action and GM command that end one (release, apart). Movement while grabbed (who may
move, who is dragged) is in ``engine/movement/move_shift.py``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import (
    Command,
    Event,
    Fight,
    Fighter,
    Roller,
    exact_fighter,
    find_fighter,
    handles,
)
from momenta_cli.engine.geometry import distance
from momenta_cli.errors import RuleError


def _source(fight: Fight, f: Fighter) -> Fighter | None:
    """The fighter named as the source of ``f``'s Grabbed, if any (any case)."""
    c = f.conditions.get("Grabbed")
    if c is None or not c.source:
        return None
    return exact_fighter(fight, c.source)


def grabbers_of(fight: Fight, f: Fighter) -> list[Fighter]:
    """Who holds ``f`` (ch19 Grab): ``f`` has Grabbed stacks and the grabber lists ``f`` in
    ``grabbing`` or is the source of the Grabbed condition (``cond X grabbed from Y``)."""
    if not f.has("Grabbed") or f.out:
        return []
    out = [g for g in fight.fighters.values() if f.name in g.grabbing and not g.out]
    src = _source(fight, f)
    if (src is not None and src.name not in {g.name for g in out} and not src.out
            and src.name != f.name):  # by name: a draft may hand out copies
        out.append(src)
    return out


def held_by(fight: Fight, f: Fighter) -> list[Fighter]:
    """Whom ``f`` holds (the reverse of ``grabbers_of``)."""
    return [t for t in fight.fighters.values()
            if t.name != f.name and any(g.name == f.name for g in grabbers_of(fight, t))]


def grab_partners(fight: Fight, f: Fighter) -> list[tuple[Fighter, Fighter]]:
    """Every live grab ``f`` is part of, as (grabber, target) pairs."""
    return [(g, f) for g in grabbers_of(fight, f)] + [(f, t) for t in held_by(fight, f)]


@dataclass(frozen=True)
class GrabEnded(Event):
    """A grab ends (ch19 Grab): released, shaken off, moved apart or the grabber went down.
    The target loses every Grabbed stack; the grabber stops holding it."""

    kind: ClassVar[str] = "grab_ended"
    touches_round: ClassVar[bool] = False
    grabber: str
    target: str
    stacks: int
    reason: str

    def apply(self, fight: Fight) -> None:
        if self.grabber in fight.fighters:
            g = fight.get(self.grabber)
            if self.target in g.grabbing:
                g.grabbing = [n for n in g.grabbing if n != self.target]
        if self.target in fight.fighters:
            fight.get(self.target).conditions.pop("Grabbed", None)


def end_grab(grabber: Fighter, target: Fighter, reason: str) -> GrabEnded:
    """The event ending ``grabber``'s grab on ``target`` (all its Grabbed stacks go, ch19 Grab)."""
    return GrabEnded(grabber.name, target.name, target.stacks("Grabbed"), reason)


def end_every_grab(fight: Fight, f: Fighter, reason: str) -> list[Event]:
    """Events ending every grab ``f`` is part of, as grabber or target (ch19 Grab: moved
    apart, or out of the fight). A Grabbed with no grabber left to hold it goes too."""
    events: list[Event] = [end_grab(g, t, reason) for g, t in grab_partners(fight, f)]
    if f.has("Grabbed") and not grabbers_of(fight, f):
        events.append(GrabEnded("", f.name, f.stacks("Grabbed"), reason))
    return events


def partner_distances(fight: Fight, f: Fighter) -> dict[tuple[str, str], int] | None:
    """On a map, the distance in squares (R32) across every grab ``f`` is part of, keyed
    by (grabber, target) names; None without a map or when one of them is not on it (the
    GM then says whether a movement took them apart: ch19 Grab, R28)."""
    if board_of(fight) is None:
        return None
    out: dict[tuple[str, str], int] = {}
    for g, t in grab_partners(fight, f):
        if g.position is None or t.position is None:
            return None
        out[(g.name, t.name)] = distance(squares_of(g), squares_of(t))
    return out


def end_grown_grabs(fight: Fight, f: Fighter, before: dict[tuple[str, str], int],
                    reason: str) -> list[Event]:
    """Events ending each grab of ``f`` whose two are now further apart on the map than
    they were (``before``, from ``partner_distances``): ch19 Grab, "the distance between
    the two increases"; a grab that kept its distance, or closed it, holds."""
    now = partner_distances(fight, f) or {}
    by_name = {(g.name, t.name): (g, t) for g, t in grab_partners(fight, f)}
    return [end_grab(*by_name[k], reason) for k, d in now.items()
            if k in before and d > before[k]]


# --- release and apart -------------------------------------------------------------


@dataclass(frozen=True)
class Release(Command):
    """The grabber lets go (free action, any time); ``target`` None = everyone it holds."""

    grabber: str
    target: str | None = None


@dataclass(frozen=True)
class Apart(Command):
    """The GM says two fighters were moved apart: any grab between them ends (ch19 Grab)."""

    first: str
    second: str | None = None


@handles(Release)
def release(fight: Fight, cmd: Release, roller: Roller) -> list[Event]:
    """ch19 Grab: the grabber releases as a free action at any time; all stacks go."""
    g = find_fighter(fight, cmd.grabber)
    held = held_by(fight, g)
    if cmd.target is not None:
        t = find_fighter(fight, cmd.target)
        if t not in held:
            raise RuleError(f"{g.name} is not holding {t.name}")
        held = [t]
    if not held:
        raise RuleError(f"{g.name} is not holding anyone")
    return [end_grab(g, t, "released") for t in held]


@handles(Apart)
def apart(fight: Fight, cmd: Apart, roller: Roller) -> list[Event]:
    """ch19 Grab: moved so that the distance grows, the grab ends at once."""
    a = find_fighter(fight, cmd.first)
    pairs = grab_partners(fight, a)
    if cmd.second is not None:
        b = find_fighter(fight, cmd.second)
        if b.name == a.name:  # else every pair holds b, and every grab would end
            raise RuleError(f"{a.name} cannot be moved apart from itself")
        pairs = [(g, t) for g, t in pairs if b in (g, t)]
        if not pairs:
            raise RuleError(f"{a.name} and {b.name} are not in a grab")
    if not pairs:
        raise RuleError(f"{a.name} is not in a grab")
    return [end_grab(g, t, "moved apart") for g, t in pairs]
