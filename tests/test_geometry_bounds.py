"""Every geometry search has a bound (issue 29, item 3; docs/reliability.md, "Geometry
bounds"): exact sight and cover, paths and reachable squares, the simulator's walk toward
a foe and area shapes each count their work against a budget realistic maps never
reach; past it the command says in one line that the map cannot decide and how the GM
rules it (``GeometryTooComplex``), and SPD is at most 99, refused at load past it.

The hostile maps of the issue's "Why" (Unbounded work) are run as the GM would, through
the shell, each in a process of its own that reports its peak memory."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from momenta_cli.engine.geometry import (
    Board,
    GeometryTooComplex,
    Terrain,
    Work,
    column_name,
    distances_to,
    footprint,
    line_of_sight,
    reachable,
)
from momenta_cli.errors import RuleError

SECONDS, MEGABYTES = 5.0, 300  # the caps
SLOW = pytest.mark.slow  # a second or two each: the full lane runs them

# Runs the CLI in this process and writes, where USAGE_TO says, its processor time (user
# and system, seconds) and peak memory (KB): the work it did, whatever else the machine
# is doing (the tests run side by side).
_WRAP = textwrap.dedent("""
    import os, resource, sys
    sys.argv = ["momenta", *sys.argv[1:]]
    try:
        from momenta_cli.cli import main
        main()
    finally:
        use = resource.getrusage(resource.RUSAGE_SELF)
        # this process's own peak: Linux keeps ru_maxrss across exec, so it can be the
        # test worker's that started it; VmHWM belongs to this program's memory alone
        peak = use.ru_maxrss
        try:
            with open("/proc/self/status") as status:
                peak = next(int(x.split()[1]) for x in status if x.startswith("VmHWM:"))
        except (OSError, StopIteration):
            pass
        with open(os.environ["USAGE_TO"], "w") as f:
            f.write(f"{use.ru_utime + use.ru_stime} {peak}")
""")


def _momenta(tmp: Path, *args: str) -> tuple[subprocess.CompletedProcess, float, float]:
    """Run ``momenta ARGS`` in a process of its own: the result, the processor seconds
    it took and its peak memory in MB. A hang fails on the wall clock (60 s)."""
    usage = tmp / f"usage-{time.monotonic_ns()}"
    env = {**os.environ, "USAGE_TO": str(usage), "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-c", _WRAP, *args], capture_output=True,
                          text=True, cwd=tmp, env=env, timeout=60)
    seconds, kb = usage.read_text().split()
    return done, float(seconds), int(kb) / 1024


def _bounded(done: subprocess.CompletedProcess, took: float, mb: float) -> None:
    """Within the caps, and either answered (exit 0) or refused in one line (exit 1)."""
    assert took < SECONDS, f"took {took:.1f} s of processor time"
    assert mb < MEGABYTES, f"peak memory {mb:.0f} MB"
    assert "Traceback" not in done.stderr
    if done.returncode != 0:
        assert done.returncode == 1
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr


BOW = ("{name: Bow, tags: [Piercing, Range 300], "
       "damage: {0s: 1, 1s: 5, 2s: 9, 3+: 13}}")
CLUB = ("{name: Club, pool: 4, tags: [Crushing, Melee 1], "
        "damage: {0s: 1, 1s: 3, 2+: 5}}")


def _encounter(rows: list[str], *, size: int | str = "1M", spd: int = 5, ana: str = "A1",
               ogre: str | None = None, ogre_size: int | str | None = None) -> str:
    body = textwrap.indent("\n".join(rows), "    ")
    ogre = ogre or f"{column_name(len(rows[0]) - 1)}{len(rows)}"
    return f"""name: Bounds
map:
  rows: |
{body}
combatants:
  - name: Ana
    side: allies
    attributes: {{SIZE: {size}, AGI: 2, POW: 3, SPD: {spd}}}
    max_vigor: 12
    weapons: [{BOW}, {{name: Sword, tags: [Slashing, Melee 1],
               damage: {{0s: 2, 1s: 6, 2s: 11, 3+: 17}}}}]
    at: {ana}
  - name: Ogre
    side: adversaries
    threat: Grunt
    attributes: {{SIZE: {ogre_size or size}, SPD: 5}}
    attacks: [{CLUB}]
    at: {ogre}
