"""A cache of resolved encounters, so that reopening a fight does not validate it again.

Every one-shot command (``momenta status FIGHT``, ``momenta do FIGHT ...``) reopens the
fight's encounter. Loading it (PyYAML, pydantic, includes, every derived value) costs far
more than the rest of the command, and the result, an ``EncounterSpec`` of frozen
dataclasses, is the same as long as the files it was built from are. So the spec is kept
in ``STATE/cache/encounters/`` (``STATE`` is ``momenta_cli.storage.home.state_home()``), one
file an entry, and reused while

- the encounter file has the SHA-256 the entry was built from; the entry's name is a hash
  of that with everything else the result depends on: the encounter's real path (its
  includes resolve from there), the include roots (``MOMENTA_LIBRARY_PATH``, resolved),
  the file size limit (``MOMENTA_MAX_FILE_MB``) and the momenta code that built it;
- every include still resolves to the same file, and every file read still has the hash
  of the bytes that were parsed.

An entry is, byte for byte::

    momenta-encounter-cache 1\\n                     format and version
    <SHA-256 hex of the first line and the rest>\\n
    {"files": ..., "key": ..., "links": ..., "version": 1}\\n
    <the EncounterSpec, pickled>

An entry whose checksum does not match (corrupted, truncated, edited), of another version
or with another key is ignored and rebuilt. The pickle is read by an Unpickler that knows
only the spec classes, so an entry can never make momenta run code. Entries are written
atomically; a cache that cannot be written (read-only home, full disk) is skipped without
a word. At most ``MAX_ENTRIES`` are kept: the least recently used go first.

A hit imports neither pydantic nor PyYAML (the loader is imported on a miss only).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import pickle
from pathlib import Path
from typing import Any

from momenta_cli.encounter.verdicts import entry_path, file_key, unchanged
from momenta_cli.engine.core import (
    CombatantSpec,
    DamageTable,
    DefenseSpec,
    EncounterSpec,
    EncounterSpec as specs_EncounterSpec,
    EventTrigger,
    LocationSpec,
    ScheduledEvent,
    WeaponSpec,
    Weight,
)
from momenta_cli.engine.geometry import Board, Terrain
from momenta_cli.errors import EncounterError
from momenta_cli.rules import Settings
from momenta_cli.storage import (
    MB,
    PICKLE_PROTOCOL,
    FileProblem,
    code_fingerprint,
    prune,
    read_bytes,
    read_entry,
    seal,
    state_home,
    unpickle,
    unseal,
)

__all__ = ["CACHE_VERSION", "cache_dir", "load_encounter_cached"]

CACHE_VERSION = 1
MAGIC = "momenta-encounter-cache"
SUFFIX = ".entry"
MAX_ENTRIES = 64
MAX_ENTRY = 8 * MB  # a spec bigger than this (a huge bestiary) is not cached

# The only classes an entry may name: the spec dataclasses and what they hold.
ALLOWED: dict[tuple[str, str], Any] = {
    **{("momenta_cli.engine.core.specs", c.__name__): c for c in (
        specs_EncounterSpec, CombatantSpec, WeaponSpec, DamageTable,
        DefenseSpec, LocationSpec, Weight, ScheduledEvent, EventTrigger)},
    ("momenta_cli.rules.settings", "Settings"): Settings,
    ("momenta_cli.engine.geometry.board", "Board"): Board,
    ("momenta_cli.engine.geometry.board", "Terrain"): Terrain,
    ("builtins", "frozenset"): frozenset,
    ("builtins", "tuple"): tuple,
}


def cache_dir() -> Path:
    """Where the entries live: ``STATE/cache/encounters``."""
    return state_home() / "cache" / "encounters"


def load_encounter_cached(path: str | os.PathLike[str]) -> EncounterSpec:
    """``momenta_cli.encounter.load_encounter(path)``, from the cache when the files it
    would read are unchanged.

    Returns an ``EncounterSpec`` equal to a full load's (``source`` is ``path`` as given).
    Raises ``EncounterError`` with every problem, ``FILE:LINE:COL: path: message`` with
    FILE as given, exactly as ``load_encounter`` does: a file with problems is never
    cached, so its problems always come from a full load.
    """
    name = os.fspath(path)
    spec = _hit(Path(path))
    if spec is not None:
        return spec if spec.source == name else dataclasses.replace(spec, source=name)
    from momenta_cli.encounter.loader import load_checked

    result = load_checked(path)
    if result.spec is None:
        raise EncounterError(result.problems)
    if result.reads is not None:
        _store(Path(path), result.spec, result.reads.files, result.reads.links)
    return result.spec


# --- reading -----------------------------------------------------------------------------


def _hit(path: Path) -> EncounterSpec | None:
    """The cached spec of the encounter at ``path``, or None (no entry, or not one to
    trust). Never raises for a problem of the cache or of the file: the full load that
    follows a miss reports the file's problems in its own words."""
    try:
        raw = read_bytes(path, "encounter")
        real = path.resolve()
        key = file_key(real, hashlib.sha256(raw).hexdigest(), code_fingerprint())
        entry = entry_path(cache_dir(), key, SUFFIX)
        blob = read_entry(entry, MAX_ENTRY + 64 * 1024)
    except (FileProblem, OSError, RuntimeError, ValueError):
        return None
    if blob is None:
        return None
    found = _unpack(blob)
    if found is None:
        return None
    meta, payload = found
    if meta.get("key") != key or not unchanged(meta, key):
        return None
    spec = _unpickle(payload)
    if spec is None:
        return None
    try:
        os.utime(entry)  # recently used: kept longest
    except OSError:
        pass
    return spec


def _unpack(blob: bytes) -> tuple[dict[str, Any], bytes] | None:
    """(meta, pickle) of an entry whose version and checksum are right, else None."""
    found = unseal(blob, MAGIC, CACHE_VERSION)
    if found is None or found[0].get("version") != CACHE_VERSION:
        return None
    return found


def _unpickle(payload: bytes) -> EncounterSpec | None:
    spec = unpickle(payload, ALLOWED)
    return spec if type(spec) is EncounterSpec else None


# --- writing -----------------------------------------------------------------------------


def _store(path: Path, spec: EncounterSpec, files: dict[str, str],
           links: list[tuple[str, str]]) -> None:
    """Write the entry for a successful load; any failure leaves the cache as it was."""
    try:
        real = path.resolve()
        sha256 = files.get(str(real))
        if sha256 is None:
            return
        key = file_key(real, sha256, code_fingerprint())
        meta = {"version": CACHE_VERSION, "key": key, "files": files,
                "links": [list(link) for link in links]}
        blob = seal(MAGIC, CACHE_VERSION, meta,
                           pickle.dumps(spec, protocol=PICKLE_PROTOCOL))
        if len(blob) > MAX_ENTRY:
            return
        entry = entry_path(cache_dir(), key, SUFFIX)
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        from momenta_cli.storage import atomic_write

        atomic_write(entry, blob, durable=False)  # a cache: sealed, never fsynced
    except (OSError, RuntimeError, ValueError, TypeError, pickle.PicklingError):
        return
    prune(entry.parent, SUFFIX, MAX_ENTRIES)
