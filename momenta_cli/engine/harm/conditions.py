"""Conditions: catalogue lookup, stacking with caps and immunities (draft 22 as data)."""

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
from momenta_cli.errors import RuleError
from momenta_cli.rules import ConditionDef, conditions
from momenta_cli.text import echo

TABLE_CAP = 3  # a condition made up at the table: at most 3 stacks, persistent
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


def table_condition(name: str) -> ConditionDef:
    """A condition the GM made up at the table (``cond NAME SOAKED new``): persistent,
    at most 3 stacks, a reminder only (the tracker applies no effect)."""
    return ConditionDef(name, TABLE_CAP, "persistent", (), "", reminder=True)


def condition_catalogue(fight: Fight) -> dict[str, ConditionDef]:
    """The shipped catalogue plus the encounter's own conditions and those made up at
    the table."""
    cat = dict(conditions())
    for name, cap, clear, attrs, effect in fight.encounter.extra_conditions:
        cat[name] = ConditionDef(name, cap, clear, tuple(attrs), effect)
    for name in fight.table_conditions:
        cat[name] = table_condition(name)
    return cat


def condition_def(fight: Fight, name: str) -> ConditionDef:
    """The catalogue entry of condition ``name`` (exact name), or a RuleError."""
    # Looked up for every stack gained or lost, so without building the whole catalogue:
    # the encounter's own entries first (the last of a name wins, as in ``catalogue``).
    for row in reversed(fight.encounter.extra_conditions):
        if row[0] == name:
            _, cap, clear, attrs, effect = row
            return ConditionDef(name, cap, clear, tuple(attrs), effect)
    shipped = conditions()
    if name in shipped:
        return shipped[name]
    if name in fight.table_conditions:
        return table_condition(name)
    raise RuleError(f"unknown condition {name!r}")


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


def reminders(fight: Fight, f: Fighter, *, acting: bool = False) -> list[str]:
    """Lines for the GM about ``f``'s conditions whose effect the tracker does not apply
    (Frightened, and every GM-defined condition of the encounter file). Those made up at
    the table only when ``f`` is ``acting`` (attacks or moves: ``reminder_events``): they
    have no effect text to recall, and the status table shows them already."""
    if not f.conditions:  # asked before every attack and movement: mostly nothing to say
        return []
    extra = {row[0]: row[4] for row in fight.encounter.extra_conditions}
    if acting:
        extra.update((name, "") for name in fight.table_conditions)
    shipped = conditions()
    out = []
    for name, c in f.conditions.items():
        if (name in shipped and shipped[name].reminder) or name in extra:
            effect = extra.get(name) or condition_def(fight, name).effect
            src = f" (source: {c.source})" if c.source and c.source != "encounter" else ""
            stacks = f" {c.stacks}" if c.stacks > 1 else ""
            out.append(f"{name}{stacks}{src}: {effect}" if effect else f"{name}{stacks}{src}")
    return out


def reminder_events(fight: Fight, f: Fighter) -> list[Event]:
    """``reminders`` as log events, shown when ``f`` attacks or moves (the condition
    table: Frightened and GM-defined conditions are the GM's to apply)."""
    return [Reminder(f.name, text) for text in reminders(fight, f, acting=True)]
