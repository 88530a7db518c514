"""The figures of a simulation run, from its per-fight results: win rates with their 95 %
confidence intervals (Wilson), rounds to finish, per-combatant means, and the verdict.

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

from collections.abc import Sequence
from math import ceil, sqrt
from typing import Any

from momenta_cli.engine.core import EncounterSpec
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


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def summarise(encounter: EncounterSpec, results: Sequence[FightResult], *, seed: int,
              policy: str, max_rounds: int) -> dict[str, Any]:
    """Every figure of the run as one JSON-ready dict (stable keys: docs/simulate.md)."""
    n = len(results)
    wins = {ALLIES: 0, ADVERSARIES: 0, BOTH_OUT: 0, UNDECIDED: 0}
    for r in results:
        wins[r.winner] += 1
    rounds = sorted(r.rounds for r in results if r.winner != UNDECIDED)
    combatants = []
    for i, c in enumerate(encounter.combatants):
        combatants.append({
            "name": c.name,
            "side": c.side,
            "damage_dealt": _mean([r.dealt[i] for r in results]),
            "damage_taken": _mean([r.taken[i] for r in results]),
            "strain_dealt": _mean([r.strain_dealt[i] for r in results]),
            "strain_taken": _mean([r.strain_taken[i] for r in results]),
            "wounds": _mean([r.wounds[i] for r in results]),
            "defeated_rate": _mean([1.0 if r.down[i] else 0.0 for r in results]),
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
            "decided": len(rounds),
            "median": rank_quantile(rounds, 0.5),
            "q1": rank_quantile(rounds, 0.25),
            "q3": rank_quantile(rounds, 0.75),
            "min": rounds[0] if rounds else 0,
            "max": rounds[-1] if rounds else 0,
            "mean": _mean(rounds),
        },
        "combatants": combatants,
        "refused_per_fight": _mean([r.refused for r in results]),
    }
