"""JSON Schema of the file format, generated from the pydantic models.

One schema serves encounters and libraries: either a file has ``name`` and
``combatants`` (an encounter), or it has none of the encounter-only keys (a library).
docs/encounter.schema.json is this output, checked in for editors.
"""

from __future__ import annotations

import json
from typing import Any

from momenta_cli.encounter.file_model import ENCOUNTER_ONLY, EncounterModel


def encounter_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of an encounter or library file."""
    schema = EncounterModel.model_json_schema()
    required = schema.pop("required", [])
    library_only = {"not": {"anyOf": [{"required": [key]} for key in ENCOUNTER_ONLY]}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Momenta encounter or library file",
        "description": "An encounter (name and combatants required) or a library file "
                       "(only include, weapons, stat_blocks, conditions, damage_types). "
                       "See docs/encounter-format.md.",
        **{k: v for k, v in schema.items() if k not in ("title", "description")},
        "anyOf": [{"required": required}, library_only],
    }


def schema_text() -> str:
    """The schema as stable, indented JSON text ending in a newline."""
    return json.dumps(encounter_schema(), indent=2, ensure_ascii=False) + "\n"
