"""The ``map`` line draws the battlefield wherever the command language runs (issue 13
item 7): at the prompt, in ``momenta do`` (read-only: no fight file is started) and in a
replay script (drawn, nothing with ``--json``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def yard(tmp_path) -> Path:
    shutil.copytree(ROOT / "encounters" / "library", tmp_path / "library")
    shutil.copy(ROOT / "encounters" / "yard-with-a-map.yaml", tmp_path)
    return tmp_path / "yard-with-a-map.yaml"


def test_do_map_draws_and_starts_no_fight(yard):
    r = invoke("do", yard, "map", "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    assert "Br Brannoc" in r.output and " 1 ####" in r.output
    assert not list(yard.parent.glob("*.fight.jsonl"))


def test_prompt_map_line_draws_the_board(yard):
    r = invoke("run", yard, "--new", "--no-color", "--width", "80", input="map\nquit\n")
    assert r.exit_code == 0, r.output
    assert "R1 allies> map" in r.output and "Go Gorm" in r.output


def test_replay_draws_map_lines_but_not_with_json(yard, tmp_path):
    script = tmp_path / "look.script"
    script.write_text("map\n")
    shown = invoke("replay", yard, script, "--no-color", "--width", "80")
    assert shown.exit_code == 0, shown.output
    assert "Og Ogre" in shown.output
    as_json = invoke("replay", yard, script, "--json")
    assert as_json.exit_code == 0 and "Og Ogre" not in as_json.output


def test_do_map_naming_nobody_is_refused_with_exit_1(yard):
    r = invoke("do", yard, "map zed", "--no-color")
    assert r.exit_code == 1 and "no combatant called 'zed'" in r.output
    assert not list(yard.parent.glob("*.fight.jsonl"))
