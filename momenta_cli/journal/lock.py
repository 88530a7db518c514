"""The fight lock: an advisory ``flock`` on a sidecar ``.lock`` file, so that two
sessions never append from two different in-memory states (see ``locked``)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from momenta_cli.errors import JournalError
from momenta_cli.journal.locations import lock_path
from momenta_cli.storage import CLOEXEC

try:  # advisory locks; Windows has no fcntl, and there a fight is simply not locked
    import fcntl
except ImportError:  # pragma: no cover - exercised on Windows only
    fcntl = None  # type: ignore[assignment]


class FightBusy(JournalError):
    """Another momenta session holds the fight open."""


# Behind a one-shot command (do, undo, redo: it lets go within moments) a writer waits this
# long; behind a session at the prompt (run, resume) only ``wait`` (it may hold for hours).
BRIEF_WAIT = 10.0
BRIEF_TAG = b"one-shot"


def busy_message(fight: Path) -> str:
    return (f"{fight} is open in another momenta session (momenta run); type the command "
            f"there")


def _holder_is_brief(lp: Path) -> bool:
    try:
        with open(lp, "rb") as fh:
            return fh.read(64).startswith(BRIEF_TAG)
    except OSError:
        return False


@contextmanager
def locked(fight: Path, *, wait: float = 0.5, brief: bool = False) -> Iterator[None]:
    """Hold an exclusive advisory lock on ``fight`` (``fcntl.flock`` on its sidecar
    ``.lock`` file) for the duration of the ``with`` block.

    ``momenta run``/``resume`` hold it for the whole session, ``do``/``undo``/``redo``
    (``brief=True``) for their find-or-create, read, change and append, so that two
    sessions never append from two different in-memory states and never both start the
    same fight. The holder writes whether it is brief into the lock file: behind a brief
    holder a writer waits up to ``BRIEF_WAIT`` seconds, behind a session ``wait``, then
    ``FightBusy``. The OS releases the lock if the holder dies. Where locking is not
    available (no fcntl, or the lock file cannot be created) the block runs unlocked.
    """
    if fcntl is None:
        yield
        return
    lp = lock_path(fight)
    start = time.monotonic()
    fd = -1
    while fd < 0:
        try:
            candidate = os.open(lp, os.O_RDWR | os.O_CREAT | CLOEXEC, 0o644)
        except OSError:
            break  # e.g. a read-only directory: nothing can be saved there anyway
        try:
            fcntl.flock(candidate, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(candidate)
            behind_brief = _holder_is_brief(lp)
            if time.monotonic() - start >= (BRIEF_WAIT if behind_brief else wait):
                if behind_brief:
                    raise FightBusy(f"{fight} is being changed by another momenta command "
                                    f"that is taking long; try again") from None
                raise FightBusy(busy_message(fight)) from None
            time.sleep(0.02)
            continue
        try:
            same = os.path.samestat(os.fstat(candidate), os.stat(lp))
        except OSError:
            same = False
        if not same:  # the holder removed the lock file as we got it: take the new one
            os.close(candidate)
            continue
        fd = candidate
    if fd >= 0:
        _tag(fd, BRIEF_TAG if brief else b"session")
    try:
        yield
    finally:
        if fd >= 0:
            try:
                os.unlink(lp)  # while still holding it, so no one locks a stale file
            except OSError:
                pass
            os.close(fd)


def _tag(fd: int, what: bytes) -> None:
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, what + f" {os.getpid()}\n".encode(), 0)
    except OSError:
        pass  # a full disk: waiters then wait as behind a session


