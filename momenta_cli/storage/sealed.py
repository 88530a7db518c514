"""Sealed cache entries: the file format momenta's caches share (the encounter cache,
encounter/cache.py, and the fold cache of long fights, journal/snapshot.py).

An entry is, byte for byte::

    <magic> <version>\\n
    <SHA-256 hex of the first line and the rest>\\n
    <one line of JSON: what the entry is for>\\n
    <a pickle>

A cache is never trusted: ``unseal`` refuses an entry of another format or version or
whose checksum does not match, and ``Restricted`` unpickles only the classes it is given,
so an entry can never make momenta run code. Entries are read without blocking, only
from regular files, and up to a size.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import stat
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import momenta_cli
from momenta_cli.storage.reading import FileProblem, read_bytes

PICKLE_PROTOCOL = 5
STALE_TEMP = 3600  # seconds after which a temp file a killed writer left is removed


def seal(magic: str, version: int, meta: dict[str, Any], payload: bytes) -> bytes:
    """The bytes of an entry holding ``meta`` and ``payload``."""
    head = f"{magic} {version}\n".encode()
    body = json.dumps(meta, sort_keys=True).encode() + b"\n" + payload
    return head + hashlib.sha256(head + body).hexdigest().encode() + b"\n" + body


def unseal(blob: bytes, magic: str, version: int) -> tuple[dict[str, Any], bytes] | None:
    """(meta, payload) of an entry whose format, version and checksum are right."""
    head, nl, rest = blob.partition(b"\n")
    if not nl or head != f"{magic} {version}".encode():
        return None
    digest, nl, body = rest.partition(b"\n")
    if not nl or digest != hashlib.sha256(head + b"\n" + body).hexdigest().encode():
        return None
    line, nl, payload = body.partition(b"\n")
    try:
        meta = json.loads(line)
    except ValueError:
        return None
    if not nl or not isinstance(meta, dict):
        return None
    return meta, payload


def read_entry(entry: Path, limit: int) -> bytes | None:
    """The bytes of the regular file ``entry`` if it holds at most ``limit`` bytes."""
    try:
        return read_bytes(entry, cap=limit)
    except FileProblem:
        return None


@cache
def code_fingerprint() -> str:
    """A fingerprint of the installed momenta: every module and data file of the package
    (name, size, modification time). An upgrade, or an edit in a working copy, makes
    every cache entry built by other code a miss."""
    root = Path(momenta_cli.__file__).parent
    parts = [momenta_cli.__version__]
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".yaml", ".json")):
                try:
                    st = os.stat(os.path.join(folder, name))
                except OSError:
                    continue
                if stat.S_ISREG(st.st_mode):
                    parts.append(f"{folder}/{name}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogateescape")).hexdigest()


class Restricted(pickle.Unpickler):
    """Rebuilds the classes of ``allowed`` ((module, name) -> class) and plain data only;
    anything else in a pickle is refused. With ``named``, a persistent id (written by a
    Pickler's ``persistent_id``) is what ``named`` makes of it: a fixed table's look-up,
    which raises for anything it does not know."""

    def __init__(self, payload: bytes, allowed: dict[tuple[str, str], Any],
                 named: Callable[[Any], Any] | None = None):
        super().__init__(io.BytesIO(payload))
        self.allowed = allowed
        self.named = named

    def find_class(self, module: str, name: str) -> Any:
        try:
            return self.allowed[(module, name)]
        except KeyError:
            raise pickle.UnpicklingError(f"{module}.{name} may not be in a cache entry"
                                         ) from None

    def persistent_load(self, pid: Any) -> Any:
        if self.named is None:
            raise pickle.UnpicklingError("persistent ids are not used")
        return self.named(pid)


def unpickle(payload: bytes, allowed: dict[tuple[str, str], Any],
             named: Callable[[Any], Any] | None = None) -> Any:
    """What ``payload`` holds, or None for any failure (an entry is not ours to trust);
    ``named`` resolves its persistent ids (``Restricted``)."""
    try:
        return Restricted(payload, allowed, named).load()
    except Exception:
        return None


def prune(directory: Path, suffix: str, keep: int) -> None:
    """Keep the ``keep`` most recently used entries (``*suffix``) of ``directory``; drop
    temp files a killed writer left there long ago."""
    entries: list[tuple[int, str]] = []
    try:
        with os.scandir(directory) as it:
            for item in it:
                try:
                    st = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                if item.name.endswith(suffix):
                    entries.append((st.st_mtime_ns, item.path))
                elif item.name.endswith(".tmp") and item.name.startswith("."):
                    if time.time() - st.st_mtime > STALE_TEMP:
                        _unlink(item.path)
    except OSError:
        return
    entries.sort()
    for _, old in entries[:max(0, len(entries) - keep)]:
        _unlink(old)


def _unlink(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass
