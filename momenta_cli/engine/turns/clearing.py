"""End-of-turn condition clearing (ch18 Taking a Turn, draft 22, R15, R16, R30).

Runs once, at the end of a fighter's last turn of the round.
"""

from __future__ import annotations

from momenta_cli.engine.core import (
    Ask,
    ConditionChanged,
    Event,
    Fight,
    Fighter,
    OnesRoller,
    Pool,
    Roller,
    StackCheck,
    Typed,
    applied,
    consult,
    dice_thrown,
    match_name,
    roll_pool,
)
from momenta_cli.engine.harm import condition_def, deal_harm, goes_down, lose_condition, resist_weak
from momenta_cli.errors import RuleError
from momenta_cli.rules import PHYSICAL, damage_types

CHECKS = {"Faltering": False, "Unraveling": True}  # condition -> failure means Lost


def roll_to_clear_pool(f: Fighter, attributes: tuple[str, ...]) -> tuple[str, int]:
    """The best of the condition's attributes, less Impaired (draft 22) and, for AGI,
    armour (reference numbers: the AGI penalty applies to every AGI roll)."""
    best: tuple[str, int] | None = None
    for attr in attributes or ("POW",):
        pool = f.spec.attr(attr) - f.stacks("Impaired")
        if attr == "AGI":
            pool -= f.spec.armor_penalty
        if best is None or pool > best[1]:
            best = (attr, pool)
    assert best is not None
    return best


def match_typed(f: Fighter, fight: Fight, typed: dict[str, Typed]) -> dict[str, Typed]:
    """Resolve the GM's typed clear results to the fighter's roll-to-clear conditions."""
    out: dict[str, Typed] = {}
    if typed and f.spec.is_enemy and fight.settings.enemy_clearing == "by_class":
        threat = f.spec.threat or ""
        article = "an" if threat[:1] in "AEIOU" else "a"
        how = ("never rolls" if threat in ("Grunt", "Regular")
               else "sheds conditions by its class")
        raise RuleError(f"{f.name} is {article} {threat}: it {how} and does not roll to "
                        "clear (R30)")
    rollable = [n for n in f.conditions if condition_def(fight, n).clear == "roll"]
    for key, value in typed.items():
        name = match_name(rollable, key, what="condition",
                     missing=f"{f.name} has no roll-to-clear condition {key!r}")
        out[name] = value
    return out


def end_of_turn(scratch: Fight, f: Fighter, roller: Roller, typed: dict[str, Typed]
                ) -> list[Event]:
    """Events for the end-of-turn step: each condition in the order gained.

    ``scratch`` is a copy of the fight that the caller owns, ``f`` one of its fighters:
    each event is applied to it as soon as it is decided, so the next condition's
    clearing sees it, and the caller holds the state after the step without copying
    again."""
    typed = match_typed(f, scratch, typed)
    events: list[Event] = []
    for name in list(f.conditions):
        if f.out or name not in f.conditions:
            continue
        events += _clear_one(scratch, f, name, roller, typed.get(name))
    return events


def _clear_one(fight: Fight, f: Fighter, name: str, roller: Roller, typed: Typed | None
               ) -> list[Event]:
    """The events clearing ``name``, applied to ``fight`` (the end-of-turn scratch)."""
    c = f.conditions[name]
    d = condition_def(fight, name)
    if c.hold:  # R16: inflicted after it acted; lasts through this end of turn
        return applied(fight, [ConditionChanged(f.name, name, c.stacks, c.stacks, "held",
                                                c.source, False)])
    if name in CHECKS:
        return applied(fight, _check(fight, f, name, roller))
    if d.clear == "persistent":
        return []
    # Wracked's damage first, then it clears like any other (R30), seeing that damage
    hurt = applied(fight, _wracked(fight, f, roller)) if name == "Wracked" else []
    return hurt + applied(fight, _lose_stacks(fight, f, name, c.stacks, d.clear, d.attributes,
                                              roller, typed))


