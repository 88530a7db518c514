"""The fight's journal on disk: autosave and resume.

A fight file is JSON Lines. The first line is a header::

    {"format": "momenta-fight", "version": 1, "encounter": "demo.yaml",
     "encounter_abs": "/abs/demo.yaml", "encounter_sha256": "...", "created": "..."}

then one line per record, in the order they happened::

    {"cmd": "turn kira", "events": [{"kind": "turn_started", ...}, ...]}
    {"undo": true}
    {"redo": true}

Every accepted command is appended, flushed and fsynced before its result is shown, so a
crash loses nothing the GM saw acknowledged. Resuming re-applies the recorded events
(``Session.push``/``undo``/``redo``): nothing is decided or rolled again. A last line cut
short by a kill is dropped with a warning. Whole-file rewrites are atomic (temp file, fsync,
``os.replace``).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from momenta_cli.dice import Roller
from momenta_cli.engine.events import event_from_dict
from momenta_cli.engine.session import Entry, Session
from momenta_cli.engine.specs import EncounterSpec
from momenta_cli.errors import JournalError, MomentaError
from momenta_cli.runner import Outcome, run_line

try:  # advisory locks; Windows has no fcntl, and there a fight is simply not locked
    import fcntl
except ImportError:  # pragma: no cover - exercised on Windows only
    fcntl = None  # type: ignore[assignment]

FORMAT = "momenta-fight"
VERSION = 1
SUFFIX = ".fight.jsonl"
LOCK_SUFFIX = ".lock"


class EncounterChanged(JournalError):
    """The encounter file was edited since the fight began and the journal no longer
    replays against it (a renamed or removed combatant, weapon...)."""


class FightBusy(JournalError):
    """Another momenta session holds the fight open."""


def default_fight_path(encounter: Path) -> Path:
    """``encounters/demo.yaml`` -> ``encounters/demo.fight.jsonl``."""
    return encounter.with_name(encounter.stem + SUFFIX)


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a kill at any moment leaves the old file or the
    new one, never half of either."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _dump(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def entry_record(entry: Entry) -> dict[str, Any]:
    return {"cmd": entry.line, "events": [e.to_dict() for e in entry.events]}


def outcome_record(out: Outcome) -> dict[str, Any] | None:
    """The journal record for what a line did, or None when it changed nothing."""
    if out.entry is not None:
        return entry_record(out.entry)
    if out.undone is not None:
        return {"undo": True}
    if out.redone is not None:
        return {"redo": True}
    return None


@dataclass
class FightFile:
    """A saved fight: where it lives, its header, and the live session rebuilt from it."""

    path: Path
    header: dict[str, Any]
    session: Session
    encounter_path: Path
    warnings: list[str] = field(default_factory=list)
    records: int = 0

    # --- creating and opening ------------------------------------------------------------

    @classmethod
    def create(cls, path: Path, encounter_path: Path, encounter: EncounterSpec) -> FightFile:
        """A new fight file holding only the header (atomically replaces any old file)."""
        path = Path(path)
        header = {
            "format": FORMAT,
            "version": VERSION,
            "encounter": _relative(encounter_path, path.parent),
            "encounter_abs": str(Path(encounter_path).resolve()),
            "encounter_sha256": file_hash(Path(encounter_path)),
            "encounter_name": encounter.name,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        try:
            atomic_write(path, _dump(header))
        except OSError as err:
            raise JournalError(f"{path}: cannot write the fight file: {err.strerror}") from None
        return cls(path, header, Session(encounter), Path(encounter_path))

    @classmethod
    def open(cls, path: Path, *, strict_encounter: bool = False, repair: bool = True
             ) -> FightFile:
        """Read a fight file and rebuild its session from the recorded events.

        ``repair=False`` (read-only commands such as status and log) never writes: a last
        line cut short is ignored in memory, since it may be a record another session is
        writing at this very moment.
        """
        from momenta_cli.encounter import load_encounter

        path = Path(path)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise JournalError(f"{path}: no such fight file (start one with 'momenta run "
                               "ENCOUNTER.yaml', or 'momenta do ENCOUNTER.yaml COMMAND')"
                               ) from None
        except IsADirectoryError:
            raise JournalError(f"{path}: is a directory, not a fight file") from None
        except OSError as err:
            raise JournalError(f"{path}: cannot read: {err.strerror}") from None
        warnings: list[str] = []
        raw_lines = data.split(b"\n")
        tail = raw_lines.pop()  # b"" when the file ends with a newline
        complete = raw_lines
        truncated = bool(tail.strip())
        if not complete:
            raise JournalError(f"{path}: not a momenta fight file (no header line)")
        header = _parse_header(path, complete[0])
        enc_path = _find_encounter(path, header)
        try:
            encounter = load_encounter(enc_path)
        except MomentaError as err:
            raise JournalError(f"{path}: its encounter {enc_path} no longer loads: "
                               f"{str(err).splitlines()[0]}") from None
        changed = file_hash(enc_path) != header.get("encounter_sha256")
        if changed:
            msg = (f"{enc_path} has changed since this fight began; the saved fight is "
                   f"replayed as recorded, against the encounter as it is now")
            if strict_encounter:
                raise JournalError(f"{path}: {msg}")
            warnings.append(f"warning: {msg}")
        session = Session(encounter)
        records = 0
        body = complete[1:]
        for number, raw in enumerate(body, start=2):
            if not raw.strip():
                continue
            try:
                record = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                if number == len(complete) and not tail:
                    # The last complete-looking line is garbage: a torn write.
                    truncated = True
                    break
                raise JournalError(f"{path}:{number}: unreadable record") from None
            try:
                _apply_record(session, record)
            except (MomentaError, ValueError, TypeError, KeyError, AttributeError) as err:
                if changed:
                    raise _changed_error(path, number, enc_path, record, err) from None
                raise JournalError(f"{path}:{number}: cannot replay this record ({err}); "
                                   f"was it written by a different version?") from None
            records += 1
        ff = cls(path, header, session, enc_path, warnings, records)
        if truncated:
            if repair:
                warnings.append(f"warning: {path}: the last record was cut short (the "
                                f"program was stopped while saving) and has been dropped")
                ff.rewrite()
            else:
                warnings.append(f"warning: {path}: the last record is incomplete (being "
                                f"saved, or cut short) and is left out here")
        return ff

    # --- writing ---------------------------------------------------------------------------

    def append(self, record: dict[str, Any]) -> None:
        """Append one record and make it durable before returning."""
        try:
            with open(self.path, "ab") as fh:
                fh.write(_dump(record))
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as err:
            raise JournalError(f"{self.path}: cannot save: {err.strerror}") from None
        self.records += 1

    def append_many(self, records: list[dict[str, Any]]) -> None:
        if not records:
            return
        try:
            with open(self.path, "ab") as fh:
                fh.write(b"".join(_dump(r) for r in records))
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as err:
            raise JournalError(f"{self.path}: cannot save: {err.strerror}") from None
        self.records += len(records)

    def rewrite(self) -> None:
        """Write the whole file again (atomically) from the session's history.

        The history is the live entries plus the undone ones as undo records, so that
        ``redo`` still works after a rewrite.
        """
        out = [_dump(self.header)]
        s = self.session
        for entry in s.entries:
            out.append(_dump(entry_record(entry)))
        for entry in reversed(s.undone):
            out.append(_dump(entry_record(entry)))
        out.extend(_dump({"undo": True}) for _ in s.undone)
        atomic_write(self.path, b"".join(out))

    def run(self, line: str, roller: Roller) -> Outcome:
        """Run one line and save it before returning; refused lines change nothing."""
        s = self.session
        saved = (list(s.entries), list(s.undone), s.state.clone())
        try:
            out = run_line(s, line, roller)
        except Exception:
            s.entries, s.undone, s.state = saved  # a refusal (or a bug) changes nothing
            raise
        record = outcome_record(out)
        if record is not None:
            try:
                self.append(record)
            except JournalError:
                # Not saved, so not done: put the session back as it was.
                s.entries, s.undone, s.state = saved
                raise
        return out


def _apply_record(session: Session, record: Any) -> None:
    if not isinstance(record, dict):
        raise ValueError("a record must be a JSON object")
    if record.get("undo") is True:
        session.undo()
    elif record.get("redo") is True:
        session.redo()
    elif "cmd" in record:
        events = record.get("events")
        if not isinstance(events, list):
            raise ValueError("'events' must be a list")
        entry = Entry(str(record["cmd"]), tuple(event_from_dict(e) for e in events))
        session.push(entry)
    else:
        raise ValueError(f"unknown record {sorted(record)}")


def _changed_error(path: Path, number: int, enc_path: Path, record: Any,
                   err: Exception) -> EncounterChanged:
    """The one-line message for a journal that no longer fits its edited encounter."""
    what = record.get("cmd", "undo" if record.get("undo") else "redo") \
        if isinstance(record, dict) else "?"
    if isinstance(err, KeyError) and err.args:
        why = f"it names {err.args[0]!r}, which the encounter no longer has"
    else:
        why = f"it no longer applies ({err})"
    return EncounterChanged(
        f"{path}:{number}: the encounter file {enc_path} has changed since this fight began "
        f"(it no longer matches the hash saved in the fight file) and the saved fight no "
        f"longer fits it: record {what!r}: {why}. To start afresh: momenta run {enc_path} "
        f"--new (the old fight is kept aside)")


def looks_like_fight(path: Path) -> bool:
    """Whether ``path`` is a saved fight (by its suffix or its header line)."""
    path = Path(path)
    if path.name.endswith(SUFFIX):
        return True
    try:
        with open(path, "rb") as fh:
            first = fh.readline(65536)
        header = json.loads(first.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(header, dict) and header.get("format") == FORMAT


def lock_path(fight: Path) -> Path:
    """The sidecar lock file of a fight: ``demo.fight.jsonl`` -> ``demo.fight.jsonl.lock``."""
    fight = Path(fight)
    return fight.with_name(fight.name + LOCK_SUFFIX)


def busy_message(fight: Path) -> str:
    return (f"{fight} is open in another momenta session (momenta run); type the command "
            f"there")


@contextmanager
def locked(fight: Path, *, wait: float = 0.5) -> Iterator[None]:
    """Hold an exclusive advisory lock on ``fight`` (``fcntl.flock`` on its sidecar
    ``.lock`` file) for the duration of the ``with`` block.

    ``momenta run``/``resume`` hold it for the whole session, ``do``/``undo``/``redo`` for
    their read-change-append, so that two sessions never append from two different
    in-memory states. Raises ``FightBusy`` when another session still holds it after
    ``wait`` seconds. The OS releases the lock if the holder dies. Where locking is not
    available (no fcntl, or the lock file cannot be created) the block runs unlocked.
    """
    if fcntl is None:
        yield
        return
    lp = lock_path(fight)
    deadline = time.monotonic() + wait
    fd = -1
    while fd < 0:
        try:
            candidate = os.open(lp, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            break  # e.g. a read-only directory: nothing can be saved there anyway
        try:
            fcntl.flock(candidate, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(candidate)
            if time.monotonic() >= deadline:
                raise FightBusy(busy_message(fight)) from None
            time.sleep(0.05)
            continue
        try:
            same = os.path.samestat(os.fstat(candidate), os.stat(lp))
        except OSError:
            same = False
        if not same:  # the holder removed the lock file as we got it: take the new one
            os.close(candidate)
            continue
        fd = candidate
    try:
        yield
    finally:
        if fd >= 0:
            try:
                os.unlink(lp)  # while still holding it, so no one locks a stale file
            except OSError:
                pass
            os.close(fd)


def _parse_header(path: Path, raw: bytes) -> dict[str, Any]:
    try:
        header = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
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


def _find_encounter(path: Path, header: dict[str, Any]) -> Path:
    tried = []
    rel = header.get("encounter")
    if isinstance(rel, str):
        cand = (path.parent / rel)
        tried.append(str(cand))
        if cand.is_file():
            return cand
    absolute = header.get("encounter_abs")
    if isinstance(absolute, str) and not (tried and Path(tried[0]).resolve() == Path(absolute)):
        tried.append(absolute)
        if Path(absolute).is_file():
            return Path(absolute)
    missing = tried[0] if tried else "(none recorded)"
    also = f" (also tried {', '.join(tried[1:])})" if len(tried) > 1 else ""
    raise JournalError(f"{path}: its encounter file {missing} is missing{also}; the fight is "
                       f"rebuilt from it, so put it back to use this fight")


def _relative(target: Path, base: Path) -> str:
    try:
        return os.path.relpath(Path(target).resolve(), Path(base).resolve())
    except ValueError:
        return str(Path(target).resolve())


def most_recent(directory: Path) -> Path:
    """The most recently changed ``*.fight.jsonl`` in ``directory`` or one of its
    immediate subdirectories (``momenta run encounters/demo.yaml`` saves beside the
    encounter, so ``momenta resume`` from the repository root finds it)."""
    directory = Path(directory)
    found = []
    for pattern in ("*" + SUFFIX, "*/*" + SUFFIX):
        for p in directory.glob(pattern):
            try:
                if p.is_file():
                    found.append((p.stat().st_mtime, p))
            except OSError:
                continue
    if not found:
        raise JournalError(f"no saved fight (*{SUFFIX}) found: looked in "
                           f"{directory.resolve()} and its immediate subdirectories")
    found.sort(key=lambda pair: pair[0])
    return found[-1][1]


def set_aside(path: Path) -> Path:
    """Rename an old fight file out of the way (kept, never deleted) and return its new
    name: ``demo.fight.jsonl`` -> ``demo.20261129-140501.fight.jsonl``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    target = path.with_name(f"{base}.{stamp}{SUFFIX}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{base}.{stamp}-{n}{SUFFIX}")
    os.replace(path, target)
    return target
