"""A number in an encounter file, named on the command line (``--tune``, ``--sweep``), and
the encounter with that number changed.

A PARAM is a combatant's name (as the file writes it: ``Knife``, not ``Knife-1``; any
case) then the keys down to the number, joined by dots::

    knife.count                      how many (a combatant without count is one)
    gorm.max_vitality                any top-level number, the stat block's if the
                                     entry has none, or the one the rules gave it
    brannoc.attributes.pow           a number inside a mapping
    gorm.attacks.cudgel.pool         an item of a list, by its name
    brannoc.weapons.longsword.damage.1s
                                     a weapon of the armoury, by the name it is listed by

The file is read (YAML 1.2 plain values, as the encounter loader reads them: ``off`` is
text), the number set on the combatant's own entry, as an override beside its stat block
(R: ``stat_block`` plus any field, docs/encounter-format.md): a mapping or list taken
from the stat block or a weapon taken from an included file is copied onto the entry
whole, then changed. The result is written out and loaded by the encounter loader as
any file is, includes read from the file's folder, so every check and every value the
rules derive (a Vitality from the attributes) is the loader's.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from momenta_cli.engine.core import EncounterSpec
from momenta_cli.errors import MomentaError
from momenta_cli.text import name_key

MAX_COUNT = 50  # a tuned count stops here (the loader's own limit is on the whole fight)
NAMED_LISTS = ("weapons", "attacks", "hit_locations", "defenses", "reactions")


class BadParam(MomentaError):
    """A PARAM that names no number in the encounter."""


# --- reading and writing the file as the loader reads it -------------------------------

class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2 core plain values (the encounter loader's,
    encounter/yamlload.py): only true/false are booleans, integers are decimal (``012``
    is twelve), ``1:30`` is text."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in rs if tag not in (
        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float")]
    for first, rs in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool",
                              re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                              list("tTfF"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"),
                              list("-+0123456789"))
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
               r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+0123456789."))


def _int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    return int(loader.construct_scalar(node), 10)  # type: ignore[arg-type]


_Loader.add_constructor("tag:yaml.org,2002:int", _int)


def _read(path: Path) -> Any:
    with path.open(encoding="utf-8-sig") as fh:
        return yaml.load(fh, Loader=_Loader)  # noqa: S506 - the safe loader's subclass


def _write(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)


def rewritten_text(path: Path) -> str:
    """The file at ``path`` as a tune writes it out with nothing changed."""
    return _write(_read(path))


def rewritten(path: Path, original: EncounterSpec) -> EncounterSpec:
    """The encounter at ``path`` (loaded as ``original``) as a tune writes it out and
    loads it again with nothing changed: the same (tests/test_simulate_tune.py)."""
    from momenta_cli.encounter import load_encounter_text

    return _positions(load_encounter_text(_write(_read(path)), str(path),
                                          _folder(path)), original)


# --- the knob ------------------------------------------------------------------------


@dataclass(frozen=True)
class Knob:
    """A number of the encounter at ``path``, named ``param``: ``base`` its value in the
    file (or the one the rules gave it), ``low`` and ``high`` the values a search may
    try. ``value(v)`` is the encounter with ``v`` there."""

    path: Path
    param: str
    base: int
    low: int
    high: int
    rises: bool  # whether the allies' win rate is expected to rise with the value
    _data: Any
    _entry: int
    _keys: tuple[str, ...]
    _library: Any
    _original: EncounterSpec

    def value(self, v: int) -> EncounterSpec:
        """The encounter with the number set to ``v`` (a one-line error from the loader
        when the file refuses it)."""
        from momenta_cli.encounter import load_encounter_text

        data = copy.deepcopy(self._data)
        entry = data["combatants"][self._entry]
        _set(entry, self._keys, v, self._library)
        return _positions(load_encounter_text(_write(data), str(self.path),
                                              _folder(self.path)), self._original)


def _folder(path: Path) -> Path:
    """Where the file's includes are found: beside the file itself, as the loader finds
    them, not beside a symlink that leads to it."""
    return path.resolve().parent


def _positions(loaded: EncounterSpec, original: EncounterSpec) -> EncounterSpec:
    """``loaded`` with the file's own lines where it keeps where a thing was written
    (an event's ``source`` and ``lines_at``, for the GM's messages): the rewritten file's
    are other lines. Only the combatant changed, so the events are the file's."""
    events = getattr(original, "events", None)
    if events is None or getattr(loaded, "events", None) == events:
        return loaded
    if [e.name for e in loaded.events] != [e.name for e in events]:
        return loaded
    return dataclasses.replace(loaded, events=events)


