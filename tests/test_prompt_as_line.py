"""The ``as:`` line after an exchange at the prompt is the entry's complete command, to be
copied into a script (issue 12), so it is printed as one line however long: the
terminal folds it on screen, but no newline or indent is put inside it."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from momenta_cli.cli.prompt import _shown_as
from momenta_cli.cli.screen import Screen, mark
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line

DEMO = Path(__file__).resolve().parent.parent / "encounters" / "demo.yaml"


def test_a_long_as_line_is_printed_whole_on_one_line():
    s = Session(load_encounter(DEMO))
    run_line(s, "turn brannoc", SeededRoller(1))
    before = mark(s.state)
    line = "note " + " ".join(["a long note that runs past the width"] * 4)
    entry = run_line(s, line, SeededRoller(1)).entry
    assert entry is not None
    out = io.StringIO()
    console = Console(file=out, width=40, no_color=True, force_terminal=False)
    _shown_as(Screen(console), entry, s.state, before)
    printed = out.getvalue().splitlines()
    assert f"  as: {entry.script_line}" in printed  # whole, on a line of its own