"""


def _checkerboard(side: int = 128, band: range = range(30, 98)) -> list[str]:
    """A checkerboard of walls across the middle rows, open above and below."""
    return ["".join("#" if r in band and (r + c) % 2 == 0 else "." for c in range(side))
            for r in range(side)]


def _holes(side: int = 128, band: range = range(30, 98)) -> list[str]:
    """Every other row of the band a row of pillars, one square apart: the open squares
    join up, so only the exact search can tell, and it has thousands of corners."""
    return ["".join("#" if r in band and r % 2 == 0 and c % 2 == (r // 2) % 2 else "."
                    for c in range(side)) for r in range(side)]


def _two_giants(tmp: Path, rows: list[str]) -> Path:
    size = 20
    far = f"{column_name(len(rows[0]) - size)}{len(rows) - size + 1}"
    path = tmp / "giants.yaml"
    path.write_text(_encounter(rows, size=size, ogre=far), encoding="utf-8")
    assert len(path.read_bytes()) < 20_000  # a valid map of about 16 KB
    return path


# --- the checkerboard of the issue ----------------------------------------------------

@pytest.mark.parametrize("ask", [
    pytest.param(("los", "{f}", "ana", "ogre"), id="los"),
    pytest.param(("los", "{f}", "ana", "ogre", "--json"), id="los-json", marks=SLOW),
    pytest.param(("odds", "{f}", "ana", "ogre", "--weapon", "bow"), id="odds", marks=SLOW),
    pytest.param(("do", "{f}", "turn ana", "attack ogre with bow"), id="do-attack"),
])
def test_sight_across_a_checkerboard_between_two_size_20_creatures_is_bounded(tmp_path, ask):
    """Why, Unbounded work: exact line of sight on a valid 16 KB map (two SIZE 20
    creatures across a checkerboard of walls) ran 34-60 s and hit a MemoryError at
    3 GiB, from ``los``, ``odds`` and a ranged attack. Now each is answered (no line of
    sight: the open squares do not join up across the checkerboard) or refused in one
    line, in under 5 s and 300 MB."""
    f = _two_giants(tmp_path, _checkerboard())
    done, took, mb = _momenta(tmp_path, *(a.format(f=f) for a in ask))
    _bounded(done, took, mb)
    if ask[0] == "los":
        out = done.stdout
        assert (json.loads(out)["line_of_sight"] is False) if "--json" in ask \
            else "line of sight: no" in out
    else:
        assert done.returncode == 1 and "no line of sight" in done.stderr
        assert not (tmp_path / "giants.fight.jsonl").exists()  # nothing saved


@pytest.mark.parametrize("ask", [
    pytest.param(("los", "{f}", "ana", "ogre"), id="los", marks=SLOW),
    pytest.param(("odds", "{f}", "ana", "ogre", "--weapon", "bow"), id="odds"),
    pytest.param(("do", "{f}", "turn ana", "attack ogre with bow"), id="do-attack", marks=SLOW),
    pytest.param(("map", "{f}", "--for", "ana"), id="map-for"),
])
def test_sight_too_complex_is_refused_in_one_line_saying_how_the_gm_rules_it(tmp_path, ask):
    """Past the sight budget (rows of pillars whose open squares join up: thousands of
    corners between two SIZE 20 creatures) the question is refused in one line that
    says the map cannot tell and names the attack's words that rule it; ``map --for``
    draws the map and says so beside the creature."""
    f = _two_giants(tmp_path, _holes())
    done, took, mb = _momenta(tmp_path, *(a.format(f=f) for a in ask))
    _bounded(done, took, mb)
    if ask[0] == "map":
        assert done.returncode == 0
        assert "sight and cover too complex to work out (the GM rules them)" in done.stdout
        return
    assert done.returncode == 1
    assert "too complex to work out on this map" in done.stderr
    assert "'sight'" in done.stderr and "'cover' or 'no-cover'" in done.stderr
    assert not (tmp_path / "giants.fight.jsonl").exists()


@pytest.mark.slow  # two processes
def test_the_gms_sight_and_cover_rule_where_the_map_cannot(tmp_path):
    """The ruling the refusal names works: with 'sight' and 'no-cover' said, the attack
    is made, its log saying the map could not tell."""
    f = _two_giants(tmp_path, _holes())
    done, took, mb = _momenta(tmp_path, "do", str(f), "turn ana",
                              "attack ogre with bow sight no-cover")
    _bounded(done, took, mb)
    assert done.returncode == 0, done.stderr
    log, _, _ = _momenta(tmp_path, "log", str(tmp_path / "giants.fight.jsonl"), "--full")
    said = " ".join(log.stdout.split())
    assert "line of sight (GM; the map cannot tell here)" in said
    assert "no cover (GM; the map cannot tell" in said


# --- SPD on the largest map -----------------------------------------------------------

def _field(tmp: Path, spd: int) -> Path:
    path = tmp / f"field-{spd}.yaml"
    rows = ["." * 702 for _ in range(999)]
    path.write_text(_encounter(rows, spd=spd), encoding="utf-8")
    return path


def test_spd_999_is_refused_at_load_where_it_is_written(tmp_path):
    """Why, Unbounded work: SPD up to 999 on a 702x999 map made ``path`` and ``map
    --for`` search the whole map (over 60 s, 1.2 GB). SPD is at most 99: more is
    refused when the file is read, at its line and column."""
    f = _field(tmp_path, 999)
    done, took, mb = _momenta(tmp_path, "path", str(f), "ana", "B2")
    _bounded(done, took, mb)
    assert done.returncode == 1
    line = f.read_text().splitlines().index("    attributes: {SIZE: 1M, AGI: 2, POW: 3, "
                                             "SPD: 999}") + 1
    assert done.stderr.startswith(f"{f}:{line}:")
    assert "attributes.SPD: input should be less than or equal to 99" in done.stderr


@pytest.mark.parametrize("attrs, field", [("SPD: 100", "SPD"), ("SIZE: 21", "SIZE")])
def test_spd_and_size_past_their_maxima_are_refused_at_load(attrs, field):
    """SPD at most 99, SIZE at most 20 (docs/encounter-format.md): one more is refused
    when the file is read, at its line."""
    from momenta_cli.encounter import load_encounter_text
    from momenta_cli.errors import EncounterError

    text = _encounter(["....", "...."], ogre="D2").replace(
        "attributes: {SIZE: 1M, AGI: 2, POW: 3, SPD: 5}", f"attributes: {{{attrs}}}")
    with pytest.raises(EncounterError) as err:
        load_encounter_text(text, "big.yaml")
    [problem] = err.value.problems
    assert problem.startswith("big.yaml:9:") and f"attributes.{field}" in problem


@pytest.mark.slow  # two seconds or so: loading a 700 KB map
@pytest.mark.parametrize("ask", [
    ("path", "{f}", "ana", "CV100"),
    ("path", "{f}", "ana", "ZZ990"),
    ("map", "{f}", "--for", "ana"),
], ids=["path-far", "path-out-of-reach", "map-for"])
def test_the_fastest_creature_on_the_largest_map_is_answered_quickly(tmp_path, ask):
    """SPD 99 (the most) on a 702x999 map: ``path`` answers (a square 99 away, and one
    out of reach, refused in one line) and ``map --for`` draws, each in under 5 s and
    300 MB: the search never goes past the squares a Move of 99 reaches."""
    f = _field(tmp_path, 99)
    done, took, mb = _momenta(tmp_path, *(a.format(f=f) for a in ask))
    _bounded(done, took, mb)
    if ask[-1] == "CV100":
        assert done.returncode == 0 and "cost 99 of 99 squares" in done.stdout
    elif ask[-1] == "ZZ990":
        assert done.returncode == 1 and "no way to ZZ990 within 99 squares" in done.stderr
    else:
        assert done.returncode == 0 and "Moves up to 99 squares" in done.stdout


# --- simulate on a map ----------------------------------------------------------------

def _dungeon(side: int = 120, seed: int = 3) -> list[str]:
    """An open field with runs of wall here and there, as a table's map has."""
    rng = random.Random(seed)
    grid = [["."] * side for _ in range(side)]
    for _ in range(60):
        c, r = rng.randrange(side), rng.randrange(side)
        dc, dr = rng.choice([(1, 0), (0, 1)])
        for i in range(rng.randint(3, 12)):
            if c + i * dc < side and r + i * dr < side:
                grid[r + i * dr][c + i * dc] = "#"
    grid[0][0] = grid[side - 1][side - 1] = "."
    return ["".join(row) for row in grid]


