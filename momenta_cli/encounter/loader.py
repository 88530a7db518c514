"""Loading an encounter: read files, follow includes, register names, build specs.

Every problem is collected (never just the first); a file with problems yields no spec.
Validation happens twice on purpose: once over the whole document to report every
pydantic error with its position, then piece by piece so that the valid pieces can still
be checked for semantic mistakes (unknown names, bad damage tiers, ...).

Both passes go through a ``Models`` (validators.py): first the schemas pydantic's models
compiled, kept between runs and used without pydantic (fastcheck.py), which may only
find a file right; a file they doubt, or one with any problem, is loaded again with
pydantic's models (file_model.py), whose errors are worded into the problems.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from momenta_cli.encounter import build
from momenta_cli.encounter.field import Placed, field_of
from momenta_cli.encounter.problems import Problems, Source, suggest
from momenta_cli.encounter.roots import include_roots, resolve_include
from momenta_cli.encounter.validators import (
    ALIASES,
    ENCOUNTER_ONLY,
    FILE_KEYS,
    Models,
    settings_from,
)
from momenta_cli.encounter.yamlload import PathT, YamlProblem, decode, parse, read_raw
from momenta_cli.engine.core import (
    ATTRIBUTES,
    MAX_COMBATANTS,
    CombatantSpec,
    EncounterSpec,
    ScheduledEvent,
)
from momenta_cli.errors import EncounterError
from momenta_cli.rules import Settings, conditions, damage_types
from momenta_cli.text import NAME_MAX, name_key, unsafe


@dataclass
class Definition:
    """A named definition (weapon, stat block, condition) and where it was written."""

    src: Source
    path: PathT
    raw: dict[str, Any]


@dataclass
class Loaded:
    """The outcome of loading: the spec (None when there are problems), the problems,
    and where each overridden setting was set (``FILE:LINE``)."""

    spec: EncounterSpec | None
    problems: list[str]
    rule_sources: dict[str, str] = field(default_factory=dict)
    library: bool = False  # a library file (loaded with library_ok): spec has no combatants
    reads: Reads | None = None
    # The encounter's scheduled events that were read, with other problems or not, so
    # that ``validate`` checks their lines too (play/event_check.py ``line_problems``).
    events: tuple[ScheduledEvent, ...] = ()


@dataclass
class Reads:
    """Everything the result depended on besides the environment (``include_roots``):
    the SHA-256 of each file read, by real path (the encounter's first), and each include
    path as joined (``folder/entry``) with the real path it resolved to. The encounter
    cache records these and trusts an entry only while they still hold."""

    files: dict[str, str] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)

    def read(self, path: Path) -> str:
        """The text of ``path``, a real path (``YamlProblem`` if it cannot be read); the
        hash of the very bytes parsed is kept."""
        raw = read_raw(path)
        text = decode(raw)
        self.files[str(path)] = hashlib.sha256(raw).hexdigest()
        return text


def load_checked(path: str | os.PathLike[str], *, library_ok: bool = False) -> Loaded:
    """Load the encounter file at ``path``, collecting every problem. With ``library_ok``
    a file without any encounter key (name, combatants, ...) is checked as a library.
    Includes resolve from the file's real location (a symlinked encounter finds the
    libraries beside the file it points to) and must stay inside ``include_roots``."""
    return _checked(lambda models: load_with(path, library_ok, models))


def _checked(load: Callable[[Models], Loaded]) -> Loaded:
    """``load`` by the schemas kept from pydantic's models (fastcheck.py), taken only when
    it finds the file right; else (a problem, any doubt, no kept schema) by pydantic's
    models, whose words the problems are. A load by pydantic keeps the schemas for the
    next when there were none to trust."""
    from momenta_cli.encounter.fastcheck import fast_models

    fast = fast_models()
    if fast is not None:
        try:
            result = load(fast)
        except Exception:  # a Doubt, or anything unexpected: pydantic decides
            pass
        else:
            if not result.problems:
                return result
    from momenta_cli.encounter.file_model import PydanticModels, core_schemas

    result = load(PydanticModels())
    if fast is None:
        import pydantic

        from momenta_cli.encounter.fastcheck import keep_schemas

        keep_schemas(core_schemas(), pydantic.VERSION)
    return result


def load_with(path: str | os.PathLike[str], library_ok: bool, models: Models) -> Loaded:
    """``load_checked``'s load by ``models`` alone (the tests compare the two ways)."""
    loader = _Loader(models)
    name = os.fspath(path)
    try:
        raw = read_raw(Path(path))
        text = decode(raw)
        real = Path(path).resolve()
    except YamlProblem as err:
        loader.problems.at(name, *err.mark, err.message)
        return Loaded(None, loader.problems.lines())
    except (OSError, RuntimeError):  # a symlink loop is refused by read_raw already
        loader.problems.at(name, 1, 1, "cannot resolve the file's real path")
        return Loaded(None, loader.problems.lines())
    loader.reads.files[str(real)] = hashlib.sha256(raw).hexdigest()
    loader.roots = include_roots(real.parent)
    return loader.run(text, name, real.parent, real, library_ok)


