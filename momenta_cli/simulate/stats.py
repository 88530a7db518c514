"""The figures of a simulation run, from the running sums of its fights (``Tally``): win
rates with their 95 % confidence intervals (Wilson), rounds to finish, per-combatant
means, and the verdict.

The verdict reads the allies' win rate (undecided fights and fights in which both sides
went out count as not won):

    95 % or more: a walkover       80-95 %: the allies are favoured
    60-80 %: an edge to the allies  40-60 %: a coin toss
    20-40 %: an uphill fight        5-20 %: a likely defeat
    under 5 %: a massacre

and, when 20 % of the fights or more hit the round cap, adds that they drag on. When more
than half of the fights are undecided (``MOSTLY_UNDECIDED``) a win rate says nothing of
the encounter: the verdict is then "undecided" and says how many hit the cap.

Rounds to finish are counted over the fights that ended (a side won, or both went out);
their quartiles are whole rounds, each the round of an actual fight (the nearest-rank
quantile).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import ceil, sqrt
from typing import Any

from momenta_cli.engine.core import CombatantSpec, EncounterSpec
from momenta_cli.simulate.fight import (
    ADVERSARIES,
    ALLIES,
    BOTH_OUT,
    UNDECIDED,
    FightResult,
)

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
VERDICTS = ((0.95, "a walkover"), (0.80, "the allies are favoured"),
            (0.60, "an edge to the allies"), (0.40, "a coin toss"),
            (0.20, "an uphill fight"), (0.05, "a likely defeat"), (0.0, "a massacre"))
DRAG = 0.20  # share of undecided fights that earns a remark
MOSTLY_UNDECIDED = 0.5  # above this share of undecided fights, the verdict is "undecided"
UNDECIDED_LABEL = "undecided"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials: unlike the plain
    p +- z*sqrt(p(1-p)/n) it stays inside 0..1 and is honest at 0 % and 100 %."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At 0 and n the bound is exact (the rounding of the sum above is not)
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return lo, hi


def rank_quantile(sorted_xs: Sequence[int], q: float) -> int:
    """The ``q`` quantile of sorted whole numbers as one of them (nearest rank: the
    smallest value with at least ``q`` of them at or below it), 0 for none."""
    if not sorted_xs:
        return 0
    return sorted_xs[max(ceil(q * len(sorted_xs)) - 1, 0)]


def percent(x: float) -> str:
    """A rate as a whole percentage ("94%"); never "100%" or "0%" for what is not."""
    p = round(x * 100)
    if p == 100 and x < 1:
        return ">99%"
    if p == 0 and x > 0:
        return "<1%"
    return f"{p}%"


def _bound(x: float) -> str:
    v = x * 100
    if 0 < v < 1 or 99 < v < 100:  # "0-0%" would hide what the interval says
        return f"{v:.1f}".removesuffix(".0")
    return f"{round(v)}"


def interval(lo: float, hi: float) -> str:
    """A 95 % interval as whole percentages ("91-96%"), with a decimal near 0 and 100
    ("99.8-100%")."""
    return f"{_bound(lo)}-{_bound(hi)}%"


def verdict_label(allies_rate: float) -> str:
    return next(label for floor, label in VERDICTS if allies_rate >= floor)


def _side(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"wins": k, "rate": k / n if n else 0.0, "ci95": [lo, hi]}


def _mean(total: float, count: int) -> float:
    return total / count if count else 0.0


class Tally:
    """Running sums of a run's fights: every figure ``summarise`` reports, in memory that
    does not grow with the number of fights (a million fights kept whole took about
    700 MB). Sums of whole numbers are exact, so the means are those of the fights; the
    rounds of the decided fights are kept as a count per round, which gives the same
    nearest-rank quartiles as the sorted list."""

    def __init__(self, combatants: int):
        self.fights = 0
        self.wins = {ALLIES: 0, ADVERSARIES: 0, BOTH_OUT: 0, UNDECIDED: 0}
        self.rounds: dict[int, int] = {}  # round a decided fight ended in -> fights
        self.combatants = combatants
        self.sums = {key: [0] * combatants for key in PER_COMBATANT}
        self.refused = 0

    def add(self, r: FightResult) -> None:
        self.fights += 1
        self.wins[r.winner] += 1
        if r.winner != UNDECIDED:
            self.rounds[r.rounds] = self.rounds.get(r.rounds, 0) + 1
        for key, column in self.sums.items():
            values = getattr(r, key)
            if key == "wounded" and not values:  # a result made without it: from wounds
                values = tuple(w > 0 for w in r.wounds)
            for i in range(self.combatants):
                column[i] += int(values[i])
        self.refused += r.refused

    def size(self) -> int:
        """How many numbers the tally holds (for the test that it stays bounded)."""
        return len(self.wins) + 2 * len(self.rounds) + sum(map(len, self.sums.values()))

    def round_quantile(self, q: float) -> int:
        """``rank_quantile`` of the decided fights' rounds, from their counts."""
        decided = sum(self.rounds.values())
        if not decided:
            return 0
        rank = max(ceil(q * decided) - 1, 0)
        seen = 0
        for value in sorted(self.rounds):
            seen += self.rounds[value]
            if seen > rank:
                return value
        raise AssertionError("unreachable: the rank is below the count")