@pytest.mark.parametrize("rows", [
    pytest.param(["." * 120] * 120, id="open"),
    pytest.param(_dungeon(), id="walls", marks=SLOW),
])
def test_simulate_one_fight_on_a_120_square_map_is_bounded(tmp_path, rows):
    """Why, Unbounded work: ``simulate`` on a map searched the whole map on every
    walking turn (one fight on 120x120: 14-42 s). The way toward the foe is now a
    search toward the squares this Move reaches: one fight across the map in under 5 s
    and 300 MB."""
    f = tmp_path / "yard.yaml"
    f.write_text(_encounter(rows), encoding="utf-8")
    done, took, mb = _momenta(tmp_path, "simulate", str(f), "-n", "1", "--seed", "5",
                              "--json")
    _bounded(done, took, mb)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["fights"] == 1


# --- the budgets themselves, in process -----------------------------------------------

W, F = Terrain("wall"), Terrain()


def _board(rows: list[str]) -> Board:
    return Board(tuple(tuple(W if ch == "#" else F for ch in row) for row in rows))


def test_too_complex_is_a_rule_refusal_of_one_line():
    """The error is a ``RuleError`` (refused like any command the rules cannot take,
    nothing saved; the simulator's policies skip that attack), one line, naming the
    GM's words."""
    board = _board(_holes(60, range(22, 38)))
    a, b = footprint((0, 0), 12), footprint((48, 48), 12)
    with pytest.raises(GeometryTooComplex) as err:
        line_of_sight(board, a, b, Work(10_000, "line of sight here", "the GM rules it"))
    assert isinstance(err.value, RuleError)
    assert "\n" not in str(err.value)
    assert "too complex to work out on this map" in str(err.value)


