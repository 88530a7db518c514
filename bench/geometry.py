"""Geometry figures, in process, on a generated 60x60 map with 30 combatants (issue 13):
exact line of sight for every pair, beside one centre-to-centre segment per pair (the
first thing a sampling tool checks); and the reachable area of every combatant for a
6-square Move, beside a plain breadth-first flood over the same squares.

The map is the same every run (seeded): 70 wall runs of 3-10 squares, 120 squares of
difficult terrain, low walls and water, 30 combatants placed at random (every sixth a
2x2 one). Counts (pairs in sight, squares reached) go to stderr.

Issue 28's figures (exact geometry at integer speed), each asked with the geometry's
memory emptied first (``sight.forget``), so they measure the search, not a lookup:

- cover-one: one cover question on a 30x30 map with 10 obstructions, per question,
  beside one centre ray;
- sight-cover-all: line of sight and cover for every pair of the 60x60 map's 30
  combatants, the whole pass (target: under 2 s), beside the pass's centre rays;
- overlay-growth: how the whole-map sight overlay (``visible``) grows with the map's
  side (20, 40, 80, 120, the 60x60 map's density of walls): the exponent fitted through
  the four, beside the same of a plain flood over every square (which is 2);
- sim-yard: ``simulate`` of the Mill Yard (encounters/yard-with-a-map.yaml), 1 job, per
  fight (target: 50 fights a second), beside the demo's.

Run: python bench/geometry.py [los-all reach-all cover-one sight-cover-all
     overlay-growth sim-yard] [--reps N]
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections import deque
from fractions import Fraction

from common import REPO, Bench, Figure, Workdir, interleaved, main, robust

from momenta_cli.engine.geometry import (
    Board,
    Square,
    Terrain,
    cover,
    footprint,
    forget,
    line_of_sight,
    reachable,
    visible,
)
from momenta_cli.engine.geometry.budget import Work
from momenta_cli.engine.geometry.segments import Obstacles, clear

SIDE = 60
COMBATANTS = 30
SPD = 6
TERRAIN = {".": Terrain(), "#": Terrain("wall"), ":": Terrain("difficult"),
           "=": Terrain("low"), "~": Terrain("water")}


def battlefield(seed: int = 1, side: int = SIDE, combatants: int = COMBATANTS,
                walls: int = 70, rough: int = 120, kinds: str = ":=~"
                ) -> tuple[Board, list[tuple[Square, ...]]]:
    """The generated map and the combatants' footprints (by default the 60x60 one;
    ``walls`` wall runs, ``rough`` squares of ``kinds``)."""
    rng = random.Random(seed)
    grid = [["."] * side for _ in range(side)]
    for _ in range(walls):
        c, r = rng.randrange(side), rng.randrange(side)
        dc, dr = rng.choice([(1, 0), (0, 1)])
        for i in range(rng.randint(3, 10)):
            if c + i * dc < side and r + i * dr < side:
                grid[r + i * dr][c + i * dc] = "#"
    for _ in range(rough):
        c, r = rng.randrange(side), rng.randrange(side)
        if grid[r][c] == ".":
            grid[r][c] = rng.choice(kinds)
    board = Board(tuple(tuple(TERRAIN[ch] for ch in row) for row in grid))
    taken: set[Square] = set()
    fps: list[tuple[Square, ...]] = []
    while len(fps) < combatants:
        k = 2 if len(fps) % 6 == 0 else 1
        fp = footprint((rng.randrange(side - 1), rng.randrange(side - 1)), k)
        if all(board.on(s) and not board.at(s).solid and s not in taken for s in fp):
            fps.append(fp)
            taken |= set(fp)
    return board, fps


def _pairs(fps: list[tuple[Square, ...]]) -> list[tuple[tuple[Square, ...], ...]]:
    return [(a, b) for i, a in enumerate(fps) for b in fps[i + 1:]]


def _centre(fp: tuple[Square, ...]) -> tuple[Fraction, Fraction]:
    cs = [c for c, _ in fp]
    rs = [r for _, r in fp]
    return Fraction(min(cs) + max(cs) + 1, 2), Fraction(min(rs) + max(rs) + 1, 2)


def _los_all(work: Workdir, reps: int) -> Figure:
    board, fps = battlefield()
    pairs = _pairs(fps)
    obs = Obstacles(board)
    forget()
    seen = sum(line_of_sight(board, a, b) for a, b in pairs)
    rays = sum(clear(obs, _centre(a), _centre(b)) for a, b in pairs)
    print(f"los-all: {len(pairs)} pairs, {seen} in sight exactly, {rays} by the centre "
          "ray alone", file=sys.stderr)

    def subject() -> float:
        forget()
        t0 = time.perf_counter()
        for a, b in pairs:
            line_of_sight(board, a, b)
        return (time.perf_counter() - t0) / len(pairs)

    def baseline() -> float:
        t0 = time.perf_counter()
        for a, b in pairs:
            clear(obs, _centre(a), _centre(b))
        return (time.perf_counter() - t0) / len(pairs)

    subj, base = interleaved(subject, baseline, reps)
    return Figure("los-all", f"exact line of sight per pair, {SIDE}x{SIDE}, "
                  f"{COMBATANTS} combatants / one centre ray", robust(subj), robust(base),
                  "one centre ray", "us", 200)


def flood(board: Board, start: Square, budget: int, others: set[Square]) -> int:
    """The baseline: breadth-first over single squares, every step 1, walls and other
    creatures closed, no terrain, no footprints."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        c, r = todo.popleft()
        d = seen[(c, r)]
        if d == budget:
            continue
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                n = (c + dc, r + dr)
                if n not in seen and board.on(n) and not board.at(n).solid \
                        and n not in others:
                    seen[n] = d + 1
                    todo.append(n)
    return len(seen) - 1


