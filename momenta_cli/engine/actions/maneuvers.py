"""Deciding the maneuvers of chapter 19 that are neither attacks (``engine/attack/resolution.py``)
nor movement (``engine/movement/move_shift.py``): Use Consumable, Hide, Shake It Off, Catch Your
Breath, Steady Yourself, Surge, Cast a Spell, Limit Break.

Every payment and lockout goes through ``economy.pay_maneuver``; deciders never change the
fight they are given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from momenta_cli.engine.actions.economy import check_can_maneuver, pay_maneuver
from momenta_cli.engine.core import (
    Command,
    Event,
    Fight,
    Fighter,
    ResourceSet,
    Roll,
    Roller,
    Typed,
    WeaponSpec,
    actor,
    apply_all,
    candidates,
    exact_fighter,
    find_fighter,
    handles,
    roll_pool,
)
from momenta_cli.engine.harm import add_strain, gain_condition, lose_condition
from momenta_cli.engine.movement import GrabEnded, end_grab, grabbers_of
from momenta_cli.errors import RuleError
from momenta_cli.rules import consumables
from momenta_cli.text import clip, echo

SHAKEABLE = ("Exhausted", "Grabbed", "Hindered", "Vulnerable")  # R29

# --- commands --------------------------------------------------------------------------


@dataclass(frozen=True)
class UseConsumable(Command):
    """``words``: [NAME] [ITEM ...]; resolved against the fight (names first)."""

    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hide(Command):
    """Hidden when the GM confirms (``roll`` False) or on an AGI roll with 1+ success."""

    name: str | None = None
    roll: bool = False
    typed: Typed | None = None


@dataclass(frozen=True)
class ShakeItOff(Command):
    """``words``: [NAME] [CONDITION]."""

    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class CatchBreath(Command):
    name: str | None = None


@dataclass(frozen=True)
class SteadyYourself(Command):
    name: str | None = None


@dataclass(frozen=True)
class Surge(Command):
    """Gain ``amount`` Vigor (None: as much as allowed) at 2 Strain each."""

    name: str | None = None
    amount: int | None = None


@dataclass(frozen=True)
class CastSpell(Command):
    """``other``: the GM says ``spell`` is none of the caster's attack spells (``--``)."""

    name: str | None
    cost: int
    spell: str = ""
    other: bool = False


@dataclass(frozen=True)
class LimitBreak(Command):
    name: str | None = None
    what: str = ""


# --- events ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Surged(Event):
    """ch19 Surge: Vigor gained (the Strain is its own events); no more Surge this turn."""

    kind: ClassVar[str] = "surged"
    touches_round: ClassVar[bool] = False
    name: str
    gained: int
    vigor_from: int
    vigor_to: int
    strain: int

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        f.vigor = self.vigor_to
        f.surged = True


@dataclass(frozen=True)
class ConsumableUsed(Event):
    kind: ClassVar[str] = "consumable_used"
    touches_round: ClassVar[bool] = False
    name: str
    item: str
    before: int
    after: int
    effect: str = ""

    def apply(self, fight: Fight) -> None:
        fight.get(self.name).consumables = self.after


# --- shipped consumables ---------------------------------------------------------------


def _item(text: str) -> dict[str, Any] | None:
    """The shipped consumable ``text`` names unambiguously, if any."""
    items = consumables()
    hits = candidates(items, text)
    return items[hits[0]] if len(hits) == 1 else None


# --- helpers ---------------------------------------------------------------------------


def _split_actor(fight: Fight, words: tuple[str, ...], is_other) -> tuple[Fighter, list[str]]:
    """[NAME] REST: an exact name first, then something ``is_other`` recognises (the
    active fighter acts), then a name prefix."""
    if not words:
        return actor(fight, None), []
    first, rest = words[0], list(words[1:])
    f = exact_fighter(fight, first)
    if f is not None:
        return f, rest
    if fight.active is not None and is_other(" ".join(words)):
        return actor(fight, None), list(words)
    try:
        return find_fighter(fight, first), rest
    except RuleError:
        if fight.active is None:
            raise
        return actor(fight, None), list(words)


# --- deciders --------------------------------------------------------------------------


@handles(UseConsumable)
def use_consumable(fight: Fight, cmd: UseConsumable, roller: Roller) -> list[Event]:
    """ch19 Use Consumable: 1 Vigor and a consumable point. A shipped item applies its
    effect (data/consumables.yaml, ours); any other item is described and the GM applies
    it."""
    f, rest = _split_actor(fight, cmd.words, lambda text: _item(text) is not None)
    events = pay_maneuver(fight, f, "Use Consumable", 1)
    if f.consumables <= 0:
        raise RuleError(f"{f.name} has no consumable points left")
    label = " ".join(rest)
    item = _item(label) if label else None
    name = item["name"] if item else (label or "a consumable")
    effect = item.get("effect", "") if item else ""
    events.append(ConsumableUsed(f.name, name, f.consumables, f.consumables - 1, effect))
    if item and item.get("heal"):
        top = f.spec.max_vitality
        events.append(ResourceSet(f.name, "vitality", f.vitality,
                                  min(f.vitality + int(item["heal"]), top), name))
    if item and item.get("relieve"):
        events.append(ResourceSet(f.name, "strain", f.strain,
                                  max(f.strain - int(item["relieve"]), 0), name))
    return events


