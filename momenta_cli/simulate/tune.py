"""Tuning an encounter: the value of one number (a ``knob.Knob``) whose allies' win rate
is nearest a target (``--tune``), or the win rate across a range of values
(``--sweep``).

Each value tried is played with the same seed, so every value meets the same dice fight
by fight (common random numbers: two values differ by the number, not by luck), in
batches of ``BATCH`` fights up to ``-n``. A value stops early when its 95 % interval
(Wilson) no longer holds the target: it is then known to be above or below it. Every
decision is taken between batches, on whole batches, so a run is the same whatever the
number of jobs.

The search takes the win rate to move one way as the number grows (more footpads, fewer
wins; which way is read off the file's value and a neighbour, or when the two tie,
guessed: up for an ally's number, down for an adversary's, the other way for a
penalty): from the file's value it steps the way that nears the target, doubling the step,
until the target is passed (or the range ends), then halves the gap between the last
value below and the first above until they are neighbours. The value reported is the
one whose rate is nearest the target among all those tried; when one's interval holds
the target the search stops there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from momenta_cli.engine.core import EncounterSpec
from momenta_cli.errors import MomentaError
from momenta_cli.simulate.batch import play_many
from momenta_cli.simulate.fight import ALLIES, FightResult, check_playable
from momenta_cli.simulate.knob import Knob
from momenta_cli.simulate.stats import Tally, wilson

BATCH = 50  # fights between two looks at the interval
MAX_TRIES = 24  # values tried by one search at most
ABOVE, BELOW, HOLDS = "above", "below", "holds"
MAX_SWEEP = 41  # values in one sweep


@dataclass
class Trial:
    """One value tried: its fights so far (``tally``), whether it stopped before ``-n``
    (``early``), the file's refusal of it (``refused``), and where its rate stands
    against the target."""

    value: int
    tally: Tally
    early: bool = False
    refused: str = ""

    @property
    def fights(self) -> int:
        return self.tally.fights

    @property
    def rate(self) -> float:
        return self.tally.wins[ALLIES] / self.fights if self.fights else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.tally.wins[ALLIES], self.fights)

    def side(self, target: float) -> str:
        """ABOVE or BELOW when the interval leaves the target out, else HOLDS."""
        lo, hi = self.ci95
        if lo > target:
            return ABOVE
        if hi < target:
            return BELOW
        return HOLDS

    def as_dict(self, target: float | None) -> dict[str, Any]:
        lo, hi = self.ci95
        out: dict[str, Any] = {"value": self.value, "fights": self.fights,
                               "allies_rate": self.rate, "ci95": [lo, hi],
                               "early": self.early}
        if self.refused:
            out["refused"] = self.refused
        if target is not None and self.fights:
            out["against_target"] = self.side(target)
        return out


@dataclass
class Search:
    """A tune or a sweep as it goes: every ``Trial`` in the order tried (the caller
    keeps it, so that Ctrl-C can still print what is known)."""

    knob: Knob
    target: float | None
    fights: int
    seed: int
    trials: list[Trial] = field(default_factory=list)
    interrupted: bool = False

    def best(self) -> Trial | None:
        """The value whose rate is nearest the target (a tune), ties to the file's value
        side: the smaller change."""
        played = [t for t in self.trials if t.fights and not t.refused]
        if not played or self.target is None:
            return None
        target = self.target
        return min(played, key=lambda t: (t.side(target) != HOLDS, abs(t.rate - target),
                                          abs(t.value - self.knob.base)))

    def as_dict(self) -> dict[str, Any]:
        best = self.best()
        return {
            "encounter": str(self.knob.path),
            "param": self.knob.param,
            "file_value": self.knob.base,
            "target": self.target,
            "fights_per_value": self.fights,
            "seed": self.seed,
            "tried": [t.as_dict(self.target) for t in self.trials],
            "best": best.as_dict(self.target) if best is not None else None,
            "interrupted": self.interrupted,
        }


Started = Callable[[int], None]  # a value is about to be played
Progress = Callable[[int], None]  # fights done


@dataclass
class Runner:
    """How each value is played: the policy, jobs, round cap, and who is told."""

    policy: str | None
    jobs: int = 1
    max_rounds: int = 30
    started: Started | None = None
    progress: Progress | None = None

    def play(self, search: Search, value: int) -> Trial:
        """Play ``value`` (a trial already tried is returned as it was)."""
        for t in search.trials:
            if t.value == value:
                return t
        try:
            enc: EncounterSpec | None = search.knob.value(value)
            assert enc is not None
            check_playable(enc)
        except MomentaError as err:
            enc = None
            why = str(err).splitlines()[0] if str(err) else type(err).__name__
            # the line and column are of the file as rewritten, not the GM's: left out
            why = re.sub(r"^.*?:\d+:\d+: ", "", why)
        trial = Trial(value, Tally(len(enc.combatants) if enc else 0))
        search.trials.append(trial)
        if enc is None:
            trial.refused = why
            return trial
        if self.started:
            self.started(value)
        target = search.target

        def take(r: FightResult) -> None:
            trial.tally.add(r)
            n = trial.tally.fights
            # fights come in fight order whatever the jobs: the look after each BATCH
            # is the same in any run
            if target is not None and n % BATCH == 0 and n < search.fights \
                    and trial.side(target) != HOLDS:
                trial.early = True
                raise _Decided

        try:  # one run of fights (one pool of workers) for the value
            play_many(enc, self.policy, search.fights, search.seed, take, jobs=self.jobs,
                      max_rounds=self.max_rounds, progress=self.progress)
        except _Decided:
            pass
        return trial


class _Decided(Exception):
    """The interval has decided: the value's other fights are not played."""


