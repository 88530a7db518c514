"""Bounded output and memory (issue 29, "Bounded output and memory"): wrapping takes time
in proportion to the text; a file's problems are listed up to 50, then counted; an
encounter holds at most 1,000 combatants; ``simulate`` keeps running sums, not every
fight, and plays in no more processes than there are cores."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
import time
import tracemalloc
import unicodedata
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

import momenta_cli.simulate.batch as batch
from momenta_cli.cli.screen import Screen
from momenta_cli.encounter import MAX_COMBATANTS, load_encounter
from momenta_cli.encounter.problems import SHOWN, Problems, Source
from momenta_cli.encounter.yamlload import parse
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.errors import MomentaError
from momenta_cli.play import run_line
from momenta_cli.render.wrap import hang
from momenta_cli.simulate import Tally, cores, summarise, tally_run
from momenta_cli.simulate.fight import ADVERSARIES, ALLIES, BOTH_OUT, UNDECIDED, FightResult
from momenta_cli.simulate.stats import rank_quantile
from tests.conftest import ROOT, invoke

DEMO_PATH = ROOT / "encounters" / "demo.yaml"
DEMO = load_encounter(DEMO_PATH)
WORD = "x" * 200_000  # the 200 KB unbroken word of the issue


# --- wrapping ----------------------------------------------------------------------------


def _timed(draw) -> float:
    start = time.perf_counter()
    draw()
    return time.perf_counter() - start


def test_a_200_kb_word_is_drawn_in_under_a_second():
    """Why: "A 200 KB unbroken word takes 12 s to draw (quadratic wrapping); a 600 KB one
    froze the prompt for over two minutes". The prompt draws a note's log line, and a
    refusal, through the same hanging wrap; each takes well under a second now."""
    console = Console(width=80, file=io.StringIO(), markup=False, color_system=None)
    screen = Screen(console)
    session = Session(DEMO)

    def note():
        try:
            out = run_line(session, "note " + WORD, SeededRoller(1))
        except MomentaError as err:  # a line over the size limit: its refusal is drawn
            screen.error(str(err))
        else:
            screen.outcome(out, session.state, (0, None, 0, False))

    assert _timed(note) < 1.0
    assert _timed(lambda: screen.error("unknown word " + WORD)) < 1.0
    assert len(console.file.getvalue()) > 0


def test_a_long_word_is_cut_into_full_lines_and_kept_whole():
    """The linear cut gives what the old one did: every line full to the width (the
    first after its indent, the others after the hanging indent), no character lost."""
    word = "".join(random.Random(3).choice("abcé漢") for _ in range(5_000))
    lines = hang("said " + word, 40, first="  ")
    assert all(cell_len(line) <= 40 for line in lines)
    assert lines[0] == "  said"
    body = [line.removeprefix(" " * 6) for line in lines[1:]]
    assert all(line.startswith(" " * 6) for line in lines[1:])
    assert "".join(body) == word
    assert all(cell_len(line) >= 39 for line in lines[1:-1])  # a wide one may leave 1


# --- problems -----------------------------------------------------------------------------


def _unknown_characters_map(path: Path, count: int) -> Path:
    """The yard-with-a-map encounter with rows of ``count`` distinct characters the
    legend does not know."""
    chars: list[str] = []
    code = 0xA1
    while len(chars) < count:
        ch = chr(code)
        code += 1
        if unicodedata.category(ch)[0] in "LNSP":
            chars.append(ch)
    width = 400
    rows = ["".join(chars[i:i + width]).ljust(width, ".") for i in range(0, count, width)]
    src = (ROOT / "encounters" / "yard-with-a-map.yaml").read_text()
    start, end = src.index("  rows: |\n"), src.index("  legend:")
    path.write_text(src[:start] + "  rows: |\n" + "".join(f"    {r}\n" for r in rows)
                    + src[end:])
    for lib in ("armoury.yaml", "bestiary.yaml"):
        (path.parent / "library").mkdir(exist_ok=True)
        (path.parent / "library" / lib).write_text(
            (ROOT / "encounters" / "library" / lib).read_text())
    return path


@pytest.mark.slow  # a 500 KB map of 141,102 problems to find: several seconds
def test_a_map_of_141102_unknown_characters_gives_51_lines(tmp_path):
    """Why: "A map with 141,102 distinct unknown characters gives 141,102 error lines
    (33 MB on stderr)". The first 50 problems, then one line counting the rest."""
    path = _unknown_characters_map(tmp_path / "huge.yaml", 141_102)
    for command in ("validate", "show"):
        r = invoke(command, path)
        assert r.exit_code == 1
        lines = r.output.splitlines()
        assert len(lines) == SHOWN + 1, lines[-3:]
        assert all(": unknown map character " in line for line in lines[:SHOWN])
        assert lines[-1].startswith("... and ") and "more problems" in lines[-1]
        assert len(r.output) < 30_000


