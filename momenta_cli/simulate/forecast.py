"""A forecast: a fight in progress (a saved fight as it stands, or the prompt's) played on
many times to its end by the policies, and how it tends to end from here.

Every fight starts from a copy of the same state (mid-turn too: the turn running is
played on first), with its own dice (``fight.fight_seed``), so the figures are the same
whatever the number of jobs; the fight itself is never touched. The figures are those of
``stats.summarise`` counted from now: each side's chance to win, each combatant's chance
to be Defeated (or Lost) by the end and to take a Wound from here, with 95 % intervals,
and the rounds left.
"""

from __future__ import annotations

import hashlib
from typing import Any

from momenta_cli.engine.core import Fight
from momenta_cli.simulate.batch import Progress, tally_run
from momenta_cli.simulate.fight import ALLIES, BOTH_OUT, UNDECIDED, check_playable, outcome
from momenta_cli.simulate.stats import Tally, interval, percent, summarise

DEFAULT_FIGHTS = 200  # ``forecast`` at the prompt: a few seconds at most


def position_seed(fight: Fight) -> int:
    """A seed read off the fight's state: the same position forecasts the same figures
    (the prompt's ``forecast`` takes no seed), another position other dice."""
    marks: list[object] = [fight.round, fight.active, fight.active_turn, fight.first_side,
                           fight.last_side]
    for f in fight.fighters.values():
        marks += [f.name, f.vitality, f.guard, f.vigor, f.strain, f.resolve, len(f.wounds),
                  f.out, f.turns_taken, f.maneuvers, f.moves, f.position,
                  sorted((k, c.stacks) for k, c in f.conditions.items())]
    digest = hashlib.sha256(repr(marks).encode()).digest()
    return int.from_bytes(digest[:4], "big") % 2 ** 31


def forecast_tally(fight: Fight, policy: str | None, n: int, seed: int, *, jobs: int = 1,
             max_rounds: int = 30, progress: Progress | None = None) -> Tally:
    """Play ``fight`` on ``n`` times from where it stands (``policy``: as ``simulate``);
    ``max_rounds`` counts from its round. ``fight`` is not changed."""
    check_playable(fight.encounter)
    if outcome(fight) is not None or fight.over:
        n = 1  # nothing is left to play: every fight "played on" is this one, so one says it
    return tally_run(fight.encounter, policy, n, seed, jobs=jobs, max_rounds=max_rounds,
                     progress=progress, start=fight.clone())


def forecast_summary(fight: Fight, t: Tally, *, seed: int, policy: str,
                     max_rounds: int) -> dict[str, Any]:
    """Every figure of a forecast as one JSON-ready dict (docs/simulate.md): the keys of
    ``stats.summarise`` (its combatants those of the fight now), with ``forecast``
    (the round it stands in, whose turn, whether it is over already) and ``rounds_left``
    (rounds after the current one, over the fights that ended)."""
    out = summarise(fight.encounter, t, seed=seed, policy=policy, max_rounds=max_rounds,
                    combatants=[f.spec for f in fight.fighters.values()])
    now = fight.round
    ended = outcome(fight)
    out["forecast"] = {
        "round": now,
        "active": fight.active,
        "over": ended is not None or fight.over,
        "ended_as": ended,
    }
    out["rounds_left"] = {key: (max(out["rounds"][key] - now, 0) if out["rounds"]["decided"]
                                else 0)
                          for key in ("median", "q1", "q3", "min", "max")}
    out["rounds_left"]["mean"] = max(out["rounds"]["mean"] - now, 0.0) \
        if out["rounds"]["decided"] else 0.0
    for c, f in zip(out["combatants"], fight.fighters.values(), strict=True):
        c["out_now"] = f.out
        c["wounds_now"] = len(f.wounds)
    out["verdict"] = forecast_verdict(out)
    return out


def forecast_verdict(s: dict[str, Any]) -> str:
    """One line: who is likely to win from here (or that it is over already)."""
    f = s["forecast"]
    if f["over"]:
        how = {ALLIES: "the allies have won", "adversaries": "the adversaries have won",
               BOTH_OUT: "both sides are out"}.get(f["ended_as"] or "", "it was ended")
        return f"The fight is over: {how}"
    if s["label"] == "undecided":
        return s["verdict"]  # most forecasts hit the round cap: say so, as simulate does
    allies = s["sides"][ALLIES]
    foes = s["sides"]["adversaries"]
    lo, hi = allies["ci95"]
    und = s["sides"][UNDECIDED]["rate"]
    line = (f"From round {f['round']}: allies win {percent(allies['rate'])} "
            f"({interval(lo, hi)}), adversaries {percent(foes['rate'])}")
    if und:
        line += f", {percent(und)} undecided"
    return line
