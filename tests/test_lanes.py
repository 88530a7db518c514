"""The test lanes (tests/conftest.py; README "Tests"): plain ``pytest`` leaves the tests
marked slow out, ``--full`` and ``-m`` put them back, and a slow test named by its node id
runs alone (its neighbours stay out)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each test collects the suite in a fresh pytest

ROOT = Path(__file__).resolve().parent.parent
FILE = "tests/test_terminal.py"
SLOW = f"{FILE}::test_play_undo_quit_and_resume"  # marked slow
FAST = f"{FILE}::test_ctrl_c_or_ctrl_d_at_a_question_cancels_and_the_journal_is_unchanged"


def collected(*args: str) -> set[str]:
    # addopts holds -q already: reset it, so that one -q lists the node ids
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                        "-o", "addopts=--strict-markers",
                        "-p", "no:cacheprovider", *args],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return {line for line in r.stdout.splitlines() if "::" in line}


def test_the_default_lane_leaves_the_slow_tests_out():
    got = collected(FILE)
    assert FAST in got and SLOW not in got


def test_the_full_lane_and_a_mark_expression_put_them_back():
    assert SLOW in collected(FILE, "--full")
    assert collected(FILE, "-m", "slow") == collected(FILE, "--full") - {FAST}


def test_a_slow_test_named_by_its_id_runs_and_its_neighbours_do_not():
    got = collected(SLOW, f"{FILE}::test_run_offers_to_resume")
    assert SLOW in got
    assert f"{FILE}::test_run_offers_to_resume" in got
    assert collected(SLOW, FILE) >= {SLOW, FAST}
    assert len(collected(SLOW, FILE)) < len(collected(FILE, "--full"))
