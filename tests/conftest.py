"""Shared test fixtures and helpers for the CLI session tests (test_session_*.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momenta_cli.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
# Saved fights and locks a user left in encounters/ (git-ignored) are not test inputs.
NOT_SOURCES = shutil.ignore_patterns("*.fight.jsonl", "*.lock")


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
