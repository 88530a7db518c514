"""Encounter files: loading, includes, validation with FILE:LINE:COL, conversion to specs.

The public API: ``load_encounter``, ``load_encounter_text``, ``validate_file`` and
``stat_block_copy``. See docs/encounter-format.md for the format.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from momenta_cli.encounter.loader import load, load_text
from momenta_cli.encounter.problems import suggest
from momenta_cli.engine.specs import SIDES, CombatantSpec, EncounterSpec
from momenta_cli.errors import EncounterError

__all__ = ["load_encounter", "load_encounter_text", "validate_file", "stat_block_copy"]


def load_encounter(path: str | os.PathLike[str]) -> EncounterSpec:
    """Load and validate an encounter file.

    Raises EncounterError holding every problem, each ``FILE:LINE:COL: path: message``
    with FILE as given.
    """
    result = load(path)
    if result.spec is None:
        raise EncounterError(result.problems)
    return result.spec


def load_encounter_text(text: str, name: str = "<string>", base_dir: Path | None = None
                        ) -> EncounterSpec:
    """Load an encounter from a string (tests); includes resolve against ``base_dir``."""
    result = load_text(text, name, base_dir)
    if result.spec is None:
        raise EncounterError(result.problems)
    return result.spec


def validate_file(path: str | os.PathLike[str]) -> list[str]:
    """Every problem of the encounter file at ``path``; empty when it is valid."""
    return load(path).problems


def stat_block_copy(enc: EncounterSpec, block: str, name: str, side: str | None = None
                    ) -> CombatantSpec:
    """A new combatant ``name`` from the stat block ``block`` (reinforcements mid-fight).

    ``block`` matches exactly, then case-insensitively, then as a unique prefix. ``side``
    defaults to the block's side.
    """
    spec = _find_block(enc, block)
    if side is not None and side not in SIDES:
        raise EncounterError([f"unknown side '{side}'{suggest(side, SIDES)}"])
    return dataclasses.replace(spec, name=name, side=side or spec.side)


def _find_block(enc: EncounterSpec, block: str) -> CombatantSpec:
    blocks = enc.stat_blocks
    if block in blocks:
        return blocks[block]
    lowered = block.lower()
    exact = [b for n, b in blocks.items() if n.lower() == lowered]
    prefix = [b for n, b in blocks.items() if n.lower().startswith(lowered)]
    for found in (exact, prefix):
        if len(found) == 1:
            return found[0]
    if len(prefix) > 1:
        names = ", ".join(sorted(b.name for b in prefix))
        raise EncounterError([f"stat block '{block}' is ambiguous: {names}"])
    known = ", ".join(sorted(blocks)) or "none in this encounter"
    raise EncounterError([f"unknown stat block '{block}'{suggest(block, blocks)}; "
                          f"known: {known}"])
