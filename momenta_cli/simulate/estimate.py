"""A cheap estimate of what an attack is worth, for the built-in policies to choose by.

The pool comes from the engine itself (``plan_attack`` and ``attack_pool``, the code the
attack command runs), so every modifier the attack would get is in it; the dice come
from the exact distributions of ``momenta_cli.odds.distribution`` (R1-R3, R7), turned into
floats; each net count's damage tier goes through the engine's own rules
(``damage.unsoaked``: no Guard for Penetrating or untyped damage; ``damage.sides``:
resistance and weakness, a Mark hit counting as a weakness, R19;
``damage.amount_after``). What makes it an estimate: Solid Hit is left out
(it needs the faces) and Wounds are not looked at. Strain attacks count their Strain as
damage.

Only the simulation's policies use this; it decides nothing in a fight.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from momenta_cli.engine.attack import Attack, Plan, attack_pool, plan_attack
from momenta_cli.engine.core import DamageTable, Fight, Fighter, Pool, WeaponSpec
from momenta_cli.engine.harm import meets, reaching
from momenta_cli.errors import RuleError
from momenta_cli.odds import (
    Counts,
    net_distribution as dice_net,
    success_distribution as dice_successes,
)

Dist = tuple[float, ...]  # probability of 0, 1, 2, ... successes


def _floats(c: Counts) -> Dist:
    top = max(c.weights, default=0)
    return tuple(c.weights.get(k, 0) / c.total for k in range(top + 1))


@lru_cache(maxsize=1024)
def successes(pool: int, face: int = 5) -> Dist:
    """The distribution of successes of a pool of ``pool`` dice (R1, R2)."""
    return _floats(dice_successes(pool, face))


def fixed(n: int) -> Dist:
    """Exactly ``n`` successes (a Grunt, R7)."""
    return _floats(dice_successes(0, auto=n))


@lru_cache(maxsize=4096)
def net(attack: Dist, defense: Dist) -> Dist:
    """The distribution of net successes, attack minus defense, at least 0 (R3): the
    odds' own ``distribution.net``, with probabilities as the weights out of a total of 1."""
    return _floats(dice_net(Counts(dict(enumerate(attack)), 1),
                            Counts(dict(enumerate(defense)), 1)))


@lru_cache(maxsize=8192)
def _expected(nets: Dist, table: DamageTable, guard: int, resisted: bool, weak: bool,
              strain: bool) -> float:
    total = 0.0
    for n, p in enumerate(nets):
        if not p:
            continue
        _, amount, _ = reaching(table.damage(n), 0, guard, resisted=resisted,
                                       weak=weak, brace=False, strain=strain)
        total += p * amount
    return total


def expected_damage(fight: Fight, plan: Plan, parts: Pool,
                    auto: int | None, target: Fighter, defense: Dist = (1.0,)) -> float:
    """The average damage (or Strain) of ``plan`` with the pool ``parts`` (``auto``: a
    Grunt's fixed successes) against ``target`` defending with ``defense``."""
    w = plan.weapon
    pool = fixed(auto) if auto is not None else \
        successes(parts.total, fight.settings.success_face)
    m = meets(w, plan.types, plan.location.name, target)
    # a Strain attack's Guard plays no part: 0 keeps one cache entry for every target
    return _expected(net(pool, defense), w.damage, 0 if m.strain else m.guard,
                     bool(m.resisted), bool(m.weak), m.strain)


def attack_estimate(fight: Fight, attacker: Fighter, target: Fighter, cmd: Attack,
                    defense: Dist = (1.0,)) -> tuple[Plan, float] | None:
    """The plan of ``cmd`` and its expected damage, or None when the engine would refuse
    it (a location the weapon cannot aim at, a Hidden target...)."""
    try:
        plan = plan_attack(attacker, target, cmd)
    except RuleError:
        return None
    parts, auto = attack_pool(fight, attacker, [target], plan, cmd)
    return plan, expected_damage(fight, plan, parts, auto, target, defense)


def marks(f: Fighter) -> tuple[object, ...]:
    """What of ``f``'s changing state an estimate can read (``by_location``): its
    conditions (with their sources: Provoked), its Guard, and whether it is out."""
    return (f.guard, f.out, *[(k, c.stacks, c.source) for k, c in f.conditions.items()])


_MEMO: dict[tuple[object, ...], tuple[list[tuple[str, float]], object]] = {}
MEMO_SIZE = 50_000  # entries kept before the memo starts again (a few MB); 0: no memo


def by_location(fight: Fight, attacker: Fighter, target: Fighter, w: WeaponSpec,
                seen: tuple[tuple[object, ...], tuple[object, ...]] | None = None
                ) -> list[tuple[str, float]]:
    """The expected damage of an attack with ``w`` at each of ``target``'s hit locations
    the weapon may aim at (R19: the engine refuses an Imprecise, Area or Strain attack
    anywhere but Mass), each pooled by the engine's ``attack_pool``.

    Remembered: the answer reads only the two stat blocks, the weapon, the settings and
    ``marks`` of each (no map: the plan is made without the fight's positions), and
    most commands change none of them, so a fight asks the same questions again and
    again (the policies weigh every attack after every command). The key holds the
    stat blocks by identity; the entry keeps them alive so that no identity is reused
    while it is remembered. Do not change the list returned. ``seen``: the ``marks`` of
    the two, when the caller has them already (view.py asks of many pairs at once)."""
    if MEMO_SIZE <= 0:  # bench/bench_simulate.py measures the simulator without it
        return _by_location(fight, attacker, target, w)
    settings = fight.settings
    mine, theirs = seen if seen is not None else (marks(attacker), marks(target))
    key = (id(attacker.spec), id(target.spec), id(w), id(settings), mine, theirs)
    hit = _MEMO.get(key)
    if hit is not None:
        return hit[0]
    found = _by_location(fight, attacker, target, w)
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = (found, (attacker.spec, target.spec, w, settings))
    return found


def _by_location(fight: Fight, attacker: Fighter, target: Fighter, w: WeaponSpec
                 ) -> list[tuple[str, float]]:
    cmd = Attack(attacker.name, target.name, weapon=w.name)
    first = attack_estimate(fight, attacker, target, cmd)
    if first is None:
        return []
    plan, worth = first
    out = [(plan.location.name, worth)]
    others = [loc for loc in target.spec.locations if loc.name != plan.location.name]
    if not others:
        return out
    # The engine decides whether this weapon may aim elsewhere (the same for every
    # location but Mass); the plans differ by the location alone.
    aimed = replace(cmd, location=others[0].name)
    try:
        elsewhere = plan_attack(attacker, target, aimed)
    except RuleError:
        return out
    for loc in others:
        p = replace(elsewhere, location=loc)
        parts, auto = attack_pool(fight, attacker, [target], p, aimed)  # p's location
        out.append((loc.name, expected_damage(fight, p, parts, auto, target)))
    return out


def defense_dist(fight: Fight, parts: Pool, auto: int | None) -> Dist:
    """The distribution of a defense roll's successes."""
    if auto is not None:
        return fixed(auto)
    return successes(parts.total, fight.settings.success_face)