PER_COMBATANT = ("dealt", "taken", "strain_dealt", "strain_taken", "wounds", "down",
                 "wounded")


def tally(encounter: EncounterSpec, results: Iterable[FightResult]) -> Tally:
    """The tally of ``results`` (fights of ``encounter``)."""
    t = Tally(len(encounter.combatants))
    for r in results:
        t.add(r)
    return t


def summarise(encounter: EncounterSpec, results: Tally | Iterable[FightResult], *,
              seed: int, policy: str, max_rounds: int,
              combatants: Sequence[CombatantSpec] | None = None) -> dict[str, Any]:
    """Every figure of the run as one JSON-ready dict (stable keys: docs/simulate.md),
    from the fights' ``Tally`` (or from their results). ``combatants``: whose figures
    the tally holds, when not the encounter's (a forecast: the fight's now)."""
    t = results if isinstance(results, Tally) else tally(encounter, results)
    people = encounter.combatants if combatants is None else combatants
    n = t.fights
    wins = t.wins
    decided = sum(t.rounds.values())
    figures = []
    for i, c in enumerate(people):
        figures.append({
            "name": c.name,
            "side": c.side,
            "damage_dealt": _mean(t.sums["dealt"][i], n),
            "damage_taken": _mean(t.sums["taken"][i], n),
            "strain_dealt": _mean(t.sums["strain_dealt"][i], n),
            "strain_taken": _mean(t.sums["strain_taken"][i], n),
            "wounds": _mean(t.sums["wounds"][i], n),
            "defeated_rate": _mean(float(t.sums["down"][i]), n),
            "defeated_ci95": list(wilson(t.sums["down"][i], n)),
            "wounded_rate": _mean(float(t.sums["wounded"][i]), n),
            "wounded_ci95": list(wilson(t.sums["wounded"][i], n)),
        })
    allies = _side(wins[ALLIES], n)
    foes = _side(wins[ADVERSARIES], n)
    undecided = wins[UNDECIDED] / n if n else 0.0
    lo, hi = allies["ci95"]
    if undecided > MOSTLY_UNDECIDED:
        label = UNDECIDED_LABEL
        line = (f"Undecided: {percent(undecided)} hit the {max_rounds}-round cap (allies "
                f"win {percent(allies['rate'])}, adversaries {percent(foes['rate'])})")
    else:
        label = verdict_label(allies["rate"])
        line = f"Allies win {percent(allies['rate'])} ({interval(lo, hi)}): {label}"
        if undecided >= DRAG:
            line += f"; {percent(undecided)} reach the {max_rounds}-round cap undecided"
    return {
        "encounter": encounter.name,
        "fights": n,
        "seed": seed,
        "policy": policy,
        "max_rounds": max_rounds,
        "verdict": line,
        "label": label,
        "sides": {
            ALLIES: allies,
            ADVERSARIES: foes,
            BOTH_OUT: {"count": wins[BOTH_OUT], "rate": wins[BOTH_OUT] / n if n else 0.0},
            UNDECIDED: {"count": wins[UNDECIDED], "rate": undecided},
        },
        "rounds": {
            "decided": decided,
            "median": t.round_quantile(0.5),
            "q1": t.round_quantile(0.25),
            "q3": t.round_quantile(0.75),
            "min": min(t.rounds, default=0),
            "max": max(t.rounds, default=0),
            "mean": _mean(sum(k * v for k, v in t.rounds.items()), decided),
        },
        "combatants": figures,
        "refused_per_fight": _mean(t.refused, n),
    }
