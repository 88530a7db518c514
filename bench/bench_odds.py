"""Odds figures, in process: the exact distribution of net successes for 20 dice against
20 at 5+ (issue 14), and the whole odds table with Solid Hit and damage, beside the
calibration loop of ``bench_engine`` (it measures the machine), and beside the dice
libraries icepool and dyce on the same case when they are installed (the optional
``bench`` extra: ``pip install -e .[bench]``); without them those figures are left out.

Every library's answer is checked against ours (exact equality) before it is timed; a
mismatch stops the bench.

Run: python bench/bench_odds.py [odds odds-table icepool dyce] [--reps N]
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from fractions import Fraction

from bench_engine import calibration_unit
from common import Bench, Figure, Workdir, interleaved, main, robust

from momenta_cli.engine.core import DamageTable
from momenta_cli.odds import OddsDice, Target, distribution, odds

DICE = 20
CALLS = 200  # calls per sample: one is a fraction of a millisecond
CAL_CALLS = 2000


def per_call(fn: Callable[[], object], calls: int) -> Callable[[], float]:
    def sample() -> float:
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        return (time.perf_counter() - t0) / calls

    return sample


def ours() -> distribution.Counts:
    """Net successes, 20 dice vs 20 at 5+: two binomials and their convolution."""
    side = distribution.success_distribution(DICE)
    return distribution.net_distribution(side, side)


def table() -> object:
    """The whole table: Solid Hit (the joint distribution over face multisets), Guard,
    tiers, Vitality with Wounds."""
    return odds(OddsDice(DICE, DICE, solid=True),
                Target(guard=3, current=30, maximum=30, free_slots=2),
                DamageTable((2, 7, 13, 20)))


def _calibration() -> Callable[[], float]:
    return per_call(calibration_unit, CAL_CALLS)


def _odds(work: Workdir, reps: int) -> Figure:
    subj, base = interleaved(per_call(ours, CALLS), _calibration(), reps)
    return Figure("odds", f"net successes {DICE} vs {DICE}, exact / calibration loop",
                  robust(subj), robust(base), "calibration loop", "us", 1000, "subject")


def _table(work: Workdir, reps: int) -> Figure:
    subj, base = interleaved(per_call(table, 10), _calibration(), reps)
    return Figure("odds-table", f"the odds table {DICE} vs {DICE}, Solid Hit and Wounds",
                  robust(subj), robust(base), "calibration loop", "us", 50_000, "subject")


def _same(items: list[tuple[int, int]], total: int) -> None:
    mine = ours()
    theirs = {k: Fraction(c, total) for k, c in items if c}
    if theirs != {k: mine.p(k) for k in mine.weights}:
        raise SystemExit("the library's distribution differs from ours")


def _icepool_net() -> object:
    import icepool

    hit = icepool.d6 >= 5
    return (DICE @ hit - DICE @ hit).map(lambda x: max(x, 0))


def _dyce_net() -> object:
    from dyce import H

    hit = H(6).ge(5)
    return ((DICE @ hit) - (DICE @ hit)).apply(lambda x: max(x, 0))


def _icepool(work: Workdir, reps: int) -> Figure:
    die = _icepool_net()
    _same(list(die.items()), die.denominator())  # type: ignore[attr-defined]
    subj, base = interleaved(per_call(ours, CALLS), per_call(_icepool_net, 20), reps)
    return Figure("icepool", f"net successes {DICE} vs {DICE}: ours / icepool",
                  robust(subj), robust(base), "icepool", "us", 1.0)


def _dyce(work: Workdir, reps: int) -> Figure:
    h = _dyce_net()
    _same(list(h.items()), h.total)  # type: ignore[attr-defined]
    subj, base = interleaved(per_call(ours, CALLS), per_call(_dyce_net, 50), reps)
    return Figure("dyce", f"net successes {DICE} vs {DICE}: ours / dyce",
                  robust(subj), robust(base), "dyce", "us", 1.0)


def _installed(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


BENCHES = [
    Bench("odds", f"net successes {DICE} vs {DICE}", _odds, reps=11),
    Bench("odds-table", "the whole odds table with Solid Hit", _table, reps=11),
    *([Bench("icepool", "ours beside icepool", _icepool, reps=11)]
      if _installed("icepool") else []),
    *([Bench("dyce", "ours beside dyce", _dyce, reps=11)] if _installed("dyce") else []),
]

if __name__ == "__main__":
    main(BENCHES)
