"""`momenta simulate ENCOUNTER --tune PARAM --target RATE` and `--sweep PARAM=A..B`: a
number of the file changed as the loader reads it, the value nearest a target win rate,
the same whatever --jobs says, and Ctrl-C printing what is known."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter, load_encounter_text
from momenta_cli.simulate import BadParam, Runner, Search, find_knob
from momenta_cli.simulate.knob import rewritten, rewritten_text as knob_text
from momenta_cli.simulate.tune import BATCH
from tests.conftest import ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")

DEMO = ROOT / "encounters" / "demo.yaml"
DUEL = ROOT / "encounters" / "duel-at-the-ford.yaml"
SHIPPED = sorted((ROOT / "encounters").glob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_the_file_read_and_written_back_loads_the_same(path: Path):
    """What --tune changes is the one number: the rest of the file, read as YAML 1.2 and
    written out again, is the same encounter to the loader."""
    spec = load_encounter(path)
    assert rewritten(path, spec) == spec
    # the events are the file's own (their lines kept for the GM): read alike, too
    again = load_encounter_text(knob_text(path), str(path), path.parent)
    unplaced = [dataclasses.replace(e, source="", lines_at=()) for e in again.events]
    assert unplaced == [dataclasses.replace(e, source="", lines_at=()) for e in spec.events]


@pytest.mark.parametrize(("param", "base", "check"), [
    ("knife.count", 2, lambda e: [c.name for c in e.combatants][-3:] ==
     ["Knife-1", "Knife-2", "Knife-3"]),
    ("Gorm.max_vitality", 22, lambda e: e.combatants[3].max_vitality == 23),
    ("knife.max_vitality", 10, lambda e: e.combatants[4].max_vitality == 11),  # threat class
    ("brannoc.attributes.pow", 3, lambda e: e.combatants[0].attributes["POW"] == 4),
    ("gorm.attacks.cudgel.pool", 3, lambda e: e.combatants[3].weapons[0].pool == 4),
    ("brannoc.weapons.longsword.damage.1s", 6,
     lambda e: e.combatants[0].weapons[0].damage.tiers == (2, 7, 11, 17)),
])
def test_a_param_names_a_number_and_changes_only_it(param, base, check):
    spec = load_encounter(DEMO)
    k = find_knob(DEMO, param, spec)
    assert k.base == base
    changed = k.value(base + 1)
    assert check(changed)
    assert not check(k.value(base))
    assert k.value(base) == spec


@pytest.mark.parametrize(("param", "says"), [
    ("zed.count", "combatants: Brannoc, Tamsin, Wren, Gorm, Knife"),
    ("brannoc.weapons.axe.damage.1s", "has: Longsword, Heater Shield, Boar Spear"),
    ("brannoc.hair", "it has: archetype, attributes, max_guard"),
    ("brannoc.attributes", "not a whole number"),
    ("count", "no combatant"),
])
def test_an_unknown_param_names_what_there_is(param, says):
    with pytest.raises(BadParam, match=says):
        find_knob(DEMO, param, load_encounter(DEMO))
    r = invoke("simulate", DEMO, "--tune", param, "--target", "50%")
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in r.output


@pytest.mark.parametrize("args", [
    ["--tune", "knife.count"],  # no target
    ["--target", "50%"],  # no tune
    ["--tune", "knife.count", "--target", "150%"],
    ["--tune", "knife.count", "--target", "half"],
    ["--sweep", "knife.count"],
    ["--sweep", "knife.count=5..2"],
    ["--sweep", "knife.count=1..99"],
    ["--tune", "knife.count", "--target", "0.5", "--sweep", "knife.count=1..3"],
])
def test_bad_tuning_options_are_one_line_and_exit_2(args):
    r = invoke("simulate", DEMO, *args)
    assert r.exit_code == 2, r.output
    assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output


def _tuned(jobs: str, fights: str) -> dict:
    r = invoke("simulate", DUEL, "--tune", "the warden.max_vitality", "--target", "90%",
               "-n", fights, "--seed", "1", "--jobs", jobs, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_tune_finds_a_value_whose_interval_holds_the_target_whatever_the_jobs():
    """The Warden's Vitality for a 90% win: the value found has the target inside its
    95% interval, and --jobs 2 tries the same values with the same figures."""
    one, two = _tuned("1", "50"), _tuned("2", "50")
    assert one == two
    best = one["best"]
    lo, hi = best["ci95"]
    assert lo <= 0.9 <= hi and best["against_target"] == "holds"
    assert best["value"] != one["file_value"]  # the file's 26 is a walkover
    assert one["tried"][0]["value"] == 26


@pytest.mark.slow  # some 800 fights of the duel, twice
def test_tune_with_early_stops_is_the_same_whatever_the_jobs():
    """With -n 100 values stop after a batch of 50 when the interval decides: the
    decisions fall between batches, so two jobs stop where one does."""
    one, two = _tuned("1", "100"), _tuned("2", "100")
    assert one == two
    assert any(t["early"] for t in one["tried"]) and len(one["tried"]) >= 3
    lo, hi = one["best"]["ci95"]
    assert lo <= 0.9 <= hi


def test_a_value_stops_early_once_its_interval_leaves_the_target_out():
    """The demo is a walkover: the first 50 fights put the file's value far above 50%,
    and the other 150 are not played."""
    k = find_knob(DEMO, "knife.count", load_encounter(DEMO))
    search = Search(k, 0.5, 200, 1)
    trial = Runner(None).play(search, 2)
    assert trial.early and trial.fights == BATCH == 50
    assert trial.side(0.5) == "above"
    no_target = Search(k, None, 120, 1)
    assert Runner(None).play(no_target, 2).fights == 120  # a sweep without one plays all


def test_the_tune_report_leads_with_the_value_found_and_lists_each_tried():
    r = invoke("simulate", DUEL, "--tune", "the warden.max_vitality", "--target", "0.9",
               "-n", "50", "--seed", "1")
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    assert first.startswith("the warden.max_vitality = 32: allies win 94% (84-98%)")
    assert "the target is within its interval" in r.output
    rows = [line.split()[0] for line in r.output.splitlines()
            if line.strip() and line.split()[0].isdigit()]
    assert rows == ["26", "32"]  # the file's value, then its neighbour: on target


def _table_rows(output: str) -> list[str]:
    """The sweep table's rows: the lines under its ``Value`` heading that start with a
    number (the heading above it names the file, and wraps wherever its path does)."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == ["Value"])
    return [line for line in lines[start + 1:] if line.strip()[:1].isdigit()]