@handles(Hide)
def hide(fight: Fight, cmd: Hide, roller: Roller) -> list[Event]:
    """ch19 Hide: 1 Vigor. Ours: the GM confirms the conditions for hiding (plain ``hide``),
    or asks for an AGI roll (``hide roll``): 1+ success hides. Armour's AGI penalty and
    Impaired reduce the pool. The Vigor is spent either way."""
    f = actor(fight, cmd.name)
    if f.has("Hidden"):
        raise RuleError(f"{f.name} is already Hidden")
    if "Hidden" in f.spec.immunities:
        raise RuleError(f"{f.name} cannot become Hidden")
    events = pay_maneuver(fight, f, "Hide", 1)
    if not cmd.roll:
        return events + gain_condition(fight, f, "Hidden", 1, source="hide", reason="hide")
    pool = f.spec.attr("AGI") - f.spec.armor_penalty - f.stacks("Impaired")
    roll = roll_pool(pool, roller, fight.settings.success_face, cmd.typed, attribute="AGI")
    events.append(HideRolled(f.name, roll, roll.successes > 0))
    if roll.successes > 0:
        events += gain_condition(fight, f, "Hidden", 1, source="hide", reason="hide")
    return events


@dataclass(frozen=True)
class HideRolled(Event):
    kind: ClassVar[str] = "hide_rolled"
    touches_round: ClassVar[bool] = False
    name: str
    roll: Roll
    hidden: bool
    readers: ClassVar[Mapping[str, Callable[[Any], Any]]] = {"roll": Roll.from_dict}

    def apply(self, fight: Fight) -> None:
        return None


def _shakeable_name(text: str) -> str | None:
    hits = candidates(SHAKEABLE, text)
    return hits[0] if len(hits) == 1 else None


@handles(ShakeItOff)
def shake_it_off(fight: Fight, cmd: ShakeItOff, roller: Roller) -> list[Event]:
    """ch19 Shake It Off / R29: 2 Vigor, one stack of Exhausted, Grabbed, Hindered or
    Vulnerable. The last Grabbed stack ends the grab (ch19 Grab)."""
    f, rest = _split_actor(fight, cmd.words,
                           lambda text: bool(text.split())
                           and _shakeable_name(text.split()[0]) is not None)
    have = [n for n in SHAKEABLE if f.has(n)]
    if rest:
        if len(rest) > 1:
            raise RuleError(f"one condition at a time, got {echo(' '.join(rest))}")
        name = _shakeable_name(rest[0])
        if name is None:
            raise RuleError(f"Shake It Off clears {', '.join(SHAKEABLE)} only (R29), "
                            f"not {echo(rest[0])}")
        if not f.has(name):
            raise RuleError(f"{f.name} has no {name}")
    else:
        if not have:
            raise RuleError(f"{f.name} has none of {', '.join(SHAKEABLE)} to shake off (R29)")
        if len(have) > 1:
            raise RuleError(f"which one? {f.name} has {', '.join(have)}")
        name = have[0]
    events = pay_maneuver(fight, f, "Shake It Off", 2)
    if name == "Grabbed" and f.stacks("Grabbed") == 1:
        grabbers = grabbers_of(fight, f)
        if grabbers:
            return events + [end_grab(g, f, "shaken off") for g in grabbers[:1]] \
                + [GrabEnded(g.name, f.name, 0, "shaken off") for g in grabbers[1:]]
    return events + lose_condition(fight, f, name, 1, reason="shake it off")


@handles(CatchBreath)
def catch_breath(fight: Fight, cmd: CatchBreath, roller: Roller) -> list[Event]:
    """ch19 Catch Your Breath: full turn (R25), 1 Resolve, heal half Max Vitality (R4)."""
    f = actor(fight, cmd.name)
    events = pay_maneuver(fight, f, "Catch Your Breath", 0, full_turn=True)
    if f.resolve < 1:
        raise RuleError(f"{f.name} has no Resolve left to Catch Your Breath")
    heal = f.spec.max_vitality // 2
    return events + [
        ResourceSet(f.name, "resolve", f.resolve, f.resolve - 1, "Catch Your Breath"),
        ResourceSet(f.name, "vitality", f.vitality,
                    min(f.vitality + heal, f.spec.max_vitality), "Catch Your Breath"),
    ]


