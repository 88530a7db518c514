"""Shared set-up for the benchmarks: a generated fight of N accepted commands, the files
and processes the figures measure, and the figure table."""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from momenta_cli.encounter import load_encounter_text  # noqa: E402
from momenta_cli.engine.core import (
    SeededRoller,  # noqa: E402
    Session,  # noqa: E402
)
from momenta_cli.errors import MomentaError  # noqa: E402
from momenta_cli.play import run_line  # noqa: E402

ENCOUNTER = textwrap.dedent("""
    name: Benchmark brawl
    combatants:
      - {name: Ana, side: allies, attributes: {POW: 2, AGI: 3}, max_guard: 2}
      - {name: Bo, side: allies, turns: 2, attributes: {POW: 4, AGI: 1}}
      - {name: Cy, side: allies, max_vitality: 400}
      - {name: Ogre, side: adversaries, threat: Champion, max_vitality: 900}
      - {name: Rat, side: adversaries, threat: Regular, max_vitality: 500, count: 4}
      - {name: Crow, side: independents, max_vitality: 600}
""")

NAMES = ["Ana", "Bo", "Cy", "Ogre", "Rat-1", "Rat-2", "Rat-3", "Rat-4", "Crow"]


def generate(n: int, seed: int = 1, reseed_every: int = 0) -> tuple[Session, list[str]]:
    """A session that accepted ``n`` commands, and the lines it accepted.

    The dice come from ``SeededRoller(seed)``, started again every ``reseed_every`` lines
    if given: what ``momenta do --seed SEED`` does when the lines are saved in batches."""
    enc = load_encounter_text(ENCOUNTER)
    s = Session(enc)
    rng = random.Random(seed)
    roller = SeededRoller(seed)
    accepted: list[str] = []
    batch_start = 0
    while len(accepted) < n:
        if reseed_every and len(accepted) == batch_start + reseed_every:
            roller = SeededRoller(seed)
            batch_start = len(accepted)
        r = rng.random()
        who = rng.choice(NAMES)
        if r < 0.5:
            line = "next"
        elif r < 0.65:
            line = f"heal {who} {rng.randint(1, 6)}"
        elif r < 0.8:
            line = f"dmg {who} {rng.randint(1, 4)}"
        elif r < 0.9:
            line = f"cond {who} {rng.choice(['impaired', 'slowed', 'vulnerable'])} +1"
        else:
            line = f"cond {who} {rng.choice(['impaired', 'slowed', 'vulnerable'])} -all"
        try:
            run_line(s, line, roller)
        except MomentaError:
            continue
        accepted.append(line)
    return s, accepted


# --- Measuring: every figure is a subject beside a baseline measured in the same run ------

MB = 1024 * 1024
STACK_FLOOR = "import typer, rich, yaml"  # what any typer + rich + yaml CLI pays to start
BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent

_STAT = "median"


def set_statistic(name: str) -> None:
    global _STAT
    _STAT = name