def test_problems_past_fifty_are_counted_in_one_line(tmp_path):
    """The cap itself, on any file's problems (map or not): 50 in file order, then how
    many more; 50 or fewer are all listed."""
    path = _unknown_characters_map(tmp_path / "some.yaml", 1_000)
    r = invoke("validate", path)
    lines = r.output.splitlines()
    assert r.exit_code == 1 and len(lines) == 51
    more = re.fullmatch(r"\.\.\. and (\d+) more problems \(the first 50 are shown: "
                        r"fix them and check again\)", lines[-1])
    assert more and int(more[1]) >= 1_000 - SHOWN
    problems = Problems()
    src = Source("f.yaml", None, parse("a: 1\n"))
    for i in range(SHOWN):
        problems.at("f.yaml", i + 1, 1, f"problem {i}")
    assert len(problems.lines()) == SHOWN
    problems.at("f.yaml", 999, 1, "one more")
    problems.add(src, ("a",), "and another")
    assert problems.lines()[-1] == ("... and 2 more problems (the first 50 are shown: "
                                    "fix them and check again)")
    assert problems.lines()[0].startswith("f.yaml:1:1:")


# --- combatants -----------------------------------------------------------------------------


def _many(path: Path, count: int) -> Path:
    """The demo with ``count`` combatants in all (three heroes, Gorm, and Knives in
    entries of up to 50)."""
    src = (ROOT / "encounters" / "demo.yaml").read_text()
    head = src[:src.index("  - name: Knife\n")]
    left, entries = count - 4, []
    i = 0
    while left > 0:
        entries.append(f"  - name: Knife{i}\n    stat_block: Footpad\n    count: "
                       f"{min(50, left)}\n")
        left -= 50
        i += 1
    path.write_text(head + "".join(entries))
    (path.parent / "library").mkdir(exist_ok=True)
    for lib in ("armoury.yaml", "bestiary.yaml"):
        (path.parent / "library" / lib).write_text(
            (ROOT / "encounters" / "library" / lib).read_text())
    return path


def test_more_than_the_maximum_of_combatants_is_refused_where_it_passes(tmp_path):
    """Why: "A valid encounter of 10,001 combatants takes 11 s to `show` and 17 s to
    replay". Refused at load, at the entry that takes the fight past 1,000."""
    assert MAX_COMBATANTS == 1000
    path = _many(tmp_path / "horde.yaml", 10_001)
    for args in (["validate", path], ["show", path],
                 ["replay", path, tmp_path / "none.script"]):
        (tmp_path / "none.script").write_text("turn brannoc\n")
        r = invoke(*args)
        assert r.exit_code == 1
        assert r.output.strip().splitlines() == [
            f"{path}:109:5: combatants[23]: this entry takes the fight past 1000 "
            "combatants (count: included), the most a fight holds"], r.output


@pytest.mark.slow  # three commands reading 1,000 combatants: a few seconds in all
def test_the_most_combatants_validate_show_and_replay(tmp_path):
    """The most combatants a file may hold (``MAX_COMBATANTS``) validate, show and replay
    (the status table at the end). How fast is measured, not timed here: bench/
    (``status10k`` beside a small fight) prints it against a baseline of the same run."""
    path = _many(tmp_path / "crowd.yaml", MAX_COMBATANTS)
    script = tmp_path / "crowd.script"
    script.write_text("turn brannoc\nattack gorm with longsword\nend\n")
    for args in (["validate", path], ["show", path, "--width", "100"],
                 ["replay", path, script, "--width", "100"]):
        _ok(invoke(*args))


def _ok(r) -> None:
    assert r.exit_code == 0, r.output[-2000:]


# --- simulate: running sums -----------------------------------------------------------------


def _fake(index: int, people: int = len(DEMO.combatants)) -> FightResult:
    rng = random.Random(index)
    return FightResult(
        index=index, winner=rng.choice([ALLIES, ALLIES, ADVERSARIES, BOTH_OUT, UNDECIDED]),
        rounds=rng.randint(1, 30),
        dealt=tuple(rng.randint(0, 40) for _ in range(people)),
        taken=tuple(rng.randint(0, 40) for _ in range(people)),
        strain_dealt=tuple(rng.randint(0, 9) for _ in range(people)),
        strain_taken=tuple(rng.randint(0, 9) for _ in range(people)),
        wounds=tuple(rng.randint(0, 3) for _ in range(people)),
        down=tuple(rng.random() < 0.3 for _ in range(people)),
        refused=rng.randint(0, 2))


