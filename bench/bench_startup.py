"""Start-up figures: a short ``momenta`` command against the stack floor, a subprocess of the
same interpreter that only imports typer, rich and yaml (what any such CLI pays to start);
``validate`` of a file checked before (its verdict kept, the warm-up run keeps it) and of
one never checked (validate-cold: the kept verdicts removed before each run); the map's
one-shots, ``los`` and ``path`` on the Mill Yard, against ``momenta --help`` (issue 28;
the warm-up run fills the encounter cache, as a GM's first question does); and
``replay --json`` of 10,000 generated commands, per command, start-up included.

Run: python bench/bench_startup.py [help status validate validate-cold los path replay-json]
     [--reps N]
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from common import REPO, Bench, Figure, Workdir, floor_argv, interleaved, main, robust

REPLAY_N = 10_000


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


def _validate_cold(work: Workdir, reps: int) -> Figure:
    """``validate demo.yaml`` as if for the first time: the kept verdicts are removed
    (untimed) before each run, so the file is read, validated (by pydantic_core with the
    core schemas the warm-up run kept: encounter/fastcheck.py) and its events' lines
    parsed."""
    folder = work.demo()
    verdicts = work.path / "home" / "cache" / "validated"
    subject = work.timed([*work.momenta, "validate", "demo.yaml"], cwd=folder,
                         before=lambda: shutil.rmtree(verdicts, ignore_errors=True))
    baseline = work.timed(floor_argv(), cwd=folder)
    subj, base = interleaved(subject, baseline, reps)
    return Figure("validate-cold", "`momenta validate demo.yaml` checked anew / stack floor",
                  robust(subj), robust(base), "stack floor", "ms", 1.8)


def _replay_json(work: Workdir, reps: int) -> Figure:
    """The whole ``replay --json`` process over the generated brawl, output to /dev/null
    (the streamed form), per command; the floor over as many, for scale."""
    enc = work.brawl()
    script = work.script(REPLAY_N)
    subject = work.timed([*work.momenta, "replay", "--json", enc.name, script.name])
    baseline = work.timed(floor_argv())
    subj, base = interleaved(subject, baseline, reps)
    return Figure("replay-json", f"`momenta replay --json`, {REPLAY_N:,} commands, per command"
                  " / stack floor over as many", robust(subj) / REPLAY_N,
                  robust(base) / REPLAY_N, f"stack floor / {REPLAY_N:,}", "us", 80, "subject")


def _yard(work: Workdir) -> Path:
    """The Mill Yard and its library in ``yard/``; returns the folder."""
    folder = work.path / "yard"
    if not folder.exists():
        folder.mkdir()
        shutil.copy(REPO / "encounters" / "yard-with-a-map.yaml", folder)
        shutil.copytree(REPO / "encounters" / "library", folder / "library")
    return folder


def _against_help(name: str, title: str, target: float, args: list[str]) -> Bench:
    def run(work: Workdir, reps: int) -> Figure:
        folder = _yard(work)
        subject = work.timed([*work.momenta, *args], cwd=folder)
        baseline = work.timed([*work.momenta, "--help"], cwd=folder)
        subj, base = interleaved(subject, baseline, reps)
        return Figure(name, title, robust(subj), robust(base), "momenta --help", "ms",
                      target)

    return Bench(name, title, run, reps=21)


BENCHES = [
    _against_floor("help", "`momenta --help` / stack floor", 1.3,
                   lambda w: [*w.momenta, "--help"], lambda w: w.path),
    _against_floor("status", "`momenta status` on the demo fight / stack floor", 1.5,
                   lambda w: [*w.momenta, "status", "demo.fight.jsonl"], Workdir.demo),
    _against_floor("validate", "`momenta validate demo.yaml` checked before / stack floor",
                   1.8, lambda w: [*w.momenta, "validate", "demo.yaml"], Workdir.demo),
    Bench("validate-cold", "validate checked anew / stack floor", _validate_cold, reps=11),
    _against_help("los", "`momenta los` on the Mill Yard / `momenta --help`", 1.5,
                  ["los", "yard-with-a-map.yaml", "mira", "ogre"]),
    _against_help("path", "`momenta path` on the Mill Yard / `momenta --help`", 1.5,
                  ["path", "yard-with-a-map.yaml", "mira", "e11"]),
    Bench("replay-json", "replay --json per command", _replay_json, reps=9),
]

if __name__ == "__main__":
    main(BENCHES)
