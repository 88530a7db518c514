"""80 columns everywhere (issue 26 item 14), through the CLI at COLUMNS=80 (a piped
command's width, as a terminal of 80 columns gives it): the status table with a
combatant "waiting (2 left)", ``log --format text``, the resume question, ``show``'s
notes (a hanging indent) and what it says of a Grunt's attacks (R7: a Grunt never
rolls), and the players' status of a ten-combatant fight on a map in one 80x30 screen
(``--no-map``)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.conftest import ROOT, fight_of, invoke, started

AT_80 = {"COLUMNS": "80", "NO_COLOR": "1"}

# The yard on a map with ten combatants: its seven, two Lookouts and a ghost taking two
# turns a round (R15) on no side.
TEN = """
  - name: Lookout of the Burnt Mill
    stat_block: Footpad
    count: 2
    at: [C10, D11]
  - name: The Miller's Ghost
    side: independents
    threat: Champion
    turns: 2
    attributes: {POW: 2, AGI: 2, REA: 1, INS: 2, PRE: 3, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 24
    at: V3
"""


@pytest.fixture
def ten(tmp_path) -> Path:
    """A fight of ten combatants on the yard's map, Brannoc acting, three conditions."""
    shutil.copytree(ROOT / "encounters" / "library", tmp_path / "library")
    enc = tmp_path / "yard10.yaml"
    enc.write_text((ROOT / "encounters" / "yard-with-a-map.yaml").read_text() + TEN)
    r = invoke("do", enc, "cond brannoc hindered", "cond gorm frightened",
               "cond ogre vulnerable", "turn brannoc")
    assert r.exit_code == 0, r.output
    return fight_of(enc)


def widest(text: str) -> int:
    return max(cell_len(x) for x in text.splitlines())


def test_the_status_row_of_a_combatant_with_turns_left_fits_80_columns(ten):
    r = invoke("status", ten, env=AT_80)
    assert r.exit_code == 0, r.output
    assert widest(r.output) <= 80, r.output
    row = next(x for x in r.output.splitlines() if "The Miller's Ghost" in x)
    assert row.rstrip().endswith("waiting (2 left)"), r.output


def test_the_players_status_of_ten_combatants_fits_one_80x30_screen_without_the_map(ten):
    with_map = invoke("status", ten, "--players", env=AT_80)
    alone = invoke("status", ten, "--players", "--no-map", env=AT_80)
    assert alone.exit_code == 0, alone.output
    assert len(alone.output.splitlines()) <= 30 and widest(alone.output) <= 80, alone.output
    assert alone.output.count("Unhurt") == 7  # the ten are all there
    assert "#####" in with_map.output and "#####" not in alone.output
    assert with_map.output.startswith(alone.output.rstrip("\n").rsplit("\n", 1)[0])


def test_log_text_wraps_to_80_columns_when_piped_and_to_the_width_asked(enc):
    fight = started(enc, "turn wren", "attack knife-1 with rapier at mark", "end",
                    "turn knife-1", "attack wren with knife at edge", "end")
    wide = invoke("log", fight, "--width", "1000").output
    assert widest(wide) > 80  # the attack lines are long
    text = invoke("log", fight, env=AT_80).output
    assert widest(text) <= 80, text
    at60 = invoke("log", fight, "--width", "60").output
    assert widest(at60) <= 60
    # the same words, cut only at spaces: a continuation hangs under its line's text
    assert " ".join(text.split()) == " ".join(wide.split()) == " ".join(at60.split())
    rows = text.splitlines()
    cut = next(i for i, x in enumerate(rows) if x.startswith("       Wren -> Knife-1"))
    assert rows[cut + 1].startswith("           ") and rows[cut + 1].strip()


def test_the_resume_question_fits_80_columns(tmp_path, monkeypatch):
    deep = Path("campaigns") / "the-long-winter-at-the-crossroads-inn" / "session-12"
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "encounters", deep, ignore=shutil.ignore_patterns("*.jsonl"))
    enc = deep / "demo.yaml"
    started(enc, "turn bran", "end")
    monkeypatch.setattr("momenta_cli.cli.session_cmds._interactive", lambda: True)
    r = invoke("run", enc, input="y\nquit\n", env=AT_80)
    assert r.exit_code == 0, r.output
    asked = r.output.split("Resume it? [Y/n]: ")[0] + "Resume it? [Y/n]: "
    assert cell_len(" ".join(asked.split())) > 80  # one line would not fit
    assert widest(asked) <= 80, asked
    assert " ".join(asked.split()) == (f"A saved fight is in {fight_of(enc)} (2 commands, "
                                       "round 1). Resume it? [Y/n]:")
    assert "resumed: 2 commands replayed" in r.output


def test_show_hangs_its_notes_and_says_a_grunt_never_rolls(tmp_path):
    r = invoke("show", ROOT / "encounters" / "cult-shrine.yaml", env=AT_80)
    assert r.exit_code == 0, r.output
    assert widest(r.output) <= 80
    lines = r.output.splitlines()
    notes = next(i for i, x in enumerate(lines) if x.startswith("  notes: Hears what"))
    assert lines[notes + 1].startswith("      ") and lines[notes + 1].strip(), lines[notes + 1]
    # R7: the Acolytes are Grunts: their Bell Hammer never rolls, and they are told so
    acolyte = r.output.split("\nAcolyte-1\n")[1].split("\nAcolyte-2\n")[0]
    assert "a Grunt: never rolls, each of its attacks scores 1 success (R7)" in acolyte
    hammer = next(x for x in lines if x.startswith("Bell Hammer"))
    assert re.match(r"Bell Hammer\s+Medium\s+no roll\s", hammer), hammer
    assert "POW" not in hammer
    assert "Grunt" not in r.output.split("\nThe Cantor\n")[1].split("\nAcolyte-1\n")[0]
