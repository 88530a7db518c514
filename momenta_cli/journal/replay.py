"""Rebuilding a session from a fight file's bytes: reading the file and its header,
replaying each record, finding where damage starts, and the messages for each case
(the rules are in the package docstring)."""

from __future__ import annotations

import errno
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from momenta_cli.engine.core import Session
from momenta_cli.errors import JournalError
from momenta_cli.journal import snapshot
from momenta_cli.journal.records import (
    FORMAT,
    VERSION,
    apply_record,
    describe,
    parse_json,
    read_record,
)
from momenta_cli.journal.snapshot import NeedsFullFold, Start
from momenta_cli.storage import FileProblem, read_bytes


class EncounterChanged(JournalError):
    """The encounter file was edited since the fight began and the journal no longer
    replays against it (a renamed or removed combatant, weapon...)."""


@dataclass(frozen=True)
class Damage:
    """Where a fight file stops being readable: the first bad line and why."""

    line: int
    why: str
    good_end: int  # bytes of the file before the bad line
    left_out: int  # non-blank lines from the bad one to the end
    torn: bool = False  # a final line with no newline: a write cut short


@dataclass
class Replayed:
    """What replaying a file's records gave: how many, the version-1 records (kept to
    convert the file), and the damage that stopped it, if any."""

    records: int = 0
    legacy: list[dict[str, Any]] | None = None
    damage: Damage | None = None
    size: int = 0  # bytes of the file read as good, when there is no damage
    unterminated: bool = False  # the last record is whole but lacks its newline
    lines: int = 0  # the number of the line after the last complete one
    end: int = 0  # the byte offset where that line starts


def read_fight(path: Path) -> bytes:
    """The bytes of a fight file, or a one-line ``JournalError`` (missing, unreadable,
    not a regular file, too large)."""
    try:
        return read_bytes(path, "fight")
    except FileProblem as err:
        if err.errno == errno.ENOENT:
            raise JournalError(f"{path}: no such fight file (start one with 'momenta run "
                               "ENCOUNTER.yaml', or 'momenta do ENCOUNTER.yaml COMMAND')"
                               ) from None
        raise JournalError(f"{path}: {err.message}") from None


def file_hash(path: Path) -> str:
    """The SHA-256 of an encounter file, as recorded in the header."""
    try:
        return hashlib.sha256(read_bytes(path, "encounter")).hexdigest()
    except FileProblem as err:
        raise JournalError(f"{path}: {err.message}") from None


def parse_header(path: Path, raw: bytes) -> dict[str, Any]:
    """The header on the first line, checked: a momenta fight of a version we read."""
    try:
        header = parse_json(raw)
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalError(f"{path}: not a momenta fight file")
    version = header.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise JournalError(f"{path}: fight file has no valid format version")
    if version > VERSION:
        raise JournalError(f"{path}: written by a newer momenta (fight format {version}; "
                           f"this version reads up to {VERSION}); upgrade momenta to "
                           f"resume it")
    if version < 1:
        raise JournalError(f"{path}: unknown fight format version {version}")
    return header


def replay(session: Session, path: Path, data: bytes, version: int, *,
           changed: bool, encounter: Path, start: Start | None = None) -> Replayed:
    """Apply every good record of ``data`` (the whole file, header first) to ``session``
    and stop at the first damage. A readable record that does not apply raises a
    one-line ``JournalError`` (``EncounterChanged`` when the encounter was edited).

    ``start`` (journal/snapshot.py) says that ``session.state`` already holds the records
    before byte ``start.pos``: only the lines after it are read, and an undo or redo
    among them raises ``NeedsFullFold`` (it needs the commands before it)."""
    first, pos = (start.line, start.pos) if start else (2, data.index(b"\n") + 1)
    lines = data[pos:].split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    done = Replayed(legacy=[] if version < VERSION else None,
                    records=start.records if start else 0)
    for i, raw in enumerate(lines):
        number = first + i
        if raw.strip():
            got = read_record(raw, version, done.records + 1)
            if isinstance(got, str):
                left = sum(1 for x in lines[i:] if x.strip()) + bool(tail.strip())
                done.damage = Damage(number, got, pos, left)
                return done
            _take(session, path, number, got, changed, encounter, done, start)
        pos += len(raw) + 1
    done.lines, done.end = first + len(lines), pos  # where the last whole line ends
    if tail.strip():
        got = read_record(tail, version, done.records + 1)
        if isinstance(got, str):
            if got.startswith("unreadable"):  # not even JSON: a write that stopped
                done.damage = Damage(first + len(lines), "the last record was cut short (the "
                                     "program was stopped while saving)", pos, 1, torn=True)
            else:  # whole, but edited or out of order: the same reason as any other line
                done.damage = Damage(first + len(lines), got, pos, 1)
            return done
        # Whole and (format 2) checksummed: only its newline is missing, as an editor
        # that strips the last one leaves it. An acknowledged command is never dropped.
        _take(session, path, first + len(lines), got, changed, encounter, done, start)
        done.unterminated = True
    done.size = len(data)  # a blank tail without newline is harmless: keep it
    return done


