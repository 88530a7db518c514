"""Loads the rules data shipped in ``momenta_cli/data`` (conditions, damage types, weapons,
consumables). The engine gets its data from here: it never reads files itself."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

# momenta is installed as files (pip, a wheel or an editable checkout), so its data sits
# beside its modules; read by path, not through importlib.resources, whose import and
# look-up cost a `momenta status` with a condition on the table about 3.5 ms (start-up,
# docs/speed.md) for a 2 KB file.
DATA = Path(__file__).resolve().parent.parent / "data"


def _json(name: str) -> Any:
    """A data file kept as JSON beside its YAML (conditions.json): read without starting
    a YAML parser, about 8 ms of a `momenta status` whose table recalls a condition's
    effect (start-up, docs/speed.md); tests/test_rules_data.py holds it equal to the
    YAML, the file a person edits."""
    import json

    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _data(name: str) -> Any:
    import yaml  # when a catalogue is first read, not when the engine is imported

    text = (DATA / name).read_text(encoding="utf-8")
    # Our own files, so libyaml's safe loader (ten times faster) reads them as well.
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@dataclass(frozen=True)
class ConditionDef:
    """A condition of the catalogue: stack cap (None = no cap), how it clears, and with what."""

    name: str
    cap: int | None
    clear: str  # "auto" | "roll" | "persistent"
    attributes: tuple[str, ...] = ()
    effect: str = ""
    reminder: bool = False  # an effect the tracker does not enforce: shown to the GM


@cache
def conditions() -> dict[str, ConditionDef]:
    """The shipped condition catalogue, by name."""
    out: dict[str, ConditionDef] = {}
    for row in _json("conditions.json"):
        out[row["name"]] = ConditionDef(
            name=row["name"],
            cap=row.get("cap"),
            clear=row["clear"],
            attributes=tuple(row.get("attributes", ())),
            effect=row.get("effect", ""),
            reminder=bool(row.get("reminder", False)),
        )
    return out


@cache
def damage_types() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(physical types, other types) known out of the box."""
    raw = _data("damage_types.yaml")
    return tuple(raw["physical"]), tuple(raw["other"])


PHYSICAL = "Physical"


@cache
def builtin_weapons() -> list[dict[str, Any]]:
    """Raw records of the weapons everyone carries (the Unarmed Attack)."""
    return list(_data("weapons.yaml"))


@cache
def consumables() -> dict[str, dict[str, Any]]:
    """The shipped consumables (data/consumables.yaml), by name."""
    return {row["name"]: row for row in _data("consumables.yaml") or []}
