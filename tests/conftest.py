"""Shared test fixtures and helpers for the CLI session tests (test_session_*.py); the
test lanes and the Hypothesis profiles.

Lanes. ``pytest`` runs the default lane: every test but those marked ``slow`` (real
pseudo-terminals, real process races and locks, start-up probes, a real full disk,
property tests with many examples, simulations of many fights), which are deselected.
``pytest --full`` runs every test (the full lane, best with ``-n auto``); ``pytest -m
slow`` only the slow ones; a test named by its node id (``path::name``) always runs.

Hypothesis profiles. ``default``: Hypothesis's own (fresh random examples each run, a
failure kept in .hypothesis/ and tried first next time) without the deadline, since a
shared machine's pauses are not bugs. ``ci``: derandomized (every run tries the same
examples, so a red build is the change's, never the dice's, and reproduces with the
same command), no example database, the reproduction blob printed with a failure, no
deadline and no too_slow health check. Choose one with ``--hypothesis-profile=ci`` or
the HYPOTHESIS_PROFILE environment variable (with neither: ``ci`` when CI is set, as
Hypothesis itself does, else ``default``). Every property test here sets its own
``max_examples`` (its budget, tuned to what one example costs), and a test's own
settings win over the profile's, so the profiles leave the counts alone.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from momenta_cli.cli.app import app

settings.register_profile("default", settings.get_profile("default"), deadline=None)
settings.register_profile("ci", settings.get_profile("default"), derandomize=True,
                          database=None, print_blob=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE")
                      or ("ci" if os.environ.get("CI") else "default"))


SLOW_LEFT_OUT = pytest.StashKey[int]()  # how many slow tests the default lane left out


def pytest_addoption(parser):
    parser.addoption("--full", action="store_true",
                     help="the full lane: run the tests marked slow too (deselected by "
                          "default; -m slow runs only them)")


def _named_ids(config) -> list[str]:
    """The node ids given on the command line (``path::name``), as pytest writes them
    (relative to the root, with slashes)."""
    out = []
    for arg in config.args:
        path, sep, rest = arg.partition("::")
        if sep:
            rel = os.path.relpath(os.path.abspath(path), str(config.rootpath))
            out.append(rel.replace(os.sep, "/") + sep + rest)
    return out


def pytest_collection_modifyitems(config, items):
    """The default lane: deselect the slow tests, unless asked for with --full or chosen
    with -m; a slow test named by its node id runs (the other slow tests still do not)."""
    if config.getoption("--full") or config.option.markexpr:
        return
    named = _named_ids(config)
    slow = [item for item in items if item.get_closest_marker("slow")
            and not any(item.nodeid == n or item.nodeid.startswith(n + "[") for n in named)]
    if slow:
        config.hook.pytest_deselected(items=slow)
        gone = set(map(id, slow))
        items[:] = [item for item in items if id(item) not in gone]
        config.stash[SLOW_LEFT_OUT] = len(slow)


def pytest_terminal_summary(terminalreporter, config):
    left_out = config.stash.get(SLOW_LEFT_OUT, 0)
    if left_out:
        terminalreporter.write_line(f"default lane: {left_out} slow tests deselected; "
                                    "pytest --full -n auto runs every test")

ROOT = Path(__file__).resolve().parent.parent
# Saved fights, locks and kept copies a user left in encounters/ (git-ignored) are not
# test inputs.
NOT_SOURCES = shutil.ignore_patterns("*.fight.jsonl", "*.fight.jsonl.*", "*.lock")


@pytest.fixture(autouse=True)
def _private_state_home(tmp_path_factory, monkeypatch):
    """No test writes momenta's own files (history, the encounter cache) to the real
    home: each gets a private MOMENTA_HOME unless it sets its own (``home``)."""
    monkeypatch.setenv("MOMENTA_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private MOMENTA_HOME, colours as the environment gives them, 100 columns. Modules
    that drive the CLI use it with ``pytestmark = pytest.mark.usefixtures("home")``."""
    monkeypatch.setenv("MOMENTA_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("COLUMNS", "100")


@pytest.fixture
def enc(tmp_path) -> Path:
    """A private copy of encounters/ (without saved fights or locks); its demo.yaml."""
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters", ignore=NOT_SOURCES)
    return tmp_path / "encounters" / "demo.yaml"


def invoke(*args, input: str | None = None, env: dict | None = None):
    """Run ``momenta ARGS`` through the real Typer app (stdin from ``input``)."""
    return CliRunner().invoke(app, [str(a) for a in args], input=input, env=env)


def fight_of(enc: Path) -> Path:
    """The fight file ``run`` starts beside an encounter."""
    return enc.with_name(enc.stem + ".fight.jsonl")


def started(enc: Path, *lines: str) -> Path:
    """Play ``lines`` at a piped ``momenta run`` (seed 1) and return the fight file."""
    r = invoke("run", enc, "--seed", "1", input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    return fight_of(enc)


def one_line_error(r) -> str:
    """The single line a refused command printed (exit code 1, no traceback)."""
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output and "Usage:" not in r.output, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, r.output
    return lines[0]
