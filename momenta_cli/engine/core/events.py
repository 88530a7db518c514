"""Events: the facts a decided command produced. Applying them is plain arithmetic.

Every event is a frozen dataclass of JSON-friendly values (str, int, bool, None, tuples
of those) and of the records of dice (``Pool``, ``Roll``, ``StackCheck``:
engine/core/rolls.py), registered by its ``kind`` so a journal can be written and read
back. Dice faces live inside the events, so applying a journal never rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from importlib import import_module
from typing import Any, ClassVar

from momenta_cli.engine.core.rolls import Roll, StackCheck, read_roll_or_check
from momenta_cli.engine.core.state import Cond, Fight, other_side

EVENT_TYPES: dict[str, type[Event]] = {}

# The module that defines each kind of event not defined here. Reading a journal imports
# a kind's module only when a record holds that kind (``event_from_dict``): the rules
# modules that define events also decide commands, and importing them all costs a
# ``status`` more than the rest of its start-up. tests/test_startup_imports.py checks that
# this names every Event subclass's kind and module, so it cannot go stale.
EVENT_MODULES: dict[str, str] = {
    "condition_made_up": "momenta_cli.engine.harm.conditions",
    "moved": "momenta_cli.engine.movement.movement_events",
    "dragged": "momenta_cli.engine.movement.movement_events",
    "shoved": "momenta_cli.engine.movement.movement_events",
    "move_answered": "momenta_cli.engine.movement.movement_events",
    "terrain_set": "momenta_cli.engine.movement.movement_events",
    "fell": "momenta_cli.engine.movement.movement_events",
    "maneuver_taken": "momenta_cli.engine.actions.economy",
    "reaction_taken": "momenta_cli.engine.actions.economy",
    "defense_used": "momenta_cli.engine.attack.defense",
    "placed_at": "momenta_cli.engine.battlefield.positions",
    "door_set": "momenta_cli.engine.battlefield.doors",
    "grab_ended": "momenta_cli.engine.movement.grabs",
    "halted": "momenta_cli.engine.movement.triggers",
    "grab_taken": "momenta_cli.engine.attack.effects",
    "attack_rolled": "momenta_cli.engine.attack.attack_events",
    "attack_damage": "momenta_cli.engine.attack.attack_events",
    "surged": "momenta_cli.engine.actions.maneuvers",
    "consumable_used": "momenta_cli.engine.actions.maneuvers",
    "hide_rolled": "momenta_cli.engine.actions.maneuvers",
    "event_fired": "momenta_cli.engine.schedule.firing",
}


@dataclass(frozen=True)
class Event:
    """Base of all events. Subclasses set ``kind`` and implement ``apply``."""

    kind: ClassVar[str] = "event"
    # Whether applying the event may change what decides that the round is over
    # (deciding.py ``rollover``): the fight being over, the running turn, the round and the
    # side of the last turn, who is in the fight, and each fighter's turns taken and
    # allowed and its Defeated, Lost and removed. ``decide`` looks at the event once
    # for every command; events that leave all of those alone say False, so a command
    # made of them needs no copy of the fight for that look. True, the safe default,
    # costs a copy, never a wrong answer.
    touches_round: ClassVar[bool] = True
    # How a field that is a record of dice is read back from the JSON the journal holds
    # (a roll's dict, a pool's pairs): the field's name and the function that reads it.
    # The other fields are taken as they come (lists as tuples).
    readers: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "kind" in cls.__dict__:
            EVENT_TYPES[cls.kind] = cls

    def apply(self, fight: Fight) -> None:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The event as a JSON-friendly dict with its ``kind`` (see ``event_from_dict``):
        its fields in order, a roll as its dict (``Roll.to_dict``), a pool as its pairs."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            # the values are immutable (tuples of plain values): shared, not copied
            out[f.name] = value.to_dict() if isinstance(value, Roll | StackCheck) else value
        return out


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event written by ``Event.to_dict`` (lists stay lists)."""
    kind = data.get("kind")
    cls = EVENT_TYPES.get(str(kind)) or event_type(str(kind))  # hot: one lookup if known
    if cls is None:
        raise ValueError(f"unknown event kind {kind!r}")
    names = {f.name for f in fields(cls)}
    readers = cls.readers
    args = {k: readers[k](v) if k in readers else _freeze(v) for k, v in data.items()
            if k in names}
    return cls(**args)