def robust(samples: list[float]) -> float:
    """The run's statistic of ``samples``: the median (default) or the lower quartile."""
    xs = sorted(samples)
    if _STAT == "q1":
        return xs[(len(xs) - 1) // 4]
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2


def interleaved(subject: Callable[[], float], baseline: Callable[[], float], reps: int,
                warmup: int = 1) -> tuple[list[float], list[float]]:
    """``reps`` samples of each, taken in pairs; the order alternates pair by pair (baseline
    first, then subject first) so a slow stretch of the machine lands on both sides."""
    for _ in range(warmup):
        baseline()
        subject()
    subj: list[float] = []
    base: list[float] = []
    for i in range(reps):
        if i % 2 == 0:
            base.append(baseline())
            subj.append(subject())
        else:
            subj.append(subject())
            base.append(baseline())
    return subj, base


@dataclass
class Figure:
    """One printed figure: the subject, its baseline from the same run, and the target.

    ``unit`` is how both values are shown: "ms" and "us" for seconds, "MB" for bytes.
    ``target_on`` says what the target bounds: "ratio" (subject / baseline) or "subject"
    (its absolute value, in ``unit``)."""

    name: str
    title: str
    subject: float
    baseline: float
    baseline_name: str
    unit: str
    target: float
    target_on: str = "ratio"
    samples: int = 0

    @property
    def ratio(self) -> float:
        return self.subject / self.baseline if self.baseline else float("inf")

    def shown(self, value: float) -> str:
        if self.unit == "ms":
            return f"{value * 1e3:.1f} ms"
        if self.unit == "us":
            return f"{value * 1e6:.1f} us"
        if self.unit == "MB":
            return f"{value / MB:.1f} MB"
        return f"{value:.3g}"

    @property
    def target_text(self) -> str:
        if self.target_on == "ratio":
            return f"<= {self.target:g}x" if self.target >= 5 else f"<= {self.target:.1f}"
        return f"<= {self.target:g} {self.unit}"

    @property
    def met(self) -> bool:
        if self.target_on == "ratio":
            return self.ratio <= self.target
        scale = {"ms": 1e3, "us": 1e6, "MB": 1 / MB}.get(self.unit, 1)
        return self.subject * scale <= self.target


@dataclass
class Bench:
    """A figure to measure: ``run(work, reps)`` returns its Figure."""

    name: str
    title: str
    run: Callable[[Workdir, int], Figure]
    reps: int


# --- Running the CLI ------------------------------------------------------------------


def momenta_argv() -> list[str]:
    """The ``momenta`` console script beside this interpreter, else ``python -m``."""
    script = Path(sys.executable).parent / "momenta"
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "momenta_cli"]


def floor_argv() -> list[str]:
    """The stack floor: the same interpreter importing the CLI stack and nothing else."""
    return [sys.executable, "-c", STACK_FLOOR]


def check_args(argv: list[str]) -> None:
    """Refuse an argument list the OS would refuse (ARG_MAX covers argv and environ)."""
    size = sum(len(a.encode()) + 1 for a in argv)
    size += sum(len(k) + len(v) + 2 for k, v in os.environ.items())
    limit = os.sysconf("SC_ARG_MAX") if hasattr(os, "sysconf") else 32_000
    if size > limit // 2:
        raise SystemExit(f"argument list of {size} bytes is too close to ARG_MAX ({limit})")


