"""Salvage: the commands after damage in a fight file, each run again.

A fight file is read record by record until a line is damaged (edited by hand, not
UTF-8, a record missing before it, ...). The fight up to there is the records before
it, replayed as always. Every line after it is still the GM's command: ``Salvage`` runs
each one again, with its own recorded line and dice (``Entry.script_line``: nothing new
is rolled, and a command that would need a die its record does not hold is refused),
against the fight as the salvage has it by then. Those the engine still accepts are kept
with the events it decides now; those it refuses are listed by line with the reason.

What the damaged lines themselves hold:

- a record that reads as JSON but whose checksum does not match (edited by hand, or a
  flipped bit) is run again from its line and dice like any later command, and said to
  be edited: its recorded events are never trusted;
- a line that is not UTF-8 is read with its bad bytes replaced; when its command comes
  out whole it is run again as an edited record, else what it held is lost;
- a record missing before a line (its line removed) is lost, and counted as a command,
  so that an undo after it takes back that missing command, not an earlier one;
- a copy of an earlier line (a line pasted twice) is left out;
- a sealed record out of order is run again where it stands;
- a last line cut short while being saved is left out (it was never acknowledged).

Undo and redo records take back and put back what they did in the original: the
salvage keeps the original's stack of commands, each marked kept or gone, so an undo of
a command that is gone is listed, and takes back nothing else.

The records a repair writes after the good ones (``Salvaged.records``) replay to the
very session the salvage built.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from momenta_cli.engine.core import Entry, Session
from momenta_cli.errors import MomentaError, RuleError
from momenta_cli.journal.records import (
    RECORD_LIMIT,
    checksum,
    describe,
    entry_record,
    parse_json,
    read_record,
    record_dice,
    record_time,
)
from momenta_cli.text import clip

CUT_SHORT = "the last record was cut short (the program was stopped while saving)"


@dataclass(frozen=True)
class Problem:
    """A damaged line: where, what is wrong with it, and what was made of it."""

    line: int
    why: str
    then: str


@dataclass(frozen=True)
class Dropped:
    """A command after the damage that no longer applies: its line, itself, and why."""

    line: int
    what: str
    why: str


@dataclass
class Salvaged:
    """What the salvage made of the lines from the damage on."""

    problems: list[Problem] = field(default_factory=list)
    kept: int = 0  # later records (commands, undos, redos) run again and kept
    dropped: list[Dropped] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)  # to write after the good
    lost: int = 0  # records whose command is gone for good (unreadable, missing)

    @property
    def run_again(self) -> int:
        """The later records run again: kept or listed."""
        return self.kept + len(self.dropped)


class _NoDice:
    """The roller of a record that kept no dice: a command that rolls is refused (the
    faces it rolled are not in its record), never rolled afresh."""

    def roll(self, n: int) -> list[int]:
        raise RuleError("it rolls dice its record does not hold")


class Salvage:
    """Runs the lines of a fight file from its first damaged line on (``take``, one
    line at a time, then ``cut_short`` for a final line that is not whole)."""

    def __init__(self, session: Session, version: int, expected: int, prefix: bytes):
        self.session = session
        self.version = version
        self.expected = expected  # the sequence number the next record should carry
        self.prefix = prefix  # the good records' lines, to tell a pasted copy
        self.done = Salvaged()
        # The original's stacks: True for a command the session holds, False for one
        # that is gone (its undo then takes back nothing here).
        self.stack = [True] * len(session.entries)
        self.redo_stack = [True] * len(session.undone)
        self.seen: dict[bytes, int] = {}  # lines read since the damage, by their bytes
        # Unreadable lines not yet accounted for: whether each held a record (then lost)
        # or was put there (nothing lost) is told by the next sequence number read.
        self.pending: list[tuple[int, str]] = []

    # --- one line ------------------------------------------------------------------------

    def take(self, number: int, raw: bytes) -> None:
        """Read line ``number`` and run what it holds (or say why it is left out)."""
        got = read_record(raw, self.version, self.expected)
        if isinstance(got, dict):
            self._settle(got.get("seq"))
            self.expected = _seq(got, self.expected) + 1
            self.seen.setdefault(raw, number)
            self._replay(number, got)
            return
        rec = _lenient(raw)
        if rec is not None and self.version >= 2 and _sealed(rec):
            self._sealed(number, raw, got, rec)
        elif rec is not None and _whole(rec):
            self._settle(rec.get("seq"))
            self.expected = _seq(rec, self.expected) + 1
            self._problem(number, got, f"{_what(rec)!r} is run again from its line and "
                          f"dice (its recorded events are not trusted)")
            self._replay(number, rec)
        else:
            self.pending.append((number, got))
            if self.version < 2:  # no sequence numbers: taken for a record, lost
                self._settle(None)
        self.seen.setdefault(raw, number)

    def finish(self) -> Salvaged:
        """What the salvage made of it all, once every line was taken."""
        self._settle(None)
        self.done.problems.sort(key=lambda p: p.line)
        return self.done

    def _settle(self, seq: Any) -> int:
        """Account for the unreadable lines since the last record numbered, now that the
        next number read is ``seq`` (None: none is coming, or it is unknown: they are
        taken for records). As many of them as records are missing before ``seq`` held a
        record, now lost; any more were put there and held none. Returns how many
        records are missing beyond them (lines removed)."""
        pending, self.pending = self.pending, []
        known = type(seq) is int and seq > 0 and self.version >= 2
        gap = max(0, seq - self.expected) if known else len(pending)
        held = min(gap, len(pending))
        for i, (number, why) in enumerate(pending):
            if i < held:
                self._problem(number, why, "what it held is lost", lost=1)
                self._lost()
            else:
                self._problem(number, why, "it is no record (nothing was lost), left out")
        self.expected += held
        return gap - held

    def cut_short(self, number: int) -> None:
        """The last line, not whole: a save that stopped; never acknowledged, left out."""
        self.done.problems.append(Problem(number, CUT_SHORT, "left out"))

    def _sealed(self, number: int, raw: bytes, why: str, rec: dict[str, Any]) -> None:
        """A record momenta sealed, with a sequence number other than expected, or whose
        dice are wrong."""
        seq = rec["seq"]
        if seq < self.expected:
            copy = self.seen.get(raw) or _line_in(self.prefix, raw)
            if copy is not None:
                self._problem(number, why, f"a copy of line {copy}, left out")
                return
            self._problem(number, why, f"{_what(rec)!r} is run again where it stands")
            self._replay(number, rec)
            return
        missing = self._settle(seq)  # the unreadable lines before it may be those records
        self.expected = seq + 1
        if missing:  # line(s) removed
            self._problem(number, _missing(seq, missing), "the command it held is lost"
                          if missing == 1 else f"the {missing} commands they held are lost",
                          lost=missing)
            for _ in range(missing):
                self._lost()
            self._replay(number, rec)
            return
        again = read_record(raw, self.version, seq)
        if isinstance(again, dict):  # in its place after all (after unreadable lines)
            self._replay(number, again)
            return
        # sealed, in its place: the dice are not faces (edited, then sealed again)
        self._problem(number, again, "its command is run again without them")
        self._replay(number, {k: v for k, v in rec.items() if k != "dice"})

    # --- running a record ----------------------------------------------------------------

    def _replay(self, number: int, rec: dict[str, Any]) -> None:
        if rec.get("undo") is True:
            self._undo(number, record_time(rec))
        elif rec.get("redo") is True:
            self._redo(number, record_time(rec))
        elif isinstance(rec.get("cmd"), str):
            try:
                dice = record_dice(rec)
            except ValueError:
                dice = ()
            self._command(number, rec["cmd"], dice, record_time(rec))
        else:
            self._drop(number, describe(rec), "not a record momenta writes")
            self._lost()

    def _command(self, number: int, line: str, dice: tuple[int, ...], at: str) -> None:
        from momenta_cli.play import run_line

        s = self.session
        script = Entry(line, (), dice).script_line
        try:
            # each record is run as it was: an event it set off is a record of its own
            out = run_line(s, script, _NoDice(), auto=False)
        except MomentaError as err:
            self._drop(number, script, _first_line(err))
            self._lost()
            return
        except Exception as err:  # a bug must not cost the commands after it
            self._drop(number, script, f"internal error: {type(err).__name__}: "
                       f"{_first_line(err)}")
            self._lost()
            return
        if out.entry is None:
            # An edited record reading "undo" or "redo" as its line, or a preview or a
            # question: nothing a command record holds; put back what it did.
            if out.undone is not None:
                s.redo()
            elif out.redone is not None:
                s.undo()
            self._drop(number, script, "not a command that changes the fight")
            self._lost()
            return
        self.stack.append(True)
        self.redo_stack.clear()
        entry = replace(out.entry, at=at)  # run again, but accepted when it was
        if s.entries and s.entries[-1] is out.entry:
            s.entries[-1] = entry
        self.done.records.append(entry_record(entry))
        self.done.kept += 1

    def _undo(self, number: int, at: str) -> None:
        self._step(number, "undo", self.stack, self.redo_stack, "took back",
                   self.session.undo, at)

    def _redo(self, number: int, at: str) -> None:
        self._step(number, "redo", self.redo_stack, self.stack, "put back",
                   self.session.redo, at)

    def _step(self, number: int, word: str, source: list[bool], target: list[bool],
              did: str, act: Callable[[], object], at: str) -> None:
        """An ``undo`` (or ``redo``) record: the slot it moves goes from ``source`` to
        ``target``; a command the salvage lost is not there to take back (put back)."""
        if not source:
            self._drop(number, word, f"nothing to {word} by then")
            return
        slot = source.pop()
        target.append(slot)
        if not slot:
            self._drop(number, word, f"the command it {did} is gone")
            return
        act()
        self.done.records.append({word: True, **({"at": at} if at else {})})
        self.done.kept += 1

    def _lost(self) -> None:
        """A command of the original that the salvage does not hold: on the original's
        stack, so that an undo after it takes it back (and nothing else). The session's
        own redo list is left as it is: the repaired file replays to this session."""
        self.stack.append(False)
        self.redo_stack.clear()

    def _problem(self, number: int, why: str, then: str, lost: int = 0) -> None:
        self.done.problems.append(Problem(number, why, then))
        self.done.lost += lost

    def _drop(self, number: int, what: str, why: str) -> None:
        self.done.dropped.append(Dropped(number, clip(what, 60), clip(why, 160)))


def _missing(seq: int, missing: int) -> str:
    """The words ``read_record`` uses for records missing before a line."""
    first = seq - missing
    what = f"record {first} is" if missing == 1 else f"records {first} to {seq - 1} are"
    return f"{what} missing before this line (a line was removed?)"


def _seq(rec: dict[str, Any], expected: int) -> int:
    seq = rec.get("seq")
    return seq if type(seq) is int and seq > 0 else expected


def _sealed(rec: dict[str, Any]) -> bool:
    """Whether ``rec`` carries a sequence number and a checksum that matches it."""
    if type(rec.get("seq")) is not int or not isinstance(rec.get("sum"), str):
        return False
    try:
        return bool(rec["sum"] == checksum(rec))
    except (ValueError, RecursionError):
        return False


def _whole(rec: dict[str, Any]) -> bool:
    """Whether an edited record still says what it did: an undo, a redo, or a command
    line that came out whole (no byte replaced in it)."""
    if rec.get("undo") is True or rec.get("redo") is True:
        return True
    cmd = rec.get("cmd")
    return isinstance(cmd, str) and bool(cmd.strip()) and "\ufffd" not in cmd


def _what(rec: dict[str, Any]) -> str:
    if isinstance(rec.get("cmd"), str):
        try:
            dice = record_dice(rec)
        except ValueError:
            dice = ()
        return clip(Entry(rec["cmd"], (), dice).script_line, 60)
    return describe(rec)


def _lenient(raw: bytes) -> dict[str, Any] | None:
    """The record on a damaged line if it reads as a JSON object at all, bytes that are
    not UTF-8 replaced (so its command can be told whole or not); else None."""
    try:
        rec = parse_json(raw)
    except ValueError:
        if len(raw) > RECORD_LIMIT:
            return None
        try:
            rec = json.loads(raw.decode("utf-8", "replace"))
        except (ValueError, RecursionError):
            return None
    return rec if isinstance(rec, dict) else None


def _line_in(prefix: bytes, raw: bytes) -> int | None:
    """The file line number (the header is line 1) of ``raw`` among the good records."""
    if raw not in prefix:
        return None
    for n, line in enumerate(prefix.split(b"\n"), start=2):
        if line == raw:
            return n
    return None


def _first_line(err: Exception) -> str:
    return (str(err).splitlines() or [type(err).__name__])[0]