def test_sweep_prints_a_row_and_a_bar_per_value():
    r = invoke("simulate", DEMO, "--sweep", "knife.count=1..3", "-n", "20", "--seed", "2")
    assert r.exit_code == 0, r.output
    rows = _table_rows(r.output)
    assert [row.split()[0] for row in rows] == ["1", "2", "3"]
    assert all("#" in row and row.rstrip().endswith(("#", ".")) for row in rows)
    assert "sweep of knife.count (the file has 2)" in " ".join(r.output.split())


def test_a_value_the_file_refuses_is_shown_refused():
    """A damage tier above the next one: the loader refuses it, the sweep goes on."""
    r = invoke("simulate", DEMO, "--sweep", "gorm.attacks.cudgel.damage.1s=10..12",
               "-n", "10", "--seed", "2")
    assert r.exit_code == 0, r.output
    assert "refused" in r.output
    assert any(line.split()[:1] == ["10"] and "%" in line for line in r.output.splitlines())


def test_a_sweep_with_every_value_refused_has_no_answer_and_exits_1():
    r = invoke("simulate", DEMO, "--sweep", "knife.count=-3..-1", "-n", "10", "--seed", "2")
    assert r.exit_code == 1, r.output
    assert "no value of knife.count could be played" in r.output


def test_a_symlinked_encounter_is_tuned_with_its_own_includes(tmp_path):
    """The includes are found beside the file the link leads to, as the loader finds
    them: a symlink elsewhere tunes like the file itself."""
    link = tmp_path / "demo.yaml"
    link.symlink_to(DEMO)
    r = invoke("simulate", link, "--sweep", "knife.count=2..3", "-n", "10", "--seed", "2")
    assert r.exit_code == 0, r.output
    assert "refused" not in r.output
    rows = _table_rows(r.output)
    assert [row.split()[0] for row in rows] == ["2", "3"]


def test_ctrl_c_prints_the_values_tried_so_far(monkeypatch):
    from momenta_cli.simulate import tune

    real = tune.play_many
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(tune, "play_many", interrupted)
    r = invoke("simulate", DUEL, "--tune", "the warden.max_vitality", "--target", "0.5",
               "-n", "100", "--seed", "1")
    assert r.exit_code == 130, r.output
    assert "Stopped by Ctrl-C: the figures so far." in r.output
    assert "Traceback" not in r.output
    assert any(line.split()[:1] == ["26"] for line in r.output.splitlines())


def _cpu_ticks(pgid: int) -> int:
    """User and system time so far of the processes in group ``pgid`` (the run and its
    workers), in clock ticks, from /proc."""
    import os

    ticks = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            ticks += int(fields[11]) + int(fields[12])
    return ticks


@pytest.mark.slow  # a real tune in its own process, interrupted
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_at_a_real_tune_prints_what_it_has(tmp_path, jobs):
    """SIGINT to the whole group, as a terminal sends it, once the run has played for a
    while (its CPU time says so): the report so far, exit 130, no traceback."""
    import os
    import signal
    import subprocess
    import sys
    import time

    env = dict(os.environ, MOMENTA_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "momenta_cli", "simulate", str(DUEL),
                             "--tune", "the warden.max_vitality", "--target", "0.5",
                             "-n", "1000000", "--seed", "1", "--jobs", jobs],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while _cpu_ticks(proc.pid) < 150:  # 1.5 s of its own work: well into the fights
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    text = out.decode()
    assert "Stopped by Ctrl-C: the figures so far." in text, (text, err)
    assert "tune of the warden.max_vitality" in text and "26" in text
    assert "Traceback" not in err.decode()
