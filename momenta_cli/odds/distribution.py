"""The dice half of the odds: exact distributions as integer weights over a common total
(``total`` = 6 to the number of dice rolled), so nothing is rounded until it is shown.

R1: each die at or above the success face is a success. R2: a pool of 0 or fewer rolls
2d6 and keeps the lowest. R7: a Grunt scores a fixed count without rolling. R3: net
successes are the attacker's minus the defender's, never below 0. R5: with 1+ net, each
pair of equal kept faces N adds N damage (Solid Hit).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from momenta_cli.engine.core import ZERO_POOL_DICE

FACES = 6


@dataclass(frozen=True)
class Counts:
    """A distribution: ``weights[outcome]`` out of ``total`` equally likely die outcomes."""

    weights: dict
    total: int

    def p(self, outcome: object) -> Fraction:
        return Fraction(self.weights.get(outcome, 0), self.total)


def _hits(face: int) -> int:
    """How many faces of a d6 are successes at ``face``+ (R1)."""
    return max(0, min(FACES, FACES + 1 - face))


def success_distribution(pool: int, face: int = 5, auto: int | None = None) -> Counts:
    """Successes of a pool of ``pool`` dice (after every modifier is netted) by the
    binomial: C(n, k) s^k (6-s)^(n-k) out of 6^n. R2 below 1 die; R7 ``auto``."""
    if auto is not None:
        return Counts({auto: 1}, 1)
    s = _hits(face)
    if pool <= 0:  # R2: the lowest of the dice is a success only if every one is
        every = s ** ZERO_POOL_DICE
        weights = {1: every, 0: FACES ** ZERO_POOL_DICE - every}
        return Counts({k: w for k, w in weights.items() if w}, FACES ** ZERO_POOL_DICE)
    miss = FACES - s
    weights = {k: comb(pool, k) * s ** k * miss ** (pool - k) for k in range(pool + 1)}
    return Counts({k: w for k, w in weights.items() if w}, FACES ** pool)  # no 0 chances


def successes_and_solid(pool: int, face: int = 5, auto: int | None = None) -> Counts:
    """The joint distribution of (successes, Solid Hit bonus) of a pool (R5): the bonus
    is the sum of N over the pairs of equal kept faces N. Counted over face multisets:
    per face value, how many dice show it (multinomial weights), so 20 dice are 53130
    multisets at most, not 6^20 sequences. A Grunt's fixed count and the single die
    kept from a pool of 0 or less make no pair."""
    if auto is not None or pool <= 0:
        plain = success_distribution(pool, face, auto)
        return Counts({(k, 0): w for k, w in plain.weights.items()}, plain.total)
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}  # dice used, succ., bonus
    for value in range(1, FACES + 1):
        nxt: dict[tuple[int, int, int], int] = defaultdict(int)
        counts = value >= face
        for (used, succ, bonus), w in states.items():
            left = pool - used
            # the last face takes every die left: each multiset is counted once
            for c in (range(left + 1) if value < FACES else (left,)):
                key = (used + c, succ + c if counts else succ, bonus + value * (c // 2))
                nxt[key] += w * comb(left, c)
        states = nxt
    return Counts({(succ, bonus): w for (_, succ, bonus), w in states.items()},
                  FACES ** pool)


def net_distribution(attack: Counts, defense: Counts | None) -> Counts:
    """Net successes (R3) of an attack's successes against a defense's (None: no
    defense), by convolution of the two integer distributions."""
    if defense is None:
        return attack
    out: dict[int, int] = defaultdict(int)
    for a, wa in attack.weights.items():
        for d, wd in defense.weights.items():
            out[max(a - d, 0)] += wa * wd
    return Counts(dict(out), attack.total * defense.total)


def net_and_solid(attack: Counts, defense: Counts | None, solid: bool = True) -> Counts:
    """Net successes with the Solid Hit bonus that counts (R5: only with 1+ net, and only
    when ``solid``): outcomes ``(net, bonus)`` from an attack of ``(successes, bonus)``."""
    d = defense or Counts({0: 1}, 1)
    out: dict[tuple[int, int], int] = defaultdict(int)
    for (a, bonus), wa in attack.weights.items():
        for k, wd in d.weights.items():
            n = max(a - k, 0)
            out[(n, bonus if solid and n >= 1 else 0)] += wa * wd
    return Counts(dict(out), attack.total * d.total)
