"""Geometry figures, in process, on a generated 60x60 map with 30 combatants (issue 13):
exact line of sight for every pair, beside one centre-to-centre segment per pair (the
first thing a sampling tool checks); and the reachable area of every combatant for a
6-square Move, beside a plain breadth-first flood over the same squares.

The map is the same every run (seeded): 70 wall runs of 3-10 squares, 120 squares of
difficult terrain, low walls and water, 30 combatants placed at random (every sixth a
2x2 one). Counts (pairs in sight, squares reached) go to stderr.

Run: python bench/geometry.py [los-all reach-all] [--reps N]
"""

from __future__ import annotations

import random
import sys
import time
from collections import deque
from fractions import Fraction

from common import Bench, Figure, Workdir, interleaved, main, robust

from momenta_cli.engine.geometry import Board, Square, Terrain, footprint, line_of_sight, reachable
from momenta_cli.engine.geometry.segments import Obstacles, clear

SIDE = 60
COMBATANTS = 30
SPD = 6
TERRAIN = {".": Terrain(), "#": Terrain("wall"), ":": Terrain("difficult"),
           "=": Terrain("low"), "~": Terrain("water")}


def battlefield(seed: int = 1) -> tuple[Board, list[tuple[Square, ...]]]:
    """The generated map and the combatants' footprints."""
    rng = random.Random(seed)
    grid = [["."] * SIDE for _ in range(SIDE)]
    for _ in range(70):
        c, r = rng.randrange(SIDE), rng.randrange(SIDE)
        dc, dr = rng.choice([(1, 0), (0, 1)])
        for i in range(rng.randint(3, 10)):
            if c + i * dc < SIDE and r + i * dr < SIDE:
                grid[r + i * dr][c + i * dc] = "#"
    for _ in range(120):
        c, r = rng.randrange(SIDE), rng.randrange(SIDE)
        if grid[r][c] == ".":
            grid[r][c] = rng.choice(":=~")
    board = Board(tuple(tuple(TERRAIN[ch] for ch in row) for row in grid))
    taken: set[Square] = set()
    fps: list[tuple[Square, ...]] = []
    while len(fps) < COMBATANTS:
        side = 2 if len(fps) % 6 == 0 else 1
        fp = footprint((rng.randrange(SIDE - 1), rng.randrange(SIDE - 1)), side)
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
    seen = sum(line_of_sight(board, a, b) for a, b in pairs)
    rays = sum(clear(obs, _centre(a), _centre(b)) for a, b in pairs)
    print(f"los-all: {len(pairs)} pairs, {seen} in sight exactly, {rays} by the centre "
          "ray alone", file=sys.stderr)

    def subject() -> float:
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


BENCHES = [
    Bench("los-all", "exact line of sight for every pair on a 60x60 map", _los_all, reps=5),
    Bench("reach-all", "the reachable area of every combatant on it", _reach_all, reps=7),
]

if __name__ == "__main__":
    main(BENCHES)
