"""Start-up figures: a short ``momenta`` command against the stack floor, a subprocess of the
same interpreter that only imports typer, rich and yaml (what any such CLI pays to start).

Run: python bench/bench_startup.py [help status validate] [--reps N]
"""

from __future__ import annotations

from collections.abc import Callable

from common import Bench, Figure, Workdir, floor_argv, interleaved, main, robust


def _against_floor(name: str, title: str, target: float,
                   argv: Callable[[Workdir], list[str]], cwd: Callable[[Workdir], object]
                   ) -> Bench:
    def run(work: Workdir, reps: int) -> Figure:
        folder = cwd(work)
        subject = work.timed(argv(work), cwd=folder)
        baseline = work.timed(floor_argv(), cwd=folder)
        subj, base = interleaved(subject, baseline, reps)
        return Figure(name, title, robust(subj), robust(base), "stack floor", "ms", target)

    return Bench(name, title, run, reps=21)


BENCHES = [
    _against_floor("help", "`momenta --help` / stack floor", 1.3,
                   lambda w: [*w.momenta, "--help"], lambda w: w.path),
    _against_floor("status", "`momenta status` on the demo fight / stack floor", 1.8,
                   lambda w: [*w.momenta, "status", "demo.fight.jsonl"], Workdir.demo),
    _against_floor("validate", "`momenta validate demo.yaml` / stack floor", 2.0,
                   lambda w: [*w.momenta, "validate", "demo.yaml"], Workdir.demo),
]

if __name__ == "__main__":
    main(BENCHES)
