"""Attacks (ch20 Attacking; ch19 Basic Attack, Shove, Grab, Feint, Counterattack,
Intercept, Forestall): paying, the target's reactions, the roll, and what the net
successes do. What is fixed before the roll is in ``attack/plan.py`` (the ``Attack``
command and its checks) and ``attack/pools.py`` (the pool); what Grab, Shove and Feint do
instead of damage is in ``attack/effects.py``.

One ``Attack`` command carries everything declared before the roll (R27): the weapon,
hit location and situation, and the target's reactive defense or Counterattack, and
whether it Braces. Deciding it pays for the maneuver (or reaction), resolves a
Counterattack first, rolls the attack and then the defense, and turns the net successes
into damage (R3, R5, R8, R9) or the maneuver's effect.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from momenta_cli.engine.actions import (
    check_may_maneuver,
    check_stated_cost,
    pay_maneuver,
    pay_reaction,
)
from momenta_cli.engine.attack.area_attack import aimed, area_note
from momenta_cli.engine.attack.attack_events import AttackDamage, AttackRolled
from momenta_cli.engine.attack.decision_points import brace_ask, dice_ask, reaction_ask
from momenta_cli.engine.attack.defense import (
    REACTIVE_ATTACK_COST,
    Defense,
    check_brace,
    declare_defense,
    reactive_cost,
)
from momenta_cli.engine.attack.effects import effect
from momenta_cli.engine.attack.parts import COUNTER_STEP, PartPath, target_path
from momenta_cli.engine.attack.plan import MOVEMENT_REACTIONS, REACTIVE, Attack, Plan, plan_attack
from momenta_cli.engine.attack.pools import attack_pool, solid_hit
from momenta_cli.engine.core import (
    Ask,
    Event,
    Fight,
    Fighter,
    Note,
    OnesRoller,
    Option,
    Pool,
    ResourceSet,
    Roll,
    Roller,
    Typed,
    WeaponSpec,
    actor,
    applied,
    apply_all,
    consult,
    find_fighter,
    handles,
    roll_pool,
)
from momenta_cli.engine.harm import (
    add_strain,
    deal_harm,
    gain_condition,
    lose_condition,
    meets,
    reaching,
    reminder_events,
)
from momenta_cli.engine.movement import MoveAnswered
from momenta_cli.errors import RuleError

MANEUVER_COST = 2  # ch19 Maneuvers: each of the four costs 2 Vigor


# --- events ------------------------------------------------------------------------------


# --- deciding --------------------------------------------------------------------------------


def attack_cost(w: WeaponSpec, maneuver: str = "Basic Attack", stated: int | None = None
                ) -> int:
    """The Vigor an attack with ``w`` costs before R24's swimming doubles it (enemies pay
    with their maneuver count instead, R7): ch19, the four attack maneuvers cost 2 on
    one's own turn and the reactive attacks (``maneuver`` in ``REACTIVE``) 2 as
    reactions; Cumbersome makes either 3 (R21). A spell costs what its data says, or
    ``stated``, the cost the GM typed (which wins). Raises ``RuleError`` for a cost
    stated for anything but a spell. ``_pay`` charges this; ``odds`` and the simulator
    ask it."""
    check_stated_cost(w, stated)
    if maneuver in REACTIVE:
        return reactive_cost(w, REACTIVE_ATTACK_COST)
    if stated is not None:  # typed at the table: it wins
        return stated
    if w.has("Spell") and w.cost is not None:  # the cost the spell's data gives
        return w.cost
    return reactive_cost(w, MANEUVER_COST)


def _pay(fight: Fight, a: Fighter, p: Plan, cmd: Attack) -> list[Event]:
    """Pay ``attack_cost`` as a reaction (a reactive attack) or as a maneuver."""
    w = p.weapon
    cost = attack_cost(w, cmd.maneuver, cmd.cost)
    if cmd.maneuver in REACTIVE:
        return pay_reaction(a, f"{cmd.maneuver} ({w.name})", cost)
    label = f"Cast a Spell ({w.name})" if w.has("Spell") else f"{cmd.maneuver} ({w.name})"
    return pay_maneuver(fight, a, label, cost)


def _roll(fight: Fight, parts: Pool, roller: Roller, typed: Typed | None, auto: int | None,
          ask: Ask) -> Roll:
    """The roll of ``parts``: the dice typed on the line, a Grunt's successes (R7), or
    the dice asked at ``ask`` once the pool is known (the tracker's when unanswered)."""
    face = fight.settings.success_face
    if typed is None and auto is None:
        typed = consult(roller, ask, lambda given: roll_pool(parts.total, OnesRoller(), face,
                                                            _typed(given)))
    return roll_pool(parts.total, roller, face, typed, auto)


def _typed(given: Any) -> Typed:
    if not isinstance(given, Typed):
        raise RuleError("a roll is answered with its faces or its successes")
    return given


@handles(Attack)
def decide_attack(fight: Fight, cmd: Attack, roller: Roller) -> list[Event]:
    return resolve(fight, cmd, roller)


def check_reactions(fight: Fight, x: Attack, t: Fighter, p: Plan) -> None:
    """R27: one reaction per trigger; ch19 Brace: only against damage."""
    if x.defense is not None and x.counter is not None:
        raise RuleError("one reaction per trigger: a Counterattack and a reactive defense "
                        "both answer being targeted (R27)")
    if x.defense_typed is not None and x.defense is None:
        raise RuleError(f"a defense roll was typed for {t.name}, but no defense declared")
    if x.counter is not None and p.mode != "melee":
        raise RuleError("Counterattack answers melee attacks only (ch19 Counterattack)")
    if x.brace:
        check_brace(fight, t, p.weapon, p.deals_damage)
    if x.together and p.maneuver != "Shove":
        raise RuleError("'together' is said of a Shove that keeps a grab together")
    if (x.push_reactions or x.push_said) and p.maneuver != "Shove":
        raise RuleError("a push is answered on a shove's line; a movement on its move "
                        "line (R35)")
    if x.push_reactions:  # before the roll: a wrong answer is wrong whatever it rolls
        from momenta_cli.engine.movement import check_answers

        check_answers(fight, fight.get(p.attacker), t, x.push_reactions)


def resolve(fight: Fight, cmd: Attack, roller: Roller) -> list[Event]:
    """Events of one attack: payment, each target's declared reactions, Counterattacks
    (resolved first, R27), the roll, then damage or the maneuver's effect per target.

    An Area attack (R22) may name several targets (``also``): a weapon rolls once for all
    of them, a spell once per target; each target defends on its own."""
    return _resolve(fight.draft(), cmd, roller, ())


def rolls_once(w: WeaponSpec, targets: int) -> bool:
    """Whether an attack with ``w`` on ``targets`` targets rolls once for all of them:
    R22 (ours), a weapon rolls once for its whole area, a spell once per target."""
    return targets > 1 and not w.has("Spell")


@dataclass(frozen=True)
class Prepared:
    """An attack checked and pooled before anything is paid or rolled (ch20 step 1,
    R22, R27): the command (an area on the map turned into its targets), the attacker,
    each target's part of the command with its ``Plan`` and pool (a Grunt's fixed
    successes, R7), and whether one roll serves every target (R22)."""

    command: Attack
    attacker: Fighter
    strikes: tuple[Attack, ...]
    targets: tuple[Fighter, ...]
    plans: tuple[Plan, ...]
    pools: tuple[tuple[Pool, int | None], ...]
    one_roll: bool


def prepare(s: Fight, cmd: Attack, *, anytime: bool = False) -> Prepared:
    """What deciding ``cmd`` fixes before any payment, reaction or die: every check of the
    attack itself in the resolution's order, then the pools. Pure: ``s`` is unchanged.
    Raises the attack's own ``RuleError``. The resolution starts with it; ``odds`` reads
    it, so it sees what the attack would roll. ``anytime``: also what the payment
    refuses whoever's turn it is (a cost stated for what is no spell, an attacker out
    of the fight or Broken), for a look-ahead made before the attacker's turn."""
    cmd = aimed(s, cmd)  # an area on the map becomes its targets
    a0 = actor(s, cmd.attacker)
    strikes = (cmd, *cmd.also)
    targets = tuple(find_fighter(s, x.target) for x in strikes)
    if len({t.name for t in targets}) < len(targets):
        raise RuleError("a target is named twice")
    plans = tuple(plan_attack(a0, t, cmd, s) for t in targets)
    w = plans[0].weapon
    if len(strikes) > 1 and not w.has("Area"):
        raise RuleError(f"{w.name} is not an Area attack: one target only (R22)")
    for x, t, p in zip(strikes, targets, plans, strict=True):
        check_reactions(s, x, t, p)
    one_roll = rolls_once(w, len(strikes))
    if one_roll and any(x.typed is not None for x in cmd.also):
        raise RuleError(f"{w.name} rolls once for the whole area: type that roll once")
    # ch20 step 1: the pool is fixed before any reaction is resolved, and before the
    # attack is paid for
    pools = tuple(attack_pool(s, a0, list(targets) if one_roll else [t], p, cmd)
                  for t, p in zip(targets, plans, strict=True))
    if pools[0][1] is not None and any(x.typed is not None for x in strikes):
        raise RuleError(f"{a0.name} is a Grunt: it never rolls (R7)")
    if anytime:  # the payment's own checks, but for the turn's (``_pay``)
        attack_cost(w, cmd.maneuver, cmd.cost)
        if cmd.maneuver not in REACTIVE:
            check_may_maneuver(a0)
    return Prepared(cmd, a0, strikes, targets, plans, pools, one_roll)


def _resolve(s: Fight, cmd: Attack, roller: Roller, path: PartPath) -> list[Event]:
    """``resolve`` worked out on ``s``, a scratch copy it changes: each event is applied to
    ``s`` as soon as it is decided, so what follows (a defense, the roll, the damage) sees
    it, and a Counterattack, resolved on the same copy, needs no copy of its own.
    ``path``: where ``cmd`` stands in the command decided (engine/attack/parts.py), so
    each decision point says where its answer goes."""
    pr = prepare(s, cmd)
    cmd, a0, targets, plans, pools = pr.command, pr.attacker, pr.targets, pr.plans, pr.pools
    strikes, one_roll, w = list(pr.strikes), pr.one_roll, pr.plans[0].weapon
    events = _pay(s, a0, plans[0], cmd) + area_note(s, cmd)
    if cmd.maneuver in MOVEMENT_REACTIONS:
        events.append(MoveAnswered(a0.name, targets[0].name, cmd.maneuver))
    # Frightened and GM-defined conditions are the GM's to apply (condition table)
    events += reminder_events(s, a0)
    apply_all(s, events)

    # ch19 Reactions: each target with no reaction written decides one now, when
    # targeted, knowing the attack's pool (fixed above, ch20 step 1)
    for i, (x, t, p) in enumerate(zip(strikes, targets, plans, strict=True)):
        if x.defense is None and x.counter is None:
            strikes[i] = _reaction(s, x, (*path, *target_path(i)), a0, s.get(t.name), p,
                                   pools[i][0], roller)
    defenses: list[Defense | None] = []
    for x, p in zip(strikes, plans, strict=True):
        defense = None
        if x.defense is not None:
            more, defense = declare_defense(s, s.get(p.target), w, p.mode, x.defense,
                                               x.defense_with)
            events += applied(s, more)
        defenses.append(defense)
    if any(x.counter is not None for x in strikes):
        # R20: attacking reveals a Hidden attacker, so a Counterattack can answer it (its
        # pool, fixed above, keeps the Hidden bonus)
        events += applied(s, lose_condition(s, s.get(a0.name), "Hidden", None, reason="revealed"))
    for i, (x, p) in enumerate(zip(strikes, plans, strict=True)):
        if x.counter is not None and s.get(a0.name).out:
            # R27: an earlier Counterattack (an Area attack draws several) took the
            # attacker out: this one has no one to strike, and the attack goes on.
            events += applied(s, [Note(f"{p.target}'s Counterattack is not made: {a0.name} "
                                       f"is already {s.get(a0.name).out_reason} (R27)",
                                       p.target)])
        elif x.counter is not None:
            counter = replace(x.counter, attacker=p.target, target=a0.name,
                              maneuver="Counterattack",
                              distance=x.counter.distance if x.counter.distance is not None
                              else cmd.distance)
            # applied to ``s`` already
            events += _resolve(s, counter, roller, (*path, *target_path(i), COUNTER_STEP))

    rolls = f"{a0.name} rolls"
    shared = _roll(s, pools[0][0], roller, cmd.typed, pools[0][1],
                   dice_ask(a0, path, "typed", pools[0][0], f"{rolls} for every target",
                            tuple(events))) if one_roll else None
    for i, (x, p, (parts, auto), defense) in enumerate(
            zip(strikes, plans, pools, defenses, strict=True)):
        where = (*path, *target_path(i))
        label = f"{rolls} at {p.target}" if len(strikes) > 1 else rolls
        roll = shared or _roll(s, parts, roller, x.typed, auto,
                               dice_ask(a0, where, "typed", parts, label, tuple(events)))
        events += _land(s, p, x, parts, roll, defense, roller, where,
                        rolled_at=shared is None)
    a = s.get(a0.name)
    return events + applied(s, lose_condition(s, a, "Hidden", None, reason="revealed"))  # R20


def _reaction(s: Fight, x: Attack, path: PartPath, a: Fighter, t: Fighter, p: Plan,
              pool: Pool, roller: Roller) -> Attack:
    """``x`` with the reaction its target decides at this point (none by default)."""
    ask = reaction_ask(s, x, path, a, t, p, pool)
    if len(ask.options) <= 1 and not ask.why:
        return x  # nothing to declare and nothing to say

    def check(given: Any) -> None:
        if not isinstance(given, Option) or given not in ask.options:
            raise RuleError(f"{t.name} may answer: "
                            + ", ".join(o.label for o in ask.options))
        check_reactions(s, replace(x, **dict(given.change)), t, p)

    got = consult(roller, ask, check)
    return x if got is None else replace(x, **dict(got.change))


def _land(s: Fight, p: Plan, x: Attack, parts: Pool, roll: Roll,
          defense: Defense | None, roller: Roller, path: PartPath, *, rolled_at: bool
          ) -> list[Event]:
    """One target's side of the roll: its defense roll, the net successes (R3), then the
    damage or effect, and an Edge hit's Hindered (R19). ``rolled_at``: the roll was made
    against this target alone, so its Vulnerable is used up (condition table)."""
    a, t = s.get(p.attacker), s.get(p.target)
    droll = None
    if defense is not None:
        if defense.auto is not None and x.defense_typed is not None:
            raise RuleError(f"{t.name} is a Grunt: it never rolls (R7)")
        droll = _roll(s, defense.parts, roller, x.defense_typed, defense.auto,
                      dice_ask(t, path, "defense_typed", defense.parts,
                               f"{t.name}'s {defense.label}"))
    net = max(roll.successes - (droll.successes if droll else 0), 0)  # R3
    events = applied(s, [AttackRolled(
        a.name, t.name, p.maneuver, p.weapon.name, p.mode, p.location.name, p.types,
        parts, roll, defense.label if defense else None,
        defense.parts if defense else Pool(), droll, net, p.situation)])
    if rolled_at and not roll.auto:
        events += applied(s, lose_condition(s, t, "Vulnerable", None, reason="used"))
    if p.deals_damage:
        events += _damage(s, a, t, p, x, roll, net, roller, path, tuple(events))
    else:
        events += effect(s, a, t, p.maneuver, net, roller, together=x.together,
                         answers=x.push_reactions, said=x.push_said, path=path,
                         lead=tuple(events))
    if (p.location.name == "Edge" and net >= 1 and s.settings.edge_hinders
            and not t.out and not p.weapon.strain):  # R19
        events += applied(
            s, gain_condition(s, t, "Hindered", 1, source=a.name, reason="Edge hit"))
    return events


def _damage(s: Fight, a: Fighter, t: Fighter, p: Plan, cmd: Attack, roll: Roll,
            net: int, roller: Roller, path: PartPath, lead: tuple[Event, ...]
            ) -> list[Event]:
    """ch20 steps 3-4, R5, R8, R9: tier (+ Solid Hit), Guard, resistance or weakness,
    then Vitality with its Wounds (R10). Strain skips all but the tier. A target that
    has not Braced and may is asked once the damage is known (ch19 Brace); ``lead``:
    what the table has to have seen by then."""
    w = p.weapon
    tier = w.damage.damage(net)
    m = meets(w, p.types, p.location.name, t)
    solid = 0 if w.strain else solid_hit(s, a, roll, net)

    def reach(brace: bool) -> tuple[int, int, bool]:
        return reaching(tier, solid, m.guard, resisted=bool(m.resisted), weak=bool(m.weak),
                        brace=brace, strain=m.strain)

    soak, amount, braced = reach(cmd.brace)
    if not cmd.brace and not m.strain:
        ask = brace_ask(s, t, p, path, amount, reach(True)[1], lead)
        if ask is not None and consult(roller, ask) is not None:
            soak, amount, braced = reach(True)
    if m.strain:
        out: list[Event] = [AttackDamage(t.name, w.name, net, tier, strain=True,
                                         amount=amount)]
        return out + applied(
            s, add_strain(s, t, amount, roller, reason=w.name, lead=(*lead, *out)))
    events: list[Event] = []
    resisted = list(m.resisted)
    if braced:  # ch19 Brace: resistance to the attack, then Broken
        events += applied(s, pay_reaction(t, "Brace", 0))
        events += applied(
            s, gain_condition(s, t, "Broken", 1, source="Brace", reason="brace"))
        resisted.append("Brace")
    t = s.get(t.name)
    tail: list[Event] = [AttackDamage(t.name, w.name, net, tier, solid, False, soak, m.unsoaked,
                                      tuple(resisted), m.weak, amount)]
    if soak:
        tail.append(ResourceSet(t.name, "guard", t.guard, t.guard - soak, w.name))
    events += applied(s, tail)
    return events + applied(s, deal_harm(
        s, s.get(t.name), amount, roller, reason=w.name,
        wound_effect=p.location.wound_effect, mark=p.location.name == "Mark",
        lead=(*lead, *events)))
