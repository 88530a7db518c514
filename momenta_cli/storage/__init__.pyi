# The door of storage: each name of its API and the module it lives in.

from .disk import (
    CLOEXEC as CLOEXEC,
    AppendFailed as AppendFailed,
    FileChanged as FileChanged,
    KnownFile as KnownFile,
    append_durably as append_durably,
    atomic_write as atomic_write,
    create_exclusive as create_exclusive,
    keep_copy as keep_copy,
    known_file as known_file,
    move_aside as move_aside,
    read_only as read_only,
    remove_if as remove_if,
)
from .home import state_home as state_home
from .reading import (
    MB as MB,
    FileProblem as FileProblem,
    is_regular as is_regular,
    limit as limit,
    read_bytes as read_bytes,
    why as why,
)
from .sealed import (
    PICKLE_PROTOCOL as PICKLE_PROTOCOL,
    code_fingerprint as code_fingerprint,
    prune as prune,
    read_entry as read_entry,
    seal as seal,
    unpickle as unpickle,
    unseal as unseal,
)
