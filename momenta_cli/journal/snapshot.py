"""The fold cache: ``status`` of a fight folds only the records written since the last
time it looked.

Reading a fight replays every record (parse, checksum, rebuild the events, apply them):
some 20 us a record, half a second at 10,000. A read-only look at the state (``status``,
``status --watch``) keeps the state it folded in ``STATE/cache/fights/``, one entry per
fight file, and the next look starts from it, folding only the records after it. The
entry is trusted only while

- the fight file's first ``pos`` bytes hash to what was folded (so an edited or damaged
  record before that point is a miss, and the full fold reports it as it always does);
- the encounter the state was built against equals the one loaded now;
- the momenta code is the same (any module or data file of the package changed: a miss).

A record that undoes or redoes needs the commands before it, which the cache does not
hold: the look falls back to the full fold (``NeedsFullFold``). Entries are sealed
(momenta_cli/storage/sealed.py: versioned, checksummed, unpickled with an allow-list); one that
cannot be read or written is a miss and nothing else. Commands that write (``do``,
``run``, ``resume``) and ``log`` always fold the whole journal.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from momenta_cli.engine.core import CombatantSpec, Cond, EncounterSpec, Fight, Fighter
from momenta_cli.storage import (
    MB,
    PICKLE_PROTOCOL,
    code_fingerprint,
    prune,
    read_entry,
    seal,
    state_home,
    unpickle,
    unseal,
)

MAGIC = "momenta-fold-cache"
VERSION = 1
# Every fight gets an entry: a short one folds in a few milliseconds, but a look that
# finds its entry whole imports no event module and applies no record at all.
MIN_RECORDS = 1
MAX_ENTRY = 16 * MB
MAX_ENTRIES = 64  # fights looked at lately; older entries go first
FOLD_SUFFIX = ".fold"


class NeedsFullFold(Exception):
    """The records after the cached state hold an undo or redo: fold from the start."""


@dataclass(frozen=True)
class Start:
    """Where a fold resumes: the first ``records`` records, ending at byte ``pos`` (the
    start of file line ``line``), are already in ``state``."""

    state: Fight
    records: int
    pos: int
    line: int


def _allowed() -> dict[tuple[str, str], Any]:
    from momenta_cli.encounter import ALLOWED  # the spec classes, and what they hold

    state = {("momenta_cli.engine.core.state", c.__name__): c for c in (Fight, Fighter, Cond)}
    return {**ALLOWED, **state}


def entry_path(fight: Path) -> Path:
    """The entry of the fight file ``fight`` (by its real path)."""
    real = os.path.realpath(fight)
    name = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:40]
    return state_home() / "cache" / "fights" / f"{name}{FOLD_SUFFIX}"


def load(fight: Path, data: bytes, encounter: EncounterSpec) -> Start | None:
    """Where the fold of ``data`` (the whole fight file) may start, or None (no entry, or
    none to trust). Never raises: whatever goes wrong with the cache is a miss."""
    try:
        return _load(fight, data, encounter)
    except Exception:  # no home directory, an entry built to look right but wrong, ...
        return None


def _load(fight: Path, data: bytes, encounter: EncounterSpec) -> Start | None:
    entry = entry_path(fight)
    blob = read_entry(entry, MAX_ENTRY)
    found = unseal(blob, MAGIC, VERSION) if blob is not None else None
    if found is None:
        return None
    meta, payload = found
    pos, records, line = meta.get("pos"), meta.get("records"), meta.get("line")
    if not (type(pos) is int and type(records) is int and type(line) is int):
        return None
    if not (0 < pos <= len(data) and data[pos - 1:pos] == b"\n" and records > 0):
        return None
    if meta.get("code") != code_fingerprint():
        return None
    if meta.get("fight") != os.path.realpath(fight):
        return None
    prefix = memoryview(data)[:pos]  # hashed and counted in place: a big fight is not copied
    if meta.get("prefix") != hashlib.sha256(prefix).hexdigest():
        return None
    if line != data.count(b"\n", 0, pos) + 1 or records > line - 2:
        return None
    got = unpickle(payload, _allowed())
    if not (isinstance(got, tuple) and len(got) == 2 and type(got[0]) is EncounterSpec
            and type(got[1]) is Fight and _same(got[0], encounter) and _whole(got[1])):
        return None
    state = got[1]
    state.encounter = encounter  # the one loaded now (equal), shared as everywhere else
    try:
        os.utime(entry)  # recently used: kept longest
    except OSError:
        pass
    return Start(state, records, pos, line)


def _same(kept: EncounterSpec, now: EncounterSpec) -> bool:
    # ``source`` is the path as the fight found it (relative or not): not the encounter.
    return dataclasses.replace(kept, source=now.source) == now


def _whole(state: Fight) -> bool:
    """The shape a fold gives (a checksum is no secret: an entry may be made by hand)."""
    return isinstance(state.fighters, dict) and all(
        type(f) is Fighter and type(f.spec) is CombatantSpec and f.spec.name == name
        and isinstance(f.conditions, dict)
        and all(type(c) is Cond for c in f.conditions.values())
        for name, f in state.fighters.items())


def save(fight: Path, data: bytes, pos: int, records: int, line: int, state: Fight,
         encounter: EncounterSpec) -> None:
    """Keep ``state``, the fold of the first ``records`` records (``data[:pos]``, up to
    file line ``line``), for the next look. Any failure leaves the cache as it was."""
    if records < MIN_RECORDS:
        return
    try:
        _save(fight, data, pos, records, line, state, encounter)
    except Exception:  # no home directory, a full disk, ...: no entry, nothing else
        return


def _save(fight: Path, data: bytes, pos: int, records: int, line: int, state: Fight,
          encounter: EncounterSpec) -> None:
    meta = {"pos": pos, "records": records, "line": line, "code": code_fingerprint(),
            "fight": os.path.realpath(fight),
            "prefix": hashlib.sha256(data[:pos]).hexdigest()}
    blob = seal(MAGIC, VERSION, meta, pickle.dumps(
        (encounter, state), protocol=PICKLE_PROTOCOL))
    if len(blob) > MAX_ENTRY:
        return
    entry = entry_path(fight)
    entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    from momenta_cli.storage import atomic_write

    atomic_write(entry, blob, durable=False)  # a cache: sealed, never fsynced
    prune(entry.parent, FOLD_SUFFIX, MAX_ENTRIES)
