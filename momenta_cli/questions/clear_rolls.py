"""A PC's roll to clear a condition at the end of its turn (R15), asked when
``ask_dice`` is on: the engine stops at each (engine/turns/clearing.py) with the pool
known, and the table types the faces, the successes, or Enter for the tracker to roll
(``Ilvane clears Hindered? roll AGI 2d>``). An enemy's are rolled (R30). The answer is
written on the line (``end hindered=5,6``), so the journal keeps it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from momenta_cli.engine.core import Ask, Typed, dice_text
from momenta_cli.questions.dice_faces import ask_roll
from momenta_cli.text import one_line

if TYPE_CHECKING:
    from momenta_cli.questions.table_decider import TableDecider


def ask_clear(d: TableDecider, ask: Ask) -> Typed | None:
    """The roll to clear ``ask.condition``."""
    roll = " ".join(x for x in (ask.attribute or "", dice_text(ask.pool.total)) if x)
    return ask_roll(d, ask, one_line(f"{ask.label}? roll {roll}> "))
