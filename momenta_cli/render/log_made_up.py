"""Log lines for what the GM makes up at the table (engine/harm/conditions.py
``ConditionMadeUp``): their own line, not a GM note, so a recap does not list them among
the notes (the stacks gained are a line of their own, kept as any condition gained)."""

from __future__ import annotations

from momenta_cli.engine.core import did_you_mean
from momenta_cli.engine.harm import TABLE_CAP, ConditionMadeUp
from momenta_cli.render.log_lines import formats


@formats("condition_made_up")
def _made_up(e: ConditionMadeUp) -> str:
    typo = f"; {did_you_mean(e.near)} (undo takes it back)" if e.near else ""
    return (f"{e.condition} is made up: persistent, at most {TABLE_CAP} stacks, "
            f"a reminder only{typo}")