def _reach_all(work: Workdir, reps: int) -> Figure:
    board, fps = battlefield()
    everyone = {s for fp in fps for s in fp}
    movers = [(fp[0], 2 if len(fp) == 4 else 1, frozenset(everyone - set(fp)))
              for fp in fps]
    area = sum(len(reachable(board, s, SPD, side=k, enemies=e)) for s, k, e in movers)
    print(f"reach-all: {len(movers)} combatants, {area} end squares in all for a "
          f"{SPD}-square Move", file=sys.stderr)

    def subject() -> float:
        forget()  # the search, not the memory (reachable areas are remembered too)
        t0 = time.perf_counter()
        for start, side, enemies in movers:
            reachable(board, start, SPD, side=side, enemies=enemies)
        return (time.perf_counter() - t0) / len(movers)

    def baseline() -> float:
        t0 = time.perf_counter()
        for start, _side, enemies in movers:
            flood(board, start, SPD, set(enemies))
        return (time.perf_counter() - t0) / len(movers)

    subj, base = interleaved(subject, baseline, reps)
    return Figure("reach-all", f"reachable area per combatant, {SPD}-square Move / a "
                  "plain BFS flood", robust(subj), robust(base), "BFS flood", "us", 15)


def cover_field(seed: int = 3) -> tuple[Board, list[tuple[Square, ...]]]:
    """The 30x30 map of cover-one: 15 wall runs, 10 obstructions (low-wall runs of 2-4
    squares, R34) and 10 combatants (every sixth a 2x2 one)."""
    board, fps = battlefield(seed=seed, side=30, combatants=10, walls=15, rough=0)
    rng = random.Random(seed)
    grid = [[t for t in row] for row in board.squares]
    taken = {s for fp in fps for s in fp}
    runs = 0
    while runs < 10:
        c, r = rng.randrange(30), rng.randrange(30)
        dc, dr = rng.choice([(1, 0), (0, 1)])
        run = [(c + i * dc, r + i * dr) for i in range(rng.randint(2, 4))]
        if all(board.on(q) and not board.at(q).solid and q not in taken for q in run):
            for x, y in run:
                grid[y][x] = TERRAIN["="]
            runs += 1
    return Board(tuple(tuple(row) for row in grid)), fps


COVER_MAPS = 12  # seeded 30x30 maps: about a quarter of the questions find cover