def _lose_stacks(fight: Fight, f: Fighter, name: str, stacks: int, clear: str,
                 attributes: tuple[str, ...], roller: Roller, typed: Typed | None
                 ) -> list[Event]:
    """The stacks of ``name`` that go: by the enemy's class (R30), one for an auto-clear
    condition, or the successes of a roll to clear (``stacks``: those it had before its
    turn ended)."""
    if f.spec.is_enemy and fight.settings.enemy_clearing == "by_class":
        return _enemy_clear(fight, f, name, clear)
    if clear == "auto":
        return lose_condition(fight, f, name, 1, reason="auto-clear")
    attr, pool = roll_to_clear_pool(f, attributes)
    face = fight.settings.success_face
    if typed is None and not f.spec.is_enemy:  # R15: the player rolls to clear
        ask = Ask("clear_roll", f.name, False, ("clear", name), pool=Pool([(attr, pool)]),
                  dice=dice_thrown(pool), label=f"{f.name} clears {name}", condition=name,
                  attribute=attr)
        typed = consult(roller, ask, lambda given: roll_pool(pool, OnesRoller(), face, given))
    roll = roll_pool(pool, roller, face, typed, attribute=attr)
    events = lose_condition(fight, f, name, roll.successes, reason="roll", roll=roll)
    if name == "Grabbed" and roll.successes >= stacks:
        events += _grab_over(fight, f)
    return events


def _grab_over(fight: Fight, f: Fighter) -> list[Event]:
    """ch19 Grab: once every Grabbed stack is gone the grabber no longer holds ``f``."""
    from momenta_cli.engine.movement import end_grab, grabbers_of

    return [end_grab(g, f, "all stacks cleared") for g in grabbers_of(fight, f)]


def _enemy_clear(fight: Fight, f: Fighter, name: str, clear: str) -> list[Event]:
    """R30: Grunts and Regulars never roll; Elites and Champions shed 1 stack of each;
    a Nemesis sheds every auto and roll-to-clear condition."""
    threat = f.spec.threat
    if threat == "Nemesis":
        events = lose_condition(fight, f, name, None, reason="class")
        return events + (_grab_over(fight, f) if name == "Grabbed" else [])
    if clear == "auto":
        return lose_condition(fight, f, name, 1, reason="auto-clear")
    if threat in ("Elite", "Champion"):
        events = lose_condition(fight, f, name, 1, reason="class")
        if name == "Grabbed" and f.stacks(name) <= 1:
            events += _grab_over(fight, f)
        return events
    return []


def _check(fight: Fight, f: Fighter, name: str, roller: Roller) -> list[Event]:
    """Faltering / Unraveling (condition table): a d6 above the stacks adds a stack;
    otherwise a LUCK roll, where 0 successes means Defeated (Faltering) or Lost
    (Unraveling) and anything else adds a stack."""
    stacks = f.stacks(name)
    d6 = roller.roll(1)[0]
    info = StackCheck(d6, stacks)
    if d6 <= stacks:
        luck = roll_pool(f.spec.attr("LUCK"), roller, fight.settings.success_face,
                         attribute="LUCK")
        info = StackCheck(d6, stacks, luck)
        if luck.successes == 0:
            down = goes_down(fight, f, lost=CHECKS[name],
                                    reason=f"{name} check failed")
            return [ConditionChanged(f.name, name, stacks, stacks, "check", f.conditions[name]
                                     .source, False, info), *down]
    src = f.conditions[name].source
    return [ConditionChanged(f.name, name, stacks, stacks + 1, "check", src, False, info)]


def _wracked(fight: Fight, f: Fighter, roller: Roller) -> list[Event]:
    """Wracked (type): 2 x stacks damage of its type, skipping Guard; the type (kept as the
    condition's source) meets resistance and weakness."""
    c = f.conditions["Wracked"]
    amount = 2 * c.stacks
    types = wracked_types(fight, c.source or "")
    low = {t.lower() for t in types}
    resist = bool(low & {r.lower() for r in f.spec.resistances})  # R9: any of them
    weak = bool(low & {w.lower() for w in f.spec.weaknesses})
    amount = resist_weak(amount, resist, weak)
    kind = "Physical" if len(types) > 1 else (types[0] if types else "")
    return deal_harm(fight, f, amount, roller, reason=f"Wracked {kind}".strip())


def wracked_types(fight: Fight, text: str) -> tuple[str, ...]:
    """The damage types of a Wracked source, matched without case against the known
    types (the shipped ones and every one the encounter's combatants and weapons name);
    Physical is Slashing + Piercing + Crushing (ch20 Resistance and Weakness)."""
    low = text.strip().lower()
    if not low:
        return ()
    physical, other = damage_types()
    if low == PHYSICAL.lower():
        return tuple(physical)
    known: list[str] = [*physical, *other]
    enc = fight.encounter
    specs = [*enc.combatants, *enc.stat_blocks.values(),
             *(f.spec for f in fight.fighters.values())]
    for spec in specs:
        known += [*spec.resistances, *spec.weaknesses]
        for w in spec.weapons:
            known += [*w.damage_types, *w.type_options]
    for w in enc.weapons.values():
        known += [*w.damage_types, *w.type_options]
    for k in known:
        if k.lower() == low:
            return (k,)
    return (text.strip(),)
