"""`momenta simulate` speed on the demo encounter: seconds per fight (and fights per
second) with 1 job, beside the engine alone replaying the same fights' commands; beside
the same simulator without its memo of attack estimates (what a fight cost before it,
issue 28); with 2 jobs beside 1 job; and the Toll-House, whose scheduled events fire
in every fight, beside the prompt's runner replaying its fights (firing the same events).

Run: python bench/bench_simulate.py [sim1 simmemo sim2 simevents] [--reps N]
"""

from __future__ import annotations

import sys
import time

from common import REPO, Bench, Figure, Workdir, interleaved, main, robust

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.simulate import estimate, play_fight, simulate
from momenta_cli.simulate.fight import fight_seed
from momenta_cli.simulate.policy import BUILTIN

DEMO = REPO / "encounters" / "demo.yaml"
TOLL = REPO / "encounters" / "toll-house.yaml"
SEED = 1
FIGHTS_1 = 100  # a sample of the one-job figure
FIGHTS_2 = 400  # a sample of the two-job figure: enough to pay for starting the workers


def _rate(fig: Figure) -> Figure:
    print(f"{fig.name}: {1 / fig.subject:,.0f} fights/s (baseline {1 / fig.baseline:,.0f} "
          "fights/s)", file=sys.stderr)
    return fig


def _sim1(work: Workdir, reps: int) -> Figure:
    """One job, in process, against the engine alone: the same fights' journal lines run
    again through ``run_line`` with the same dice (what the fights cost without choosing)."""
    enc = load_encounter(DEMO)
    policy = BUILTIN["tactical"]
    scripts = []
    for i in range(FIGHTS_1):
        _, session = play_fight(enc, policy, SEED, i, keep=True)
        assert session is not None
        scripts.append((fight_seed(SEED, i), [e.line for e in session.entries]))

    def subject() -> float:
        t0 = time.perf_counter()
        simulate(enc, None, FIGHTS_1, SEED, jobs=1)
        return (time.perf_counter() - t0) / FIGHTS_1

    def baseline() -> float:
        t0 = time.perf_counter()
        for seed, lines in scripts:
            s, roller = Session(enc), SeededRoller(seed)
            for line in lines:
                run_line(s, line, roller)
        return (time.perf_counter() - t0) / FIGHTS_1

    subj, base = interleaved(subject, baseline, reps)
    # 2.5x: about 250 fights a second where the engine alone replays ~620 (issue 28)
    return _rate(Figure("sim1", "simulate, 1 job: per fight / the engine replaying it",
                        robust(subj), robust(base), "engine alone", "ms", 2.5))


def _simmemo(work: Workdir, reps: int) -> Figure:
    """One job, in process, beside the same fights with the memo of attack estimates
    switched off (``estimate.MEMO_SIZE = 0``): the simulator as it was before the memo.
    The fights are the same either way (checked)."""
    enc = load_encounter(DEMO)
    size = estimate.MEMO_SIZE

    def run(memo: bool) -> float:
        estimate.MEMO_SIZE = size if memo else 0
        try:
            t0 = time.perf_counter()
            simulate(enc, None, FIGHTS_1, SEED, jobs=1)
            return (time.perf_counter() - t0) / FIGHTS_1
        finally:
            estimate.MEMO_SIZE = size

    estimate.MEMO_SIZE = 0
    try:
        without = simulate(enc, None, 20, SEED, jobs=1)
    finally:
        estimate.MEMO_SIZE = size
    assert without == simulate(enc, None, 20, SEED, jobs=1)
    subj, base = interleaved(lambda: run(True), lambda: run(False), reps)
    return _rate(Figure("simmemo", "simulate per fight, with the memo / without it",
                        robust(subj), robust(base), "no memo", "ms", 0.4))


def _sim2(work: Workdir, reps: int) -> Figure:
    """Two jobs against one, the same fights (the results are identical: checked)."""
    enc = load_encounter(DEMO)
    assert simulate(enc, None, 40, SEED, jobs=1) == simulate(enc, None, 40, SEED, jobs=2)

    def run(jobs: int) -> float:
        t0 = time.perf_counter()
        simulate(enc, None, FIGHTS_2, SEED, jobs=jobs)
        return (time.perf_counter() - t0) / FIGHTS_2

    subj, base = interleaved(lambda: run(2), lambda: run(1), reps)
    return _rate(Figure("sim2", "simulate per fight, 2 jobs / 1 job", robust(subj),
                        robust(base), "1 job", "ms", 0.7))


def _simevents(work: Workdir, reps: int) -> Figure:
    """The Toll-House (a map, reinforcements, a per-round hazard, a regenerating boss),
    one job, against the prompt's runner replaying the same fights' typed lines: it
    fires the same events itself (checked: the same journals)."""
    enc = load_encounter(TOLL)
    policy = BUILTIN["tactical"]
    fights = FIGHTS_1 // 4
    scripts = []
    for i in range(fights):
        _, session = play_fight(enc, policy, SEED, i, keep=True)
        assert session is not None
        scripts.append((fight_seed(SEED, i), [e.script_line for e in session.entries
                                              if not e.fired_by],
                        [e.script_line for e in session.entries]))

    def subject() -> float:
        t0 = time.perf_counter()
        simulate(enc, None, fights, SEED, jobs=1)
        return (time.perf_counter() - t0) / fights

    def baseline() -> float:
        t0 = time.perf_counter()
        for seed, lines, _ in scripts:
            s, roller = Session(enc), SeededRoller(seed)
            for line in lines:
                run_line(s, line, roller)
        return (time.perf_counter() - t0) / fights

    s, roller = Session(enc), SeededRoller(scripts[0][0])
    for line in scripts[0][1]:
        run_line(s, line, roller)
    assert [e.script_line for e in s.entries] == scripts[0][2]
    subj, base = interleaved(subject, baseline, reps)
    return _rate(Figure("simevents", "simulate the Toll-House, 1 job: per fight / the "
                        "prompt's runner replaying it", robust(subj), robust(base),
                        "runner replay", "ms", 4.0))


BENCHES = [
    Bench("sim1", "simulate per fight, 1 job, beside the engine alone", _sim1, reps=5),
    Bench("simmemo", "simulate per fight, beside it without the estimate memo", _simmemo,
          reps=3),
    Bench("sim2", "simulate per fight, 2 jobs beside 1 job", _sim2, reps=3),
    Bench("simevents", "simulate the Toll-House (scheduled events) per fight, beside "
          "the runner replaying it", _simevents, reps=3),
]

if __name__ == "__main__":
    main(BENCHES)
