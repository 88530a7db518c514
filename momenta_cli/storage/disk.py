"""Durable file operations for fight files: appends that cannot tear, atomic rewrites
that keep the file's mode, exclusive creation, and copies kept beside a file.

Everything here raises ``OSError`` (or one of the small exceptions below); the fight-file
layer turns them into one-line messages for the GM.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

CLOEXEC = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
# link() is refused by file systems without hard links (FAT, some network mounts).
NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK,
            errno.ENOSYS}


@dataclass(frozen=True)
class KnownFile:
    """What a fight file looked like when we last read or wrote it: which file (device
    and inode) and how many bytes of it are good."""

    dev: int
    ino: int
    size: int

    def grown(self, n: int) -> KnownFile:
        return KnownFile(self.dev, self.ino, self.size + n)


class FileChanged(Exception):
    """The file is not the one (or not the length) we last saw: another program wrote,
    replaced or removed it. Nothing was written."""


class AppendFailed(Exception):
    """An append failed; ``clean`` tells whether the file is back at its last good
    length (False: the torn bytes are still there and must go before the next append)."""

    def __init__(self, err: OSError, clean: bool):
        super().__init__(str(err))
        self.err = err
        self.clean = clean


def read_only(path: Path) -> bool:
    """Whether the GM protected the file: nobody may write it by its mode bits, or this
    process may not (root ignores permissions, so the bits are asked as well)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    no_write_bits = not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    return no_write_bits or not os.access(path, os.W_OK)


def known_file(path: Path) -> KnownFile:
    """The current identity and length of ``path``."""
    st = os.stat(path)
    return KnownFile(st.st_dev, st.st_ino, st.st_size)


def append_durably(path: Path, blob: bytes, last: KnownFile, *, torn: bool = False) -> KnownFile:
    """Append ``blob`` to ``path`` and fsync it; return what the file is now.

    The file must still be ``last`` (same inode, same length; with ``torn``, longer by
    bytes of our own failed append, which are cut off first). If writing or syncing fails
    part-way, the file is truncated back to ``last.size`` before ``AppendFailed`` is
    raised, so no torn record stays behind for the next append to follow.
    """
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | CLOEXEC)  # never creates: it must exist
    try:
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) != (last.dev, last.ino):
            raise FileChanged("it was replaced by another file")
        if st.st_size != last.size:
            if not (torn and st.st_size > last.size):
                raise FileChanged(f"it is {st.st_size} bytes, not the {last.size} last seen")
            _cut(fd, last.size)
        try:
            _write_all(fd, blob)
            os.fsync(fd)
        except OSError as err:
            raise AppendFailed(err, _try_cut(fd, last.size)) from None
        return last.grown(len(blob))
    finally:
        os.close(fd)


def _write_all(fd: int, blob: bytes) -> None:
    view = memoryview(blob)
    while view:
        n = os.write(fd, view)
        if n <= 0:  # a write that makes no progress would loop forever
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]


def _cut(fd: int, size: int) -> None:
    os.ftruncate(fd, size)
    os.fsync(fd)


def _try_cut(fd: int, size: int) -> bool:
    try:
        _cut(fd, size)
    except OSError:
        return False
    return True


def _temp_beside(path: Path) -> tuple[int, Path]:
    """A new, exclusively created temp file in ``path``'s directory: ``(fd, name)``.

    Created with mode 0o666 so the umask applies, as ``open()`` would (mkstemp's 0o600
    would silently make every rewritten fight private).
    """
    directory = path.parent
    for _ in range(100):
        tmp = directory / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | CLOEXEC, 0o666), tmp
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, f"no free temporary name in {directory}")


def _filled_temp(path: Path, data: bytes, like: os.stat_result | None = None, *,
                 durable: bool = True) -> Path:
    """A temp file beside ``path`` holding ``data``, fsynced when ``durable``; with
    ``like``, given that file's permission bits (and, when we may, its owner)."""
    fd, tmp = _temp_beside(path)
    try:
        try:
            if like is not None:
                os.fchmod(fd, stat.S_IMODE(like.st_mode))
                _same_owner(fd, like)
            _write_all(fd, data)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return tmp


