"""An attack's decision points (ch19 Reactions, ch20 Attacking, R7, R27): the ``Ask``s
``attack/resolution.py`` stops at, built from the same functions that then resolve the
answer, so an option offered is one the resolution accepts, priced as it will be paid.

- the target's reaction when targeted: Dodge, Deflect with each weapon that may, a
  Counterattack with each melee weapon (a PC; Deflect and Counterattack when its stat
  block grants them, R37), or a scripted defense (an enemy, the GM deciding, R7), each
  with its cost and pool, and no reaction; none for an attacker caught in its own area
  (R22);
- the dice of each roll once its pool is known;
- Brace once the damage is known, with the amount both ways.
"""

from __future__ import annotations

from momenta_cli.engine.actions import ReactionTaken, pay_reaction
from momenta_cli.engine.attack.defense import (
    DefenseUsed,
    check_brace,
    declare_defense,
    open_reactions,
)
from momenta_cli.engine.attack.parts import PartPath
from momenta_cli.engine.attack.plan import Attack, Plan, plan_attack
from momenta_cli.engine.attack.pools import attack_pool
from momenta_cli.engine.core import (
    GM,
    NO_REACTION,
    Ask,
    Event,
    Fight,
    Fighter,
    Option,
    Pool,
    dice_thrown,
)
from momenta_cli.errors import RuleError


def _cost(events: list[Event], name: str) -> int | None:
    return next((e.cost for e in events if isinstance(e, ReactionTaken) and e.name == name),
                None)


def _defense_option(s: Fight, t: Fighter, p: Plan, choice: str, chosen: str | None
                    ) -> Option | None:
    try:
        events, d = declare_defense(s, t, p.weapon, p.mode, choice, chosen)
    except RuleError:
        return None
    words = choice if chosen is None else f"{choice}={chosen}"
    used = next((e for e in events if isinstance(e, DefenseUsed) and e.weapon is None), None)
    left = None if used is None else used.uses - used.used + 1
    change = (("defense", choice), ("defense_with", chosen))
    return Option(words, d.label, change, _cost(events, t.name), d.parts, d.auto,
                  left, None if used is None else used.uses)


def _counter_option(s: Fight, t: Fighter, a: Fighter, x: Attack, weapon: str
                    ) -> Option | None:
    counter = Attack(t.name, a.name, "Counterattack", weapon=weapon, distance=x.distance)
    try:
        p = plan_attack(t, a, counter, s)
        from momenta_cli.engine.attack.resolution import attack_cost

        paid = pay_reaction(t, f"Counterattack ({p.weapon.name})",
                            attack_cost(p.weapon, "Counterattack"))
        parts, auto = attack_pool(s, t, [a], p, counter)
    except RuleError:
        return None
    written = Attack(None, "", "Counterattack", weapon=weapon)
    return Option(f"counter={weapon}", f"Counterattack ({p.weapon.name})",
                  (("counter", written),), _cost(paid, t.name), parts, auto)


def reaction_ask(s: Fight, x: Attack, path: PartPath, a: Fighter, t: Fighter, p: Plan,
                 pool: Pool, *, counters: bool = True) -> Ask:
    """The reaction point of the target of part ``x`` (at ``path``): what ``t`` may
    declare against this attack now, first no reaction. A PC decides its own; the GM
    decides an enemy's scripted defense (R7). ``pool``: the attack's, fixed already
    (ch20 step 1). ``counters``: False leaves the Counterattacks out (a reader that
    weighs the defenses alone need not plan them). An attacker caught in its own area
    has nothing to declare (R22, ours)."""
    if t.name == a.name:
        return Ask("reaction", t.name, t.spec.is_enemy, ("attack", path, "reaction"),
                   (NO_REACTION,), pool, against=a.name, label=f"{t.name}'s reaction")
    can = open_reactions(s, t, p.weapon, p.mode)
    options: list[Option | None] = []
    if t.spec.is_enemy:
        options += [_defense_option(s, t, p, "defend", d) for d in can.defenses]
    else:
        if can.dodge:
            options.append(_defense_option(s, t, p, "dodge", None))
        options += [_defense_option(s, t, p, "deflect", d) for d in can.deflect_with]
        if can.counter and counters:
            options += [_counter_option(s, t, a, x, w.name) for w in t.spec.weapons
                        if w.is_melee]
    offered = tuple(o for o in options if o is not None)
    why = () if offered else _why_none(s, t, p)
    # ch19 Brace: declared with the reaction (R27) only against damage it changes
    may_brace = can.brace and p.deals_damage and not p.weapon.strain
    return Ask("reaction", GM if t.spec.is_enemy else t.name, t.spec.is_enemy,
               ("attack", path, "reaction"), (NO_REACTION, *offered), pool,
               against=a.name, label=f"{t.name}'s reaction", why=why, may_brace=may_brace)


def _why_none(s: Fight, t: Fighter, p: Plan) -> tuple[str, ...]:
    """Why ``t`` may declare nothing: the rules' own refusals, each said once. An enemy
    with no scripted defense has nothing to say (R7)."""
    if t.spec.is_enemy and not t.spec.defenses:
        return ()
    tries = ("defend",) if t.spec.is_enemy else ("dodge", "deflect")
    if p.weapon.has("Indefensible"):  # one reason for every defense (ch19)
        return (f"{p.weapon.name} is Indefensible: {t.name} cannot defend against it "
                "(ch19 Indefensible Attacks)",)
    why: list[str] = []
    for choice in tries:
        try:
            declare_defense(s, t, p.weapon, p.mode, choice, None)
        except RuleError as err:
            if str(err) not in why:
                why.append(str(err))
    return tuple(why)


def dice_ask(f: Fighter, path: PartPath, fld: str, parts: Pool, label: str,
             lead: tuple[Event, ...] = ()) -> Ask:
    """The dice of one roll of ``f``'s (``fld``: ``typed``, the attack's, or
    ``defense_typed``, the target's defense), its pool known."""
    return Ask("dice", GM if f.spec.is_enemy else f.name, f.spec.is_enemy,
               ("attack", path, fld), pool=parts, dice=dice_thrown(parts.total),
               label=label, lead=lead)


BRACE = Option("brace", "Brace", (("brace", True),), cost=0)


def brace_ask(s: Fight, t: Fighter, p: Plan, path: PartPath, amount: int, braced: int,
              lead: tuple[Event, ...]) -> Ask | None:
    """ch19 Brace, once the damage is known: ``amount`` reaches ``t``'s Vitality
    without it, ``braced`` with it; None when ``t`` may not Brace or nothing reaches."""
    if amount <= 0 or t.name == p.attacker:  # R22: not against its own area attack
        return None
    try:
        check_brace(s, t, p.weapon, p.deals_damage)
    except RuleError:
        return None
    return Ask("brace", t.name, False, ("attack", path, "brace"), (BRACE,),
               amount=amount, braced=braced, against=p.attacker, label=f"{t.name} Braces",
               lead=lead)
