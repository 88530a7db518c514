"""From the dice to the target: each net-success count's tier, the damage that reaches
Vitality (or Strain), and whether it fills a Wound (Burden) slot or Defeats (Loses) the
target, weighted exactly. The arithmetic is the engine's own (engine/harm/damage.py), so the
odds and the attack command cannot disagree on what a roll does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from momenta_cli.engine.core import DamageTable
from momenta_cli.engine.harm import burdens_from, reaching, wounds_from
from momenta_cli.odds.distribution import (
    net_and_solid,
    net_distribution,
    success_distribution,
    successes_and_solid,
)


@dataclass(frozen=True)
class OddsDice:
    """The dice of one attack: the netted pools (R2), a Grunt's fixed counts (R7), the
    success face and whether Solid Hit (R5) counts for this attacker."""

    dice: int
    vs: int | None = None  # the defense's pool; None: no reactive defense
    face: int = 5
    auto: int | None = None
    vs_auto: int | None = None
    solid: bool = False


@dataclass(frozen=True)
class Target:
    """What the damage meets: Guard (0 when the attack skips it: Penetrating or
    untyped, ch20 step 4), resistance and weakness (R9; a Mark hit is a weakness, R19),
    Brace (ch19), and, when known, the resource it lands on with its free slots (R10).
    ``strain``: the attack deals Strain (R9): the tier alone, to Strain, filling Burden
    slots, and Lost (R11) instead of Defeated."""

    guard: int = 0
    resisted: bool = False
    weak: bool = False
    brace: bool = False
    strain: bool = False
    current: int | None = None  # Vitality (Strain for a Strain attack) now
    maximum: int | None = None  # Max Vitality (Max Strain)
    free_slots: int = 0  # free Wound (Burden) slots
    wounds_on: bool = True  # the ``wounds`` setting


@dataclass(frozen=True)
class Row:
    """One net-success count: its probability, the tier, the damage reaching the target
    (amount -> probability, joint with this row), and the joint probabilities of a Wound
    (Burden) slot filling and of Defeat (Lost)."""

    net: int
    p: Fraction
    tier: int | None
    amounts: dict[int, Fraction] = field(default_factory=dict)
    wound: Fraction = Fraction(0)
    down: Fraction = Fraction(0)


@dataclass(frozen=True)
class Odds:
    """The whole table and its summary (all exact)."""

    roll: OddsDice
    target: Target
    tiers: DamageTable | None
    rows: tuple[Row, ...]

    @property
    def p_hit(self) -> Fraction:
        """1 or more net successes."""
        return sum((r.p for r in self.rows if r.net >= 1), Fraction(0))

    @property
    def expected_damage(self) -> Fraction:
        return sum((a * p for r in self.rows for a, p in r.amounts.items()), Fraction(0))

    @property
    def p_damage(self) -> Fraction:
        """Any damage reaching Vitality (Strain)."""
        return sum((p for r in self.rows for a, p in r.amounts.items() if a > 0), Fraction(0))

    @property
    def p_wound(self) -> Fraction:
        return sum((r.wound for r in self.rows), Fraction(0))

    @property
    def p_down(self) -> Fraction:
        return sum((r.down for r in self.rows), Fraction(0))

    @property
    def knows_target(self) -> bool:
        return self.tiers is not None and self.target.current is not None


def outcome(tiers: DamageTable, t: Target, net: int, bonus: int) -> tuple[int, int, bool, bool]:
    """What one roll does (ch20 steps 3-4, R5, R9-R11): ``(tier, amount, slot, down)``
    with the engine's arithmetic."""
    tier = tiers.damage(net)
    _, amount, _ = reaching(tier, bonus, t.guard, resisted=t.resisted, weak=t.weak,
                                   brace=t.brace, strain=t.strain)
    if t.current is None or t.maximum is None or amount <= 0:
        return tier, amount, False, False
    if t.strain:
        n, _, lost = burdens_from(t.current, t.maximum, t.free_slots, amount,
                                         t.wounds_on)
        return tier, amount, n > 0, lost
    n, left = wounds_from(t.current, t.maximum, t.free_slots, amount, t.wounds_on)
    return tier, amount, n > 0, left <= 0


def odds(roll: OddsDice, target: Target | None = None, tiers: DamageTable | None = None
         ) -> Odds:
    """The exact odds of ``roll`` against ``target`` with damage ``tiers`` (None: net
    successes only). Solid Hit needs the faces, so it takes the joint distribution; the
    rest needs only success counts (the binomial)."""
    t = target or Target()
    defense = None if roll.vs is None and roll.vs_auto is None else \
        success_distribution(roll.vs or 0, roll.face, roll.vs_auto)
    solid = roll.solid and tiers is not None and not t.strain
    if solid:
        joint = net_and_solid(
            successes_and_solid(roll.dice, roll.face, roll.auto), defense)
        outcomes: Iterable[tuple[tuple[int, int], int]] = joint.weights.items()
        total = joint.total
    else:
        attack = success_distribution(roll.dice, roll.face, roll.auto)
        plain = net_distribution(attack, defense)
        outcomes = (((n, 0), w) for n, w in plain.weights.items())
        total = plain.total
    by_net: dict[int, dict] = defaultdict(lambda: {"p": 0, "amounts": defaultdict(int),
                                                  "wound": 0, "down": 0})
    for (n, bonus), w in outcomes:
        row = by_net[n]
        row["p"] += w
        if tiers is None:
            continue
        _, amount, slot, down = outcome(tiers, t, n, bonus)
        row["amounts"][amount] += w
        row["wound"] += w * slot
        row["down"] += w * down
    rows = []
    for n in sorted(by_net):
        r = by_net[n]
        rows.append(Row(n, Fraction(r["p"], total),
                        tiers.damage(n) if tiers is not None else None,
                        {a: Fraction(w, total) for a, w in sorted(r["amounts"].items())},
                        Fraction(r["wound"], total), Fraction(r["down"], total)))
    return Odds(roll, t, tiers, tuple(rows))
