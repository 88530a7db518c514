"""Conditions: stacking with caps and immunities, made up at the table (draft 22 as data).
The catalogue's lookups and the GM's reminders are in condition_lookup.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from momenta_cli.engine.core import (
    ConditionChanged,
    Event,
    Fight,
    Fighter,
    Reminder,
    Roll,
    StackCheck,
    candidates,
    match_name,
)
from momenta_cli.engine.harm.condition_lookup import (
    condition_catalogue,
    condition_def,
    reminders,
)
from momenta_cli.errors import RuleError
from momenta_cli.text import echo

# What `cond` reads as a number of stacks, never as a condition's name: +2, -1, =0, -all...
OPERAND = re.compile(r"^(?:[+=-]\d*|\d+|-all|clear|off|new)$", re.IGNORECASE)


@dataclass(frozen=True)
class ConditionMadeUp(Event):
    """The GM made up ``condition`` at the table (``cond NAME CONDITION new``): from here
    on the fight knows it (``Fight.table_conditions``), persistent, at most ``TABLE_CAP``
    stacks, a reminder only. ``near``: the known conditions its name is close to (a typo
    made it up: the log says so, and undo takes it back).

    Journals written before this event say it with a ``Note`` and the ``new`` flag of the
    ``ConditionChanged`` that follows (still read: core/events.py)."""

    kind: ClassVar[str] = "condition_made_up"
    touches_round: ClassVar[bool] = False
    condition: str
    near: tuple[str, ...] = ()

    def apply(self, fight: Fight) -> None:
        if self.condition not in fight.table_conditions:
            fight.table_conditions = (*fight.table_conditions, self.condition)


def resolve_condition(fight: Fight, text: str, hint: str = "") -> str:
    """A condition name from a case-insensitive unambiguous prefix; ``hint`` is added to
    the refusal of a name that matches nothing. A prefix of a catalogue or encounter
    condition and of conditions made up at the table names the former (``hind``:
    Hindered)."""
    cat = sorted(condition_catalogue(fight))
    hits = candidates(cat, text) if text.strip() else []
    if len(hits) > 1:  # a prefix of the catalogue's and of one made up: the catalogue's
        known = [h for h in hits if h not in fight.table_conditions]
        if len(known) == 1:
            return known[0]
    try:
        return match_name(cat, text, what="condition", head=f"unknown condition {echo(text)}",
                     missing=f"unknown condition {echo(text)} (known: {', '.join(cat)})")
    except RuleError as err:
        if hint and text.strip() and not candidates(cat, text):  # not for an ambiguity
            raise RuleError(f"{err}{hint}") from None
        raise


def capped(fight: Fight, name: str, stacks: int) -> int:
    """``stacks`` limited to the condition's stack cap (no cap: unchanged)."""
    cap = condition_def(fight, name).cap
    return stacks if cap is None else min(stacks, cap)


def gain_condition(
    fight: Fight,
    f: Fighter,
    name: str,
    n: int = 1,
    *,
    source: str | None = None,
    reason: str = "gm",
    hold: bool = False,
) -> list[Event]:
    """Events for ``f`` gaining ``n`` stacks of ``name``, capped; none if immune or no change.

    Gaining a condition the fighter is immune to changes nothing.
    """
    if name in f.spec.immunities:
        return []
    before = f.stacks(name)
    after = capped(fight, name, before + n)
    if after == before and not hold:
        return []
    return [ConditionChanged(f.name, name, before, after, reason, source, hold)]


def lose_condition(
    fight: Fight, f: Fighter, name: str, n: int | None = None, *, reason: str = "gm",
    roll: Roll | StackCheck | None = None,
) -> list[Event]:
    """Events for ``f`` losing ``n`` stacks (all when ``n`` is None) of ``name``."""
    before = f.stacks(name)
    if before == 0:
        return []
    after = 0 if n is None else max(before - n, 0)
    if after == before and roll is None:
        return []
    cond = f.conditions[name]
    return [ConditionChanged(f.name, name, before, after, reason, cond.source, cond.hold, roll)]


# --- effects used elsewhere -------------------------------------------------------------


def effective_sen(f: Fighter) -> int:
    """Shrouded (condition table): SEN counts as 1 while Shrouded (never raised to 1)."""
    sen = f.spec.attr("SEN")
    return min(sen, 1) if f.has("Shrouded") else sen


def reminder_events(fight: Fight, f: Fighter) -> list[Event]:
    """``reminders`` as log events, shown when ``f`` attacks or moves (the condition
    table: Frightened and GM-defined conditions are the GM's to apply)."""
    return [Reminder(f.name, text) for text in reminders(fight, f, acting=True)]
