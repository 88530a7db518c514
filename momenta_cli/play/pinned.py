"""A line that pins its dice: ``attack gorm with mace dice 5,6,2,3``.

The command's rolls take the given faces in order and nothing else: no fallback to the
tracker's dice. A line whose command rolls more dice than it gives, or fewer, is refused
with nothing changed, so a pinned line replays exactly or not at all (the exported
script of a fight, ``momenta log FIGHT --format script``, is written so). The clause
itself is read in text/words.py; play/runner.py hands such a line here.
"""

from __future__ import annotations

from typing import Any

from momenta_cli.engine.core import (
    AddNote,
    Command,
    EndCombat,
    Entry,
    Event,
    Fight,
    PresetRoller,
    Session,
    decide,
)
from momenta_cli.errors import CommandError, RuleError
from momenta_cli.language import Meta, Request, parse_line
from momenta_cli.text import faces_text, with_dice

# What each session line does instead of rolling, for its refusal.
_META_WHY = {
    Request.UNDO: "undo takes the last command back as it was",
    Request.REDO: "redo puts a command back with the dice it had",
    Request.ODDS: "odds works out the chances of every roll",
}


class _Pinned:
    """The given faces and nothing more; notes when the command asked past them."""

    def __init__(self, faces: tuple[int, ...]):
        self.preset = PresetRoller(faces)
        self.short = False

    def roll(self, n: int) -> list[int]:
        if n > len(self.preset.remaining):
            self.short = True
        return self.preset.roll(n)


def pinned_command(line: str, faces: tuple[int, ...]) -> Command:
    """The fight command of ``line`` (its dice clause taken off), or ``CommandError``: a
    line that does not parse, none at all, or a session line (they roll nothing)."""
    clause = f"dice {faces_text(faces)}"
    try:
        parsed = parse_line(line)
    except CommandError:
        if isinstance(_parsed_whole(line, faces), AddNote | EndCombat):
            # `note dice 5,5`: the words were the note's text
            raise CommandError(f"{clause}: this command rolls no dice{_QUOTE_HINT}"
                               ) from None
        raise
    if parsed is None:
        raise CommandError(f"'{clause}' pins the dice of a command, and the line has none")
    if isinstance(parsed, Meta):
        why = _META_WHY.get(parsed.what, f"{parsed.what} rolls nothing")
        raise CommandError(f"'{clause}' pins the dice of a fight command; {why}, so it "
                           f"takes no dice")
    return parsed


_QUOTE_HINT = "; to write the word in the text, put the text in quotes"


def _parsed_whole(line: str, faces: tuple[int, ...]) -> object:
    try:
        return parse_line(with_dice(line, faces))
    except CommandError:
        return None


def pinned_events(state: Fight, cmd: Command, faces: tuple[int, ...]) -> list[Event]:
    """``cmd`` decided against ``state`` (unchanged) with exactly ``faces``: its events,
    or ``MomentaError``: refused for its own reason, or for taking more or fewer dice
    than given (the words a pinned line is refused with, a preview's too)."""
    clause = f"dice {faces_text(faces)}"
    pinned = _Pinned(faces)
    try:
        events = decide(state, cmd, pinned)
    except RuleError:
        if not pinned.short:
            raise  # refused for its own reason, whatever the dice
        n = len(faces)
        raise RuleError(f"{clause}: the command rolls more dice than the {n} given; give "
                        f"every die it rolls, in order (or leave out '{clause}' for the "
                        f"tracker to roll them)") from None
    left = len(pinned.preset.remaining)
    if left:
        used = len(faces) - left
        if not used:
            hint = _QUOTE_HINT if isinstance(cmd, AddNote | EndCombat) else ""
            raise RuleError(f"{clause}: this command rolls no dice{hint}")
        raise RuleError(f"{clause}: the command rolls {used} "
                        f"{'die' if used == 1 else 'dice'}, not {len(faces)}; give exactly "
                        f"the dice it rolls, in order")
    return events


def run_pinned(session: Session, line: str, faces: tuple[int, ...]) -> Entry:
    """Carry out ``line`` (its dice clause taken off) with exactly ``faces``; the entry
    journaled, or ``MomentaError`` with the session unchanged."""
    from momenta_cli.play.scheduled import ready

    cmd = ready(session.encounter, pinned_command(line, faces))
    entry = Entry(line, tuple(pinned_events(session.state, cmd, faces)), faces)
    session.push(entry)
    return entry


class _Unkept:
    """A roller for lines that kept no dice: asked, it refuses (their faces are lost)."""

    def roll(self, n: int) -> list[int]:
        raise RuleError("it rolls dice the journal did not keep (it was saved by an older "
                        "momenta)")


def _faces_in(value: Any, out: list[int]) -> None:
    """The faces the tracker rolled that an event's record shows, in the order it shows
    them: rolled pools (not typed or automatic ones), a Wound's d6, a check's d6."""
    if isinstance(value, dict):
        if value.get("how") == "rolled" and isinstance(value.get("faces"), list):
            out.extend(f for f in value["faces"] if type(f) is int)
            return
        for key, v in value.items():
            if key in ("d6", "face") and type(v) is int:
                out.append(v)
            else:
                _faces_in(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            _faces_in(v, out)


def for_script(session: Session) -> tuple[list[Entry], tuple[int, str] | None]:
    """The entries to write as a script, and the first (numbered from 1) whose complete
    command does not replay to the events it recorded, with why (None: all do). Each
    line is run as a script runs it, on a fresh session of the same encounter.

    A record from before the dice were kept gets them back from its events where that
    replays exactly (the faces a log line shows, in order); otherwise it is the first
    that does not replay, and the ones after it are written as they are."""
    from momenta_cli.errors import MomentaError
    from momenta_cli.play.runner import run_line

    fresh = Session(session.encounter)
    out: list[Entry] = []
    entries = session.entries
    for n, entry in enumerate(entries, start=1):
        want = [e.to_dict() for e in entry.events]
        tries = [entry]
        if not entry.dice:
            faces: list[int] = []
            _faces_in(want, faces)
            if faces and all(1 <= f <= 6 for f in faces):
                tries.append(Entry(entry.line, entry.events, tuple(faces)))
        why = ""
        for cand in tries:
            try:
                got = run_line(fresh, cand.script_line, _Unkept(), auto=False).entry
            except MomentaError as err:
                why = why or str(err)
                continue
            if got is not None and [e.to_dict() for e in got.events] == want:
                out.append(cand)
                break
            if got is not None:
                fresh.undo()  # rare: put the fresh session back before the next try
            why = why or "it gives other events than it recorded (the encounter was edited?)"
        else:
            return [*out, *entries[n - 1:]], (n, why)
    return out, None


def diverges(session: Session) -> tuple[int, str] | None:
    """The first entry (numbered from 1) whose complete command (``script_line``) does
    not replay to the events it recorded, and why; None when every one does."""
    return for_script(session)[1]