def run_sweep(search: Search, runner: Runner, low: int, high: int) -> Search:
    """Play every value from ``low`` to ``high``; with a target, each stops early once
    its interval leaves the target out."""
    for v in range(low, high + 1):
        runner.play(search, v)
    return search


def run_tune(search: Search, runner: Runner) -> Search:
    """The search of the module docstring, filling ``search.trials``."""
    k, target = search.knob, search.target
    assert target is not None
    here = runner.play(search, k.base)
    if here.refused or here.side(target) == HOLDS:
        return search
    # Which way does the rate move? Compare with a neighbour, then go the way that nears.
    step = max(1, k.base // 4)
    nxt = k.base + step if k.base + step <= k.high else k.base - step
    there = runner.play(search, nxt)
    if there.refused or there.side(target) == HOLDS:
        return search
    slope = (there.rate - here.rate) * (nxt - k.base)
    rising = slope > 0 if slope else k.rises  # a tie: the knob's guess (knob.py)
    below = here.side(target) == BELOW
    up = rising == below  # below and rising, or above and falling: go up
    if there.side(target) != here.side(target):  # the target lies between the two
        lo, hi = sorted((k.base, nxt))
        return _bisect(search, runner, lo, hi)
    last = nxt if (nxt > k.base) == up else k.base
    step = abs(nxt - k.base)
    while len(search.trials) < MAX_TRIES:
        step *= 2
        v = min(last + step, k.high) if up else max(last - step, k.low)
        if v == last:
            return search  # the range ends before the target: the nearest is reported
        t = runner.play(search, v)
        if t.refused:  # the file does not allow it: try halfway
            return _bisect_refused(search, runner, last, v)
        if t.side(target) == HOLDS:
            return search
        if t.side(target) != search_side(search, last):
            lo, hi = sorted((last, v))
            return _bisect(search, runner, lo, hi)
        last = v
    return search


def search_side(search: Search, value: int) -> str:
    assert search.target is not None
    for t in search.trials:
        if t.value == value:
            return t.side(search.target)
    raise KeyError(value)


def _bisect(search: Search, runner: Runner, lo: int, hi: int) -> Search:
    """``lo`` and ``hi`` lie on either side of the target: halve the gap."""
    assert search.target is not None
    side_lo = search_side(search, lo)
    while hi - lo > 1 and len(search.trials) < MAX_TRIES:
        mid = (lo + hi) // 2
        t = runner.play(search, mid)
        if t.refused:
            return search
        s = t.side(search.target)
        if s == HOLDS:
            return search
        if s == side_lo:
            lo = mid
        else:
            hi = mid
    return search


def _bisect_refused(search: Search, runner: Runner, good: int, bad: int) -> Search:
    """Between a value the file allows and one it refuses, try the ones between."""
    assert search.target is not None
    while abs(bad - good) > 1 and len(search.trials) < MAX_TRIES:
        mid = (good + bad) // 2
        t = runner.play(search, mid)
        if t.refused:
            bad = mid
            continue
        if t.side(search.target) == HOLDS:
            return search
        if t.side(search.target) != search_side(search, good):
            lo, hi = sorted((good, mid))
            return _bisect(search, runner, lo, hi)
        good = mid
    return search
