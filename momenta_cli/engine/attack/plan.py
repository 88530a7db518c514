"""Everything an attack fixes before the roll (ch20 Attacking step 1; ch19 Basic
Attack, Shove, Grab, Feint and the reactive attacks; R18-R22, R27): the ``Attack``
command as declared, and the checks that turn it into a ``Plan``: weapon, melee or
ranged, reach and range, hit location, cover, damage types.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from momenta_cli.engine.actions import check_can_react, pay_reaction
from momenta_cli.engine.attack.area_shape import Area
from momenta_cli.engine.attack.attack_names import (  # noqa: F401  (plan's names too)
    ATTACK_MANEUVERS,
    EFFECTS,
    MANEUVERS,
    MOVEMENT_REACTIONS,
    REACTIVE,
    UNARMED,
)
from momenta_cli.engine.attack.defense import (
    REACTIVE_ATTACK_COST,
    attribute_options,
    check_granted,
    check_reactive_weapon,
    pick,
    pick_weapon,
    reactive_cost,
)
from momenta_cli.engine.core import (
    Command,
    Fight,
    Fighter,
    LocationSpec,
    Typed,
    WeaponSpec,
    by_name,
    candidates,
)
from momenta_cli.engine.movement import check_trigger
from momenta_cli.errors import RuleError
from momenta_cli.text import squares_text


@dataclass(frozen=True)
class Attack(Command):
    """One attack, with everything declared before the roll.

    ``attacker`` None means the fighter whose turn is running. ``maneuver`` is a ch19
    maneuver (Basic Attack, Grab, Shove, Feint) paid on the attacker's turn, or a reactive
    attack (Counterattack, Intercept, Forestall) paid as a reaction. ``defense`` is the
    target's reactive defense: ``dodge``, ``deflect`` (``defense_with`` a weapon) or
    ``defend`` (an enemy's scripted defense, ``defense_with`` its name). ``counter`` is the
    target's Counterattack (its attacker and target are filled in from this attack).
    ``distance`` in squares is what the GM states (R28); None means "in reach/range".
    ``also`` lists further targets of an Area attack (R22), each with its own reactions
    (and, for a spell, its own ``typed`` roll). On a map (engine/attack/map_attack.py) the
    distance, line of sight and cover are worked out from the positions: ``distance``,
    ``sight`` (there is line of sight), ``cover`` and ``no_cover`` are then the GM's
    overrides (R28); ``area`` aims an Area attack at the map instead of at named targets.
    ``push_reactions``: a Shove's answers to the triggers of its push (``shove gorm kira
    intercept wren``, R35), ``push_said``: its line spoke of them.
    """

    attacker: str | None
    target: str
    maneuver: str = "Basic Attack"
    weapon: str | None = None
    location: str | None = None
    damage_type: str | None = None
    attribute: str | None = None
    ranged: bool = False
    distance: int | None = None
    cover: bool = False
    obscured: bool = False
    dice: int = 0
    cost: int | None = None
    defense: str | None = None
    defense_with: str | None = None
    brace: bool = False
    counter: Attack | None = None
    typed: Typed | None = None
    defense_typed: Typed | None = None
    also: tuple[Attack, ...] = ()
    together: bool = False  # a Shove that keeps a grab together (the GM's word)
    sight: bool = False
    no_cover: bool = False
    area: Area | None = None
    # a Shove's push answered on its line (R35): the Intercepts by REACTOR, the pushed
    # one their target, and whether the line said anything (``no-reactions``)
    push_reactions: tuple[Attack, ...] = ()
    push_said: bool = False


@dataclass(frozen=True)
class Plan:
    """An attack checked against the rules, before any die is rolled."""

    attacker: str
    target: str
    maneuver: str
    weapon: WeaponSpec
    mode: str
    location: LocationSpec
    types: tuple[str, ...]
    distance: int | None
    situation: tuple[str, ...] = ()  # what the map says, for the log (attack/map_attack.py)

    @property
    def deals_damage(self) -> bool:
        return self.maneuver not in EFFECTS


def weapon_for(a: Fighter, cmd: Attack) -> WeaponSpec:
    """The attacking weapon: Grab and Shove always use the Unarmed Attack (ch19); otherwise
    the named one, else the first listed."""
    if cmd.maneuver in ("Grab", "Shove"):
        if cmd.weapon is not None and not candidates([UNARMED], cmd.weapon, words=True):
            raise RuleError(f"{cmd.maneuver} is made with the Unarmed Attack (ch19 "
                            f"{cmd.maneuver})")
        return pick_weapon(a, UNARMED)
    if cmd.weapon is not None:
        return pick_weapon(a, cmd.weapon)
    if cmd.maneuver in ("Feint", *REACTIVE):
        melee = [w for w in a.spec.weapons if w.is_melee]
        if melee:
            return melee[0]
    if not a.spec.weapons:
        raise RuleError(f"{a.name} has no weapon")
    return a.spec.weapons[0]


def mode_for(w: WeaponSpec, cmd: Attack, distance: int | None = None) -> str:
    """Melee or ranged (ch20 Melee vs. Ranged): a weapon with both is used in melee unless
    thrown or the distance (``distance``, else the stated one) is past its reach."""
    if cmd.ranged:
        if not w.is_ranged:
            raise RuleError(f"{w.name} has no Range: it cannot be thrown or shot")
        return "ranged"
    d = cmd.distance if distance is None else distance
    if w.is_melee and w.is_ranged and d is not None and w.melee is not None \
            and d > w.melee:
        return "ranged"
    return "melee" if w.is_melee else "ranged"


def _check_reactive(a: Fighter, w: WeaponSpec, maneuver: str, distance: int | None,
                    mode: str) -> None:
    """ch19 Reactions: a reactive attack is paid for (R24), made with an equipped melee
    weapon that reaches (Forestall: a Reflexive one), and is a melee Basic Attack, the
    deciding reason said first: no Vigor, then no melee weapon or no reach (the map's
    distance, or the GM's), and only then that it would not be melee (a weapon with a
    Range used past its reach)."""
    pay_reaction(a, f"{maneuver} ({w.name})", reactive_cost(w, REACTIVE_ATTACK_COST))
    check_reactive_weapon(w, maneuver, distance)
    if mode != "melee":
        raise RuleError(f"{maneuver} is a melee Basic Attack (ch19 Reactions)")


def _check_distance(w: WeaponSpec, mode: str, distance: int | None, how: str = "") -> None:
    """R18, R28: the GM states the distance (or the map measures it, ``how``: " on the
    map"); past the reach or the maximum range there is no attack."""
    if distance is None:
        return
    if distance < 1:
        raise RuleError("distance is in squares, 1 or more (1 = adjacent)")
    if mode == "melee" and w.melee is not None and distance > w.melee:
        raise RuleError(f"{w.name} reaches {squares_text(w.melee)}; the target is {distance} "
                        f"away{how} (ch20 Melee vs. Ranged Attacks)")
    if mode == "ranged" and w.range is not None and distance > w.range:
        raise RuleError(f"{w.name} has Range {w.range}; the target is {distance} away{how} "
                        "(R18: no attack beyond the maximum range)")


def _location(t: Fighter, w: WeaponSpec, mode: str, cmd: Attack, cover: bool,
              why: str = "") -> LocationSpec:
    """R19, R20: the declared hit location; Mass unless said otherwise. ``cover``: the
    target is in cover (the GM's flag, or the map's, ``why`` saying where from)."""
    loc = pick(t.spec.locations, cmd.location or "Mass", by_name,
                  f"{t.name} has no hit location")
    mass = loc.name == "Mass"
    if not mass and (w.has("Imprecise") or w.has("Area")):
        raise RuleError(f"{w.name} is Imprecise: it can only aim at Mass (R19)")
    seeking = w.has("Seeking") or w.has("Area")
    if cover and mode == "ranged" and not seeking and mass:
        where = f" ({why})" if why.startswith("map") else ""
        if w.has("Imprecise"):
            raise RuleError(f"{t.name} is in cover{where} and {w.name} is Imprecise: it "
                            "cannot be hit by this ranged attack from here (ch20 Cover)")
        others = [x.name for x in t.spec.locations if x.name != "Mass"]
        if not others:
            raise RuleError(f"{t.name} is in cover{where} and is all Mass: it cannot be hit "
                            "by a ranged attack from here (ch20 Cover)")
        raise RuleError(f"{t.name} is in cover{where}: a ranged attack must aim at "
                        f"{' or '.join(others)} (R20)")
    return loc


def strain_location_note(w: WeaponSpec, loc: LocationSpec) -> str | None:
    """ch20 Hit Locations: "Attacks that deal Strain will generally have no additional
    benefit from hit locations" (R9: no weakness from a Mark, no Hindered from an Edge,
    no Wound effect). Aiming a Strain attack elsewhere than Mass is allowed (a target in
    cover may leave no other way, R20); it costs the location's dice and gains nothing,
    and the attack's log says so."""
    if not w.strain or loc.name == "Mass":
        return None
    cost = f"-{loc.penalty}d and " if loc.penalty else ""
    return (f"{loc.name}: {cost}nothing more against Strain (ch20 Hit Locations: no "
            "benefit for Strain)")


def _resist_score(t: Fighter, types: tuple[str, ...]) -> int:
    r = not t.spec.resistances.isdisjoint(types)
    wk = not t.spec.weaknesses.isdisjoint(types)
    return 0 if r == wk else (1 if wk else -1)


def _types(t: Fighter, w: WeaponSpec, mode: str, chosen: str | None) -> tuple[str, ...]:
    """ch20 Damage Types; Tracker calls: of an ``A/B`` tag the attacker picks one per
    attack (a thrown weapon with a Piercing option is Piercing); left unsaid, the tracker
    picks the best for the attacker against this target."""
    base = tuple(w.damage_types)
    if not w.type_options:
        if chosen is not None and len(candidates(base, chosen, words=True)) != 1:
            what = ", ".join(base) or "untyped damage"
            raise RuleError(f"{w.name} deals {what}; there is no type to choose")
        return base
    opts = w.type_options
    if chosen is not None:
        hits = candidates(opts, chosen, words=True)
        if len(hits) != 1:
            raise RuleError(f"{w.name} deals {' or '.join(opts)}, not {chosen!r}")
        picked = hits[0]
        if mode == "ranged" and "Piercing" in opts and picked != "Piercing":
            raise RuleError(f"a thrown {w.name} is Piercing (docs/rulings.md, Tracker calls)")
        return (*base, picked)
    if mode == "ranged" and "Piercing" in opts:
        return (*base, "Piercing")
    if not (t.spec.resistances or t.spec.weaknesses):  # every option scores alike
        return (*base, opts[0])
    best = max(opts, key=lambda o: (_resist_score(t, (*base, o)), -opts.index(o)))
    return (*base, best)


def plan_attack(a: Fighter, t: Fighter, cmd: Attack, fight: Fight | None = None) -> Plan:
    """Check an attack against the rules before anything is paid or rolled. With
    ``fight`` and a map in it, the distance, line of sight and cover come from the
    positions (engine/attack/map_attack.py, R32-R34), the GM's flags overriding them (R28)."""
    if cmd.maneuver not in ATTACK_MANEUVERS:
        raise RuleError(f"unknown attack maneuver {cmd.maneuver!r}")
    if t.out:
        raise RuleError(f"{t.name} is {t.out_reason}: not a target")
    if cmd.maneuver in REACTIVE:  # may it react at all? (the first reason to refuse)
        check_can_react(a, cmd.maneuver)
        check_granted(fight, a, cmd.maneuver)  # R37: Counterattack is a Warrior's
    at = None  # where a movement reaction triggered, on a map (R35)
    if cmd.maneuver in MOVEMENT_REACTIONS:
        check_trigger(a, t, cmd.maneuver, fight)
        if fight is not None:
            from momenta_cli.engine.movement import where_triggered

            found = where_triggered(fight, a, t, cmd.maneuver, cmd.weapon)
            if found is not None:
                cmd, at = replace(cmd, weapon=found[0]), found[1]
    w = weapon_for(a, cmd)
    if a.name == t.name and not w.has("Area"):  # R22: an area affects whoever is in it
        raise RuleError(f"{a.name} cannot attack itself")
    if t.has("Hidden") and not w.has("Area"):  # R20: area attacks still reach it
        raise RuleError(f"{t.name} is Hidden and cannot be targeted (R20)")
    from momenta_cli.engine.attack import map_attack  # the map's geometry: not for reading

    spot = map_attack.spot(fight, a, t, cmd, at)
    distance = cmd.distance if spot is None else spot.distance
    mode = mode_for(w, cmd, distance)
    if cmd.maneuver == "Feint" and mode != "melee":
        raise RuleError("Feint is made with a melee weapon (ch19 Feint)")
    if cmd.maneuver in REACTIVE:
        _check_reactive(a, w, cmd.maneuver, distance, mode)
    if cmd.area is None:  # an area's own reach is checked with it (attack/map_attack.py)
        _check_distance(w, mode, distance, " on the map" if spot and spot.stated is None
                        else "")
    seen = map_attack.seen(spot, w, mode, cmd) if spot is not None else None
    if cmd.attribute is not None:
        opts = attribute_options(w)
        if a.spec.is_enemy and w.pool is not None:
            raise RuleError(f"{w.name} rolls its printed pool (R7)")
        if cmd.attribute.upper() not in opts:
            raise RuleError(f"{w.name} rolls {' or '.join(opts)}, not {cmd.attribute}")
    loc = _location(t, w, mode, cmd, seen.cover if seen else cmd.cover,
                    seen.why if seen else "")
    types = _types(t, w, mode, cmd.damage_type)
    if cmd.area is not None and distance is not None and distance < 1:
        distance = None  # a burst at one's own feet: no range penalty to speak of
    notes = seen.notes if seen else ()
    strain = strain_location_note(w, loc)
    return Plan(a.name, t.name, cmd.maneuver, w, mode, loc, types, distance,
                (*notes, strain) if strain else notes)