def fold(session: Session, path: Path, data: bytes, version: int, *, changed: bool,
         encounter: Path, quick: bool = False) -> tuple[Session, Replayed]:
    """``replay`` of the whole file; ``quick`` (a read-only look at the state) starts
    from the fold cache when it has this fight, and keeps the new state there. Returns
    the session the records went into (a new one when the cache could not be used)."""
    start = snapshot.load(path, data, session.encounter) if quick else None
    done = None
    if start is not None:
        session.state = start.state
        try:
            done = replay(session, path, data, version, changed=changed,
                          encounter=encounter, start=start)
        except NeedsFullFold:
            session, start = Session(session.encounter), None
    if done is None:
        done = replay(session, path, data, version, changed=changed, encounter=encounter)
    # Kept when it is new and ends at a line end (a last record without its newline
    # would change under the cache when the next append adds that newline).
    fresh = done.records > (start.records if start else 0)
    if quick and fresh and done.damage is None and not done.unterminated:
        snapshot.save(path, data, done.end, done.records, done.lines, session.state,
                      session.encounter)
    return session, done


def _take(session: Session, path: Path, number: int, record: dict[str, Any],
          changed: bool, encounter: Path, done: Replayed, start: Start | None) -> None:
    """Apply the good record on line ``number`` and count it (and keep it, to convert a
    version-1 file). From the fold cache, an undo or redo needs the full fold."""
    if start and (record.get("undo") is True or record.get("redo") is True):
        raise NeedsFullFold
    _apply(session, path, number, record, changed, encounter)
    done.records += 1
    if done.legacy is not None:
        done.legacy.append(record)


def _apply(session: Session, path: Path, number: int, record: dict[str, Any],
           changed: bool, encounter: Path) -> None:
    try:
        apply_record(session, record)
    except Exception as err:  # whatever a wrong record makes the engine raise
        if changed:
            raise changed_error(path, number, encounter, record, err) from None
        raise replay_error(path, number, record, err, session) from None


def damage_warning(path: Path, damage: Damage, good: int, kept: Path | None) -> str:
    """The warning for damage: where, why, what the fight opens with, and the copy kept
    (``kept`` is None when nothing was written: a read-only command)."""
    n = f"{good} record{'s' if good != 1 else ''}"
    if damage.torn:
        if kept is None:
            return (f"warning: {path}: the last record is incomplete (being saved, or cut "
                    f"short) and is left out here")
        return (f"warning: {path}:{damage.line}: {damage.why} and has been dropped; the "
                f"fight opens with the {n} before it; the original file is kept as {kept}")
    later = damage.left_out - 1
    rest = f"it and {later} later line{'s' if later != 1 else ''} are" if later else "it is"
    if kept is None:
        return (f"warning: {path}:{damage.line}: {damage.why}; shown up to it ({n}); "
                f"{rest} left out (resuming the fight repairs it, keeping a copy)")
    return (f"warning: {path}:{damage.line}: {damage.why}; the fight opens with the {n} "
            f"before it; {rest} left out; the original file is kept as {kept}")


def _first_line(err: Exception) -> str:
    return (str(err).splitlines() or [type(err).__name__])[0][:200]


def replay_error(path: Path, number: int, record: dict[str, Any], err: Exception,
                 session: Session) -> JournalError:
    """The one-line message for a readable record that does not replay."""
    what = describe(record)
    if isinstance(err, KeyError) and err.args and isinstance(err.args[0], str):
        key = err.args[0]
        kind = "a combatant " if key not in session.state.fighters else ""
        return JournalError(f"{path}:{number}: record {what!r} names {kind}{key!r} that the "
                            f"encounter does not have (was the fight file edited, or "
                            f"started from another encounter?)")
    return JournalError(f"{path}:{number}: cannot replay record {what!r} "
                        f"({_first_line(err)}); was it written by a different version?")


def changed_error(path: Path, number: int, enc_path: Path, record: Any,
                  err: Exception) -> EncounterChanged:
    """The one-line message for a journal that no longer fits its edited encounter."""
    what = describe(record)
    if isinstance(err, KeyError) and err.args:
        why = f"it names {err.args[0]!r}, which the encounter no longer has"
    else:
        why = f"it no longer applies ({_first_line(err)})"
    return EncounterChanged(
        f"{path}:{number}: the encounter file {enc_path} has changed since this fight began "
        f"(it no longer matches the hash saved in the fight file) and the saved fight no "
        f"longer fits it: record {what!r}: {why}. To start afresh: momenta run {enc_path} "
        f"--new (the old fight is kept aside)")
