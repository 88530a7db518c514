"""The prompt's question before an ``ask: true`` scheduled event fires (play/scheduled.py):
what set it off and what it will run, then ``Run event NAME? [Y/n]``; Enter runs it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from momenta_cli.engine.core import ScheduledEvent
    from momenta_cli.questions import Table

YES, NO = ("", "y", "yes"), ("n", "no")


def question(sched: ScheduledEvent) -> str:
    """``Round 2 starts: reinforcements (add footpad x2 at w2).``: the trigger, the
    event's name and its lines (or its text when it has no lines)."""
    what = "; ".join(sched.lines) or sched.say
    when = sched.when[:1].upper() + sched.when[1:]
    return f"{when}: {sched.name}" + (f" ({what})." if what else ".")


def confirmer(table: Table) -> Callable[[ScheduledEvent], bool]:
    """The GM's answer at ``table``: True to run the event (Enter, y, yes), False for n
    or no, or when the question is cancelled (Ctrl-C, the end of piped input)."""

    def confirm(sched: ScheduledEvent) -> bool:
        table.tell(question(sched))
        while True:
            answer = table.ask(f"Run event {sched.name}? [Y/n] ", ["y", "n"])
            if answer is None:
                return False
            word = answer.strip().lower()
            if word in YES or word in NO:
                return word in YES
            table.wrong(f"'{answer.strip()}': answer y (run it) or n (not now)")

    return confirm
