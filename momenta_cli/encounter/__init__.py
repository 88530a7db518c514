"""Encounter files: loading, includes, validation with FILE:LINE:COL, conversion to specs.

The public API: ``load_encounter``, ``load_encounter_text`` and ``validate_file``, and
``cache.load_encounter_cached`` for a fight that reopens its encounter. See
docs/encounter-format.md for the format. (Reinforcements from stat blocks: the engine's
``gm.add_fighter`` and ``setup.respec``.)

The loader (pydantic, PyYAML) is imported by the functions that need it, not here: the
cache reads an encounter it has seen before without either.
"""

from __future__ import annotations

import os
from pathlib import Path

from momenta_cli.engine.core.specs import EncounterSpec
from momenta_cli.errors import EncounterError

__all__ = ["load_encounter", "load_encounter_text", "validate_file"]


def load_encounter(path: str | os.PathLike[str]) -> EncounterSpec:
    """Load and validate an encounter file.

    Raises EncounterError holding every problem, each ``FILE:LINE:COL: path: message``
    with FILE as given.
    """
    from momenta_cli.encounter.loader import load

    result = load(path)
    if result.spec is None:
        raise EncounterError(result.problems)
    return result.spec


def load_encounter_text(text: str, name: str = "<string>", base_dir: Path | None = None
                        ) -> EncounterSpec:
    """Load an encounter from a string (tests); includes resolve against ``base_dir``."""
    from momenta_cli.encounter.loader import load_text

    result = load_text(text, name, base_dir)
    if result.spec is None:
        raise EncounterError(result.problems)
    return result.spec


def validate_file(path: str | os.PathLike[str]) -> list[str]:
    """Every problem of the encounter file at ``path``; empty when it is valid."""
    from momenta_cli.encounter.loader import load

    return load(path).problems
