"""Shared test fixtures and helpers for the CLI session tests (test_session_*.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momenta_cli.cli.app import app

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
