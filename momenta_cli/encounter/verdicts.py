"""What the caches of encounter files share, and ``validate``'s own: the verdict on a file
that had no problem, so that checking it again while nothing changed costs no YAML, no
pydantic and no command language.

An entry's key is the file's real path and SHA-256, the include roots, the file size
limit and the momenta code (``file_key``); it is trusted only while every file that load
read still has its hash and every include resolves as it did (``unchanged``): the same
rules as the encounter cache (cache.py), which takes both from here. A verdict entry is
the sealed header of cache.py's format with the verdict in it and no payload::

    momenta-validate-cache 1\\n
    <SHA-256 hex of the first line and the rest>\\n
    {"files": ..., "key": ..., "links": ..., "verdict": "...", "version": 1}\\n

Only a file without problems gets an entry: one with problems is checked in full every
time, so its problems are always a full load's words. Entries live in
``STATE/cache/validated/``, at most ``MAX_ENTRIES``; a cache that cannot be written is
skipped without a word. Importing this module imports neither the loader nor the engine.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from momenta_cli.encounter.roots import include_roots
from momenta_cli.storage import (
    FileProblem,
    code_fingerprint,
    limit,
    prune,
    read_bytes,
    read_entry,
    seal,
    state_home,
    unseal,
)

VERDICT_VERSION = 1
MAGIC = "momenta-validate-cache"
SUFFIX = ".entry"
MAX_ENTRIES = 64
MAX_VERDICT = 64 * 1024  # an entry is a header: the file names, hashes and one line


def file_key(real: Path, sha256: str, code: str) -> dict[str, Any]:
    """Everything besides the files read that the result of loading ``real`` (a real
    path whose bytes hash to ``sha256``) by the momenta code ``code``
    (``code_fingerprint()``) depends on."""
    return {"encounter": str(real), "sha256": sha256,
            "roots": [str(r) for r in include_roots(real.parent)],
            "limit": limit("encounter"), "code": code}


def entry_path(folder: Path, key: dict[str, Any], suffix: str) -> Path:
    """The entry of ``key`` in ``folder``: a hash of the key as its name."""
    text = json.dumps(key, sort_keys=True)
    return folder / (hashlib.sha256(text.encode()).hexdigest()[:40] + suffix)


def unchanged(meta: dict[str, Any], key: dict[str, Any]) -> bool:
    """Whether every include an entry records still resolves as it did and every file
    read still has its recorded hash (the encounter's is in ``key``, already checked)."""
    files, links = meta.get("files"), meta.get("links")
    if not isinstance(files, dict) or not isinstance(links, list):
        return False
    if files.get(key["encounter"]) != key["sha256"]:
        return False
    try:
        for joined, target in links:
            if str(Path(joined).resolve()) != target:
                return False
        for name, sha256 in files.items():
            if name != key["encounter"]:
                if hashlib.sha256(read_bytes(name, "encounter")).hexdigest() != sha256:
                    return False
    except (FileProblem, OSError, RuntimeError, ValueError, TypeError):
        return False
    return True


def verdict_dir() -> Path:
    """Where the verdicts live: ``STATE/cache/validated``."""
    return state_home() / "cache" / "validated"


def _verdict_key(path: Path) -> dict[str, Any]:
    raw = read_bytes(path, "encounter")
    key = file_key(path.resolve(), hashlib.sha256(raw).hexdigest(), code_fingerprint())
    key["check"] = "validate"  # a library is fine here and not in an encounter's load
    return key


def cached_verdict(path: str | os.PathLike[str]) -> str | None:
    """The verdict ``store_verdict`` kept for the file at ``path`` while every file its
    check read is unchanged, else None (never an error: the full check that follows a
    miss reports the file's problems in its own words)."""
    try:
        key = _verdict_key(Path(path))
        entry = entry_path(verdict_dir(), key, SUFFIX)
        blob = read_entry(entry, MAX_VERDICT)
    except (FileProblem, OSError, RuntimeError, ValueError):
        return None
    if blob is None:
        return None
    found = unseal(blob, MAGIC, VERDICT_VERSION)
    if found is None:
        return None
    meta, payload = found
    verdict = meta.get("verdict")
    if (payload or meta.get("version") != VERDICT_VERSION or meta.get("key") != key
            or not isinstance(verdict, str) or not unchanged(meta, key)):
        return None
    try:
        os.utime(entry)  # recently used: kept longest
    except OSError:
        pass
    return verdict


def store_verdict(path: str | os.PathLike[str], verdict: str, files: dict[str, str],
                  links: list[tuple[str, str]]) -> None:
    """Keep ``verdict`` for the file at ``path``, checked without a problem from
    ``files`` (real path -> SHA-256 of the bytes read) and ``links`` (each include as
    joined, and the real path it resolved to); any failure leaves the cache as it was."""
    try:
        key = _verdict_key(Path(path))
        if files.get(key["encounter"]) != key["sha256"]:
            return  # the file changed while it was checked
        meta = {"version": VERDICT_VERSION, "key": key, "files": files,
                "links": [list(link) for link in links], "verdict": verdict}
        blob = seal(MAGIC, VERDICT_VERSION, meta, b"")
        if len(blob) > MAX_VERDICT:
            return
        entry = entry_path(verdict_dir(), key, SUFFIX)
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        from momenta_cli.storage import atomic_write

        atomic_write(entry, blob, durable=False)  # a cache: sealed, never fsynced
    except (FileProblem, OSError, RuntimeError, ValueError, TypeError):
        return
    prune(entry.parent, SUFFIX, MAX_ENTRIES)
