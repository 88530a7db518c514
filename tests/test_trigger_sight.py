"""Ours (docs/rulings.md Triggers, "walls"; R35, R33): an Intercept whose reactor has no
line of sight to the mover at the trigger square still triggers (reach is reach, the GM
rules on reach through a wall), but the GM is told before deciding: at the prompt's
offer, in ``path``'s listing and as ``"line_of_sight": false`` in ``path --json``."""

from __future__ import annotations

import json

import tests.trigger_yard as ty
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.language import parse_line
from momenta_cli.render import path_doc, path_lines
from tests.engine_helpers import run
from tests.test_ask_questions import Table, ask_line

WALLED = """\
    ...#...
    ...#...
    ...#...
    ......."""


def walled():
    """Wren's Spear (Melee 2) at C1, a wall down column D; Gorm walks from G2 to E2."""
    s = ty.yard(WALLED, kira="A4", wren="C1", gorm="G2", nix="G4")
    run(s, "turn kira", "end", "turn gorm")
    return s


def test_an_intercept_through_a_wall_is_flagged_in_path_and_its_json():
    """R33, R35: Wren's reach is entered at E2 with the wall between: path says so."""
    s = walled()
    out = run(s, "path gorm e2")
    lines = path_lines(s.state, out.meta)
    i = next(i for i, x in enumerate(lines) if "Wren may Intercept at E2" in x)
    assert lines[i + 1] == "    no line of sight: reach through the wall is the GM's call"
    cmd = parse_line("path gorm e2").command
    doc = json.loads(json.dumps(path_doc(s.state, cmd)))
    assert [t["line_of_sight"] for t in doc["triggers"]] == [False]
    assert set(doc) == {"cost", "path", "triggers"}


def test_the_prompt_offers_an_intercept_through_a_wall_with_the_warning():
    """R35 and ours: the offer itself says there is no line of sight, before any dice
    (the movement's trigger asked at the prompt: questions/trigger_answers.py)."""
    s = walled()
    t = Table("")
    entry = ask_line(s, "move gorm to e2", t, QueueRoller([1] * 10))
    assert entry is not None and entry.line == "move gorm to E2 no-reactions"
    assert t.prompts == ["Intercept? [y/N] "] and not t.answers
    assert ("Gorm comes into Wren's reach at E2: Wren may Intercept with Spear (2 Vigor "
            "of 7) - no line of sight: reach through the wall is your call.") in t.told
