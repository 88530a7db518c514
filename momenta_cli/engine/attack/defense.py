"""The target's side of an attack (ch19 Reactions, R7, R27, R37): reactive defenses
(Dodge, Deflect, an enemy's scripted defense), Counterattack and Brace checks, the
Warrior's reactions (who may Deflect or Counterattack), and the pools the defenses roll.

Everything here reads the state and returns events or plans; ``resolution.resolve`` calls it
in the order the rules declare things: defense or Counterattack when targeted (before the
roll), Brace when about to take damage (after it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import ClassVar, TypeVar

from momenta_cli.engine.actions import check_can_react, pay_reaction
from momenta_cli.engine.core import (
    WARRIOR_REACTIONS,
    DamageTable,
    DefenseSpec,
    Event,
    Fight,
    Fighter,
    Pool,
    WeaponSpec,
    Weight,
    by_name,
    candidates,
    match_name,
)
from momenta_cli.errors import RuleError
from momenta_cli.text import echo, squares_text

T = TypeVar("T")

DODGE_COST = 2  # ch19 Reactions table
DEFLECT_COST = 1  # ch19 Deflect
REACTIVE_ATTACK_COST = 2  # ch19 Counterattack, Intercept, Forestall
CUMBERSOME_COST = 3  # R21: attacks and reactions with a Cumbersome weapon


@dataclass(frozen=True)
class DefenseUsed(Event):
    """A reactive defense is spent: a weapon that Deflected (no more Deflects with it until
    its wielder's next turn starts, R27) or a use of an enemy's scripted defense (R7)."""

    kind: ClassVar[str] = "defense_used"
    touches_round: ClassVar[bool] = False
    name: str
    defense: str
    weapon: str | None = None
    used: int = 1  # uses of ``defense`` this round, this one included
    uses: int = 1  # uses allowed per round

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        if self.weapon is not None:
            f.deflected.append(self.weapon)
        else:
            f.defense_uses[self.defense] = self.used


@dataclass(frozen=True)
class Defense:
    """A declared reactive defense, ready to roll: ``auto`` for a Grunt (R7)."""

    label: str
    parts: Pool
    auto: int | None = None


# --- pools -------------------------------------------------------------------------------


def attribute_parts(f: Fighter, attr: str) -> Pool:
    """An attribute roll's pool (R2): the attribute, armour on AGI rolls (reference
    numbers: the AGI penalty applies to every AGI roll, Dodge too), Impaired on every roll
    but LUCK (condition table)."""
    return Pool(attribute_pairs(f, attr))


def attribute_pairs(f: Fighter, attr: str) -> list[tuple[str, int]]:
    """``attribute_parts`` as a list, for a pool still being built (the attack's), or
    weighed and thrown away (the simulator asks for thousands)."""
    parts = [(attr, f.spec.attr(attr))]
    if attr == "AGI" and f.spec.armor_penalty:
        parts.append(("armour", -f.spec.armor_penalty))
    if attr != "LUCK" and f.has("Impaired"):
        parts.append(("Impaired", -f.stacks("Impaired")))
    return parts


def attribute_options(w: WeaponSpec) -> tuple[str, ...]:
    """The attributes a weapon may roll: ``either`` is POW or AGI (ch20 step 1)."""
    return ("POW", "AGI") if w.attribute == "either" else (w.attribute,)


def best_attribute(f: Fighter, options: Sequence[str]) -> str:
    """The option giving the biggest pool (the first on a tie): what a player would pick."""
    if len(options) == 1:  # most weapons roll one attribute: nothing to weigh
        return options[0]
    return max(options, key=lambda a: (sum(n for _, n in attribute_pairs(f, a)),
                                       -list(options).index(a)))


# --- weapons -----------------------------------------------------------------------------


def pick(items: Sequence[T], text: str, name: Callable[[T], str], what: str) -> T:
    """The one item ``text`` names as the GM types names (docs/commands.md: exact, else an
    unambiguous prefix of the name or of one of its words, any case), or a RuleError
    listing the choices."""
    hits = candidates(items, text, key=name, words=True) if text.strip() else []
    if len(hits) == 1:  # the usual case, without building the message for a miss
        return hits[0]
    has = ", ".join(name(x) for x in items) or "none"
    return match_name(items, text, key=name, words=True, head=f"{what} {echo(text)}",
                 missing=f"{what} {echo(text)} (has: {has})")


def pick_weapon(f: Fighter, text: str) -> WeaponSpec:
    """``f``'s weapon named by ``text``."""
    return pick(f.spec.weapons, text, by_name, f"{f.name} has no weapon")


def reactive_cost(w: WeaponSpec, base: int) -> int:
    """R21: a Cumbersome weapon makes its attacks and reactions cost 3 Vigor."""
    return CUMBERSOME_COST if w.has("Cumbersome") else base


# --- the Warrior's reactions (ch19, R37) ----------------------------------------------------


def why_not_granted(fight: Fight | None, f: Fighter, reaction: str) -> str | None:
    """R37: Deflect and Counterattack come with the Warrior archetype (ch19): an ally
    has them when its stat block grants them (``archetype: Warrior`` or ``reactions:``),
    or every ally does with the setting ``warrior_reactions_for_all``. Why ``f`` may not
    take ``reaction``, or None. Enemies are refused for being enemies (R7), elsewhere;
    without a ``fight`` the setting is unknown and only the stat block is read."""
    if reaction not in WARRIOR_REACTIONS or f.spec.is_enemy or reaction in f.spec.reactions:
        return None
    if fight is not None and fight.settings.warrior_reactions_for_all:
        return None
    return f"{f.name} cannot {reaction}: only a Warrior may (R37)"


def check_granted(fight: Fight | None, f: Fighter, reaction: str) -> None:
    """``why_not_granted`` as a refusal."""
    why = why_not_granted(fight, f, reaction)
    if why:
        raise RuleError(why)


# --- reactive defenses (ch19 Reactions, R7, R27) -------------------------------------------


def _check_defensible(t: Fighter, attack_weapon: WeaponSpec, what: str) -> None:
    if attack_weapon.has("Indefensible"):
        raise RuleError(f"{attack_weapon.name} is Indefensible: {t.name} cannot {what} it "
                        "(ch19 Indefensible Attacks; Brace or Counterattack still allowed)")


def dodge(fight: Fight, t: Fighter, attack_weapon: WeaponSpec) -> tuple[list[Event], Defense]:
    """ch19 Dodge: 2 Vigor, oppose any attack with AGI. Hindered forbids it (condition
    table, checked by the economy). Whether ``t`` may react at all is checked first, so
    the refusal names the real reason."""
    if t.spec.is_enemy:
        raise RuleError(f"{t.name} is an enemy: it cannot Dodge; use 'defend' for its "
                        "scripted defense (R7)")
    check_can_react(t, "Dodge")
    _check_defensible(t, attack_weapon, "Dodge")
    events = pay_reaction(t, "Dodge", DODGE_COST)
    return events, Defense("Dodge", attribute_parts(t, "AGI"))


def _why_no_deflect(t: Fighter, d: WeaponSpec, attack_weapon: WeaponSpec) -> str | None:
    if not (d.has("Deflect") or d.has("Shield")):
        return f"{d.name} has neither the Deflect nor the Shield tag"
    if d.name in t.deflected:
        return f"{d.name} already deflected since {t.name}'s turn started (R27)"
    if attack_weapon.has("Spell") and not d.has("Shield"):
        return f"only a Shield can Deflect a spell, and {d.name} is not one (ch19 Deflect)"
    if not d.has("Shield") and d.weight < attack_weapon.weight:
        return (f"{d.name} ({d.weight.name}) is lighter than {attack_weapon.name} "
                f"({attack_weapon.weight.name}) (ch19 Deflect)")
    return None


def deflect(fight: Fight, t: Fighter, attack_weapon: WeaponSpec, mode: str,
            chosen: str | None) -> tuple[list[Event], Defense]:
    """ch19 Deflect: 1 Vigor (3 with a Cumbersome weapon, R21), only against melee
    attacks; a Deflect weapon must weigh at least as much as the attacking one, a Shield
    needs no match and alone stops spells; each weapon once until the defender's next
    turn starts (R27). The weapon's attribute opposes the attack. Whether ``t`` may react
    at all is checked before its weapons, so a Broken defender hears it is Broken, and
    then whether its stat block grants Deflect (R37)."""
    if t.spec.is_enemy:
        raise RuleError(f"{t.name} is an enemy: it cannot Deflect; use 'defend' for its "
                        "scripted defense (R7)")
    check_can_react(t, "Deflect")
    check_granted(fight, t, "Deflect")
    _check_defensible(t, attack_weapon, "Deflect")
    if mode != "melee":
        raise RuleError("Deflect answers melee attacks only (ch19 Deflect)")
    if chosen is not None:
        d = pick_weapon(t, chosen)
        why = _why_no_deflect(t, d, attack_weapon)
        if why:
            raise RuleError(f"{t.name} cannot Deflect with {d.name}: {why}")
    else:
        usable = [d for d in t.spec.weapons if _why_no_deflect(t, d, attack_weapon) is None]
        if not usable:
            reasons = [_why_no_deflect(t, d, attack_weapon) for d in t.spec.weapons
                       if d.has("Deflect") or d.has("Shield")]
            detail = "; ".join(r for r in reasons if r) or "no Deflect or Shield weapon"
            raise RuleError(f"{t.name} has nothing to Deflect {attack_weapon.name} with: "
                            f"{detail}")
        d = max(usable, key=lambda x: attribute_parts(
            t, best_attribute(t, attribute_options(x))).total)
    events = pay_reaction(t, f"Deflect ({d.name})",
                          reactive_cost(d, DEFLECT_COST))
    events.append(DefenseUsed(t.name, "Deflect", d.name))
    attr = best_attribute(t, attribute_options(d))
    return events, Defense(f"Deflect ({d.name})", attribute_parts(t, attr))


def _against(d: DefenseSpec, attack_weapon: WeaponSpec, mode: str) -> bool:
    if d.against == "any":
        return True
    if d.against == "spell":
        return attack_weapon.has("Spell")
    return d.against == mode


def scripted(t: Fighter, attack_weapon: WeaponSpec, mode: str,
             chosen: str | None) -> tuple[list[Event], Defense]:
    """R7 and "Tracker calls": an enemy's scripted defense is its reactive defense. It
    opposes only the kinds of attack in ``against``, ``uses`` times a round, never an
    Indefensible attack, and not while Surprised or Broken. A Grunt never rolls."""
    if not t.spec.is_enemy:
        raise RuleError(f"{t.name} is not an enemy: only enemies have scripted defenses "
                        "(R7); use dodge or deflect")
    if not t.spec.defenses:
        raise RuleError(f"{t.name} has no scripted defense")
    for cond in ("Surprised", "Broken"):
        if t.has(cond):
            raise RuleError(f"{t.name} is {cond}: no defenses (docs/rulings.md, Tracker calls)")
    _check_defensible(t, attack_weapon, "defend against")

    def why_not(d: DefenseSpec) -> str | None:
        if not _against(d, attack_weapon, mode):
            kind = "spell" if attack_weapon.has("Spell") else mode
            return f"{d.name} works against {d.against} attacks, not a {kind} one"
        if t.defense_uses.get(d.name, 0) >= d.uses:
            return f"{d.name} is used up this round ({d.uses} per round, R7)"
        return None

    if chosen is not None:
        d = pick(t.spec.defenses, chosen, by_name, f"{t.name} has no defense")
        why = why_not(d)
        if why:
            raise RuleError(f"{t.name} cannot use {why}")
    else:
        usable = [d for d in t.spec.defenses if why_not(d) is None]
        if not usable:
            detail = "; ".join(filter(None, (why_not(d) for d in t.spec.defenses)))
            raise RuleError(f"{t.name} has no defense to use: {detail}")
        d = max(usable, key=lambda x: x.pool)
    used = t.defense_uses.get(d.name, 0) + 1
    parts = [("pool", d.pool)]
    if t.has("Impaired"):
        parts.append(("Impaired", -t.stacks("Impaired")))
    auto = 1 if t.spec.threat == "Grunt" else None
    return [DefenseUsed(t.name, d.name, None, used, d.uses)], Defense(d.name, Pool(parts), auto)


def declare_defense(fight: Fight, t: Fighter, attack_weapon: WeaponSpec, mode: str,
                    choice: str, chosen: str | None) -> tuple[list[Event], Defense]:
    """The events and plan of the target's one reactive defense (R27)."""
    if choice == "dodge":
        if chosen is not None:
            raise RuleError("Dodge uses no weapon")
        return dodge(fight, t, attack_weapon)
    if choice == "deflect":
        return deflect(fight, t, attack_weapon, mode, chosen)
    if choice == "defend":
        return scripted(t, attack_weapon, mode, chosen)
    raise RuleError(f"unknown defense {choice!r} (dodge, deflect or defend)")


# --- reactive attacks and Brace -----------------------------------------------------------


def check_reactive_weapon(w: WeaponSpec, what: str, distance: int | None) -> None:
    """ch19 Counterattack, Intercept, Forestall: an equipped melee weapon that reaches
    (Forestall: a Reflexive one). Without a map the GM states the distance (R28)."""
    if not w.is_melee:
        raise RuleError(f"{what} needs a melee weapon; {w.name} is not one (ch19 Reactions)")
    if what == "Forestall" and not w.has("Reflexive"):
        raise RuleError(f"Forestall needs a Reflexive melee weapon; {w.name} is not "
                        "Reflexive (ch19 Forestall)")
    if distance is not None and w.melee is not None and distance > w.melee:
        raise RuleError(f"{w.name} reaches {squares_text(w.melee)}, the target is {distance} "
                        f"away: no {what} (ch19 Reactions)")


def check_brace(fight: Fight, t: Fighter, attack_weapon: WeaponSpec, deals_damage: bool
                ) -> None:
    """ch19 Brace: a free reaction to being about to take damage from an attack (not a
    Grab, Shove or Feint). Against Strain it is accepted and does nothing (ch20
    Resistance and Weakness: Brace does nothing against attacks that deal Strain): the
    resolution says so and leaves the target standing, as a Brace nothing gets past."""
    check_can_react(t, "Brace")
    if not deals_damage:
        raise RuleError("Brace answers damage; this attack deals none")


# --- what a target may still declare (for the prompt's completion) -----------------------


@dataclass(frozen=True)
class Open:
    """The reactions a target may declare against one attack right now, as the deciders
    above would allow them: Dodge, Deflect (with which weapons), a scripted defense (which
    ones), Counterattack and Brace."""

    dodge: bool = False
    deflect_with: tuple[str, ...] = ()
    defenses: tuple[str, ...] = ()
    counter: bool = False
    brace: bool = False


def _allowed(check: Callable[[], object]) -> bool:
    try:
        check()
    except RuleError:
        return False
    return True


def open_reactions(fight: Fight, t: Fighter, attack_weapon: WeaponSpec | None = None,
                   mode: str | None = None) -> Open:
    """What ``t`` may declare against an attack made with ``attack_weapon`` (ch19
    Reactions, R7, R27; Deflect and Counterattack only when granted, R37); with no weapon
    known, every reaction some attack would allow.
    ``mode`` is "melee" or "ranged" (default: the weapon's own)."""
    if attack_weapon is None:
        # the lightest melee attack: the one the most reactions may answer
        attack_weapon = WeaponSpec("an attack", DamageTable((0,)), Weight.Light)
    if mode is None:
        mode = "melee" if attack_weapon.is_melee else "ranged"
    w = attack_weapon
    if t.spec.is_enemy:
        defenses = tuple(d.name for d in t.spec.defenses
                         if _allowed(partial(scripted, t, w, mode, d.name)))
        return Open(defenses=defenses)
    deflect_with = tuple(d.name for d in t.spec.weapons
                         if (d.has("Deflect") or d.has("Shield"))
                         and _allowed(partial(deflect, fight, t, w, mode, d.name)))
    melee = [x for x in t.spec.weapons if x.is_melee]
    counter = bool(melee) and mode == "melee" and not why_not_granted(
        fight, t, "Counterattack") and _allowed(lambda: pay_reaction(
        t, "Counterattack", min(reactive_cost(x, REACTIVE_ATTACK_COST) for x in melee)))
    # Brace against Strain is accepted but does nothing (check_brace): not offered
    return Open(dodge=_allowed(lambda: dodge(fight, t, w)), deflect_with=deflect_with,
                counter=counter, brace=not w.strain
                and _allowed(lambda: check_brace(fight, t, w, True)))
