"""Rebuilding a session from a fight file's bytes: reading the file and its header,
replaying each record, finding where damage starts, and the messages for each case
(the rules are in the package docstring)."""

from __future__ import annotations

import dataclasses
import errno
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:  # the salvage's code comes in only for a damaged file (start-up)
    from momenta_cli.journal.salvage import Salvage, Salvaged


class EncounterChanged(JournalError):
    """The encounter file was edited since the fight began and the journal no longer
    replays against it (a renamed or removed combatant, weapon...)."""


@dataclass(frozen=True)
class Damage:
    """Where a fight file stops being readable: the first bad line and why; with
    ``salvaged``, what was made of the lines from there on (journal/salvage.py)."""

    line: int
    why: str
    good_end: int  # bytes of the file before the bad line
    left_out: int  # non-blank lines from the bad one to the end
    torn: bool = False  # only a final line with no newline: a write cut short
    salvaged: Salvaged | None = None  # None: only a write cut short (``torn``)

    @property
    def held(self) -> bool:
        """Whether the damage cost records the GM saw saved: no writer may change the
        file until the GM says so (``momenta repair``, or the question at resume)."""
        return self.salvaged is not None


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
    salvage: Salvage | None = None
    for i, raw in enumerate(lines):
        number = first + i
        if raw.strip():
            if salvage is not None:
                salvage.take(number, raw)
                pos += len(raw) + 1
                continue
            got = read_record(raw, version, done.records + 1)
            if isinstance(got, str):
                if start is not None:
                    raise NeedsFullFold  # the salvage needs every command before it
                left = sum(1 for x in lines[i:] if x.strip()) + bool(tail.strip())
                done.damage = Damage(number, got, pos, left)
                from momenta_cli.journal.salvage import Salvage

                salvage = Salvage(session, version, done.records + 1,
                                  data[data.index(b"\n") + 1:pos])
                salvage.take(number, raw)
            else:
                _take(session, path, number, got, changed, encounter, done, start)
        pos += len(raw) + 1
    done.lines, done.end = first + len(lines), pos  # where the last whole line ends
    last = first + len(lines)
    if tail.strip() and salvage is None:
        got = read_record(tail, version, done.records + 1)
        if isinstance(got, str) and got.startswith("unreadable"):
            # not even JSON: a write that stopped (never acknowledged: the only record
            # ever left out as such, and no command after it is lost)
            from momenta_cli.journal.salvage import CUT_SHORT

            done.damage = Damage(last, CUT_SHORT, pos, 1, torn=True)
            return done
        if isinstance(got, str):  # whole, but edited or out of order: as any other line
            if start is not None:
                raise NeedsFullFold
            done.damage = Damage(last, got, pos, 1)
            from momenta_cli.journal.salvage import Salvage

            salvage = Salvage(session, version, done.records + 1,
                              data[data.index(b"\n") + 1:pos])
        else:
            # Whole and (format 2) checksummed: only its newline is missing, as an
            # editor that strips the last one leaves it. An acknowledged command is
            # never dropped.
            _take(session, path, last, got, changed, encounter, done, start)
            done.unterminated = True
    if salvage is not None:
        if tail.strip():
            got = read_record(tail, version, salvage.expected)
            if isinstance(got, str) and got.startswith("unreadable"):
                salvage.cut_short(last)
            else:
                salvage.take(last, tail)
        assert done.damage is not None
        done.damage = dataclasses.replace(done.damage, salvaged=salvage.finish())
        return done
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
    """The warning for a last record cut short while being saved: where, what the fight
    opens with, and the copy kept (``kept`` is None when nothing was written: a
    read-only command)."""
    n = f"{good} record{'s' if good != 1 else ''}"
    if kept is None:
        return (f"warning: {path}: the last record is incomplete (being saved, or cut "
                f"short) and is left out here")
    return (f"warning: {path}:{damage.line}: {damage.why} and has been dropped; the "
            f"fight opens with the {n} before it; the original file is kept as {kept}")


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


def damage_warnings(path: Path, damage: Damage, kept: Path | None) -> list[str]:
    """The warnings for damage that was salvaged (journal/salvage.py): what the fight
    is made of, then each damaged line and each later command that no longer applies,
    by line. ``kept``: the damaged original's copy, once repaired (None: not yet, and
    nothing is saved to the fight until it is)."""
    got = damage.salvaged
    assert got is not None
    lost = f", {got.lost} lost" if got.lost else ""
    again = (f"the {_count(got.run_again, 'record')} from there on run again from their own "
             f"lines and dice ({got.kept} kept, {len(got.dropped)} left out{lost})")
    if kept is None:
        head = (f"warning: {path}:{damage.line}: the journal is damaged from this line on; "
                f"the fight is shown up to it, then with {again}; nothing is saved to this "
                f"fight until 'momenta repair {path}' (which keeps the original as a copy)")
    else:
        head = (f"warning: {path}:{damage.line}: the journal was damaged from this line on; "
                f"repaired: the records before it, then {again}; the original file is "
                f"kept as {kept}")
    out = [head]
    out += [f"warning: {path}:{p.line}: {p.why}; {p.then}" for p in got.problems]
    out += [f"warning: {path}:{d.line}: {d.what!r} no longer applies ({d.why}); left out"
            for d in got.dropped]
    return out


def damage_refusal(path: Path, damage: Damage) -> str:
    """The one line a writer (``do``, ``undo``, ``redo``) is refused with while the
    damage is not repaired: the damaged record, and what to do."""
    got = damage.salvaged
    assert got is not None
    first = got.problems[0] if got.problems else None
    what = f"{first.why}; {first.then}" if first else damage.why
    return (f"{path}:{damage.line}: {what}; nothing is saved to this fight until it is "
            f"repaired: 'momenta repair {path}' keeps {got.kept} of the "
            f"{got.run_again} records from there on and the original as a copy ('momenta status "
            f"{path}' shows what is kept and left out)")


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
