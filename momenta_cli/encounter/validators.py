"""What the file format checks beyond types, and what a validated file is read through,
in one place for both ways of checking a file: pydantic's models (file_model.py) and the
check by pydantic's compiled schema alone (fastcheck.py). Nothing here imports pydantic.

The functions are module-level (a closure could not be named in the kept schema) and
take and return plain values, as pydantic calls them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

from momenta_cli.rules import Settings
from momenta_cli.text import not_plain

ENCOUNTER_ONLY = ("name", "description", "rules", "combatants", "map", "events", "party")
LIBRARY_KEYS = ("include", "damage_types", "conditions", "weapons", "stat_blocks")
# Every key an encounter file may have at its top (a test holds it to EncounterModel's).
FILE_KEYS = (*LIBRARY_KEYS, *ENCOUNTER_ONLY)
# Keys that give the same value: a combatant's key overrides its stat block's, whichever
# of them each one uses; both in one mapping is a problem (build.maxima)
ALIASES = {"max_vitality": ("max_vitality", "hp", "hit_points")}

# The patterns text must match, and what the GM reads when it does not (problems.py):
# pydantic's own words would quote the regular expression.
NAME_PATTERN = r"\S"
SIZE_PATTERN = r"^(1[TSMLtsml]?|[2-9]|1[0-9]|20)$"  # 20: MAX_SIZE
ROUND_PATTERN = r"^(every|[1-9][0-9]{0,2}\+)$"
EVENT_NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]*$"
PATTERN_WORDS = {
    NAME_PATTERN: "a name needs at least one visible character",
    SIZE_PATTERN: "should be a SIZE: 1T, 1S, 1M, 1L or 2 to 20 (R31)",
    ROUND_PATTERN: "should be a round number, 'every' or 'N+' (every round from N on)",
    EVENT_NAME_PATTERN: "should be one word of letters, digits, - and _ (the GM types "
                        "'event NAME')",
}


class CaseOf:
    """Reads a word of ``choices`` written in any case (``Allies``, ``ELITE``) as the
    choice itself; anything else is passed on for the type check to refuse."""

    def __init__(self, choices: tuple[str, ...]):
        self.choices = tuple(choices)
        self.by_key = {c.lower(): c for c in self.choices}

    def __call__(self, value: Any) -> Any:
        return self.by_key.get(value.lower(), value) if isinstance(value, str) else value


class ListOf:
    """A default factory: a fresh list of ``values`` (a settings table's default)."""

    def __init__(self, values: tuple[Any, ...]):
        self.values = tuple(values)

    def __call__(self) -> list[Any]:
        return list(self.values)


def plain_name(value: str) -> str:
    """A name (or an include path) is text the GM can read and type: no control, bidi,
    invisible or line-breaking characters (they would drive the terminal, forge lines or
    make two names look alike; see momenta_cli/text/literal.py)."""
    why = not_plain(value)
    if why:
        raise ValueError(why)
    return value


def shape(value: Any) -> str:
    """The tag of a value that may be written in more than one shape."""
    return "map" if isinstance(value, dict) else "list" if isinstance(value, list) else "text"


def size(value: Any) -> Any:
    """A SIZE as written (R31), in its one spelling; a ValueError says what is allowed."""
    from momenta_cli.engine.core import SIZE_HELP, parse_size

    if value is None:
        return None
    text = parse_size(value)
    if text is None:
        raise ValueError(SIZE_HELP)
    return text


def bare_off(value: object) -> object:
    """A YAML 1.1 editor's bare `off` is false; the GM meant the word."""
    return "off" if value is False else value


def given(model: Any) -> dict[str, Any]:
    """The fields of a validated model (either kind: both keep them, and only them, in
    ``__dict__``) that were given or default to a value, in their declared order."""
    return {k: v for k, v in vars(model).items() if v is not None}


def settings_from(model: Any) -> Settings:
    """The engine's Settings from a validated ``rules:`` model (lists become tuples)."""
    names = {f.name for f in dataclasses.fields(Settings)}
    values: dict[str, Any] = {name: tuple(v) if isinstance(v, list) else v
                              for name, v in vars(model).items() if name in names}
    return Settings(**values)


class Models(Protocol):
    """What the loader validates with: pydantic's models (file_model.PydanticModels) or
    their compiled schema alone (fastcheck.FastModels). Each model is named by its class
    name (``CombatantModel``; ``Settings`` for the ``rules:`` block)."""

    def whole(self, kind: str, data: dict[str, Any], report: Any) -> None:
        """Validate a whole document; ``report(model, error)`` gets pydantic's error."""

    def piece(self, kind: str, data: Any) -> Any:
        """``data`` as the model ``kind``, or None (file_model.piece)."""

    def valid(self, kind: str, data: Any) -> Any:
        """``data`` as the model ``kind``, or None when it has any error."""

    def needs_pydantic(self, what: str) -> None:
        """A part of the file only pydantic's models read (a party file)."""