def event_type(kind: str) -> type[Event] | None:
    """The class of the event kind ``kind``, its module imported if need be (see
    ``EVENT_MODULES``); None for a kind no module defines."""
    cls = EVENT_TYPES.get(kind)
    if cls is None and kind in EVENT_MODULES:
        import_module(EVENT_MODULES[kind])
        cls = EVENT_TYPES.get(kind)
    return cls


def _freeze(value: Any) -> Any:
    # JSON gives lists; events hold tuples so they stay hashable and equal after a round trip.
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def apply(fight: Fight, event: Event) -> Fight:
    """Apply one event to ``fight`` in place and return it."""
    event.apply(fight)
    return fight


def apply_all(fight: Fight, events: list[Event] | tuple[Event, ...]) -> Fight:
    """Apply ``events`` in order to ``fight`` in place and return it (never rolls)."""
    for ev in events:
        ev.apply(fight)
    return fight


def applied(fight: Fight, events: list[Event]) -> list[Event]:
    """Apply ``events`` to ``fight`` (a scratch copy a decider owns) and hand them back."""
    apply_all(fight, events)
    return events


# --- turn flow -------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnStarted(Event):
    """A fighter starts one of its turns; Vigor and Guard refresh (ch18 Taking a Turn)."""

    kind: ClassVar[str] = "turn_started"
    name: str
    turn: int
    phase: int
    vigor_from: int
    vigor_to: int
    guard_from: int
    guard_to: int
    exhausted: bool = False

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        fight.active = self.name
        fight.active_turn = self.turn
        if f.side in ("allies", "adversaries"):
            fight.last_side = f.side
        f.vigor = self.vigor_to
        f.guard = self.guard_to
        f.moves = 0
        f.maneuvers = 0
        f.full_turn = False
        f.surged = False
        f.deflected = []
        # Movements belong to the turn they were in. Only those with one to forget are
        # written to, so a draft copies only them.
        for name in [n for n, other in fight.fighters.items() if other.moved or other.answered_by]:
            other = fight.get(name)
            other.moved = ""
            other.answered_by = []


@dataclass(frozen=True)
class TurnEnded(Event):
    """The active turn ends; ``forgone`` extra turns are given up (ch18 Taking Multiple
    Turns)."""

    kind: ClassVar[str] = "turn_ended"
    name: str
    last_of_round: bool
    forgone: int = 0

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        f.turns_taken += 1
        f.turns_allowed -= self.forgone
        fight.active = None
        fight.active_turn = 0


@dataclass(frozen=True)
class RoundStarted(Event):
    """A new round: every fighter's turn count resets; ``first_side`` is due first."""

    kind: ClassVar[str] = "round_started"
    round: int
    first_side: str

    def apply(self, fight: Fight) -> None:
        fight.round = self.round
        fight.first_side = self.first_side
        fight.last_side = other_side(self.first_side)
        fight.active = None
        for name in list(fight.fighters):
            f = fight.get(name)
            f.turns_taken = 0
            f.turns_allowed = f.spec.turns
            f.defense_uses = {}


@dataclass(frozen=True)
class CombatEnded(Event):
    """The GM declares the fight over (``over [REASON]``)."""
    kind: ClassVar[str] = "combat_ended"
    reason: str

    def apply(self, fight: Fight) -> None:
        fight.over = True
        fight.over_reason = self.reason
        fight.active = None


@dataclass(frozen=True)
class Note(Event):
    """A line for the log only (a GM note, or an explanation); changes nothing."""

    kind: ClassVar[str] = "note"
    touches_round: ClassVar[bool] = False
    text: str
    name: str | None = None

    def apply(self, fight: Fight) -> None:
        return None


# --- conditions ------------------------------------------------------------------------


@dataclass(frozen=True)
class ConditionChanged(Event):
    """A condition's stacks change from ``before`` to ``after`` (0 removes it).

    ``reason`` says why (``gm``, ``auto-clear``, ``roll``, ``class``, ``wound``, ...);
    ``roll`` holds the dice when a roll decided it. ``new``: the condition was made up at
    the table with this change and is known to the fight from here on (persistent, at
    most 3 stacks, a reminder only: ``Fight.table_conditions``).
    """

    kind: ClassVar[str] = "condition_changed"
    touches_round: ClassVar[bool] = False
    name: str
    condition: str
    before: int
    after: int
    reason: str = "gm"
    source: str | None = None
    hold: bool = False
    roll: Roll | StackCheck | None = None
    new: bool = False
    readers: ClassVar[Mapping[str, Callable[[Any], Any]]] = {"roll": read_roll_or_check}

    def apply(self, fight: Fight) -> None:
        if self.new and self.condition not in fight.table_conditions:
            fight.table_conditions = (*fight.table_conditions, self.condition)
        f = fight.get(self.name)
        if self.after <= 0:
            f.conditions.pop(self.condition, None)
            return
        cur = f.conditions.get(self.condition)
        if cur is None:
            f.conditions[self.condition] = Cond(self.after, self.source, self.hold)
        else:
            cur.stacks = self.after
            cur.hold = self.hold
            if self.source is not None:
                cur.source = self.source