def test_realistic_maps_stay_far_inside_the_sight_budget():
    """A table's map (wall runs, creatures of SIZE 1 to 3): every pair's sight question
    uses well under a tenth of the budget."""
    board = _board(_dungeon(60, seed=1))
    rng = random.Random(4)
    spots = []
    while len(spots) < 12:
        side = rng.choice([1, 1, 2, 3])
        fp = footprint((rng.randrange(57), rng.randrange(57)), side)
        if all(not board.at(s).solid for s in fp) and not any(set(fp) & set(o)
                                                               for o in spots):
            spots.append(fp)
    worst = 0
    for i, a in enumerate(spots):
        for b in spots[i + 1:]:
            work = Work(10**12, "", "")
            line_of_sight(board, a, b, work)
            worst = max(worst, work.used)
    from momenta_cli.engine.geometry import SIGHT_WORK
    assert worst < SIGHT_WORK // 10


def test_a_search_past_its_path_budget_is_refused():
    """A path or reachable-area search counts each square it looks at: past the
    budget, ``GeometryTooComplex`` instead of running on."""
    board = _board(["." * 80] * 80)
    with pytest.raises(GeometryTooComplex, match="'move NAME N'"):
        reachable(board, (0, 0), 60, work=Work(1_000, "the way there",
                                                "the GM rules it: 'move NAME N'"))
    assert len(reachable(board, (0, 0), 60)) == 61 * 61 - 1  # the default budget holds


@pytest.mark.parametrize("seed", range(6))
def test_the_way_toward_a_foe_is_the_walking_distance(seed):
    """``distances_to`` (the simulator's bounded search) gives the nearest of the
    wanted positions exactly the cost the whole-map search gives, on maps with walls."""
    board = _board(_dungeon(40, seed=seed))
    rng = random.Random(seed)
    start = (0, 0)
    everything = reachable(board, start, 40 * 40 * 2)
    blob = {p for p in everything if abs(p[0] - 30) <= 4 and abs(p[1] - 25) <= 4}
    if not blob:
        pytest.skip("walled off")
    wanted = set(rng.sample(sorted(blob), min(10, len(blob))))
    got = distances_to(board, start, wanted)
    least = min(everything[p] for p in wanted)
    assert {p for p, c in got.items() if c == least} == \
        {p for p in wanted if everything[p] == least}
    assert all(everything[p] == c for p, c in got.items())


def test_the_distance_between_two_footprints_is_the_gap_between_their_edges():
    """R32: between the nearest occupied squares. Worked out from the edges for whole
    rectangles (a SIZE 20 pair is 160,000 square pairs), pair by pair otherwise: the
    same answer either way."""
    import random

    from momenta_cli.engine.geometry import footprint
    from momenta_cli.engine.geometry.ranges import distance, steps

    rng = random.Random(7)
    for _ in range(500):
        a = footprint((rng.randrange(30), rng.randrange(30)), rng.randrange(1, 6))
        b = footprint((rng.randrange(30), rng.randrange(30)), rng.randrange(1, 6))
        assert distance(a, b) == min(steps(p, q) for p in a for q in b)
    odd = [(0, 0), (5, 5)]  # not a rectangle: pair by pair
    assert distance(odd, [(3, 3)]) == 2