def find_knob(path: Path, param: str, spec: EncounterSpec) -> Knob:
    """The number ``param`` names in the encounter file ``path`` (``spec``: the file as
    loaded). Raises ``BadParam`` (one line, naming what there is) for a name or key the
    file does not have, or a value that is no whole number."""
    data = _read(path)
    entries = data.get("combatants") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise BadParam(f"{path}: no combatants to tune")
    named = [(i, e) for i, e in enumerate(entries)
             if isinstance(e, dict) and isinstance(e.get("name"), str)]
    parts = param.split(".")
    index: int | None = None
    keys: tuple[str, ...] = ()
    for cut in range(len(parts) - 1, 0, -1):  # the longest name first ("St. Ives.count")
        wanted = name_key(".".join(parts[:cut]))
        hits = [i for i, e in named if name_key(e["name"]) == wanted]
        if hits:
            index, keys = hits[0], tuple(parts[cut:])
            break
    if index is None:
        has = ", ".join(e["name"] for _, e in named) or "none"
        first = parts[0] if len(parts) > 1 else param
        raise BadParam(f"--tune/--sweep {param!r}: no combatant {first!r} in {path.name} "
                       f"(combatants: {has}); a PARAM is NAME.FIELD, e.g. "
                       f"{named[0][1]['name'].lower() if named else 'gorm'}.count")
    library = _Library(path, data)
    entry = entries[index]
    loaded = _spec_of(spec, entry)
    base = _get(entry, keys, library, param, loaded)
    # more of anything makes a combatant stronger, but a penalty: the guess the search
    # starts from when two values tie (tune.py)
    ally = getattr(loaded, "side", "allies") == "allies"
    rises = ally != ("penalty" in keys[-1].lower())
    if keys[0].lower() == "count":
        low, high = 1, MAX_COUNT
    elif keys[0].lower().startswith("max_") or keys[-1].lower() == "pool":
        low, high = 1, max(4 * base, base + 10)
    else:
        low, high = 0, max(4 * base, base + 10)
    return Knob(path, param, base, low, high, rises, data, index, keys, library, spec)


def _spec_of(spec: EncounterSpec, entry: dict[str, Any]) -> Any:
    """The combatant as loaded (the first of a count), for a number the rules gave it."""
    name = entry["name"]
    for c in spec.combatants:
        if c.name == name or c.name == f"{name}-1":
            return c
    return None


class _Library:
    """The stat blocks and weapons the file can name: its own and its includes', read
    as the loader reads them (the first definition of a name wins; the loader refuses a
    name defined twice anyway)."""

    def __init__(self, path: Path, data: Any):
        self.blocks: dict[str, Any] = {}
        self.weapons: dict[str, Any] = {}
        self._take(path, data, set())

    def _take(self, path: Path, data: Any, seen: set[Path]) -> None:
        real = path.resolve()
        if real in seen or not isinstance(data, dict):
            return
        seen.add(real)
        for key, table in (("stat_blocks", self.blocks), ("weapons", self.weapons)):
            for raw in data.get(key) or ():
                if isinstance(raw, dict) and isinstance(raw.get("name"), str):
                    table.setdefault(name_key(raw["name"]), raw)
        for inc in data.get("include") or ():
            if isinstance(inc, str):
                target = real.parent / inc
                try:
                    self._take(target, _read(target), seen)
                except (OSError, yaml.YAMLError):
                    continue  # the loader reports it when the encounter is loaded

    def block(self, entry: dict[str, Any]) -> dict[str, Any]:
        name = entry.get("stat_block")
        found = self.blocks.get(name_key(name)) if isinstance(name, str) else None
        return found if isinstance(found, dict) else {}


