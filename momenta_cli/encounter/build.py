"""Turning validated file models into engine specs, filling every derived value.

Each builder reports problems through an ``Err`` callback that takes a path relative to
the thing being built, so the same code serves a weapon in a library, an inline weapon
and a field a combatant inherited from a stat block.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from momenta_cli.encounter.problems import suggest
from momenta_cli.encounter.validators import ALIASES, Models, given
from momenta_cli.encounter.yamlload import PathT
from momenta_cli.engine.core import (
    ARCHETYPES,
    ATTRIBUTES,
    BASE_ATTRIBUTES,
    ENEMY_TURNS,
    ENEMY_WOUNDS,
    FLAG_TAGS,
    STANDARD_LOCATIONS,
    WARRIOR_REACTIONS,
    CombatantSpec,
    DamageTable,
    DefenseSpec,
    LocationSpec,
    WeaponSpec,
    Weight,
    ally_locations,
    enemy_vitality_strain,
    parse_size,
)
from momenta_cli.rules import (
    PHYSICAL,
    Settings,
    builtin_weapons as catalogue_builtin_weapons,
    damage_types as catalogue_damage_types,
)
from momenta_cli.text import name_key

if TYPE_CHECKING:  # what the builders read: pydantic's models, or the kept schema's
    # stand-ins with the same fields (fastcheck.py); only fields are read, never methods
    from momenta_cli.encounter.file_model import CombatantModel, LocationModel, WeaponModel

Err = Callable[..., None]  # err(path: PathT, message: str, key: bool = False)

DEFAULT_SIZE = "1M"  # R31: humans, elves and dwarves
DERIVED = {"BODY": ("POW", "AGI"), "MIND": ("REA", "INS"), "SOUL": ("PRE", "LUCK")}
_TIER = re.compile(r"^(\d+)(s|\+)$")
_REACH = re.compile(r"^(melee|range)(?:\s+(\d+))?$", re.IGNORECASE)


@dataclass
class KnownNames:
    """Names an encounter may refer to: damage types, conditions, weapons, settings."""

    settings: Settings
    damage_types: set[str] = field(default_factory=set)
    conditions: dict[str, int | None] = field(default_factory=dict)  # name -> cap
    weapons: dict[str, WeaponSpec] = field(default_factory=dict)
    bad_weapons: set[str] = field(default_factory=set)  # defined, but with problems
    builtins: list[WeaponSpec] = field(default_factory=list)  # carried by everyone
    # an include could not be read: a name it may define is not reported unknown (its
    # own problem is the one to fix; the rest would be knock-on noise)
    partial: bool = False

    def unknown(self, err: Err, path: PathT, message: str) -> None:
        """Report an unknown name, unless an include that may define it is missing."""
        if not self.partial:
            err(path, message)

    def check_condition(self, name: str, err: Err, path: PathT) -> bool:
        if name in self.conditions:
            return True
        self.unknown(err, path, f"unknown condition '{name}'{suggest(name, self.conditions)}")
        return False



def _twice(what: str, name: str, twin: str) -> str:
    """A name listed twice in one list, as written or as the table matches names."""
    if twin == name:
        return f"{what} '{name}' is listed twice"
    return f"{what} '{name}' cannot be told apart from '{twin}' at the table"

def damage_table(damage: dict[str, int], overflow: int, err: Err) -> DamageTable | None:
    """Tiers from ``{0s: 2, 1s: 7, 2s: 13, 3+: 20}`` (R3): start at 0s, no gaps, one final
    open-ended ``N+``, never decreasing."""
    ok = True
    tiers: dict[int, tuple[str, bool]] = {}
    for key in damage:
        match = _TIER.match(key)
        if not match:
            err(("damage", key), f"bad tier '{key}': use 0s, 1s, ... and a last N+", key=True)
            ok = False
            continue
        tiers[int(match[1])] = (key, match[2] == "+")
    if not ok:
        return None
    if not tiers:
        err(("damage",), "needs at least the tiers 0s and N+")
        return None
    opens = [n for n, (_, is_open) in tiers.items() if is_open]
    top = max(tiers)
    for n in sorted(tiers):
        key = tiers[n][0]
        if n > 0 and n - 1 not in tiers and 0 in tiers:
            err(("damage", key), f"tier {key} leaves a gap: {n - 1}s is missing", key=True)
            ok = False
        if tiers[n][1] and n != top:
            err(("damage", key), f"open-ended tier {key} must be the last", key=True)
            ok = False
    if 0 not in tiers:
        err(("damage",), "tiers must start at 0s")
        ok = False
    if not opens:
        err(("damage", tiers[top][0]), f"the last tier must be open-ended ({top}+)", key=True)
        ok = False
    if not ok:
        return None
    values = [damage[tiers[n][0]] for n in sorted(tiers)]
    drop = DamageTable.first_drop(values)
    if drop is not None:
        key = tiers[drop][0]
        err(("damage", key), f"damage goes down at {key} ({values[drop - 1]} -> "
            f"{values[drop]})", key=True)
        return None
    return DamageTable(tuple(values), overflow)


def build_weapon(m: WeaponModel, known: KnownNames, err: Err) -> WeaponSpec | None:
    """A WeaponSpec from a weapon model; None (with problems reported) if it is wrong."""
    table = damage_table(m.damage, m.overflow, err)
    tags = _tags(m.tags, known, err)
    attribute = _attribute(m.attribute, err)
    if m.cost is not None and not any(t.strip().lower() == "spell" for t in m.tags):
        err(("cost",), "cost is a spell's Vigor cost: only a weapon tagged Spell has one")
        return None
    if table is None or tags is None or attribute is None:
        return None
    return WeaponSpec(name=m.name, damage=table, weight=Weight[m.weight], attribute=attribute,
                      strain=m.strain, pool=m.pool, note=m.note, cost=m.cost, **tags)


def _attribute(name: str, err: Err) -> str | None:
    if name.lower() == "either":
        return "either"
    if name.lower() == "shield":  # shields roll POW (format decision, docs)
        return "POW"
    if name.upper() in ATTRIBUTES:
        return name.upper()
    err(("attribute",), f"unknown attribute '{name}'"
        f"{suggest(name, (*ATTRIBUTES, 'either', 'shield'))}")
    return None


PHYSICAL_TAG = ("Physical is shorthand for resistances and weaknesses to all three "
                "physical types (ch20 Resistance and Weakness), not a damage type: tag the "
                "weapon Slashing, Piercing or Crushing (or Slashing/Piercing for a choice)")


def _type_list(known: KnownNames) -> list[str]:
    """The damage types an encounter knows, the physical three first."""
    physical, other = catalogue_damage_types()
    return [*physical, *other, *sorted(known.damage_types - {*physical, *other})]


def _tags(tags: list[str], known: KnownNames, err: Err) -> dict[str, Any] | None:
    """Sort weapon tags (R21) into damage types, options, reach, range, flags, text."""
    types: list[str] = []
    options: list[str] = []
    flags: set[str] = set()
    other: list[str] = []
    melee: int | None = None
    rng: int | None = None
    ok = True
    flag_names = {f.lower(): f for f in FLAG_TAGS}
    for i, raw in enumerate(tags):
        tag = raw.strip()
        reach = _REACH.match(tag)
        if PHYSICAL.lower() in (p.strip().lower() for p in tag.split("/")):
            err(("tags", i), PHYSICAL_TAG)
            ok = False
        elif tag in known.damage_types:
            types.append(tag)
        elif "/" in tag:
            parts = [p.strip() for p in tag.split("/")]
            bad = [p for p in parts if p not in known.damage_types]
            for p in bad:
                known.unknown(err, ("tags", i),
                              f"unknown damage type '{p}'{suggest(p, known.damage_types)}")
            ok = ok and not bad
            options.extend(parts)
        elif reach:
            if reach[2] is None and reach[1].lower() == "range":
                err(("tags", i), "Range needs a distance, e.g. 'Range 20'")
                ok = False
            elif reach[1].lower() == "melee":
                melee = int(reach[2] or 1)
            else:
                rng = int(reach[2])
        elif tag.lower() in flag_names:
            flags.add(flag_names[tag.lower()])
        else:
            other.append(tag)  # R21: unknown tags are kept as text
    if ok and not types and not options:
        if not (known.partial and other):  # a type the missing include defines, maybe
            err(("tags",), "an attack needs a damage type (ch20 Damage Types: every "
                f"attack carries one or more): add one of {', '.join(_type_list(known))} "
                "to its tags")
        ok = False
    if not ok:
        return None
    if melee is None and rng is None:
        melee = 1  # R21: no Melee/Range tag means Melee 1
    return {"damage_types": tuple(types), "type_options": tuple(options), "melee": melee,
            "range": rng, "flags": frozenset(flags), "other_tags": tuple(other)}


def attributes(m: CombatantModel) -> dict[str, int]:
    """All twelve attributes: defaults, then BODY/MIND/SOUL derived unless given (R6)."""
    written = given(m.attributes) if m.attributes else {}
    written.pop("SIZE", None)  # not a rolled attribute: see ``size``
    out = {**BASE_ATTRIBUTES, **written}
    for name, (a, b) in DERIVED.items():
        out.setdefault(name, out[a] + out[b])
    return {name: out[name] for name in ATTRIBUTES}


def size(m: CombatantModel) -> str:
    """SIZE as written (R31), validated by the model; 1M when not given."""
    raw = m.attributes.SIZE if m.attributes else None
    return (parse_size(raw) or DEFAULT_SIZE) if raw is not None else DEFAULT_SIZE


def maxima(m: CombatantModel, attrs: dict[str, int], settings: Settings) -> dict[str, int]:
    """Derived maxima: PCs by chapter 05 (R6), enemies by threat class (R7)."""
    body, mind, soul = attrs["BODY"], attrs["MIND"], attrs["SOUL"]
    out = {"max_vitality": (body + 3) * 3, "max_strain": mind + soul + 3,
           "max_resolve": soul + 8, "max_vigor": 7, "max_guard": 0, "consumables": 2,
           "wound_slots": settings.pc_wound_slots, "burden_slots": settings.pc_burden_slots,
           "turns": 1, "maneuvers": 1}
    if m.threat is not None:
        out.update(max_vigor=0, max_resolve=0, consumables=0, burden_slots=0,
                   turns=ENEMY_TURNS[m.threat], wound_slots=ENEMY_WOUNDS[m.threat])
        out["max_vitality"], out["max_strain"] = enemy_vitality_strain(m.threat, body, mind,
                                                                        soul)
    for name in out:
        value = getattr(m, "resolve" if name == "max_resolve" else name)
        if name == "max_vitality":  # hp: and hit_points: say the same
            value = next((v for v in (m.max_vitality, m.hp, m.hit_points) if v is not None),
                         None)
        if value is not None:  # R6: every derived maximum may be given
            out[name] = value
    return out


def check_aliases(m: CombatantModel, err: Err) -> None:
    """``hp`` and ``hit_points`` are other names of ``max_vitality``: one of them."""
    for name, keys in ALIASES.items():
        given = [k for k in keys if getattr(m, k) is not None]
        if len(given) > 1:
            err((given[1],), f"{' and '.join(given)} both give {name}: keep one", key=True)


def reactions(m: CombatantModel, err: Err) -> frozenset[str]:
    """R37: the reactions beyond everyone's that the stat block grants, through its
    ``archetype`` (Warrior: Deflect and Counterattack, ch19) or named in ``reactions``.
    An enemy takes no reactions (R7)."""
    out: set[str] = set()
    if m.archetype is not None:
        known = {a.lower(): a for a in ARCHETYPES}
        arch = known.get(m.archetype.strip().lower())
        if arch is None:
            err(("archetype",), f"unknown archetype '{m.archetype}'"
                f"{suggest(m.archetype, ARCHETYPES)}: the tracker knows the reactions of "
                f"{', '.join(ARCHETYPES)} (ch19); write any other in notes")
        else:
            out.update(ARCHETYPES[arch])
    everyone = ("Dodge", "Brace", "Intercept", "Forestall")
    for i, name in enumerate(m.reactions or ()):
        key = name.strip().lower()
        grant = next((r for r in WARRIOR_REACTIONS if r.lower() == key), None)
        mine = next((r for r in everyone if r.lower() == key), None)
        if grant is not None:
            out.add(grant)
        elif mine is not None:
            err(("reactions", i), f"{mine} is every character's reaction (ch19): list "
                f"only {' or '.join(WARRIOR_REACTIONS)}")
        else:
            err(("reactions", i), f"unknown reaction '{name}'"
                f"{suggest(name, (*WARRIOR_REACTIONS, *everyone))}: a stat block may grant "
                f"{' or '.join(WARRIOR_REACTIONS)} (R37)")
    if m.threat is not None and (m.archetype is not None or m.reactions):
        key = "archetype" if m.archetype is not None else "reactions"
        err((key,), "an enemy takes no reactions (R7): give its scripted defenses under "
            "defenses", key=True)
        return frozenset()
    return frozenset(out)


def locations(items: list[str | LocationModel] | None, known: KnownNames, err: Err,
              side: str = "adversaries") -> tuple[LocationSpec, ...]:
    """Hit locations (R19): Mass always; Edge/Mark penalties from the settings. Every ally
    has Mass, Edge and Mark whatever the list says (ch20 Hit Locations: all player
    characters do); a list may only add to them."""
    s = known.settings
    default_penalty = {"Edge": s.edge_penalty, "Mark": s.mark_penalty}
    if items is None:
        items = list(STANDARD_LOCATIONS)
    out: list[LocationSpec] = []
    for i, item in enumerate(items):
        # a bare name is a location with LocationModel's defaults
        name, given_penalty, wound_effect, effect = (
            (item, None, None, "") if isinstance(item, str)
            else (item.name, item.penalty, item.wound_effect, item.effect))
        twin = next((loc.name for loc in out if name_key(loc.name) == name_key(name)), None)
        if twin is not None:  # `at tail` could never tell Tail from TAIL
            err(("hit_locations", i), _twice("location", name, twin))
            continue
        if wound_effect is not None:
            known.check_condition(wound_effect, err, ("hit_locations", i, "wound_effect"))
        penalty = given_penalty if given_penalty is not None else default_penalty.get(name, 0)
        out.append(LocationSpec(name, penalty, wound_effect, effect))
    if not any(loc.name == "Mass" for loc in out):
        out.insert(0, LocationSpec("Mass"))  # ch20 Hit Locations: every creature has a Mass
    if side == "allies":
        return ally_locations(tuple(out), s.edge_penalty, s.mark_penalty)
    return tuple(out)



def damage_sources(names: list[str] | None, field_name: str, known: KnownNames, err: Err
                   ) -> frozenset[str]:
    """Resistances or weaknesses; Physical = Slashing + Piercing + Crushing (ch20)."""
    physical, _ = catalogue_damage_types()
    out: set[str] = set()
    for i, name in enumerate(names or ()):
        if name == PHYSICAL:
            out.update(physical)
        elif name in known.damage_types:
            out.add(name)
        else:
            choices = (*known.damage_types, PHYSICAL)
            known.unknown(err, (field_name, i),
                          f"unknown damage type '{name}'{suggest(name, choices)}")
    return frozenset(out)


def conditions(m: CombatantModel, known: KnownNames, err: Err) -> tuple[tuple[str, int], ...]:
    """Starting conditions with stacks, checked against the catalogue and caps."""
    raw = m.conditions or {}
    pairs = raw.items() if isinstance(raw, dict) else ((name, 1) for name in raw)
    out: list[tuple[str, int]] = []
    for i, (name, stacks) in enumerate(pairs):
        path: PathT = ("conditions", name) if isinstance(raw, dict) else ("conditions", i)
        if not known.check_condition(name, err, path):
            continue
        cap = known.conditions[name]
        if cap is not None and stacks > cap:
            err(path, f"{name} has at most {cap} stack(s), not {stacks}")
            continue
        out.append((name, stacks))
    return tuple(out)


def start_values(m: CombatantModel, limits: dict[str, int], err: Err) -> dict[str, int]:
    """Given starting values, each within 0..its maximum; Guard may exceed (Over-Guard)."""
    values = given(m.start) if m.start else {}
    bounds = {"vitality": "max_vitality", "vigor": "max_vigor", "strain": "max_strain",
              "resolve": "max_resolve"}
    for key, value in values.items():
        if key in bounds and value > limits[bounds[key]]:
            err(("start", key), f"{key} {value} is above its maximum {limits[bounds[key]]}")
    return values


def weapons(m: CombatantModel, known: KnownNames, err: Err) -> tuple[WeaponSpec, ...]:
    """Listed weapons (names or inline), then attacks, then the Unarmed Attack."""
    out: list[WeaponSpec] = []
    for i, item in enumerate(m.weapons or ()):
        path: PathT = ("weapons", i)
        if isinstance(item, str):
            spec = known.weapons.get(item)
            if spec is None and item not in known.bad_weapons:
                known.unknown(err, path,
                              f"unknown weapon '{item}'{suggest(item, known.weapons)}")
        else:
            spec = build_weapon(item, known, _sub(err, path))
        if spec is not None:
            out.append(spec)
    for i, attack in enumerate(m.attacks or ()):
        path = ("attacks", i)
        if attack.pool is None and m.threat != "Grunt":  # R7: a Grunt never rolls
            err(path, "an attack needs its printed pool (pool: N)")
        spec = build_weapon(attack, known, _sub(err, path))
        if spec is not None:
            out.append(spec)
    seen: dict[str, str] = {}
    for spec in out:
        twin = seen.get(name_key(spec.name))
        if twin is not None:
            err(("weapons",), _twice("weapon", spec.name, twin))
        seen.setdefault(name_key(spec.name), spec.name)
    for spec in known.builtins:
        if name_key(spec.name) not in seen:
            out.append(spec)
    return tuple(out)


def builtin_weapons(known: KnownNames, models: Models) -> list[WeaponSpec]:
    """The weapons everyone carries (data/weapons.yaml), built once per encounter, each
    read by ``models``."""
    out = []
    for raw in catalogue_builtin_weapons():
        m = models.valid("WeaponModel", raw)
        if m is None:
            _raise(("weapons",), f"{raw.get('name')} is not a weapon")
        spec = build_weapon(m, known, _raise)
        assert spec is not None
        out.append(spec)
    return out


def _raise(path: PathT, message: str, key: bool = False) -> None:
    raise AssertionError(f"shipped data is wrong: {path}: {message}")


def _sub(err: Err, prefix: PathT) -> Err:
    def inner(path: PathT, message: str, key: bool = False) -> None:
        err((*prefix, *path), message, key=key)
    return inner


def combatant(m: CombatantModel, name: str, side: str, known: KnownNames, err: Err
              ) -> CombatantSpec:
    """A CombatantSpec from a merged (stat block + own fields) combatant model."""
    attrs = attributes(m)
    check_aliases(m, err)
    limits = maxima(m, attrs, known.settings)
    for i, cond in enumerate(m.immunities or ()):
        known.check_condition(cond, err, ("immunities", i))
    defenses = tuple(DefenseSpec(d.name, d.pool, d.against, d.uses) for d in m.defenses or ())
    return CombatantSpec(
        name=name, side=side, attributes=attrs, threat=m.threat,
        max_vitality=limits["max_vitality"], max_guard=limits["max_guard"],
        max_vigor=limits["max_vigor"], max_strain=limits["max_strain"],
        max_resolve=limits["max_resolve"], consumables=limits["consumables"],
        wound_slots=limits["wound_slots"], burden_slots=limits["burden_slots"],
        turns=limits["turns"], maneuvers=limits["maneuvers"],
        locations=locations(m.hit_locations, known, err, side),
        resistances=damage_sources(m.resistances, "resistances", known, err),
        weaknesses=damage_sources(m.weaknesses, "weaknesses", known, err),
        immunities=frozenset(m.immunities or ()),
        weapons=weapons(m, known, err), defenses=defenses,
        armor_penalty=m.armor_penalty or 0,
        size=size(m),
        start=start_values(m, limits, err),
        conditions=conditions(m, known, err),
        notes=m.notes or "",
        reactions=reactions(m, err),
        archetype=next((a for a in ARCHETYPES
                        if m.archetype and a.lower() == m.archetype.strip().lower()), None),
    )