def _cover_one(work: Workdir, reps: int) -> Figure:
    questions = []
    for seed in range(1, COVER_MAPS + 1):
        board, fps = cover_field(seed)
        others = {s for fp in fps for s in fp}
        questions += [(board, a, b, [s for s in others if s not in a and s not in b])
                      for a, b in _pairs(fps) if line_of_sight(board, a, b)]
    forget()
    found = [cover(board, a, b, o) for board, a, b, o in questions]
    print(f"cover-one: {len(questions)} pairs in sight on {COVER_MAPS} maps, {sum(found)} "
          "with cover", file=sys.stderr)
    took: dict[bool, list[float]] = {True: [], False: []}

    def subject() -> float:
        total = 0.0
        for (board, a, b, o), has in zip(questions, found, strict=True):
            forget()  # each question from scratch, its line of sight too
            t0 = time.perf_counter()
            cover(board, a, b, o)
            spent = time.perf_counter() - t0
            took[has].append(spent)
            total += spent
        return total / len(questions)

    def baseline() -> float:
        t0 = time.perf_counter()
        for board, a, b, _ in questions:
            clear(Obstacles(board), _centre(a), _centre(b))
        return (time.perf_counter() - t0) / len(questions)

    subj, base = interleaved(subject, baseline, reps)
    for has, times in took.items():
        if times:
            print(f"cover-one: {'with' if has else 'without'} cover, median "
                  f"{robust(times) * 1e6:.0f} us, worst {max(times) * 1e3:.1f} ms",
                  file=sys.stderr)
    return Figure("cover-one", "one cover question, 30x30, 10 obstructions / one centre "
                  "ray", robust(subj), robust(base), "one centre ray", "us", 50)


def _sight_cover_all(work: Workdir, reps: int) -> Figure:
    board, fps = battlefield()
    pairs = _pairs(fps)
    obs = Obstacles(board)

    def others(a: tuple[Square, ...], b: tuple[Square, ...]) -> list[Square]:
        return [s for fp in fps if fp not in (a, b) for s in fp]

    asked = [(a, b, others(a, b)) for a, b in pairs]
    forget()
    seen = [line_of_sight(board, a, b) for a, b, _ in asked]
    covered = sum(cover(board, a, b, o) for (a, b, o), s in zip(asked, seen, strict=True)
                  if s)
    print(f"sight-cover-all: {len(pairs)} pairs, {sum(seen)} in sight, {covered} of them "
          "with cover", file=sys.stderr)

    def subject() -> float:
        forget()
        t0 = time.perf_counter()
        for a, b, o in asked:
            line_of_sight(board, a, b)
            cover(board, a, b, o)
        return time.perf_counter() - t0

    def baseline() -> float:
        t0 = time.perf_counter()
        for a, b, _ in asked:
            clear(obs, _centre(a), _centre(b))
        return time.perf_counter() - t0

    subj, base = interleaved(subject, baseline, reps)
    return Figure("sight-cover-all", f"sight and cover, every pair, {SIDE}x{SIDE}, "
                  f"{COMBATANTS} combatants / their centre rays", robust(subj),
                  robust(base), "centre rays", "ms", 2000, "subject")


GROWTH_SIDES = (20, 40, 80, 120)


