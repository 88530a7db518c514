"""The encounter's scheduled events in a simulated fight: after every command the
simulator runs, the events it set off fire, each as its own entry, exactly as at the
prompt with nobody asked (an ``ask: true`` event fires, as in ``do`` and scripts).

The timing is the engine's (engine/schedule ``due``: edge-triggered, round 1 starting
with the fight's first command) and so is the firing (engine/schedule ``fire_due``,
which the prompt's firings use too). A fired event's own lines set nothing off, and an
event whose line the engine refuses fires nothing (the prompt reports it and plays on;
so does the simulator).

The lines are parsed by language/event_lines.py ``event_command``, as at the prompt
(play/scheduled.py): a command of the fight, no preview, no session line, no pinned
dice, no ``event`` line. An encounter with a line that does not read so
is refused before any fight (``check_events``), in one line naming the event and where
its file has the line: a simulation that quietly left the reinforcements out would
answer the wrong question.
"""

from __future__ import annotations

from momenta_cli.engine.core import (
    Command,
    EncounterSpec,
    Entry,
    Fight,
    Roller,
    ScheduledEvent,
    Session,
)
from momenta_cli.errors import MomentaError, RuleError

# (event name, its lines) -> the lines parsed, or the refusal: parsed once per process
_PARSED: dict[tuple[str, tuple[str, ...]], tuple[Command, ...] | str] = {}


class BadEventLine(MomentaError):
    """An event line of the encounter that is not a command of the fight."""


def event_lines(sched: ScheduledEvent) -> tuple[Command, ...]:
    """``sched``'s lines parsed, in order; ``RuleError`` naming the event, where its file
    has the line and why, for one that is not a command of the fight."""
    from momenta_cli.language import event_command

    key = (sched.name, sched.lines)
    got = _PARSED.get(key)
    if got is None:
        try:
            got = tuple(event_command(sched, x, n) for n, x in enumerate(sched.lines))
        except RuleError as err:
            got = str(err)
        _PARSED[key] = got
    if isinstance(got, str):
        raise RuleError(got)
    return got


def check_events(encounter: EncounterSpec) -> None:
    """Refuse (``BadEventLine``, one line) an encounter with an event line that is not a
    command of the fight (``momenta validate`` says more)."""
    for sched in encounter.events:
        try:
            event_lines(sched)
        except RuleError as err:
            raise BadEventLine(f"{encounter.name}: {err} (momenta validate checks every "
                               "event)") from None


def untouched(fight: Fight) -> bool:
    """Whether ``fight`` (a fight in progress, handed to a forecast) has not begun: round
    1, nobody's turn, no turn taken. Its next command is then the fight's first, with
    which round 1 starts (its round-1 events are due)."""
    return (fight.round == 1 and fight.active is None
            and not any(f.turns_taken for f in fight.fighters.values()))


def fire_due(session: Session, before: Fight, entry: Entry, opening: bool,
             roller: Roller) -> list[Entry]:
    """Fire the events ``entry`` (just pushed, decided against ``before``) set off, each
    as its own entry marked with its trigger (``Entry.fired_by``), as the prompt does;
    one the engine refuses fires nothing. The entries made."""
    from momenta_cli.engine.schedule import due, fire_due

    made: list[Entry] = []
    for sched in due(before, entry.events, opening=opening):
        try:
            made.append(fire_due(session, sched, event_lines(sched), roller))
        except MomentaError:
            continue  # refused (a line of it, or it fired already): nothing of it done
    return made
