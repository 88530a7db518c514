"""A fight in progress: the opening state, the journal of accepted commands with their
events, and undo/redo as replays of that journal (boardgame.io-style fold)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from momenta_cli.engine.core.opening import new_fight
from momenta_cli.engine.core.rollers import RecordingRoller, Roller
from momenta_cli.engine.core.specs import EncounterSpec
from momenta_cli.engine.core.state import Fight
from momenta_cli.errors import RuleError

if TYPE_CHECKING:  # deciding (every rules module) comes in with the first command decided
    from momenta_cli.engine.core.commands import Command
    from momenta_cli.engine.core.events import Event

# The events (some forty dataclasses) come in with the first entry applied: a look that
# starts from the fold cache (journal/snapshot.py) and finds nothing new applies none.


@dataclass(frozen=True)
class Entry:
    """One accepted command: the line the GM typed (without a ``dice`` clause), the
    events it produced, and every face its rolls took, in order, whether the tracker
    rolled them or the line pinned them (the journal's ``"dice"``; empty when nothing
    was rolled). ``at`` is when the journal accepted it (ISO 8601 UTC, the record's
    ``"at"``; empty when unknown): the engine never reads a clock, and an entry's time is
    no part of what it did, so two entries that differ only in it are equal.
    ``fired_by``: see below."""

    line: str
    events: tuple[Event, ...]
    dice: tuple[int, ...] = ()
    at: str = field(default="", compare=False)
    # the answers a player gave from a phone (``(seat, kind)``, in the order asked): a
    # note for the recap, no part of what the command did
    seated: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    # A scheduled event the tracker fired itself when its trigger happened: the trigger
    # in words (the record's ``"fired_by"``); "" for a line typed or scripted. Like
    # ``at``, no part of what the entry did (play/scheduled.py reads it).
    fired_by: str = field(default="", compare=False)

    @property
    def script_line(self) -> str:
        """The complete command: the line with its dice written as ``dice F,F,...``,
        which replays it exactly under any seed (text/words.py ``with_dice``)."""
        from momenta_cli.text import with_dice

        return with_dice(self.line, self.dice) if self.dice else self.line


def replay(initial: Fight, entries: list[Entry]) -> Fight:
    """The state after every entry's events, folded onto a copy of ``initial``."""
    from momenta_cli.engine.core.events import apply_all

    state = initial.clone()
    for entry in entries:
        apply_all(state, entry.events)
    return state


class Session:
    """The live fight: ``state`` is always the fold of ``entries`` onto the opening state."""

    def __init__(self, encounter: EncounterSpec):
        self.encounter = encounter
        self.initial = new_fight(encounter)
        self.entries: list[Entry] = []
        self.undone: list[Entry] = []
        self.state = self.initial.clone()

    def execute(self, command: Command, line: str, roller: Roller) -> Entry:
        """Decide and apply ``command``; on refusal raise and leave everything as it was."""
        entry = self.decide(command, line, roller)
        self.push(entry)
        return entry

    def decide(self, command: Command, line: str, roller: Roller) -> Entry:
        """The entry ``command`` would make, not applied (nothing changes): its events
        and the faces ``roller`` handed out for them (``Entry.dice``)."""
        from momenta_cli.engine.core.deciding import decide  # reading a journal never decides

        rolled = RecordingRoller(roller)
        events = decide(self.state, command, rolled)
        return Entry(line, tuple(events), tuple(rolled.faces))

    def push(self, entry: Entry) -> None:
        """Apply an already-decided entry (resume from disk: no deciding, no rolling)."""
        from momenta_cli.engine.core.events import apply_all

        apply_all(self.state, entry.events)
        self.entries.append(entry)
        self.undone.clear()

    def undo(self) -> Entry:
        """Take back the last command; the state is rebuilt from the journal."""
        if not self.entries:
            raise RuleError("nothing to undo")
        entry = self.entries.pop()
        self.undone.append(entry)
        self.state = replay(self.initial, self.entries)
        return entry

    def restore(self, entries: list[Entry], undone: list[Entry]) -> None:
        """Put the session back as it was when ``entries`` and ``undone`` were copied, with
        no copy of the state taken beforehand: the state is rebuilt as the fold of
        ``entries`` onto the opening state, which is what it always is.

        For a caller that keeps ``(list(s.entries), list(s.undone))`` before a line and
        must take the line back after the fact: its save failed, or something unexpected
        was raised while it was carried out. A refused line (``RuleError``,
        ``CommandError``) has changed nothing and needs no restore. The lists are copied.
        Costs a replay of the journal (about a microsecond an entry), so it is for the
        rare path only."""
        self.entries = list(entries)
        self.undone = list(undone)
        self.state = replay(self.initial, self.entries)

    def redo(self) -> Entry:
        """Put back the last undone command with its original dice."""
        if not self.undone:
            raise RuleError("nothing to redo")
        entry = self.undone.pop()
        from momenta_cli.engine.core.events import apply_all

        apply_all(self.state, entry.events)
        self.entries.append(entry)
        return entry
