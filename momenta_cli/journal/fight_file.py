"""The fight's journal on disk: autosave, resume, and damage that is reported, never
hidden.

A fight file is JSON Lines, one record a line, each line ending with ``\\n``. The first
line is a header::

    {"format": "momenta-fight", "version": 2, "encounter": "demo.yaml",
     "encounter_abs": "/abs/demo.yaml", "encounter_sha256": "...", "encounter_name": "...",
     "created": "2026-12-01T11:05:01+00:00", "sum": "..."}

(an encounter that names a party file, R38, adds ``"party"``: each ally's opening values
as the file gave them, which the fight keeps even if the file is saved over later),
then one record per accepted command, undo or redo, in the order they happened::

    {"seq": 1, "cmd": "turn kira", "events": [{"kind": "turn_started", ...}],
     "at": "2026-12-01T11:05:40+00:00", "sum": "..."}
    {"seq": 2, "cmd": "attack gorm", "events": [...], "dice": [5, 2, 6], "at": ..., "sum": ...}
    {"seq": 3, "undo": true, "at": "...", "sum": "..."}
    {"seq": 4, "redo": true, "at": "...", "sum": "..."}

A scheduled event the tracker fired (play/scheduled.py) is a command record like any
other, with ``"fired_by"``: its trigger in words (``"round 2 starts"``).

``seq`` counts the records from 1. ``cmd`` is the line as typed, without a pinned
``dice F,F,...`` clause; ``dice`` (only on a command that rolled) is every face the
command's rolls took, in order, whether the tracker rolled them or the line pinned them:
the line and its dice are the complete command (``Entry.script_line``), which replays it
exactly (``momenta log FIGHT --format script``). Records written before ``dice`` was kept
have none and read as before; the events alone rebuild the state either way. ``at`` is
the wall-clock time the record was accepted (ISO 8601, UTC, to the second): only the
Markdown recap reads it (how long rounds and turns took); nothing replayed, exported as a
script or shown as the state depends on it, and records without it (written before it
was kept) read as before, their times unknown.

``sum`` (on the header too) is the first 16 hex digits of the SHA-256 of the line's
object without ``sum``, serialized canonically (``json.dumps`` with sorted keys, no
spaces, ASCII escapes; ``records.checksum``). Version 1 files (before checksums) have the
same header and records without ``seq`` and ``sum``;
they still open and replay exactly.
The first write to a version-1 file (a command, or a repair) converts it atomically to
version 2, keeping the original beside it as ``demo.fight.jsonl.v1-DATE-TIME`` (or
``.damaged-DATE-TIME`` when it is repaired). A newer version is refused.

Saving: every accepted command is appended, flushed and fsynced before its result is
shown, so a crash loses nothing the GM saw acknowledged. An append that fails (a full
disk) is truncated back to the last good length at once and reported as not saved; the
command is not done, and the next one appends cleanly. Appends only ever follow bytes
this session knows: a file that another program changed, replaced or removed is not
written to. Whole-file rewrites are atomic (temp file, fsync, ``os.replace``) and keep
the file's mode; new fight files are created exclusively (temp file linked into place),
so of two sessions starting the same fight one wins and the other is told.

Reading: resuming re-applies the recorded events (``Session.push``/``undo``/``redo``):
nothing is decided or rolled again. A line that cannot be read, whose checksum does not
match, or whose sequence number shows a record missing, is damage: the fight opens with
the records before it, then every later record run again with its own line and dice
(journal/salvage.py): those that still apply are kept, the others listed by line. Such a
fight is *held*: nothing writes to it (``append`` raises ``NotSaved``; ``refusal`` is the
one line ``do`` says) until the GM says so and ``repair`` keeps the damaged original
beside the file as ``demo.fight.jsonl.damaged-DATE-TIME`` (never over an existing file)
and rewrites the file with the records before the damage and the later ones kept.
A final line with no newline that is not a record is a write cut short (never
acknowledged, and nothing after it): commands that may write (``repair=True``) leave it
out at once, keeping a copy the same way; ``do`` only with the first save. Read-only
commands (status, log) report damage and change nothing. A well-formed record with a
valid checksum that does not replay before any damage is never dropped: it is an error (a
different version wrote it, or the encounter changed). Removing whole records from the
very end cannot be told from a fight that stopped there.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from momenta_cli.engine.core import EncounterSpec, Roller, Session
from momenta_cli.errors import JournalError, MomentaError
from momenta_cli.journal.locations import (
    find_encounter,
    relative,
)
from momenta_cli.journal.records import (
    FORMAT,
    VERSION,
    encode,
    header_intact,
    outcome_records,
    seal,
    seal_header,
)
from momenta_cli.journal.replay import (
    Damage,
    damage_refusal,
    damage_warning,
    damage_warnings,
    file_hash,
    fold,
    parse_header,
    read_fight,
)
from momenta_cli.storage import why

# Writing (storage/disk.py) comes in with the first write, or an open that may write:
# a read-only look (status) needs none of it.
if TYPE_CHECKING:  # the command language comes in with the first line run, not to read
    from momenta_cli.play import Asking, Confirm, Outcome
    from momenta_cli.storage import KnownFile



class FightExists(JournalError):
    """A fight file appeared where this command meant to start one."""


class NotSaved(JournalError):
    """An append failed: the file is back as it was and the command was not done.
    ``why`` is the reason alone, for callers that word the line themselves."""

    def __init__(self, path: Path, why: str):
        super().__init__(f"{path}: not saved: {why}")
        self.path = path
        self.why = why


@dataclass
class FightFile:
    """A saved fight: where it lives, its header, and the live session rebuilt from it."""

    path: Path
    header: dict[str, Any]
    session: Session
    encounter_path: Path
    warnings: list[str] = field(default_factory=list)
    records: int = 0
    known: KnownFile | None = None  # the file as last read or written (None: read-only)
    notices: list[str] = field(default_factory=list)  # said once, after the next save
    _legacy: list[dict[str, Any]] | None = None  # a version-1 file's records, to convert
    _torn: bool = False  # a failed append's bytes could not be cut off yet
    # The last line is whole but lacks its newline (an editor stripped it): the next
    # append starts with one, so opening a fight never writes to it.
    _unterminated: bool = False
    _created: bytes | None = None  # the header this very object created the file with
    # A last record cut short, found by an open that repairs only when it saves (``do``).
    _damaged: tuple[Damage, bytes] | None = None
    # Damage that cost records the GM saw saved (journal/salvage.py): the session holds
    # the fight salvaged, and nothing is written until ``repair`` (the GM's word).
    damage: Damage | None = None
    _prefix: bytes = b""  # the file's bytes before the damage
    _writer: bool = False  # opened to write (the caller holds the lock): may repair

    @property
    def version(self) -> int:
        """The fight format version of the file as it is on disk."""
        return int(self.header["version"])

    @property
    def created_here(self) -> bool:
        """Whether this object started the fight file (``create``)."""
        return self._created is not None

    # --- creating and opening ------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, encounter_path: Path, encounter: EncounterSpec) -> FightFile:
        """A new fight file holding only the header. Exclusive: if any file is already at
        ``path`` it is left alone and ``FightExists`` is raised."""
        path = Path(path)
        header = {
            "format": FORMAT,
            "version": VERSION,
            "encounter": relative(encounter_path, path.parent),
            "encounter_abs": str(Path(encounter_path).resolve()),
            "encounter_sha256": file_hash(Path(encounter_path)),
            "encounter_name": encounter.name,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        party = party_kept(encounter)
        if party is not None:  # R38: the party it began with, whatever the file says later
            header["party"] = party
        header = seal_header(header)
        blob = encode(header)
        from momenta_cli.storage import create_exclusive

        try:
            known = create_exclusive(path, blob)
        except FileExistsError:
            raise FightExists(f"{path}: a fight file is already there (another session "
                              f"started it a moment ago?); run the command again to "
                              f"continue that fight") from None
        except OSError as err:
            reason = (f"there is no directory {path.parent}" if not path.parent.is_dir()
                      else why(err))
            raise JournalError(f"{path}: cannot start the fight file: {reason}") from None
        return cls(path, header, Session(encounter), Path(encounter_path), known=known,
                   _created=blob)

    @classmethod
    def open(cls, path: Path, *, strict_encounter: bool = False, repair: bool = True,
             state_only: bool = False, repair_on_save: bool = False) -> FightFile:
        """Read a fight file and rebuild its session from the recorded events.

        Damage (see the module docstring) opens the fight salvaged, with warnings, and
        held: ``damage`` is set, nothing is saved until ``repair`` (which needs
        ``repair=True``). ``repair=True`` (the caller holds the lock and will write)
        leaves out a last record cut short at once, keeping a copy; ``repair=False``
        (status, log) never writes or renames anything, and cannot be saved to.

        ``repair_on_save`` (``do``, ``undo``, ``redo``: all or nothing) leaves out a
        record cut short only with the first save, so that refused commands leave the
        file byte for byte as it was.

        ``state_only`` (with ``repair=False``: status) wants only ``session.state``: a
        long fight then starts from the fold cache (journal/snapshot.py) and the session
        holds no entries (nothing to undo, export or save).
        """
        # The cache: the encounter as last loaded, trusted only while every file it was
        # read from still has the same hash (no YAML parsing or pydantic on a hit).
        from momenta_cli.encounter import load_encounter_cached

        path = Path(path)
        data = read_fight(path)
        # A fight of just its header whose newline an editor stripped: the header line
        # is whole (parse_header judges it), so read it as if the newline were there.
        bare_header = b"\n" not in data and bool(data.strip())
        if bare_header:
            data += b"\n"
        elif b"\n" not in data:
            raise JournalError(f"{path}: not a momenta fight file (no header line)")
        header = parse_header(path, data[:data.index(b"\n")])  # not a copy of the rest
        enc_path = find_encounter(path, header)
        try:
            encounter = load_encounter_cached(enc_path)
        except MomentaError as err:
            raise JournalError(f"{path}: its encounter {enc_path} no longer loads: "
                               f"{str(err).splitlines()[0]}") from None
        warnings: list[str] = []
        changed = file_hash(enc_path) != header.get("encounter_sha256")
        if changed:
            msg = (f"{enc_path} has changed since this fight began; the saved fight is "
                   f"replayed as recorded, against the encounter as it is now")
            if strict_encounter:
                raise JournalError(f"{path}: {msg}")
            warnings.append(f"warning: {msg}")
        if header["version"] >= 2 and not header_intact(header):
            warnings.append(f"warning: {path}:1: the header was edited or damaged (its "
                            f"checksum does not match); the fight is opened as it says")
        if "party" in header:
            encounter, said = with_party(encounter, header["party"])
            warnings.extend(f"warning: {path}: {x}" for x in said)
        ff = cls(path, header, Session(encounter), enc_path, warnings)
        quick = state_only and not repair and not changed and ff.version == VERSION
        ff.session, done = fold(ff.session, path, data, ff.version, changed=changed,
                                encounter=enc_path, quick=quick)
        ff.records, ff._legacy = done.records, done.legacy
        if bare_header:
            done.size, done.unterminated = done.size - 1, True
        if done.damage is None:
            ff.known = _known_as(path, done.size) if repair else None
            ff._unterminated = done.unterminated  # the next append adds the newline
        elif done.damage.salvaged is not None:  # held: nothing written until repaired
            ff.damage, ff._prefix, ff._writer = done.damage, data[:done.damage.good_end], repair
            ff.records += len(done.damage.salvaged.records)  # as the repaired file holds
            ff.warnings.extend(damage_warnings(path, done.damage, None))
        elif repair and repair_on_save:
            ff._damaged = (done.damage, data)  # said when it is repaired, or cannot be
        elif repair:
            ff.warnings.append(ff._repair(done.damage, data))
        else:
            ff.warnings.append(damage_warning(path, done.damage, ff.records, kept=None))
        return ff

    def _repair(self, damage: Damage, data: bytes) -> str:
        """Keep the damaged original aside and rewrite the file with the good records;
        the warning that says so."""
        try:
            kept = self._write_clean(data[:damage.good_end], "damaged")
        except OSError as err:
            raise JournalError(
                f"{self.path}:{damage.line}: {damage.why}; it cannot be repaired here "
                f"({why(err)}): 'momenta status {self.path}' shows the fight up to it"
                ) from None
        return damage_warning(self.path, damage, self.records, kept)

    @property
    def refusal(self) -> str | None:
        """The one line a writer is refused with while the damage is not repaired (None:
        the fight file is not held)."""
        return damage_refusal(self.path, self.damage) if self.damage is not None else None

    def repair(self) -> list[str]:
        """The GM's word on held damage: keep the damaged original beside the file and
        rewrite the file atomically with the records before the damage, then the later
        records the salvage kept (the session already holds them). Returns the
        warnings, now saying where the original is kept; ``JournalError`` if it cannot
        be done (then nothing changed)."""
        damage = self.damage
        if damage is None or damage.salvaged is None:
            return []
        if not self._writer:
            raise JournalError(f"{self.path}: opened read-only; it cannot be repaired here")
        try:
            kept = self._write_clean(self._prefix, "damaged", damage.salvaged.records)
        except OSError as err:
            raise JournalError(
                f"{self.path}:{damage.line}: {damage.why}; it cannot be repaired here "
                f"({why(err)}); nothing changed") from None
        self.damage, self._prefix = None, b""
        held = damage_warnings(self.path, damage, None)
        self.warnings = [w for w in self.warnings if w not in held]
        said = damage_warnings(self.path, damage, kept)
        self.warnings.extend(said)
        return said

    def _write_clean(self, good: bytes | None, label: str,
                     more: list[dict[str, Any]] | None = None) -> Path:
        """Keep the file as it is now under a new name (``label``) and write the good
        records in place atomically: ``good`` as it is, or, for a version-1 file, every
        replayed record converted to the current version; then ``more`` (records not
        yet sealed), numbered on."""
        from momenta_cli.storage import atomic_write, keep_copy, known_file, read_only

        header = self.header
        if self._legacy is not None:
            header = seal_header({**self.header, "version": VERSION})
            good = encode(header) + b"".join(
                encode(seal(r, n)) for n, r in enumerate(self._legacy, start=1))
        assert good is not None
        if more:
            start = len(self._legacy) if self._legacy is not None else \
                self.records - len(more)
            good += b"".join(encode(seal(r, n)) for n, r in enumerate(more, start=start + 1))
        # A file the GM made read-only stays as it is: nothing may change before the
        # write it protects would fail anyway (the directory may still allow a rename).
        if read_only(self.path):
            raise PermissionError(errno.EACCES, "permission denied: the fight file is "
                                  "read-only")
        kept = keep_copy(self.path, label)
        try:
            atomic_write(self.path, good)
        except OSError:
            os.unlink(kept)  # the original is still in place: the extra name goes
            raise
        self.header, self._legacy, self._unterminated = header, None, False
        self.known = known_file(self.path)
        return kept

    # --- writing ---------------------------------------------------------------------------

    def append(self, record: dict[str, Any]) -> None:
        """Append one record and make it durable before returning (``NotSaved`` if not:
        then the file is as it was)."""
        self.append_many([record])

    def append_many(self, records: list[dict[str, Any]]) -> None:
        """Append ``records`` in one write, all or none (``NotSaved``)."""
        from momenta_cli.storage import AppendFailed, FileChanged, append_durably, read_only

        if not records:
            return
        if self._damaged is not None:  # repaired first (JournalError if it cannot be)
            said = self._repair(*self._damaged)
            self._damaged = None
            self.notices.append(said.removeprefix("warning: "))
        if self.damage is not None:
            raise NotSaved(self.path, f"the fight file is damaged (line {self.damage.line}) "
                           f"and not repaired yet: 'momenta repair {self.path}'")
        if self.known is None:
            raise NotSaved(self.path, "the fight was opened read-only")
        if read_only(self.path):  # as root too: the mode says "keep this fight"
            raise NotSaved(self.path, "the fight file is read-only (no write permission)")
        if self.version < VERSION:
            self._upgrade()
        blob = b"".join(encode(seal(r, self.records + n)) for n, r in enumerate(records, 1))
        if self._unterminated:
            blob = b"\n" + blob
        assert self.known is not None
        try:
            self.known = append_durably(self.path, blob, self.known, torn=self._torn)
        except AppendFailed as failed:
            self._torn = not failed.clean
            raise NotSaved(self.path, why(failed.err)) from None
        except FileChanged as err:
            raise NotSaved(self.path, f"another program changed the fight file since it "
                           f"was opened ({err}); resume it to see what it holds") from None
        except FileNotFoundError:
            raise NotSaved(self.path, "the fight file is gone (moved or deleted?)") from None
        except OSError as err:
            raise NotSaved(self.path, why(err)) from None
        self._torn = self._unterminated = False
        self.records += len(records)  # records are numbered from 1: the last seq

    def _upgrade(self) -> None:
        """Convert a version-1 file to the current version before its first append."""
        try:
            kept = self._write_clean(None, "v1")
        except OSError as err:
            raise NotSaved(self.path, f"the file is in an older format (1) and cannot be "
                           f"converted: {why(err)}") from None
        self.notices.append(f"{self.path} was written by an older momenta (fight format "
                            f"1); it now has format {VERSION}, with a checksum on every "
                            f"record; the original is kept as {kept}")

    def take_notices(self) -> list[str]:
        """Notices from the last save (a converted file), each returned once."""
        out, self.notices = self.notices, []
        return out

    def remove_if_unused(self) -> bool:
        """Delete the fight file if this very object created it and it still holds only
        that header (a refused ``do ENCOUNTER.yaml``); the caller holds the lock."""
        if self._created is None or self.known is None or self.records:
            return False
        from momenta_cli.storage import remove_if

        return remove_if(self.path, self.known, self._created)

    def run(self, line: str, roller: Roller, *, players: bool = False,
            asking: Asking | None = None, confirm: Confirm | None = None) -> Outcome:
        """Run one line and save it before returning; refused lines change nothing, and
        neither does a line that cannot be saved (``NotSaved``), nor one whose questions
        were cancelled. ``players``: typed in the players' view; ``asking``: the table's
        questions (``runner.run_line``); ``confirm``: the GM's answer before an ``ask:
        true`` scheduled event fires. The scheduled events the line sets off are saved
        with it, each its own record, all in one write (play/scheduled.py)."""
        from momenta_cli.play import run_line

        s = self.session
        # No copy of the state up front (it is the costly part of a command): a refused
        # command never touches the session, and the rare failures after it changed are
        # put right by replaying the journal, which is what the state is anyway.
        saved = (list(s.entries), list(s.undone))
        try:
            out = run_line(s, line, roller, players=players, asking=asking,
                           confirm=confirm)
        except MomentaError:
            raise  # refused before anything changed
        except Exception:
            s.restore(*saved)  # a bug changes nothing either
            raise
        records = outcome_records(out)
        if records:
            try:
                if len(records) == 1:
                    self.append(records[0])
                else:  # the line and the events it set off: all saved, or none
                    self.append_many(records)
            except JournalError:
                s.restore(*saved)  # not saved, so not done
                raise
        return out


def party_kept(encounter: EncounterSpec) -> dict[str, Any] | None:
    """What the header keeps of an encounter's party (R38, ``party:``): each ally's
    opening values as the party file gave them when the fight began, so that the fight
    resumes from them even after the file is saved over (``momenta party save``)."""
    from momenta_cli.encounter import opening_party

    return opening_party(encounter)


def with_party(encounter: EncounterSpec, kept: Any) -> tuple[EncounterSpec, list[str]]:
    """``encounter`` with its allies opening as the header kept them (``party_kept``),
    and what to warn of: the party file has changed since, or what was kept is not
    readable (then the encounter as it is now)."""
    from dataclasses import replace

    try:
        allies = {a["name"]: a for a in kept["allies"]}
        combatants = tuple(
            replace(c, start={str(k): int(v) for k, v in allies[c.name]["start"].items()},
                    conditions=tuple((str(n), int(k)) for n, k in
                                     allies[c.name]["conditions"]),
                    wounds=tuple(str(w) for w in allies[c.name]["wounds"]),
                    burdens=tuple(str(b) for b in allies[c.name]["burdens"]),
                    down=str(allies[c.name]["down"]))
            if c.name in allies else c for c in encounter.combatants)
    except (KeyError, TypeError, ValueError, AttributeError):
        return encounter, ["the party it began with cannot be read from its first line; "
                           "the allies start as the encounter's party file says now"]
    said = []
    if party_kept(encounter) != kept:
        said.append(f"the party file {kept.get('file')} has changed since this fight "
                    "began; the fight keeps the party it began with (R38)")
    return replace(encounter, combatants=combatants), said


def _known_as(path: Path, size: int) -> KnownFile:
    """What an append may follow: the file now, as long as we read it (if it has grown
    since, another program wrote to it, and appends will say so)."""
    from momenta_cli.storage import KnownFile, known_file

    try:
        now = known_file(path)
    except OSError as err:
        raise JournalError(f"{path}: {why(err)}") from None
    return KnownFile(now.dev, now.ino, size)
