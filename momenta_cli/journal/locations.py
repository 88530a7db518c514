"""Where fight files live: the default name beside an encounter, the lock beside a fight,
finding a fight's encounter, telling a fight file from an encounter, the most recent
fight, and setting an old fight aside."""

from __future__ import annotations

import os
import stat
from datetime import datetime
from pathlib import Path
from typing import Any

from momenta_cli.errors import JournalError
from momenta_cli.storage import is_regular, why

# The records (and with them the engine's events) are imported where a header is read:
# telling a fight by its name, as ``los`` and ``path`` do, needs neither (start-up time).
SUFFIX = ".fight.jsonl"
LOCK_SUFFIX = ".lock"


def default_fight_path(encounter: Path) -> Path:
    """``encounters/demo.yaml`` -> ``encounters/demo.fight.jsonl``."""
    return encounter.with_name(encounter.stem + SUFFIX)


def lock_path(fight: Path) -> Path:
    """The sidecar lock file of a fight: ``demo.fight.jsonl`` -> ``demo.fight.jsonl.lock``,
    beside the real file (a symlink to a fight shares its lock)."""
    fight = Path(os.path.realpath(fight))
    return fight.with_name(fight.name + LOCK_SUFFIX)


def find_encounter(path: Path, header: dict[str, Any]) -> Path:
    """The encounter file of the fight at ``path``: by the header's relative path, else
    its absolute one."""
    tried = []
    rel = header.get("encounter")
    if isinstance(rel, str):
        cand = (path.parent / rel)
        tried.append(str(cand))
        if is_regular(cand):  # never raises (a name too long for the system, say)
            return cand
    absolute = header.get("encounter_abs")
    if isinstance(absolute, str) and not (tried and _same_path(tried[0], absolute)):
        tried.append(absolute)
        if is_regular(Path(absolute)):
            return Path(absolute)
    missing = tried[0] if tried else "(none recorded)"
    also = f" (also tried {', '.join(tried[1:])})" if len(tried) > 1 else ""
    raise JournalError(f"{path}: its encounter file {missing} is missing{also}; the fight is "
                       f"rebuilt from it, so put it back to use this fight")


def _same_path(a: str, b: str) -> bool:
    """Whether two recorded paths name one file; a path that cannot be resolved (a NUL
    byte, a symlink loop) names none."""
    try:
        return Path(a).resolve() == Path(b)
    except (OSError, RuntimeError, ValueError):
        return False


def relative(target: Path, base: Path) -> str:
    """``target`` relative to ``base`` (absolute when there is no relative path)."""
    try:
        return os.path.relpath(Path(target).resolve(), Path(base).resolve())
    except ValueError:
        return str(Path(target).resolve())


def looks_like_fight(path: Path) -> bool:
    """Whether ``path`` is a saved fight (by its suffix or its header line). Only a
    regular file is looked into: a FIFO or a device is not waited on."""
    path = Path(path)
    if path.name.endswith(SUFFIX):
        return True
    from momenta_cli.storage import CLOEXEC  # storage/disk.py: not for a name alone

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | CLOEXEC)
    except (OSError, ValueError):
        return False
    from momenta_cli.journal.records import FORMAT, parse_json

    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        header = parse_json(os.read(fd, 65536).split(b"\n", 1)[0])
    except (OSError, ValueError):
        return False
    finally:
        os.close(fd)
    return isinstance(header, dict) and header.get("format") == FORMAT


def most_recent(directory: Path) -> Path:
    """The most recently changed ``*.fight.jsonl`` in ``directory`` or one of its
    immediate subdirectories (``momenta run encounters/demo.yaml`` saves beside the
    encounter, so ``momenta resume`` from the repository root finds it)."""
    directory = Path(directory)
    found = []
    for pattern in ("*" + SUFFIX, "*/*" + SUFFIX):
        for p in directory.glob(pattern):
            try:
                if p.is_file():
                    found.append((p.stat().st_mtime, p))
            except OSError:
                continue
    if not found:
        raise JournalError(f"no saved fight (*{SUFFIX}) found: looked in "
                           f"{directory.resolve()} and its immediate subdirectories")
    found.sort(key=lambda pair: pair[0])
    return found[-1][1]


def set_aside(path: Path) -> Path:
    """Rename an old fight file out of the way (kept, never deleted, never over another
    file) and return its new name: ``demo.fight.jsonl`` ->
    ``demo.20261129-140501.fight.jsonl``."""
    path = Path(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
    from momenta_cli.storage import move_aside

    try:
        return move_aside(path, lambda n: path.with_name(
            f"{base}.{stamp}{f'-{n}' if n > 1 else ''}{SUFFIX}"))
    except OSError as err:
        raise JournalError(f"{path}: cannot set the old fight aside: {why(err)}") from None