def _same_owner(fd: int, like: os.stat_result) -> None:
    st = os.fstat(fd)
    if (st.st_uid, st.st_gid) != (like.st_uid, like.st_gid) and hasattr(os, "fchown"):
        try:
            os.fchown(fd, like.st_uid, like.st_gid)  # root repairing a player's file
        except OSError:
            pass


def atomic_write(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Write ``data`` to ``path`` so that a kill at any moment leaves the old file or the
    new one, never half of either. An existing file keeps its mode (and owner, when we
    may); a new one gets the usual umask mode. A symlink is written through: the file it
    points to is replaced, and the link stays a link.

    ``durable=False`` (a cache's entry) leaves out the two fsyncs, which can cost a
    command tens of milliseconds on a real disk: a kill still leaves the old entry or
    the new one, and after a power cut an entry may be empty or torn, which its seal
    (storage/sealed.py) tells and the cache reads as missing."""
    path = Path(os.path.realpath(path))
    try:
        like: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        like = None
    if like is not None and stat.S_ISDIR(like.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    tmp = _filled_temp(path, data, like, durable=durable)
    try:
        os.replace(tmp, path)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    if durable:
        fsync_dir(path.parent)


def create_exclusive(path: Path, data: bytes) -> KnownFile:
    """Create ``path`` holding ``data``, failing with ``FileExistsError`` if anything is
    already there. The data are written to a temp file first and linked into place, so no
    one ever sees the file half-written."""
    path = Path(path)
    tmp = _filled_temp(path, data)
    try:
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError as err:
            if err.errno not in NO_LINKS:
                raise
            # No hard links here: claim the name exclusively, then put the data over it.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | CLOEXEC, 0o666))
            os.replace(tmp, path)
    finally:
        _unlink_quietly(tmp)
    fsync_dir(path.parent)
    return known_file(path)


def keep_copy(path: Path, label: str) -> Path:
    """Keep the file at ``path`` as it is now under a new name beside it, never over an
    existing file: ``demo.fight.jsonl`` -> ``demo.fight.jsonl.LABEL-20261201-110501``
    (``-2``, ``-3``... when that name is taken). Returns the new name."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(os.path.realpath(path))  # a copy of the file, not of a symlink to it
    return _free_name(path, lambda n: path.with_name(
        f"{path.name}.{label}-{stamp}" + (f"-{n}" if n > 1 else "")), keep=True)


def move_aside(path: Path, name_for) -> Path:
    """Rename ``path`` to the first free ``name_for(n)`` (n = 1, 2, ...), never over an
    existing file; returns the new name."""
    return _free_name(path, name_for, keep=False)


def _free_name(path: Path, name_for, *, keep: bool) -> Path:
    for n in range(1, 1000):
        target = name_for(n)
        try:
            os.link(path, target)  # fails if target exists: nothing is ever overwritten
        except FileExistsError:
            continue
        except OSError as err:
            if err.errno not in NO_LINKS:
                raise
            if not _copy_exclusive(path, target):
                continue
        if not keep:
            os.unlink(path)
        fsync_dir(path.parent)
        return target
    raise OSError(errno.EEXIST, f"no free name beside {path}")


def _copy_exclusive(src: Path, dst: Path) -> bool:
    """Copy ``src`` to a new file ``dst`` (False if ``dst`` exists), for file systems
    without hard links."""
    try:
        fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL | CLOEXEC, 0o666)
    except FileExistsError:
        return False
    try:
        with open(src, "rb") as fin, os.fdopen(fd, "wb") as fout:
            shutil.copyfileobj(fin, fout)
            fout.flush()
            os.fsync(fout.fileno())
    except BaseException:
        _unlink_quietly(dst)
        raise
    return True


def remove_if(path: Path, expected: KnownFile, content: bytes) -> bool:
    """Delete ``path`` only if it is still the file ``expected`` and holds exactly
    ``content`` (a fight file this command created and nobody wrote to)."""
    try:
        with open(path, "rb") as fh:
            st = os.fstat(fh.fileno())
            if (st.st_dev, st.st_ino) != (expected.dev, expected.ino):
                return False
            if fh.read(len(content) + 1) != content:
                return False
        os.unlink(path)
    except OSError:
        return False
    fsync_dir(path.parent)
    return True


def fsync_dir(directory: Path) -> None:
    """Make a rename or a new name in ``directory`` durable (best effort)."""
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


def _unlink_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
