"""Figures that grow with the fight, as subprocesses of the ``momenta`` CLI:

- do: ``momenta do ENCOUNTER`` with 1,000 lines (starts and saves a fight) beside
  ``momenta replay ENCOUNTER SCRIPT`` of the same lines (no file written);
- memory: the peak resident memory of ``momenta replay --json`` over 10,000 commands
  beside that of the stack floor process;
- status10k: ``momenta status`` of a 10,000-record fight beside a 10-record one.

Run: python bench/bench_scale.py [do memory status10k] [--reps N]
"""

from __future__ import annotations

from common import Bench, Figure, Workdir, floor_argv, interleaved, main, robust

DO_N = 1000
MEMORY_N = 10_000
BIG_N = 10_000
SMALL_N = 10


def _do(work: Workdir, reps: int) -> Figure:
    enc = work.brawl("do")
    fight = enc.with_name(f"{enc.stem}.fight.jsonl")
    lines = work.lines(DO_N)
    script = work.script(DO_N)

    def fresh() -> None:  # every `do` starts the fight anew
        fight.unlink(missing_ok=True)

    subject = work.timed([*work.momenta, "do", enc.name, "--seed", "1", *lines], before=fresh)
    baseline = work.timed([*work.momenta, "replay", enc.name, script.name])
    subj, base = interleaved(subject, baseline, reps)
    return Figure("do", f"`momenta do` of {DO_N:,} lines / `momenta replay` of them",
                  robust(subj), robust(base), "replay", "ms", 1.3)


def _memory(work: Workdir, reps: int) -> Figure:
    enc = work.brawl()
    script = work.script(MEMORY_N)
    subject = work.peak_rss([*work.momenta, "replay", "--json", enc.name, script.name])
    baseline = work.peak_rss(floor_argv())
    subj, base = interleaved(subject, baseline, reps)  # the warm-up compiles the modules
    return Figure("memory", f"`momenta replay --json` peak memory, {MEMORY_N:,} commands",
                  robust(subj), robust(base), "stack floor", "MB", 60, "subject")


def _status10k(work: Workdir, reps: int) -> Figure:
    big = work.fight(BIG_N)
    small = work.fight(SMALL_N)
    subject = work.timed([*work.momenta, "status", big.name])
    baseline = work.timed([*work.momenta, "status", small.name])
    subj, base = interleaved(subject, baseline, reps)
    return Figure("status10k", f"`momenta status` at {BIG_N:,} records / at {SMALL_N}",
                  robust(subj), robust(base), f"{SMALL_N} records", "ms", 1.2)


BENCHES = [
    Bench("do", "momenta do of 1,000 lines / replay", _do, reps=9),
    Bench("memory", "replay --json peak memory", _memory, reps=3),
    Bench("status10k", "status at 10,000 records / at 10", _status10k, reps=11),
]

if __name__ == "__main__":
    main(BENCHES)