@handles(SteadyYourself)
def steady(fight: Fight, cmd: SteadyYourself, roller: Roller) -> list[Event]:
    """ch19 Steady Yourself: full turn (R25), clear half Max Strain (R4)."""
    f = actor(fight, cmd.name)
    events = pay_maneuver(fight, f, "Steady Yourself", 0, full_turn=True)
    return events + [ResourceSet(f.name, "strain", f.strain,
                                 max(f.strain - f.spec.max_strain // 2, 0), "Steady Yourself")]


@handles(Surge)
def surge(fight: Fight, cmd: Surge, roller: Roller) -> list[Event]:
    """ch19 Surge / R26: free, own turn, once until the next turn; up to MIND Vigor at 2
    Strain each, never above Max Vigor; not with MIND 0."""
    f = actor(fight, cmd.name)
    if f.spec.is_enemy or f.spec.max_vigor <= 0:
        raise RuleError(f"{f.name} has no Vigor to Surge (R7)")
    check_can_maneuver(fight, f, "Surge")  # the lockouts; Surge is free
    events: list[Event] = []
    if f.surged:
        raise RuleError(f"{f.name} already Surged: not again until its next turn (R26)")
    mind = f.spec.attr("MIND")
    if mind <= 0:
        raise RuleError(f"{f.name} has MIND 0 and cannot Surge (ch19 Surge)")
    room = f.spec.max_vigor - f.vigor
    amount = min(mind, room) if cmd.amount is None else cmd.amount
    if amount < 1:
        raise RuleError(f"{f.name} is at Max Vigor ({f.spec.max_vigor}): nothing to Surge")
    if amount > mind:
        raise RuleError(f"{f.name} can Surge at most MIND = {mind} Vigor (ch19 Surge)")
    if amount > room:
        raise RuleError(f"Surge cannot raise Vigor above Max Vigor {f.spec.max_vigor}: "
                        f"{f.name} can gain {room} (ch19 Surge)")
    events.append(Surged(f.name, amount, f.vigor, f.vigor + amount, 2 * amount))
    scratch = apply_all(fight.draft(), events)
    return events + add_strain(scratch, scratch.get(f.name), 2 * amount, roller,
                                      reason="Surge")


def _attack_spells_named(f: Fighter, text: str) -> list[WeaponSpec]:
    """The attack spells ``f`` carries that ``text`` names or may name: its first word
    (or words) is the spell's name or a prefix of it or of one of its words, whatever
    follows (``frost lance at warden``, ``lance at warden``, ``fire``, ``f``)."""
    words = text.split()
    spells = [w for w in f.spec.weapons if w.has("Spell")]
    for n in range(len(words), 0, -1):  # the longest lead that names something wins
        hits = candidates(spells, " ".join(words[:n]), key=lambda w: w.name, words=True)
        if hits:
            return hits
    return []


@handles(CastSpell)
def cast(fight: Fight, cmd: CastSpell, roller: Roller) -> list[Event]:
    """ch19 Cast a Spell that is no attack: a variable Vigor cost typed by the GM (doubled
    while swimming). An attack spell is cast and paid by its attack (``resolution._pay``)."""
    f = actor(fight, cmd.name)
    if cmd.cost < 0:
        raise RuleError("a spell's cost is 0 or more")
    hits = [] if cmd.other else _attack_spells_named(f, cmd.spell)
    if hits:  # paying here and again in the attack would charge it twice
        names = " or ".join(w.name for w in hits)
        example = hits[0].name.lower()
        raise RuleError(f"{cmd.spell.strip()!r} names the attack spell {names}: cast it with "
                        f"'attack TARGET with {example}', which pays its cost (cast is for "
                        f"spells that are not attacks; for another spell write: cast "
                        f"{cmd.cost} -- {cmd.spell.strip()})")
    what = f"Cast a Spell ({cmd.spell})" if cmd.spell else "Cast a Spell"
    return _pay_labelled(fight, f, what, cmd.cost)


@handles(LimitBreak)
def limit_break(fight: Fight, cmd: LimitBreak, roller: Roller) -> list[Event]:
    """ch19 Limit Break: full turn (R25), no Vigor; its effect is the GM's."""
    f = actor(fight, cmd.name)
    what = f"Limit Break ({cmd.what})" if cmd.what else "Limit Break"
    return _pay_labelled(fight, f, what, 0, full_turn=True)


def _pay_labelled(fight: Fight, f: Fighter, what: str, cost: int, *,
                  full_turn: bool = False) -> list[Event]:
    """``pay_maneuver`` for a maneuver labelled with the GM's own words (``Cast a Spell
    (Ward of Thorns)``): the event keeps them whole, a refusal quotes them short."""
    try:
        return pay_maneuver(fight, f, what, cost, full_turn=full_turn)
    except RuleError as err:
        head, _, words = what.partition(" (")
        short = f"{head} ({clip(words[:-1])})" if words else what
        raise RuleError(str(err).replace(what, short)) from None


