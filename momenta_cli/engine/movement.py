"""Movement rules without a map (ch19 Movement, Grab; R4, R23): budgets, terrain and the
links of a grab. Pure functions of the state, plus the events that movement produces.

The GM types how many squares were moved and over what terrain; these helpers check that
against the fighter's budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from momenta_cli.engine.events import Event
from momenta_cli.engine.names import exact
from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.errors import RuleError

TERRAINS = ("", "climb", "swim")


def speed(f: Fighter) -> int:
    """SPD, halved (minimum 1, R4) while Hindered (ch19 Movement, condition table)."""
    spd = f.spec.attr("SPD")
    return max(spd // 2, 1) if f.has("Hindered") else spd


def shift_speed(f: Fighter) -> int:
    """ch19 Shift: half SPD, minimum 1 (R4)."""
    return max(f.spec.attr("SPD") // 2, 1)


def jump_height(f: Fighter) -> int:
    """ch19 Vertical Jump: 1 + POW/2 squares, rounded down (R4)."""
    return 1 + f.spec.attr("POW") // 2


def squares_needed(squares: int, difficult: int) -> int:
    """ch19 Movement: each difficult square costs double."""
    return squares + difficult


def fall_squares(f: Fighter, squares: int) -> int:
    """R23 / ch19 Falling: the squares that count, after subtracting AGI."""
    return max(squares - f.spec.attr("AGI"), 0)


def fall_damage(f: Fighter, squares: int) -> int:
    """R23 / ch19 Falling: 2 untyped damage per square after subtracting AGI."""
    return 2 * fall_squares(f, squares)


# --- grabs ---------------------------------------------------------------------------


def _source(fight: Fight, f: Fighter) -> Fighter | None:
    """The fighter named as the source of ``f``'s Grabbed, if any (any case)."""
    c = f.conditions.get("Grabbed")
    if c is None or not c.source:
        return None
    return exact(fight, c.source)


def grabbers_of(fight: Fight, f: Fighter) -> list[Fighter]:
    """Who holds ``f`` (ch19 Grab): ``f`` has Grabbed stacks and the grabber lists ``f`` in
    ``grabbing`` or is the source of the Grabbed condition (``cond X grabbed from Y``)."""
    if not f.has("Grabbed") or f.out:
        return []
    out = [g for g in fight.fighters.values() if f.name in g.grabbing and not g.out]
    src = _source(fight, f)
    if src is not None and src not in out and not src.out and src is not f:
        out.append(src)
    return out


def held_by(fight: Fight, f: Fighter) -> list[Fighter]:
    """Whom ``f`` holds (the reverse of ``grabbers_of``)."""
    return [t for t in fight.fighters.values()
            if t is not f and any(g is f for g in grabbers_of(fight, t))]


def grab_partners(fight: Fight, f: Fighter) -> list[tuple[Fighter, Fighter]]:
    """Every live grab ``f`` is part of, as (grabber, target) pairs."""
    return [(g, f) for g in grabbers_of(fight, f)] + [(f, t) for t in held_by(fight, f)]


@dataclass(frozen=True)
class GrabEnded(Event):
    """A grab ends (ch19 Grab): released, shaken off, moved apart or the grabber went down.
    The target loses every Grabbed stack; the grabber stops holding it."""

    kind: ClassVar[str] = "grab_ended"
    grabber: str
    target: str
    stacks: int
    reason: str

    def apply(self, fight: Fight) -> None:
        g = fight.fighters.get(self.grabber)
        if g is not None and self.target in g.grabbing:
            g.grabbing = [n for n in g.grabbing if n != self.target]
        t = fight.fighters.get(self.target)
        if t is not None:
            t.conditions.pop("Grabbed", None)


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


@dataclass(frozen=True)
class Moved(Event):
    """A Move or Shift of ``squares`` (``difficult`` of them difficult terrain) within a
    ``budget``; ``jump`` for a vertical jump. Movement itself changes no number."""

    kind: ClassVar[str] = "moved"
    name: str
    how: str  # "Move" | "Shift"
    squares: int
    budget: int
    difficult: int = 0
    terrain: str = ""
    jump: bool = False

    def apply(self, fight: Fight) -> None:
        moving(fight, self.name, self.how)


@dataclass(frozen=True)
class Dragged(Event):
    """ch19 Grab: the bigger side of a grab moves and drags the smaller (forced movement)."""

    kind: ClassVar[str] = "dragged"
    name: str
    by: str
    squares: int

    def apply(self, fight: Fight) -> None:
        moving(fight, self.name, FORCED)


FORCED = "forced"  # ch19 Movement: Shove, being dragged


def moving(fight: Fight, name: str, how: str) -> None:
    """Record that ``name`` is moving now (a Move, a Shift or forced movement), so the
    reactive attacks that movement may trigger can be checked (R35)."""
    f = fight.fighters.get(name)
    if f is not None:
        f.moved = how
        f.answered_by = []


def check_trigger(reactor: Fighter, mover: Fighter, reaction: str) -> None:
    """R35, last sentence: without a map the GM states that a movement triggered Intercept
    or Forestall, but the tracker refuses what cannot have: no movement this turn, a
    Shift (ch19 Shift: "does not trigger reactive attacks"), forced movement for
    Forestall (ch19 Movement), or a second reactive attack by the same reactor at the
    same movement (R35: once per reactor per movement; Forestall, at the start, and
    Intercept, on coming into reach, are different triggers)."""
    how = mover.moved
    if not how:
        tried = " or tried to move" if reaction == "Forestall" else ""
        raise RuleError(f"{mover.name} has not moved{tried} this turn: nothing triggers "
                        f"{reaction} (ch19 Reactions)")
    if how == "Shift":
        raise RuleError(f"{mover.name}'s last movement was a Shift, and a Shift does not "
                        f"trigger reactive attacks (ch19 Shift, R35)")
    if how == FORCED and reaction == "Forestall":
        raise RuleError(f"{mover.name}'s movement was forced, and forced movement never "
                        "triggers Forestall (ch19 Movement, R35)")
    if f"{reactor.name}:{reaction}" in mover.answered_by:
        article = "an" if reaction[0] in "AEIOU" else "a"
        raise RuleError(f"{reactor.name} already made {article} {reaction} at this movement "
                        f"of {mover.name} (R35: one reaction per trigger, once per reactor "
                        "per movement)")


@dataclass(frozen=True)
class MoveAnswered(Event):
    """A reactive attack (Intercept, Forestall) answers ``mover``'s current movement; the
    same reactor may not answer it again (R35)."""

    kind: ClassVar[str] = "move_answered"
    reactor: str
    mover: str
    reaction: str

    def apply(self, fight: Fight) -> None:
        f = fight.fighters.get(self.mover)
        key = f"{self.reactor}:{self.reaction}"  # Forestall and Intercept are two triggers
        if f is not None and key not in f.answered_by:
            f.answered_by.append(key)


@dataclass(frozen=True)
class TerrainSet(Event):
    """The medium a fighter moves in: "" (ground), "climb" or "swim" (ch19 Movement)."""

    kind: ClassVar[str] = "terrain_set"
    name: str
    before: str
    after: str

    def apply(self, fight: Fight) -> None:
        fight.get(self.name).terrain = self.after


@dataclass(frozen=True)
class Fell(Event):
    """ch19 Falling / R23: the damage itself follows as its own events."""

    kind: ClassVar[str] = "fell"
    name: str
    squares: int
    agi: int
    damage: int
    counted: int | None = None  # squares left after AGI (None in journals written before)

    def apply(self, fight: Fight) -> None:
        return None
