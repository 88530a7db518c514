"""Starting a fight is exclusive (issue "Nothing the GM saw accepted is ever lost"): the
fight file is looked for and created under the fight's lock, created without ever
replacing a file, and a refused command only takes away a file it started itself. Real
processes race here: whatever the timing, every command reported saved is in the journal
and the fight always opens."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller
from momenta_cli.journal import FightExists, FightFile, default_fight_path, locked
from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")

ROUNDS = 6  # per race; each round starts two real processes (about 0.5 s)


def notes(fight: Path) -> list[str]:
    """The commands of the fight, which must open cleanly."""
    back = FightFile.open(fight, repair=False)
    assert back.warnings == [], back.warnings
    return [e.line for e in back.session.entries]


# momenta, as `python -m momenta_cli` runs it, on a slow disk: loading the encounter takes
# a random 0-150 ms. Without it the two processes keep step so closely that the orderings
# which lost commands before format 2 (checking for the fight file and creating it outside
# the lock) come up about once in 15 rounds; with it, about 4 times in 15.
SLOW_DISK = """
import random, sys, time
import momenta_cli.encounter as encounter
import momenta_cli.encounter.cache as cache
def slowed(real):
    def slow(*args, **kw):
        time.sleep(random.uniform(0, 0.15))
        return real(*args, **kw)
    return slow
encounter.load_encounter = slowed(encounter.load_encounter)
cache.load_encounter_cached = slowed(cache.load_encounter_cached)
sys.argv = ["momenta", *sys.argv[1:]]
from momenta_cli.cli.app import main
main()
"""


def start(where: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200", MOMENTA_HOME=str(where / "home"))
    return subprocess.Popen([sys.executable, "-c", SLOW_DISK, *args], cwd=str(where),
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True)


def finish(p: subprocess.Popen) -> tuple[int, str]:
    _, err = p.communicate(timeout=60)
    assert "Traceback" not in err, err
    return p.returncode, err


# --- in one process -----------------------------------------------------------------------


def test_create_never_replaces_a_file(enc):
    fight = default_fight_path(enc)
    first = FightFile.create(fight, enc, load_encounter(enc))
    first.run("note mine", SeededRoller(1))
    before = fight.read_bytes()
    with pytest.raises(FightExists, match="a fight file is already there"):
        FightFile.create(fight, enc, load_encounter(enc))
    assert fight.read_bytes() == before
    assert [p.name for p in enc.parent.iterdir() if p.name.startswith(".")] == []


def test_a_started_fight_is_removed_only_while_it_holds_just_its_header(enc):
    fight = default_fight_path(enc)
    mine = FightFile.create(fight, enc, load_encounter(enc))
    FightFile.open(fight).run("note someone else's", SeededRoller(1))
    assert mine.remove_if_unused() is False and fight.exists()
    fight.unlink()
    mine = FightFile.create(fight, enc, load_encounter(enc))
    assert mine.remove_if_unused() is True and not fight.exists()


def test_a_refused_do_never_deletes_a_fight_it_did_not_start(enc):
    fight = default_fight_path(enc)
    assert invoke("do", enc, "note first").exit_code == 0
    r = invoke("do", enc, "turn nobody")
    assert r.exit_code == 1 and fight.exists()
    assert notes(fight) == ["note first"]


@pytest.mark.slow  # holds a lock 1.5 s
def test_writers_wait_for_a_one_shot_command_instead_of_failing(enc):
    """do/undo/redo hold the lock for a moment: another writer waits for it (behind a
    session at the prompt it gives up at once, see test_session_fixes)."""
    fight = default_fight_path(enc)
    assert invoke("do", enc, "note first").exit_code == 0
    held = threading.Event()

    def brief_holder():
        with locked(fight, brief=True):
            held.set()
            time.sleep(1.5)  # longer than a session's wait

    t = threading.Thread(target=brief_holder)
    t.start()
    held.wait(5)
    r = invoke("do", enc, "note second")
    t.join()
    assert r.exit_code == 0, r.output
    assert notes(fight) == ["note first", "note second"]


# --- real processes -------------------------------------------------------------------------


@pytest.mark.slow  # real processes racing, 6 rounds
def test_two_dos_starting_the_same_fight_both_save(enc):
    fight = default_fight_path(enc)
    where = enc.parent
    for n in range(ROUNDS):
        fight.unlink(missing_ok=True)
        a = start(where, "do", "demo.yaml", f"note a{n}")
        b = start(where, "do", "demo.yaml", f"note b{n}")
        (ra, ea), (rb, eb) = finish(a), finish(b)
        saved = notes(fight)
        for rc, err, line in ((ra, ea, f"note a{n}"), (rb, eb, f"note b{n}")):
            if rc == 0:
                assert line in saved, (n, saved, err)  # reported saved: it is there
            else:
                assert rc == 1 and len(err.strip().splitlines()) == 1, err
                assert line not in saved
        assert ra == 0 or rb == 0, (ea, eb)
        assert sorted(saved) == sorted(x for x, rc in ((f"note a{n}", ra), (f"note b{n}", rb))
                                       if rc == 0)


@pytest.mark.slow  # real processes racing, 6 rounds
def test_a_refused_and_an_accepted_do_racing_keep_the_accepted_one(enc):
    fight = default_fight_path(enc)
    where = enc.parent
    for n in range(ROUNDS):
        fight.unlink(missing_ok=True)
        bad = start(where, "do", "demo.yaml", "turn nobody")
        good = start(where, "do", "demo.yaml", f"note kept {n}")
        (rbad, ebad), (rgood, egood) = finish(bad), finish(good)
        assert rbad == 1 and "nobody" in ebad, ebad
        assert rgood == 0, egood
        assert notes(fight) == [f"note kept {n}"]  # never deleted under the other's feet


@pytest.mark.slow  # a pseudo-terminal and a process racing, 4 rounds
@pytest.mark.terminal
def test_run_and_do_starting_together_leave_a_fight_that_opens(enc):
    from tests.screen import spawn_momenta

    fight = default_fight_path(enc)
    where = enc.parent
    prompt = re.compile(r"R1 \w+>")
    for n in range(4):
        fight.unlink(missing_ok=True)
        term = spawn_momenta(where, "run", "demo.yaml", "--resume", program=("-c", SLOW_DISK))
        do = start(where, "do", "demo.yaml", f"note from do {n}")
        term.wait_prompt(prompt)
        term.send(f"note from run {n}\r")
        term.wait_text(f"Note: from run {n}")
        term.wait_prompt(prompt)
        rc, err = finish(do)
        term.send("\x04")
        assert term.wait_exit() == 0
        saved = notes(fight)
        assert f"note from run {n}" in saved
        if rc == 0:
            assert f"note from do {n}" in saved, (saved, err)
        else:  # the prompt had the fight: do was told so, in one line
            assert rc == 1 and "is open in another momenta session" in err, err
            assert f"note from do {n}" not in saved
