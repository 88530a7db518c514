"""Loads the rules data shipped in ``momenta_cli/data`` (conditions, damage types, weapons,
consumables). The engine gets its data from here: it never reads files itself."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


def _data(name: str) -> Any:
    import yaml  # when a catalogue is first read, not when the engine is imported

    text = resources.files("momenta_cli").joinpath("data", name).read_text(encoding="utf-8")
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
    for row in _data("conditions.yaml"):
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
