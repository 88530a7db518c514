"""Where the battle is fought: the ``map:`` block's Board and each combatant's starting
square, from the combatant entries as the loader read them. A file with no map and no
``at:`` or ``mark:`` has neither, and the map's modules (mapbuild, mapstart, the
engine's positions) are not even imported: every command that reads a file pays for
what it imports (start-up time)."""

from __future__ import annotations

from typing import Any

from momenta_cli.encounter.problems import Problems, Source
from momenta_cli.encounter.validators import Models
from momenta_cli.encounter.yamlload import PathT
from momenta_cli.engine.core import CombatantSpec

Placed = tuple[PathT, Any, list[CombatantSpec]]  # (path, the entry as written, its specs)


def field_of(src: Source, text: str, entries: list[Placed], problems: Problems,
             models: Models) -> tuple[Any, dict[str, Any]]:
    """The Board (None without a map, or with problems) and each combatant's square by
    name; problems go to ``problems``, located in ``src``; ``map:`` is read by
    ``models``."""
    if "map" not in src.doc.data and not any(
            isinstance(raw, dict) and ("at" in raw or "mark" in raw) for _, raw, _ in entries):
        return None, {}
    from momenta_cli.encounter import mapbuild, mapstart

    places = [p for e in entries if (p := mapstart.placement(*e)) is not None]

    def report(path: PathT, message: str, key: bool = False,
               mark: tuple[int, int] | None = None) -> None:
        problems.add(src, path, message, key=key, mark=mark)

    return mapbuild.battlefield(src, text, places, report, models)
