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

FORMAT = "momenta-fight"
VERSION = 1
SUFFIX = ".fight.jsonl"


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
    def open(cls, path: Path, *, strict_encounter: bool = False) -> FightFile:
        """Read a fight file and rebuild its session from the recorded events."""
        from momenta_cli.encounter import load_encounter

        path = Path(path)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise JournalError(f"{path}: no such fight file") from None
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
        if file_hash(enc_path) != header.get("encounter_sha256"):
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
                raise JournalError(f"{path}:{number}: cannot replay this record ({err}); "
                                   f"was it written by a different version?") from None
            records += 1
        ff = cls(path, header, session, enc_path, warnings, records)
        if truncated:
            warnings.append(f"warning: {path}: the last record was cut short (the program "
                            f"was stopped while saving) and has been dropped")
            ff.rewrite()
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
    if isinstance(absolute, str):
        tried.append(absolute)
        if Path(absolute).is_file():
            return Path(absolute)
    raise JournalError(f"{path}: cannot find its encounter file (tried {', '.join(tried)})")


def _relative(target: Path, base: Path) -> str:
    try:
        return os.path.relpath(Path(target).resolve(), Path(base).resolve())
    except ValueError:
        return str(Path(target).resolve())


def most_recent(directory: Path) -> Path:
    """The most recently changed ``*.fight.jsonl`` in ``directory``."""
    found = sorted(Path(directory).glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime)
    if not found:
        raise JournalError(f"no saved fight (*{SUFFIX}) in {Path(directory).resolve()}")
    return found[-1]


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