def load_text(text: str, name: str = "<string>", base_dir: Path | None = None) -> Loaded:
    """Load an encounter from ``text``; includes are relative to ``base_dir`` (or cwd) and
    stay inside it (or ``MOMENTA_LIBRARY_PATH``)."""
    base = (base_dir or Path.cwd()).resolve()

    def load(models: Models) -> Loaded:
        loader = _Loader(models)
        loader.roots = include_roots(base)
        return loader.run(text, name, base, None)

    return _checked(load)


class _Loader:
    def __init__(self, models: Models) -> None:
        self.models = models  # pydantic's, or the kept schemas' (fastcheck.py)
        self.problems = Problems()
        self.text = ""  # the encounter file's text, for locating map characters
        self.loaded: set[Path] = set()
        self.order = 0
        self.damage_types: list[str] = []
        self.weapons: dict[str, Definition] = {}
        self.blocks: dict[str, Definition] = {}
        self.conditions: dict[str, Definition] = {}
        self.roots: list[Path] = []
        self.reads = Reads()
        # (kind, name_key) -> entry: names the table could not tell apart clash
        self.lookalikes: dict[tuple[str, str], Definition] = {}
        self.missing_include = False  # names it would define are not reported unknown

    # --- reading ------------------------------------------------------------------------

    def parse(self, text: str, name: str, path: Path | None) -> Source | None:
        self.order += 1
        try:
            doc = parse(text)
        except YamlProblem as err:
            self.problems.at(name, *err.mark, err.message, order=self.order)
            return None
        src = Source(name, path, doc, self.order)
        # Some other file (a password file, a config): say what it is not, and quote
        # nothing of it (not even a tag the YAML reader refused).
        if not isinstance(doc.data, dict):
            kind = "a list" if isinstance(doc.data, list) else "a single value"
            self.problems.add(src, (), f"the file holds {kind}; expected a mapping "
                              "(name:, combatants:, ...)")
            return None
        if isinstance(doc.data.get("party"), list) and not set(doc.data) & {
                "name", "combatants", "include"}:
            self.problems.add(src, ("party",), "a party file (R38), not an encounter: an "
                              "encounter names it (party: FILE); 'momenta party show "
                              "FILE' draws it")
            return None
        if doc.data and not set(doc.data) & set(FILE_KEYS):
            self.problems.add(src, (), "not an encounter or library file: none of its keys "
                              "is one momenta knows (name, combatants, include, ...)")
            return None
        for where, mark, message in doc.problems:
            self.problems.add(src, where, message, mark=mark)
        return src

    def run(self, text: str, name: str, base: Path, resolved: Path | None,
            library_ok: bool = False) -> Loaded:
        self.text = text  # the map's rows are located to the character (mapbuild.Rows)
        self.base = base  # a party file is found from here, as an include is
        src = self.parse(text, name, resolved)
        if src is None:
            return Loaded(None, self.problems.lines())
        if resolved:
            self.loaded.add(resolved)
        data = src.doc.data
        library = library_ok and not any(key in data for key in ENCOUNTER_ONLY)
        self.validate(src, "LibraryModel" if library else "EncounterModel", data)
        self.includes(src, base, [resolved] if resolved else [])
        self.register(src)
        known, rule_sources = self.known(src)
        spec = self.encounter(src, known)
        problems = self.problems.lines()
        return Loaded(None if problems else spec, problems, rule_sources, library,
                      self.reads, spec.events)

    def validate(self, src: Source, kind: str, data: dict[str, Any]) -> None:
        def report(model: Any, err: Any) -> None:
            self.problems.pydantic(src, model, err)

        self.models.whole(kind, data, report)

    def includes(self, src: Source, base: Path, stack: list[Path]) -> None:
        entries = src.doc.data.get("include") or ()
        for i, entry in enumerate(entries if isinstance(entries, list) else ()):
            if not isinstance(entry, str) or unsafe(entry) or len(entry) > NAME_MAX:
                continue  # reported by the model (a path is a Name)
            shown = os.path.normpath(os.path.join(os.path.dirname(src.name), entry))
            target, problem = resolve_include(base, entry, self.roots, stack)
            if problem:
                self.missing_include = self.missing_include or "cycle" not in problem
                self.problems.add(src, ("include", i), problem)
                continue
            self.reads.links.append((str(base / entry), str(target)))  # the cache's key
            if target in self.loaded:
                continue  # included twice through different files: load once
            self.loaded.add(target)
            try:
                text = self.reads.read(target)
            except YamlProblem as err:
                self.missing_include = True
                near = "" if target.exists() else self.near_include(base, entry)
                self.problems.add(src, ("include", i), f"cannot include '{entry}': "
                                  f"{err.message}{near}{KNOCK_ON}")
                continue
            lib = self.parse(text, shown, target)
            if lib is None:
                self.missing_include = True
                continue
            data = lib.doc.data
            for key in ENCOUNTER_ONLY:
                if key in data:
                    self.problems.add(lib, (key,), f"a library file may not have '{key}' "
                                      "(only include, weapons, stat_blocks, conditions, "
                                      "damage_types)", key=True)
            self.validate(lib, "LibraryModel", {k: v for k, v in data.items()
                                               if k not in ENCOUNTER_ONLY})
            self.includes(lib, target.parent, [*stack, target])
            self.register(lib)

    def near_include(self, base: Path, entry: str) -> str:
        """`` (did you mean 'library/armoury.yaml'?)``: the include path with each part
        that names nothing replaced by the closest name in its folder (a folder for a
        folder, a YAML file for the file), when that leads to a file this encounter may
        include; else ``""``. Only folders on the way to the include are listed."""
        parts = Path(entry).parts
        here, fixed = base, []
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if not (here / part).exists():
                try:
                    names = [p.name for p in here.iterdir()
                             if (p.suffix in (".yaml", ".yml") and p.is_file()
                                 if last else p.is_dir())]
                except OSError:
                    return ""
                close = difflib.get_close_matches(part, names, n=1, cutoff=0.6)
                if not close:
                    return ""
                part = close[0]
            fixed.append(part)
            here = here / part
        try:
            real = here.resolve()
        except (OSError, RuntimeError):
            return ""
        if not real.is_file() or not any(real.is_relative_to(r) for r in self.roots):
            return ""
        return f" (did you mean '{'/'.join(fixed)}'?)"

    def register(self, src: Source) -> None:
        """Record the names a file defines; a name defined twice is a problem."""
        data = src.doc.data
        looks = self.lookalikes
        types = data.get("damage_types")
        for value in types if isinstance(types, list) else ():  # else reported by the model
            if isinstance(value, str):
                self.damage_types.append(value)
        for key, table, what in (("weapons", self.weapons, "weapon"),
                                 ("stat_blocks", self.blocks, "stat block"),
                                 ("conditions", self.conditions, "condition")):
            items = data.get(key)
            for i, raw in enumerate(items if isinstance(items, list) else ()):
                name = raw.get("name") if isinstance(raw, dict) else None
                if not isinstance(name, str):
                    continue
                first = looks.get((key, name_key(name)))  # the same name, or a lookalike
                if first is not None:
                    line, _ = first.src.doc.mark((*first.path, "name"))
                    twin = first.raw.get("name")
                    same = f"{what} '{name}' is already" if twin == name else \
                        f"{what} '{name}' cannot be told apart from '{twin}', which is"
                    self.problems.add(src, (key, i, "name"), f"{same} defined at "
                                      f"{first.src.name}:{line}")
                    continue
                table[name] = Definition(src, (key, i), raw)
                looks[(key, name_key(name))] = table[name]

    # --- names and settings -------------------------------------------------------------

    def known(self, src: Source) -> tuple[build.KnownNames, dict[str, str]]:
        settings, rule_sources = self.settings(src)
        physical, other = damage_types()
        known = build.KnownNames(settings, damage_types={*physical, *other, *self.damage_types},
                                 partial=self.missing_include)
        known.conditions = {n: c.cap for n, c in conditions().items()}
        shipped = {name_key(n): n for n in conditions()}
        for name, entry in self.conditions.items():
            m = self.models.piece("ConditionModel", entry.raw)
            if m is None:
                continue
            if name_key(name) in shipped:  # `cond a hindered` could never reach it
                same = shipped[name_key(name)]
                self.problems.add(entry.src, (*entry.path, "name"),
                                  f"'{name}' is already a condition of the catalogue"
                                  if same == name else f"'{name}' cannot be told apart "
                                  f"from the catalogue's condition '{same}' at the table")
                continue
            for i, attr in enumerate(m.attributes):
                if attr not in ATTRIBUTES:
                    self.problems.add(entry.src, (*entry.path, "attributes", i),
                                      f"unknown attribute '{attr}'{suggest(attr, ATTRIBUTES)}")
            known.conditions[name] = m.cap
        self.check_rule_conditions(src, known)
        known.builtins = build.builtin_weapons(known, self.models)
        known.weapons = {w.name: w for w in known.builtins}
        for name, entry in self.weapons.items():
            m = self.models.piece("WeaponModel", entry.raw)
            spec = None if m is None else build.build_weapon(
                m, known, self.err(entry.src, entry.path))
            if spec is None:
                known.bad_weapons.add(name)
            else:
                known.weapons[name] = spec
        return known, rule_sources

    def settings(self, src: Source) -> tuple[Settings, dict[str, str]]:
        """Settings from the ``rules:`` block; invalid keys (reported) keep the default."""
        raw = src.doc.data.get("rules")
        good: dict[str, Any] = {}
        sources: dict[str, str] = {}
        for key, value in (raw.items() if isinstance(raw, dict) else ()):
            if self.models.valid("Settings", {key: value}) is None:
                continue
            good[key] = value
            sources[key] = f"{src.name}:{src.doc.mark(('rules', key), key=True)[0]}"
        return settings_from(self.models.valid("Settings", good)), sources

    def check_rule_conditions(self, src: Source, known: build.KnownNames) -> None:
        s = known.settings
        err = self.err(src, ("rules",))
        for i, name in enumerate(s.pc_wound_table):
            known.check_condition(name, err, ("pc_wound_table", i))
        known.check_condition(s.enemy_wound_condition, err, ("enemy_wound_condition",))

    def err(self, src: Source, base: PathT) -> build.Err:
        def report(path: PathT, message: str, key: bool = False) -> None:
            self.problems.add(src, (*base, *path), message, key=key)
        return report

    # --- stat blocks and combatants -----------------------------------------------------

    def encounter(self, src: Source, known: build.KnownNames) -> EncounterSpec:
        blocks: dict[str, CombatantSpec] = {}
        for name, entry in self.blocks.items():
            m = self.models.piece("CombatantModel", entry.raw)
            if m is not None:
                err = self.err(entry.src, entry.path)
                blocks[name] = build.combatant(m, name, m.side or "adversaries", known, err)
        combatants: list[CombatantSpec] = []
        names: dict[str, str] = {}
        entries: list[Placed] = []
        raw_list = src.doc.data.get("combatants")
        for j, raw in enumerate(raw_list if isinstance(raw_list, list) else ()):
            specs = self.combatant(src, ("combatants", j), raw, known)
            if len(combatants) + len(specs) > MAX_COMBATANTS:
                self.problems.add(src, ("combatants", j),
                                  f"this entry takes the fight past {MAX_COMBATANTS} "
                                  "combatants (count: included), the most a fight holds")
                break
            entries.append((("combatants", j), raw, specs))
            for spec in specs:
                # Names are matched without case at the table, so Gorm and gorm clash, and
                # so do lookalikes: Jörg typed two ways, fullwidth letters (text.name_key).
                key = name_key(spec.name)
                if key in names:
                    other = names[key]
                    self.problems.add(src, ("combatants", j, "name"),
                                      f"two combatants are named '{spec.name}' (names are "
                                      "matched without case at the table)"
                                      if other.casefold() == spec.name.casefold() else
                                      f"'{spec.name}' cannot be told apart from the "
                                      f"combatant '{other}' at the table (names are matched "
                                      "without case, letter width or accent encoding)")
                names.setdefault(key, spec.name)
                combatants.append(spec)
        data = src.doc.data
        board, where = self.battlefield(src, entries)
        combatants = [dataclasses.replace(c, position=where[c.name]) if c.name in where
                      else c for c in combatants]
        party = data.get("party")
        if isinstance(party, str) and not unsafe(party) and len(party) <= NAME_MAX:
            combatants = self.party(src, party, combatants, known)
        from momenta_cli.encounter.event_build import build_events

        events = build_events(src, combatants, board, self.problems, self.models)
        return EncounterSpec(
            name=str(data.get("name") or Path(src.name).stem), combatants=tuple(combatants),
            settings=known.settings, description=str(data.get("description") or ""),
            weapons=dict(known.weapons), stat_blocks=blocks, source=src.name,
            extra_conditions=self.extra_conditions(known), board=board,
            events=events, party=party if isinstance(party, str) else "",
        )

    def party(self, src: Source, entry: str, combatants: list[CombatantSpec],
              known: build.KnownNames) -> list[CombatantSpec]:
        """R38: the allies as the party file ``entry`` says they stand (read from beside
        the encounter, as an include is; its problems located in it)."""
        self.models.needs_pydantic("a party file")  # read by party_file's models only
        from momenta_cli.encounter.party_file import carry, read_party

        target, problem = resolve_include(self.base, entry, self.roots, [])
        if problem:
            self.problems.add(src, ("party",), problem.replace("include", "read", 1))
            return combatants
        # as for an include: where the name leads is part of the caches' key, so a
        # symlink pointed at another party file is read afresh
        self.reads.links.append((str(self.base / entry), str(target)))
        try:
            text = self.reads.read(target)  # hashed: the cache trusts it while unchanged
        except YamlProblem as err:
            self.problems.add(src, ("party",), f"cannot read the party file '{entry}': "
                              f"{err.message}")
            return combatants
        self.order += 1
        shown = os.path.normpath(os.path.join(os.path.dirname(src.name), entry))
        found = read_party(text, shown, self.problems, self.order)
        if found is None:
            return combatants
        return carry(combatants, found[0], found[1], self.problems, set(known.conditions))

    def battlefield(self, src: Source, entries: list[Placed]) -> tuple[Any, dict[str, Any]]:
        """The ``map:`` block's Board and where each combatant starts (field.py)."""
        return field_of(src, self.text, entries, self.problems, self.models)

    def combatant(self, src: Source, path: PathT, raw: Any, known: build.KnownNames
                  ) -> list[CombatantSpec]:
        """One combatant entry, merged with its stat block and stamped out ``count`` times."""
        own = self.models.piece("CombatantModel", raw)
        if own is None:
            return []
        origins: dict[str, tuple[Source, PathT]] = {}
        merged: dict[str, Any] = {}
        if own.stat_block is not None:
            entry = self.blocks.get(own.stat_block)
            if entry is None:
                if not known.partial:  # else the missing include may define it
                    self.problems.add(src, (*path, "stat_block"), "unknown stat block "
                                      f"'{own.stat_block}'"
                                      f"{suggest(own.stat_block, self.blocks)}")
                return []
            merged = {k: v for k, v in entry.raw.items() if k != "name"}
            origins = {k: (entry.src, entry.path) for k in merged}
        for keys in ALIASES.values():  # the combatant's own hp: wins over max_vitality
            if any(k in raw for k in keys):
                for k in keys:
                    merged.pop(k, None)
        merged.update({k: v for k, v in raw.items() if k not in ("stat_block", "count")})
        origins.update({k: (src, path) for k in raw})
        m = self.models.piece("CombatantModel", merged)
        if m is None:
            return []  # the stat block itself is invalid, reported there
        if m.side is None:
            self.problems.add(src, (*path, "side"), "required field is missing (give it "
                              "here or in the stat block)")
            return []

        def err(where: PathT, message: str, key: bool = False) -> None:
            origin, base = origins.get(str(where[0]), (src, path))
            self.problems.add(origin, (*base, *where), message, key=key)

        spec = build.combatant(m, m.name, m.side, known, err)
        if own.count is None:
            return [spec]
        return [dataclasses.replace(spec, name=f"{m.name}-{i}")
                for i in range(1, own.count + 1)]

    def extra_conditions(self, known: build.KnownNames
                         ) -> tuple[tuple[str, int | None, str, tuple[str, ...], str], ...]:
        out = []
        for entry in self.conditions.values():
            m = self.models.piece("ConditionModel", entry.raw)
            if m is not None and m.name not in conditions():
                out.append((m.name, m.cap, m.clear, tuple(m.attributes), m.effect))
        return tuple(out)

KNOCK_ON = "; the names it defines are not checked until it is read"


def load_encounter(path: str | os.PathLike[str]) -> EncounterSpec:
    """Load and validate an encounter file.

    Raises EncounterError holding every problem, each ``FILE:LINE:COL: path: message``
    with FILE as given.
    """
    result = load_checked(path)
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
    return load_checked(path).problems
