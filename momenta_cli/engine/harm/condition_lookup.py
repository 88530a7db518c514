"""The condition catalogue as a fight knows it (the shipped conditions, the encounter's
own, those made up at the table) and the reminders for the GM of the effects the tracker
leaves to them. Lookups only, no event: the status table's reminders
(render/status_layout.py) read them without loading the events of the harm or the core
(start-up, docs/speed.md); conditions.py gains and loses stacks with them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from momenta_cli.errors import RuleError
from momenta_cli.rules import ConditionDef, conditions

if TYPE_CHECKING:
    from momenta_cli.engine.core import Fight, Fighter

TABLE_CAP = 3  # a condition made up at the table: at most 3 stacks, persistent


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