def _key(mapping: dict[str, Any], key: str) -> str | None:
    """The key of ``mapping`` that ``key`` names (any case)."""
    for k in mapping:
        if isinstance(k, str) and k.lower() == key.lower():
            return k
    return None


def _item(items: list[Any], name: str, library: _Library) -> int | None:
    """The index of the item of a list named ``name``: a mapping with that name, or a
    weapon listed by it."""
    for i, it in enumerate(items):
        label = it.get("name") if isinstance(it, dict) else it
        if isinstance(label, str) and name_key(label) == name_key(name):
            return i
    return None


def _names(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(str(k) for k in value) or "nothing"
    if isinstance(value, list):
        return ", ".join(str(it.get("name") if isinstance(it, dict) else it)
                         for it in value) or "nothing"
    return "nothing"


def _expand(item: Any, library: _Library) -> Any:
    """A list item as a mapping: a weapon listed by name is its definition."""
    if isinstance(item, str):
        found = library.weapons.get(name_key(item))
        return found if isinstance(found, dict) else item
    return item


def _effective(entry: dict[str, Any], first: str, library: _Library) -> tuple[str, Any]:
    """The top-level field ``first`` names, the entry's own or its stat block's."""
    own = _key(entry, first)
    if own is not None:
        return own, entry[own]
    block = library.block(entry)
    theirs = _key(block, first)
    if theirs is not None:
        return theirs, block[theirs]
    return first.lower(), None


def _get(entry: dict[str, Any], keys: tuple[str, ...], library: _Library, param: str,
         loaded: Any) -> int:
    first, value = _effective(entry, keys[0], library)
    if value is None:
        if first.lower() == "count" and len(keys) == 1:
            return 1
        derived = getattr(loaded, first.lower(), None) if len(keys) == 1 else None
        if isinstance(derived, int) and not isinstance(derived, bool):
            return derived  # a number the rules gave it (a threat class's Vitality)
        fields = sorted({*entry, *library.block(entry)} - {"name", "stat_block", "notes"})
        raise BadParam(f"--tune/--sweep {param!r}: {entry['name']} has no "
                       f"{keys[0]!r} (it has: {', '.join(map(str, fields))})")
    for k in keys[1:]:
        value = _expand(value, library)
        if isinstance(value, dict):
            found = _key(value, k)
            if found is None:
                raise BadParam(f"--tune/--sweep {param!r}: no {k!r} there (has: "
                               f"{_names(value)})")
            value = value[found]
        elif isinstance(value, list):
            i = _item(value, k, library)
            if i is None:
                raise BadParam(f"--tune/--sweep {param!r}: no {k!r} there (has: "
                               f"{_names(value)})")
            value = value[i]
        else:
            raise BadParam(f"--tune/--sweep {param!r}: {value!r} has no {k!r} in it")
    if isinstance(value, bool) or not isinstance(value, int):
        shown = _names(value) if isinstance(value, dict | list) else repr(value)
        raise BadParam(f"--tune/--sweep {param!r} is not a whole number (it holds "
                       f"{shown}); name a number inside it")
    return value


def _set(entry: dict[str, Any], keys: tuple[str, ...], v: int, library: _Library) -> None:
    first, value = _effective(entry, keys[0], library)
    if len(keys) == 1:
        entry[first] = v
        return
    entry[first] = holder = copy.deepcopy(value)  # the entry's own copy, an override
    for k in keys[1:-1]:
        if isinstance(holder, dict):
            found = _key(holder, k)
            assert found is not None
            holder[found] = copy.deepcopy(_expand(holder[found], library))
            holder = holder[found]
        else:
            i = _item(holder, k, library)
            assert i is not None
            holder[i] = copy.deepcopy(_expand(holder[i], library))
            holder = holder[i]
    last = keys[-1]
    if isinstance(holder, dict):
        found = _key(holder, last)
        assert found is not None
        holder[found] = v
    else:
        i = _item(holder, last, library)
        assert i is not None
        holder[i] = v
