"""Where an encounter's includes may come from, and whether one may be read. Kept apart
from the loader (which needs pydantic and PyYAML) so that the encounter cache can compute
the same roots for its key without importing either."""

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


def resolve_include(base: Path, entry: str, roots: list[Path], stack: list[Path]
                    ) -> tuple[Path, str]:
    """``(target, "")``: the real file the include ``entry`` of a file in ``base`` reads,
    or ``(base / entry, problem)`` when it may not be read: a symlink loop, a file
    outside ``roots``, or a cycle through ``stack`` (the files including it)."""
    joined = base / entry
    try:
        target = joined.resolve()
    except (OSError, RuntimeError, ValueError):
        return joined, (f"cannot include '{entry}': the path cannot be resolved (a "
                        "symlink loop?)")
    if not any(target.is_relative_to(root) for root in roots):
        return joined, (f"cannot include '{entry}': it is outside this encounter's "
                        f"folder (a library folder elsewhere may be named in {LIBRARY_ENV})")
    if target in stack:
        return joined, f"include cycle: '{entry}' includes this file again"
    return target, ""
