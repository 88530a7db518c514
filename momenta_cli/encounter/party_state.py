"""The party an encounter opens with (R38, ``party:``), as plain data: what a fight file
keeps in its first line (journal/fight_file.py) and an exported script in a comment
(render/log_script.py), so that a later look can tell whether the party file has changed
since. Loads no YAML and no pydantic."""

from __future__ import annotations

from typing import Any

from momenta_cli.engine.core import EncounterSpec

# An exported script's comment holding the party it began with, read by ``momenta replay``
KEPT_MARK = "# party kept: "


def opening_party(encounter: EncounterSpec) -> dict[str, Any] | None:
    """Each ally's opening values as the encounter's party file gave them (None for an
    encounter that names no party file)."""
    if not encounter.party:
        return None
    return {"file": encounter.party, "allies": [
        {"name": c.name, "start": dict(c.start), "conditions": [list(x) for x in c.conditions],
         "wounds": list(c.wounds), "burdens": list(c.burdens), "down": c.down}
        for c in encounter.combatants if c.side == "allies"]}


def party_in_script(lines: list[str]) -> dict[str, Any] | None:
    """The party an exported script says its fight began with (``KEPT_MARK``), or None
    (no such comment, or one that does not read)."""
    import json

    for line in lines:
        if line.startswith(KEPT_MARK):
            try:
                kept = json.loads(line[len(KEPT_MARK):])
            except ValueError:
                return None
            return kept if isinstance(kept, dict) else None
    return None
