"""Where an encounter's includes may come from. Kept apart from the loader (which needs
pydantic and PyYAML) so that the encounter cache can compute the same roots for its key
without importing either."""

from __future__ import annotations

import os
from pathlib import Path

LIBRARY_ENV = "MOMENTA_LIBRARY_PATH"


def include_roots(home: Path) -> list[Path]:
    """The folders includes may come from: the encounter's own folder tree (``home``, its
    real path), and any library folder the GM names in ``MOMENTA_LIBRARY_PATH`` (paths
    separated by ``os.pathsep``). A file may not widen this itself, so an encounter
    someone hands you cannot read your other files."""
    roots = [home]
    for part in os.environ.get(LIBRARY_ENV, "").split(os.pathsep):
        if part.strip():
            try:
                roots.append(Path(part).expanduser().resolve())
            except (OSError, ValueError, RuntimeError):
                continue
    return roots
