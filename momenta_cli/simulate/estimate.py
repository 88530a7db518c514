"""A cheap estimate of what an attack is worth, for the built-in policies to choose by.

The pool comes from the engine itself (``plan_attack`` and ``attack_pool``, the code the
attack command runs), so every modifier the attack would get is in it. What follows is an
average, not the rules: the number of successes of each side is binomial (each die
succeeds on the success face or more; a pool of 0 or fewer is 2d6 keep the lowest, R2; a
Grunt scores exactly 1, R7), the net is the difference (never below 0, R3), and each net
count's damage tier goes through Guard (unless Penetrating or untyped), resistance and
weakness (a Mark hit counts as a weakness, R19) as ``engine/attacks.py`` does. Solid Hit
is left out (it needs the faces). The expected damage is the sum over the outcomes of
probability times damage. Strain attacks count their Strain as damage.

Only the simulation's policies use this; it decides nothing in a fight.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from momenta_cli.engine import reactions as rx
from momenta_cli.engine.attack_plan import Attack, Plan, plan_attack
from momenta_cli.engine.damage import resist_weak, soak
from momenta_cli.engine.pools import attack_pool
from momenta_cli.engine.specs import DamageTable, WeaponSpec
from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.errors import RuleError

Dist = tuple[float, ...]  # probability of 0, 1, 2, ... successes


@lru_cache(maxsize=1024)
def successes(pool: int, face: int = 5) -> Dist:
    """The distribution of successes of a pool of ``pool`` dice (R1, R2)."""
    p = (7 - face) / 6
    if pool <= 0:  # R2: 2d6, keep the lowest: a success only if both dice are
        hit = p * p
        return (1 - hit, hit)
    return tuple(comb(pool, k) * p ** k * (1 - p) ** (pool - k) for k in range(pool + 1))


def fixed(n: int) -> Dist:
    """Exactly ``n`` successes (a Grunt, R7)."""
    return tuple(1.0 if k == n else 0.0 for k in range(n + 1))


@lru_cache(maxsize=4096)
def net(attack: Dist, defense: Dist) -> Dist:
    """The distribution of net successes, attack minus defense, at least 0 (R3)."""
    out = [0.0] * len(attack)
    for a, pa in enumerate(attack):
        if not pa:
            continue
        for d, pd in enumerate(defense):
            out[max(a - d, 0)] += pa * pd
    return tuple(out)


@lru_cache(maxsize=8192)
def _expected(nets: Dist, table: DamageTable, guard: int, resisted: bool, weak: bool,
              strain: bool) -> float:
    total = 0.0
    for n, p in enumerate(nets):
        if not p:
            continue
        tier = table.damage(n)
        amount = tier if strain else resist_weak(tier - soak(guard, tier), resisted, weak)
        total += p * amount
    return total


def expected_damage(fight: Fight, plan: Plan, parts: list[tuple[str, int]],
                    auto: int | None, target: Fighter, defense: Dist = (1.0,)) -> float:
    """The average damage (or Strain) of ``plan`` with the pool ``parts`` (``auto``: a
    Grunt's fixed successes) against ``target`` defending with ``defense``."""
    return _worth(fight, plan.weapon, plan.types, plan.location.name == "Mark",
                  rx.total(parts), auto, target, defense)


def _worth(fight: Fight, w: WeaponSpec, types: tuple[str, ...], mark: bool, dice: int,
           auto: int | None, target: Fighter, defense: Dist = (1.0,)) -> float:
    pool = fixed(auto) if auto is not None else successes(dice, fight.settings.success_face)
    untyped = w.has("Penetrating") or not types
    guard = 0 if (untyped or w.strain) else target.guard
    resisted = not target.spec.resistances.isdisjoint(types)
    weak = mark or not target.spec.weaknesses.isdisjoint(types)
    return _expected(net(pool, defense), w.damage, guard, resisted, weak, w.strain)


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


def by_location(fight: Fight, attacker: Fighter, target: Fighter, w: WeaponSpec
                ) -> list[tuple[str, float]]:
    """The expected damage of an attack with ``w`` at each of ``target``'s hit locations
    the weapon may aim at (R19: an Imprecise, Area or Strain attack aims at Mass only).
    The pool is the engine's for Mass; another location takes its penalty off it."""
    cmd = Attack(attacker.name, target.name, weapon=w.name)
    try:
        plan = plan_attack(attacker, target, cmd)
    except RuleError:
        return []
    parts, auto = attack_pool(fight, attacker, [target], plan, cmd)
    out = [(plan.location.name, expected_damage(fight, plan, parts, auto, target))]
    if w.has("Imprecise") or w.has("Area") or w.strain:
        return out
    dice = rx.total(parts)
    for loc in target.spec.locations:
        if loc.name == plan.location.name:
            continue
        out.append((loc.name, _worth(fight, w, plan.types, loc.name == "Mark",
                                     dice - loc.penalty, auto, target)))
    return out


def defense_dist(fight: Fight, parts: tuple[tuple[str, int], ...], auto: int | None
                 ) -> Dist:
    """The distribution of a defense roll's successes."""
    if auto is not None:
        return fixed(auto)
    return successes(rx.total(parts), fight.settings.success_face)
