"""An encounter event's ``do:`` line read as a command of the fight: the one reading the
prompt (play/scheduled.py) and the simulator (simulate/timed.py) share, so an event
fires alike in both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from momenta_cli.errors import CommandError, RuleError
from momenta_cli.language.meta import Meta
from momenta_cli.language.parsing import parse_line

if TYPE_CHECKING:
    from momenta_cli.engine.core import Command, ScheduledEvent


def event_command(sched: ScheduledEvent, line: str, n: int | None = None) -> Command:
    """One of ``sched``'s lines (its ``n``th, when given), parsed: a command of the
    fight (not a session line such as undo or status, nor a preview, nor a line pinning
    its dice), or ``RuleError`` naming the event, where its file has the line, and why."""
    at = _at(sched, line, n)
    try:
        parsed = parse_line(line)
    except CommandError as err:
        raise RuleError(f"event {sched.name} ({at}): '{line}': {err}") from None
    if parsed is None or isinstance(parsed, Meta) or line.rstrip().endswith("?"):
        raise RuleError(f"event {sched.name} ({at}): '{line}': an event runs commands "
                        "of the fight (not a blank line, a comment, a preview or a "
                        "session line such as undo, status or help)")
    from momenta_cli.engine.schedule import FireEvent
    from momenta_cli.text import take_dice

    if isinstance(parsed, FireEvent):
        raise RuleError(f"event {sched.name} ({at}): '{line}': an event does not fire "
                        "another")
    if take_dice(line) is not None:
        raise RuleError(f"event {sched.name} ({at}): '{line}': an event's line pins no "
                        "dice (the tracker rolls them when it fires)")
    return parsed


def _at(sched: ScheduledEvent, line: str, n: int | None) -> str:
    """Where the file has the line (FILE:LINE:COL), else the event's own place."""
    if n is None:
        n = sched.lines.index(line) if line in sched.lines else len(sched.lines_at)
    return sched.lines_at[n] if n < len(sched.lines_at) else sched.source
