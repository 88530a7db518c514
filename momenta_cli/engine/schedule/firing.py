"""``event NAME``: firing one of the encounter's scheduled events.

A fired event is one entry of the journal like any typed line: its events are an
``EventFired`` (which marks a once-only event as fired, in the state, so undo, resume and
replay restore it) followed by the events of each of its lines, decided in turn against
the state the ones before left. If any line is refused, nothing fires: the refusal names
the event, where the file defines it and the line. ``event NAME skip`` records that the
GM declined it (asked at the prompt): it changes nothing, and a once-only event stays
unfired.

The lines are command-language text; the engine reads no text, so the command carries
them already parsed (``commands``: play/ reads them, language/ parses them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from momenta_cli.engine.core import (
    AddNote,
    Command,
    Entry,
    Event,
    Fight,
    Roller,
    ScheduledEvent,
    Session,
    apply_all,
    closest_names,
    did_you_mean,
    handles,
)
from momenta_cli.errors import RuleError


@dataclass(frozen=True)
class FireEvent(Command):
    """Fire the scheduled event ``name`` (``declined``: record that the GM said no).
    ``commands`` are its lines, parsed (one per line of the event, in order)."""

    name: str
    declined: bool = False
    commands: tuple[Command, ...] = ()
    # It may run after the combat's end (the "combat ends" trigger): deciding.py asks.
    when_over: ClassVar[bool] = True


@dataclass(frozen=True)
class EventFired(Event):
    """The scheduled event ``name`` fired (or, ``declined``, the GM said no): its
    ``when`` and ``say`` for the log (and the players' screen when ``players``); a
    once-only event that fired is kept in ``Fight.fired``."""

    kind: ClassVar[str] = "event_fired"
    touches_round: ClassVar[bool] = False
    name: str
    when: str = ""
    say: str = ""
    players: bool = False
    once: bool = True
    declined: bool = False

    def apply(self, fight: Fight) -> None:
        if self.once and not self.declined and self.name not in fight.fired:
            fight.fired = (*fight.fired, self.name)


def find_event(fight: Fight, name: str) -> ScheduledEvent:
    """The encounter's scheduled event called ``name`` (any case); RuleError naming the
    close ones (or saying there are none) otherwise."""
    sched = fight.encounter.event(name)
    if sched is not None:
        return sched
    names = [e.name for e in fight.encounter.events]
    if not names:
        raise RuleError(f"the encounter has no events (events: in its file); no "
                        f"'{name}'")
    near = closest_names(name, names)
    hint = f": {did_you_mean(near)}" if near else f" (its events: {', '.join(names)})"
    raise RuleError(f"no event '{name}' in the encounter{hint}")


@handles(FireEvent)
def fire(fight: Fight, cmd: FireEvent, roller: Roller) -> list[Event]:
    """The events of firing ``cmd.name``: ``EventFired`` then each line's, in turn."""
    from momenta_cli.engine.core import decide  # deciding imports this module

    sched = find_event(fight, cmd.name)
    if sched.name in fight.fired:
        raise RuleError(f"event {sched.name} has fired already (it fires once; undo "
                        f"past it to fire it again)")
    from momenta_cli.engine.schedule.timing import trigger_words

    mark = EventFired(sched.name, sched.when or trigger_words(sched.trigger), sched.say,
                      sched.players, sched.once, cmd.declined)
    if cmd.declined:
        return [mark]
    if len(cmd.commands) != len(sched.lines):
        raise RuleError(f"event {sched.name}: its lines were not read")
    out: list[Event] = [mark]
    draft = apply_all(fight.draft(), out)
    for n, (line, command) in enumerate(zip(sched.lines, cmd.commands, strict=True)):
        if draft.over and not isinstance(command, AddNote):
            raise RuleError(_where(sched, n, line, "the combat is over: after its end "
                                   "an event runs notes only"))
        try:
            events = decide(draft, command, roller)
        except RuleError as err:
            raise RuleError(_where(sched, n, line, str(err))) from None
        apply_all(draft, events)
        out.extend(events)
    return out


def _where(sched: ScheduledEvent, n: int, line: str, why: str) -> str:
    at = sched.lines_at[n] if n < len(sched.lines_at) else sched.source
    return f"event {sched.name} ({at}): '{line}': {why}; nothing fired"


def fire_due(session: Session, sched: ScheduledEvent, commands: tuple[Command, ...],
             roller: Roller, *, declined: bool = False) -> Entry:
    """Fire ``sched``, which its trigger set off, as its own journal entry (``event
    NAME``, or ``event NAME skip`` when ``declined``) marked with the trigger in words
    (``Entry.fired_by``), and push it; ``commands``: its lines, parsed (none when
    declined). ``MomentaError`` (nothing done) when the engine refuses it. The prompt's
    firings (play/scheduled.py) and the simulator's (simulate/timed.py) are this one."""
    from dataclasses import replace

    from momenta_cli.engine.schedule.timing import trigger_words

    line = f"event {sched.name}" + (" skip" if declined else "")
    entry = session.decide(FireEvent(sched.name, declined, () if declined else commands),
                           line, roller)
    entry = replace(entry, fired_by=sched.when or trigger_words(sched.trigger))
    session.push(entry)
    return entry

