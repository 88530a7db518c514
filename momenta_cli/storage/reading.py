"""Reading the files a GM hands the tracker, defensively.

Every file momenta reads (encounters, includes, libraries, fight files, scripts) goes
through ``read_bytes``: only regular files are opened (a FIFO, a device such as
``/dev/zero`` or a socket is refused at once, never read until memory runs out or waited
on forever), and each kind of file has a size limit. The limits are generous for a fight
at the table; a big campaign can raise them all with the ``MOMENTA_MAX_FILE_MB``
environment variable.

Problems come back as ``FileProblem`` with a message that does not repeat the path, so
each caller can say ``FILE: message`` (or ``FILE:LINE:COL: message``) in its own style.
"""

from __future__ import annotations

import errno
import math
import os
import stat
from pathlib import Path

MB = 1024 * 1024
# Default size limits by kind of file, in bytes (docs/reliability.md).
LIMITS = {
    "encounter": 5 * MB,  # encounter, include and library YAML files
    "script": 5 * MB,  # replay scripts
    "fight": 256 * MB,  # saved fights (about 25 years of Tuesday nights)
}
ENV_LIMIT = "MOMENTA_MAX_FILE_MB"


class FileProblem(Exception):
    """A file cannot be read; ``message`` says why, without the path. ``errno`` is the
    OS error number when there was one (``errno.ENOENT``: the file is missing)."""

    def __init__(self, message: str, code: int | None = None):
        super().__init__(message)
        self.message = message
        self.errno = code


def limit(kind: str) -> int:
    """The size limit for ``kind`` in bytes: the default, or ``MOMENTA_MAX_FILE_MB`` when
    that is a larger whole number (it only ever raises a limit: set for a big bestiary,
    it does not shrink the fight files' room)."""
    raw = os.environ.get(ENV_LIMIT, "").strip()
    if raw.isascii() and raw.isdigit() and len(raw) < 7:
        return max(LIMITS[kind], int(raw) * MB)
    return LIMITS[kind]


def _size(n: int) -> str:
    if n < MB:
        return f"{n} bytes"
    # Rounded up, so a file just over a limit never reads as the limit itself.
    return f"{n // MB} MB" if n % MB == 0 else f"{math.ceil(n * 10 / MB) / 10:.1f} MB"


_REASONS = {
    errno.ENOENT: "no such file",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EISDIR: "is a directory, not a file",
    errno.ELOOP: "too many levels of symbolic links (a symlink loop?)",
    errno.ENOTDIR: "a part of the path is not a directory",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.ENOSPC: "no space left on the device",
    errno.EROFS: "the file system is read-only",
}


def why(err: OSError | ValueError) -> str:
    """A short message for the GM about an error opening or reading a file."""
    if isinstance(err, ValueError):  # a NUL byte in the path, a surrogate that cannot encode
        return "the path is not a valid file name"
    if err.errno in _REASONS:
        return _REASONS[err.errno]
    return (err.strerror or str(err)).lower()


def read_bytes(path: str | os.PathLike[str], kind: str = "encounter", *,
               cap: int | None = None) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit(kind)`` of them (or
    ``cap``, for momenta's own files).

    Raises ``FileProblem`` for anything else: missing, unreadable, a directory, not a
    regular file, too large.
    """
    cap = limit(kind) if cap is None else cap
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait; it is refused below.
        fd = os.open(os.fspath(path), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError) as err:
        raise FileProblem(why(err), getattr(err, "errno", None)) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileProblem("is a directory, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(f"is not a regular file ({_kind(st.st_mode)}); only regular "
                              f"files are read")
        if st.st_size > cap:
            raise FileProblem(f"file is {_size(st.st_size)}; the limit is {_size(cap)} "
                              f"(raise it with {ENV_LIMIT})")
        chunks: list[bytes] = []
        got = 0
        # the size fstat() gave in one read (and a byte more, to see the end), so a big
        # fight is not copied again to join its pieces; then on, for a file still growing
        size = min(st.st_size + 1, cap + 1)
        while got <= cap:  # a file growing after fstat() is still capped
            chunk = os.read(fd, size if not chunks else min(1 * MB, cap + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > cap:
            raise FileProblem(f"file is over {_size(cap)}, the limit (raise it with "
                              f"{ENV_LIMIT})")
        return b"".join(chunks)
    except OSError as err:
        raise FileProblem(why(err), err.errno) from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def is_regular(path: Path) -> bool:
    """Whether ``path`` is an existing regular file (symlinks followed), without raising."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False