class Workdir:
    """A temporary directory with the files the figures need, each built on first use;
    every subprocess gets ``MOMENTA_HOME`` and ``PYTHONPYCACHEPREFIX`` inside it, so nothing
    of the user's is read or written."""

    def __init__(self) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="momenta-bench-")
        self.path = Path(self._tmp.name)
        self.env = dict(os.environ, MOMENTA_HOME=str(self.path / "home"),
                        # compiled modules cached here, written by the warm-up runs: as
                        # installed, whatever this shell's bytecode settings are, and
                        # nothing is written into the source tree
                        PYTHONPYCACHEPREFIX=str(self.path / "pycache"))
        for name in ("NO_COLOR", "PYTHONDONTWRITEBYTECODE"):
            self.env.pop(name, None)
        self.momenta = momenta_argv()
        self._built: dict[str, object] = {}

    def close(self) -> None:
        self._tmp.cleanup()

    def __enter__(self) -> Workdir:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # Running -------------------------------------------------------------------------

    def run(self, argv: list[str], *, cwd: Path | None = None) -> subprocess.CompletedProcess:
        """Run ``argv`` with output captured; a failure stops the benchmark, with stderr."""
        check_args(argv)
        p = subprocess.run(argv, cwd=cwd or self.path, env=self.env, capture_output=True)
        if p.returncode != 0:
            err = p.stderr.decode(errors="replace").strip()[-2000:]
            raise SystemExit(f"exit {p.returncode}: {' '.join(argv[:4])} ...\n{err}")
        return p

    def timed(self, argv: list[str], *, cwd: Path | None = None,
              before: Callable[[], None] | None = None) -> Callable[[], float]:
        """A sampler: one run of ``argv`` (output to /dev/null), its wall-clock seconds.
        ``before`` runs first, untimed (e.g. remove a fight file)."""
        check_args(argv)
        where = cwd or self.path

        def sample() -> float:
            if before is not None:
                before()
            t0 = time.perf_counter()
            p = subprocess.run(argv, cwd=where, env=self.env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - t0
            if p.returncode != 0:
                err = p.stderr.decode(errors="replace").strip()[-2000:]
                raise SystemExit(f"exit {p.returncode}: {' '.join(argv[:4])} ...\n{err}")
            return elapsed

        return sample

    def peak_rss(self, argv: list[str], *, cwd: Path | None = None) -> Callable[[], float]:
        """A sampler: the peak resident memory (bytes) of one run of ``argv``.

        A fresh, small parent (``python -I -S``) runs the child and reads its
        ``RUSAGE_CHILDREN`` high-water mark, so no earlier child is counted; the parent's
        own few MB are a floor under any figure (the child starts as its copy)."""
        check_args(argv)
        where = cwd or self.path
        wrapper = [sys.executable, "-I", "-S", "-c", _RSS_WRAPPER, *argv]

        def sample() -> float:
            p = subprocess.run(wrapper, cwd=where, env=self.env, capture_output=True, text=True)
            if p.returncode != 0:
                raise SystemExit(f"exit {p.returncode}: {' '.join(argv[:4])} ...\n"
                                 f"{p.stderr.strip()[-2000:]}")
            value = int(p.stdout.split()[-1])
            return value if sys.platform == "darwin" else value * 1024  # Linux: KiB

        return sample

    # Files ---------------------------------------------------------------------------

    def lines(self, n: int, reseed_every: int = 0) -> list[str]:
        """``n`` accepted command lines for the brawl (``generate``), made once."""
        key = f"lines-{n}-{reseed_every}"
        if key not in self._built:
            self._built[key] = generate(n, reseed_every=reseed_every)[1]
        return self._built[key]  # type: ignore[return-value]

    def brawl(self, stem: str = "brawl") -> Path:
        """The generated brawl encounter written as ``STEM.yaml``."""
        path = self.path / f"{stem}.yaml"
        if not path.exists():
            path.write_text(ENCOUNTER.lstrip(), encoding="utf-8")
        return path

    def script(self, n: int) -> Path:
        """A script of ``n`` brawl lines."""
        path = self.path / f"brawl-{n}.script"
        if not path.exists():
            path.write_text("\n".join(self.lines(n)) + "\n", encoding="utf-8")
        return path

    def fight(self, n: int, batch: int = 500) -> Path:
        """A saved brawl fight of ``n`` records, made with ``momenta do`` in batches."""
        enc = self.brawl(f"fight-{n}")
        fight = enc.with_name(f"{enc.stem}.fight.jsonl")
        if not fight.exists():
            lines = self.lines(n, reseed_every=batch)  # each `do` starts its dice anew
            target = enc
            for start in range(0, n, batch):
                self.run([*self.momenta, "do", str(target), "--seed", "1",
                          *lines[start:start + batch]])
                target = fight
        return fight

    def demo(self) -> Path:
        """The demo encounter and its library in ``demo/``, with a fight saved after round 1
        of ``encounters/demo.script``; returns the folder."""
        folder = self.path / "demo"
        if not folder.exists():
            folder.mkdir()
            src = REPO / "encounters"
            shutil.copy(src / "demo.yaml", folder / "demo.yaml")
            shutil.copytree(src / "library", folder / "library")
            self.run([*self.momenta, "do", "demo.yaml", "--seed", "1", *demo_round_one()],
                     cwd=folder)
        return folder


_RSS_WRAPPER = (
    "import resource, subprocess, sys\n"
    "p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "sys.exit(p.returncode)\n"
)


def demo_round_one() -> list[str]:
    """The command lines of the demo script up to its first ``status`` (round 1)."""
    out = []
    for raw in (REPO / "encounters" / "demo.script").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == "status":
            break
        out.append(line)
    return out


# --- The table and the command line ---------------------------------------------------

COLUMNS = ("figure", "subject", "baseline", "ratio", "target", "met")


def rows(figures: list[Figure]) -> list[tuple[str, ...]]:
    out = []
    for f in figures:
        out.append((f"{f.name}: {f.title}",
                    f.shown(f.subject),
                    f"{f.shown(f.baseline)} ({f.baseline_name})",
                    f"{f.ratio:.2f}",
                    f.target_text,
                    "yes" if f.met else "NO"))
    return out


def print_table(figures: list[Figure], markdown: bool = False) -> None:
    table = rows(figures)
    if markdown:
        print("| " + " | ".join(COLUMNS) + " |")
        print("|" + "|".join("---" for _ in COLUMNS) + "|")
        for r in table:
            print("| " + " | ".join(r) + " |")
        return
    widths = [max(len(c), *(len(r[i]) for r in table)) for i, c in enumerate(COLUMNS)]
    print("  ".join(c.ljust(w) for c, w in zip(COLUMNS, widths, strict=True)).rstrip())
    print("  ".join("-" * w for w in widths))
    for r in table:
        print("  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip())


def machine_load() -> str:
    if not hasattr(os, "getloadavg"):
        return "load ?"
    return "load " + "/".join(f"{x:.1f}" for x in os.getloadavg())


def machine() -> str:
    stat = "lower quartile" if _STAT == "q1" else "median"
    return (f"Python {platform.python_version()}, {os.cpu_count()} cores, {stat} of the "
            f"samples, {machine_load()}")


def main(benches: Sequence[Bench], argv: list[str] | None = None,
         prog: str | None = None) -> None:
    """Run ``benches`` (or the ones named) and print the table; shared by run.py and by
    every bench_*.py module."""
    names = [b.name for b in benches]
    ap = argparse.ArgumentParser(
        prog=prog, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Print speed figures, each beside a baseline measured in the same run.",
        epilog="figures:\n" + "\n".join(f"  {b.name:<10} {b.title}" for b in benches))
    ap.add_argument("names", nargs="*", metavar="NAME",
                    help="figures to run (default: all)")
    ap.add_argument("--reps", type=int, metavar="N",
                    help="samples per side for every figure (default: each figure's own)")
    ap.add_argument("--stat", choices=("median", "q1"), default="median",
                    help="statistic of the N samples (q1 = lower quartile)")
    ap.add_argument("--markdown", action="store_true",
                    help="print the table as Markdown rows for bench/README.md")
    args = ap.parse_args(argv)
    unknown = [n for n in args.names if n not in names]
    if unknown:
        ap.error(f"unknown figure(s) {', '.join(unknown)}; choose from {', '.join(names)}")
    if args.reps is not None and args.reps < 1:
        ap.error("--reps must be at least 1")
    set_statistic(args.stat)
    chosen = [b for b in benches if not args.names or b.name in args.names]
    command = " ".join(["python", *sys.argv]) if argv is None else None
    started = machine()
    figures = []
    with Workdir() as work:
        print(f"momenta: {' '.join(work.momenta)}", file=sys.stderr)
        for b in chosen:
            reps = args.reps or b.reps
            t0 = time.perf_counter()
            fig = b.run(work, reps)
            fig.samples = reps
            figures.append(fig)
            print(f"{b.name}: {fig.shown(fig.subject)} vs {fig.shown(fig.baseline)}, "
                  f"ratio {fig.ratio:.2f} ({reps} samples each, "
                  f"{time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    sys.stderr.flush()
    print()
    print_table(figures, markdown=args.markdown)
    print()
    when = datetime.date.today().isoformat()
    how = f"`{command}`" if command else "bench/run.py"
    counts = ", ".join(f"{f.name} {f.samples}" for f in figures)
    print(f"Measured {when} with {how}: {started} (at the start; {machine_load()} at the "
          f"end); samples per side: {counts}.")