def _fitted(sides: tuple[int, ...], times: list[float]) -> float:
    """The least-squares slope of log(time) against log(side): the power it grows by."""
    xs = [math.log(s) for s in sides]
    ys = [math.log(t) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / \
        sum((x - mx) ** 2 for x in xs)


def _overlay_growth(work: Workdir, reps: int) -> Figure:
    maps = []
    for side in GROWTH_SIDES:  # the 60x60 map's density of walls, scaled
        board, _ = battlefield(side=side, combatants=0, walls=70 * side * side // 3600,
                               rough=0)
        mid = side // 2
        while board.at((mid, mid)).solid:
            mid += 1
        maps.append((board, [(mid, mid)]))
    counts = [len(visible(b, a, work=Work(10**12, "", ""))) for b, a in maps]
    print(f"overlay-growth: squares seen {counts} on sides {list(GROWTH_SIDES)}",
          file=sys.stderr)
    times: dict[str, list[list[float]]] = {"overlay": [], "flood": []}

    def timed(what: str, one: object) -> float:
        took = []
        for (board, a), side in zip(maps, GROWTH_SIDES, strict=True):
            t0 = time.perf_counter()
            if what == "overlay":
                visible(board, a, work=Work(10**12, "", ""))
            else:
                flood(board, a[0], 2 * side, set())
            took.append(time.perf_counter() - t0)
        times[what].append(took)
        return _fitted(GROWTH_SIDES, took)

    subj, base = interleaved(lambda: timed("overlay", None), lambda: timed("flood", None),
                             reps)
    for what, runs in times.items():
        per_side = [min(run[i] for run in runs) for i in range(len(GROWTH_SIDES))]
        print(f"overlay-growth: {what} fastest per side " + ", ".join(
            f"{side}: {t * 1e3:.1f} ms" for side, t in zip(GROWTH_SIDES, per_side,
                                                           strict=True)),
              file=sys.stderr)
    open_field = []  # and on a field with a fifteenth of the walls: most of it in sight
    for (_, a), side in zip(maps, GROWTH_SIDES, strict=True):
        sparse, _ = battlefield(side=side, combatants=0, walls=5 * side * side // 3600,
                                rough=0)
        if not sparse.at(a[0]).solid:
            t0 = time.perf_counter()
            visible(sparse, a, work=Work(10**12, "", ""))
            open_field.append(time.perf_counter() - t0)
    if len(open_field) == len(GROWTH_SIDES):
        print(f"overlay-growth: on an open field (5 wall runs a 60x60) the power is "
              f"{_fitted(GROWTH_SIDES, open_field):.2f} (" + ", ".join(
                  f"{side}: {t * 1e3:.0f} ms" for side, t in zip(GROWTH_SIDES, open_field,
                                                                 strict=True)) + ")",
              file=sys.stderr)
    return Figure("overlay-growth", "whole-map sight overlay, power of the side it grows "
                  "by (20-120) / a flood's", robust(subj), robust(base), "flood",
                  "", 2.0, "subject")


YARD = REPO / "encounters" / "yard-with-a-map.yaml"
DEMO = REPO / "encounters" / "demo.yaml"
YARD_FIGHTS = 40


def _sim_yard(work: Workdir, reps: int) -> Figure:
    from momenta_cli.encounter import load_encounter
    from momenta_cli.simulate import simulate

    yard, demo = load_encounter(YARD), load_encounter(DEMO)

    def per_fight(enc: object) -> float:
        forget()  # every sample starts with an empty memory, as a fresh run does
        t0 = time.perf_counter()
        simulate(enc, None, YARD_FIGHTS, 1, jobs=1)  # type: ignore[arg-type]
        return (time.perf_counter() - t0) / YARD_FIGHTS

    subj, base = interleaved(lambda: per_fight(yard), lambda: per_fight(demo), reps)
    fig = Figure("sim-yard", "simulate the Mill Yard, 1 job, per fight / the demo's",
                 robust(subj), robust(base), "demo", "ms", 20, "subject")
    print(f"sim-yard: {1 / fig.subject:,.1f} fights/s (the demo {1 / fig.baseline:,.0f} "
          "fights/s)", file=sys.stderr)
    return fig


BENCHES = [
    Bench("los-all", "exact line of sight for every pair on a 60x60 map", _los_all, reps=5),
    Bench("reach-all", "the reachable area of every combatant on it", _reach_all, reps=7),
    Bench("cover-one", "one cover question on a 30x30 map with 10 obstructions",
          _cover_one, reps=5),
    Bench("sight-cover-all", "sight and cover for every pair on the 60x60 map",
          _sight_cover_all, reps=3),
    Bench("overlay-growth", "how the sight overlay grows with the map's side",
          _overlay_growth, reps=3),
    Bench("sim-yard", "simulate the Mill Yard, per fight, beside the demo", _sim_yard,
          reps=3),
]

if __name__ == "__main__":
    main(BENCHES)
