"""The encounter's scheduled events at the table: read their lines, fire the ones a line
set off, and check them all (``momenta validate``).

Every line run through play/runner.py ``run_line`` (the prompt, ``do``, ``momenta
replay``) is followed here by the events it set off (engine/schedule/timing.py ``due``):
each fires as its own journal entry, ``event NAME`` (``event NAME skip`` when the GM
declined an ``ask: true`` one at the prompt), marked with its trigger (``Entry.fired_by``,
the record's ``"fired_by"``). So the three run alike, and a script replayed under another
seed fires each event where its trigger happens.

A fight's exported script (``log --format script``) holds those entries as lines like
any other. So that nothing fires twice, an ``event NAME`` line run right after the line
that fired NAME automatically stands for that firing: when it is the very same complete
line it is already done (nothing new happens), and otherwise (its own dice, or ``skip``)
it takes the automatic firing's place (``Outcome.taken_back``: the automatic entries
from it on are taken back, the line runs, and the others fire again after it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from momenta_cli.engine.core import (
    Command,
    EncounterSpec,
    Entry,
    Fight,
    Roller,
    ScheduledEvent,
    Session,
)
from momenta_cli.errors import MomentaError
from momenta_cli.language import event_command

# What the log says of an event a line fired rather than its trigger ("Event gate
# (fired by hand)"), in the place of the trigger's words
BY_HAND = "fired by hand"

# The prompt's question before an ``ask: true`` event fires: True to run it. None (``do``,
# replay scripts): every event fires, as the question's default answer would have it.
Confirm = Callable[[ScheduledEvent], bool]


def ready(encounter: EncounterSpec, command: Command) -> Command:
    """``command`` with an ``event NAME`` line's lines parsed into it (the engine reads
    no text); any other command as it is."""
    from momenta_cli.engine.schedule import FireEvent

    if not isinstance(command, FireEvent) or command.declined:
        return command
    sched = encounter.event(command.name)
    if sched is None:
        return command  # the engine says there is no such event, naming the close ones
    return replace(command, commands=tuple(event_command(sched, x) for x in sched.lines))


def fire(session: Session, sched: ScheduledEvent, roller: Roller,
         confirm: Confirm | None) -> Entry:
    """Fire ``sched`` as its own entry (``event NAME``, or ``event NAME skip`` when
    ``confirm`` says no), marked as fired by its trigger; ``RuleError`` (nothing done)
    when one of its lines is refused."""
    from momenta_cli.engine.schedule import fire_due

    declined = sched.ask and confirm is not None and not confirm(sched)
    commands = () if declined else tuple(event_command(sched, x) for x in sched.lines)
    return fire_due(session, sched, commands, roller, declined=declined)


def due_after(session: Session, before: Fight, entries_before: int, opening: bool
              ) -> list[ScheduledEvent]:
    """The scheduled events the entry just pushed (the session's last, after
    ``entries_before`` entries, decided against ``before``) set off."""
    from momenta_cli.engine.schedule import due

    if len(session.entries) != entries_before + 1:
        return []
    return due(before, session.entries[-1].events, opening=opening)


def automatic_block(session: Session) -> list[Entry]:
    """The automatic firings at the end of the journal (the entries since the last line
    not fired by a trigger), oldest first."""
    n = len(session.entries)
    while n and session.entries[n - 1].fired_by:
        n -= 1
    return session.entries[n:]


def standing_for(session: Session, command: Command, line: str
                 ) -> tuple[int, bool] | None:
    """When ``line`` (``event NAME``) stands for an automatic firing of NAME at the end
    of the journal: where that entry is in ``automatic_block``, and whether the line is
    that very firing (True: nothing to do) or takes its place (False: its own dice, or
    ``skip``). None when it stands for none.

    A script's lines come in the order the tracker fired them, so the very firing is
    always the oldest of the block; a line that takes a firing's place may name any of
    them (the GM declining the second of two events one line set off, by hand)."""
    from momenta_cli.engine.schedule import EventFired, FireEvent

    if not isinstance(command, FireEvent):
        return None
    for at, entry in enumerate(automatic_block(session)):
        mark = entry.events[0] if entry.events else None
        if isinstance(mark, EventFired) and mark.name.casefold() == command.name.casefold():
            same = entry.script_line == line.strip()
            # the same line again, past the oldest: fired by hand once more
            return None if same and at else (at, same)
    return None


def fire_all(session: Session, due: list[ScheduledEvent], roller: Roller,
             confirm: Confirm | None) -> tuple[list[Entry], list[str]]:
    """Fire each of ``due`` in turn: the entries made, and a refusal for each that could
    not fire (nothing of it done)."""
    made: list[Entry] = []
    refused: list[str] = []
    for sched in due:
        try:
            made.append(fire(session, sched, roller, confirm))
        except MomentaError as err:
            refused.append(str(err))
    return made, refused


def mark_by_hand(session: Session) -> Entry:
    """The session's last entry, an ``event NAME`` line's, with its event marked as
    fired by hand (``BY_HAND`` in the place of the trigger's words: the log must not
    say "(Captain is Defeated)" of a gate the GM opened while he stands). The mark is
    words for the log only: the fight's state is the same."""
    from momenta_cli.engine.schedule import EventFired

    entry = session.entries[-1]
    mark = entry.events[0] if entry.events else None
    if isinstance(mark, EventFired) and mark.when != BY_HAND:
        entry = replace(entry, events=(replace(mark, when=BY_HAND), *entry.events[1:]))
        session.entries[-1] = entry
    return entry


def was_due(session: Session, name: str) -> bool:
    """Whether the event ``name``, fired by the session's last entry, was due by the
    line before the firings just before it (its trigger), and none of those firings
    was it already: a journal's lines run again one by one (``run_line(auto=False)``)
    tell the tracker's firings from the GM's so."""
    from momenta_cli.engine.core import apply_all
    from momenta_cli.engine.schedule import EventFired, due

    entries = session.entries[:-1]
    k = len(entries)
    while k and entries[k - 1].events and isinstance(entries[k - 1].events[0], EventFired):
        k -= 1
    if not k:
        return False
    # fired already in this block (the tracker's one firing, run again): this one is
    # the GM's, by hand
    if any(e.events[0].name.casefold() == name.casefold()  # type: ignore[attr-defined]
           for e in entries[k:]):
        return False
    before = session.initial.clone()
    for e in entries[:k - 1]:
        apply_all(before, e.events)
    return any(s.name.casefold() == name.casefold()
               for s in due(before, entries[k - 1].events, opening=k == 1))