def test_the_tally_stays_the_same_size_whatever_the_fights():
    """Why: "`simulate` keeps every fight's result until the end (about 700 MB at
    `-n 1,000,000`)". The tally holds sums and a count per round: ten fights or ten
    thousand, the same size."""
    few, many = Tally(len(DEMO.combatants)), Tally(len(DEMO.combatants))
    for i in range(10):
        few.add(_fake(i))
    for i in range(10_000):
        many.add(_fake(i))
    assert many.size() <= few.size() + 2 * 30  # at most one count per possible round


@pytest.mark.parametrize("n", [1, 2, 7, 400])
def test_the_tally_gives_the_figures_of_the_whole_list(n):
    """The report from running sums is the report from every fight kept: the same
    means, and the same nearest-rank quartiles of the rounds."""
    results = [_fake(i) for i in range(n)]
    enc = DEMO  # as many combatants as _fake's results
    tally = Tally(len(enc.combatants))
    for r in results:
        tally.add(r)
    got = summarise(enc, tally, seed=1, policy="p", max_rounds=30)
    rounds = sorted(r.rounds for r in results if r.winner != UNDECIDED)
    assert got["rounds"]["median"] == rank_quantile(rounds, 0.5)
    assert got["rounds"]["q1"] == rank_quantile(rounds, 0.25)
    assert got["rounds"]["q3"] == rank_quantile(rounds, 0.75)
    assert got["rounds"]["mean"] == (sum(rounds) / len(rounds) if rounds else 0.0)
    for i, c in enumerate(got["combatants"]):
        assert c["damage_dealt"] == sum(r.dealt[i] for r in results) / n
        assert c["defeated_rate"] == sum(1.0 if r.down[i] else 0.0 for r in results) / n
    assert got == summarise(enc, results, seed=1, policy="p", max_rounds=30)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_long_run_holds_no_more_memory_than_a_short_one(monkeypatch, jobs):
    """A measured run (tracemalloc, in the parent): 5,000 fights hold no more than 500
    do (kept whole, they took some 150 bytes each more). The fights are stand-ins
    (play_fight replaced, the workers forked after), so what is measured is the run's
    own bookkeeping: the chunks in flight and the tally."""
    kinds = [_fake(i) for i in range(50)]
    monkeypatch.setattr(batch, "play_fight", lambda enc, pol, seed, i, cap, **kw: (
        dataclasses.replace(kinds[i % 50], index=i), None))

    def peak(n: int) -> int:
        tracemalloc.start()
        try:
            tally = tally_run(DEMO, None, n, 1, jobs=jobs)
            assert tally.fights == n
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak(100)  # warm up: imports, caches
    short, long = peak(500), peak(5_000)
    assert long < short * 1.5 + 100_000, (short, long)


# --- simulate: jobs -------------------------------------------------------------------------


def test_jobs_are_capped_at_the_cores_and_say_so(home):
    """Why: "`--jobs` allows 256 processes on 2 cores". More jobs than cores plays in as
    many processes as there are cores, with a line on stderr, and the same figures."""
    r = invoke("simulate", DEMO_PATH, "-n", "4", "--seed", "5", "--json", "--jobs", "256")
    assert r.exit_code == 0, r.output
    have = cores()
    assert (f"--jobs 256 is more than the {have} core{'' if have == 1 else 's'} here: "
            f"playing in {have}") in r.stderr
    same = invoke("simulate", DEMO_PATH, "-n", "4", "--seed", "5", "--json", "--jobs",
                  str(have))
    assert json.loads(r.stdout) == json.loads(same.stdout)
    assert "more than" not in same.stderr


def test_the_jobs_cap_keeps_the_pool_small():
    """The pool is asked for no more workers than the cores, however many --jobs says;
    fewer are kept as asked."""
    from momenta_cli.cli import simulate_cmd

    assert simulate_cmd._jobs("256") == cores()
    assert simulate_cmd._jobs("auto") == cores()
    assert simulate_cmd._jobs("1") == 1


def test_reinforcements_cannot_take_a_fight_past_the_most_it_holds(monkeypatch):
    """Bounded output (item 4): ``add`` at the prompt, 50 at a time, stops at the same
    maximum a file is held to, in one line, the fight unchanged."""
    from momenta_cli.engine.core import MAX_COMBATANTS as held
    from tests.engine_helpers import run, session_from

    monkeypatch.setattr("momenta_cli.engine.gm.reinforce.MAX_COMBATANTS", 5)
    s = session_from("""
    name: Crowd
    combatants:
      - {name: Aa, side: allies}
      - {name: Bb, side: adversaries}
    """)
    run(s, "add copy bb x3")
    before = dict(s.state.fighters)
    with pytest.raises(Exception) as err:
        run(s, "add copy bb x2")
    assert "at most 5 combatants: there is room for 0 more" in str(err.value)
    assert dict(s.state.fighters) == before and held == 1000