# --- resources and status ---------------------------------------------------------------


@dataclass(frozen=True)
class ResourceSet(Event):
    """One resource (vitality, guard, vigor, strain, resolve, consumables) takes a value."""

    kind: ClassVar[str] = "resource_set"
    touches_round: ClassVar[bool] = False
    name: str
    resource: str
    before: int
    after: int
    reason: str = "gm"
    # The damage (or Strain) that made the change, as engine/harm/damage.py dealt it: the
    # change alone cannot tell it when the fighter went down (Vitality stops at 0, Strain
    # at max) and the log says what carried over (R10). None: not damage, or a journal
    # written before the field.
    amount: int | None = None

    def apply(self, fight: Fight) -> None:
        setattr(fight.get(self.name), self.resource, self.after)

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if self.amount is None:  # a change that is not damage is written as it always was
            del out["amount"]
        return out


@dataclass(frozen=True)
class WoundTaken(Event):
    """A Wound (or, with ``burden``, a Burden) slot fills and gives ``condition`` (R10)."""

    kind: ClassVar[str] = "wound_taken"
    touches_round: ClassVar[bool] = False
    name: str
    condition: str
    burden: bool = False
    face: int | None = None

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        (f.burdens if self.burden else f.wounds).append(self.condition)


@dataclass(frozen=True)
class FighterDown(Event):
    """A fighter is Defeated (``lost`` False) or Lost (``lost`` True) (R11)."""

    kind: ClassVar[str] = "fighter_down"
    name: str
    lost: bool = False
    reason: str = ""

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        if self.lost:
            f.lost = True
            f.strain = 0
            if f.spec.is_enemy:  # draft 22 Lost: enemies become Defeated
                f.defeated = True
                f.vitality = 0
        else:
            f.defeated = True
            f.vitality = 0
        if fight.active == f.name:
            fight.active = None
            fight.active_turn = 0


@dataclass(frozen=True)
class FighterRevived(Event):
    """The GM removes Defeated/Lost (R11: Vitality 1)."""

    kind: ClassVar[str] = "fighter_revived"
    name: str

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        if f.defeated:
            f.vitality = max(f.vitality, 1)
        f.defeated = False
        f.lost = False


@dataclass(frozen=True)
class FighterAdded(Event):
    """A reinforcement joins the current round (R17): from the stat block ``block``; or,
    with ``copy_of``, a fresh copy of that fighter's stat block; or, with ``improvised``
    (its threat class, R7), a combatant made up at the table with the ``vitality``,
    ``guard`` and ``pool`` given (its defaults already filled in by ``add``). For a copy
    or an improvised one, ``block`` is only a label for the log."""

    kind: ClassVar[str] = "fighter_added"
    block: str
    name: str
    side: str
    copy_of: str | None = None
    improvised: str | None = None
    vitality: int = 0
    guard: int = 0
    pool: int = 0

    def apply(self, fight: Fight) -> None:
        from momenta_cli.engine.core.opening import fighter_from_spec, respec
        from momenta_cli.engine.gm import improvised_spec

        if self.improvised is not None:
            base = improvised_spec(fight.encounter, self.improvised, self.vitality,
                                   self.guard, self.pool)
        elif self.copy_of is not None:
            base = fight.fighters[self.copy_of].spec  # read only: specs never change
        else:
            base = fight.encounter.stat_blocks[self.block]
        spec = respec(base, self.name, self.side, fight.settings)
        fight.fighters[self.name] = fighter_from_spec(spec)


@dataclass(frozen=True)
class FighterRemoved(Event):
    """The GM takes a fighter out of the fight; it loses its remaining turns (R17)."""

    kind: ClassVar[str] = "fighter_removed"
    name: str

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        f.removed = True
        if fight.active == f.name:
            fight.active = None
            fight.active_turn = 0


@dataclass(frozen=True)
class Reminder(Event):
    """A condition effect the tracker does not enforce, shown for the GM (condition table)."""

    kind: ClassVar[str] = "reminder"
    touches_round: ClassVar[bool] = False
    name: str
    text: str

    def apply(self, fight: Fight) -> None:
        return None
