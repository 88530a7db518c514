"""Plan before moving (issue 26 item 13): ``los A B from SQUARE`` and ``map NAME from
SQUARE`` answer as if A (NAME) stood at SQUARE, at the prompt, in ``do`` and from the
shell (``momenta los ... --from``, ``momenta map ... --for NAME --from``); nothing moves
and nothing is saved; a square A cannot stand on (R31, R32: a wall, taken, off the map)
is refused saying why.

The yard (encounters/yard-with-a-map.yaml): Mira at D8 sees the Ogre (L7-M8) past the
two Knives at H7 and H8, which give it cover (R34); from C9 the line along row 9 runs
below them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, fight_of, invoke, one_line_error

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def yard(tmp_path) -> Path:
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters",
                    ignore=shutil.ignore_patterns("*.jsonl", "*.lock"))
    return tmp_path / "encounters" / "yard-with-a-map.yaml"


def test_los_from_a_square_answers_as_if_the_looker_stood_there(yard):
    here = invoke("do", yard, "los mira ogre")
    there = invoke("do", yard, "los mira ogre from c9")
    assert here.exit_code == there.exit_code == 0, there.output
    assert "los: Mira (D8) to Ogre (L7-M8): distance 8" in here.output
    assert "cover: yes (R34)" in here.output
    assert "los: Mira (as if at C9) to Ogre (L7-M8): distance 9" in there.output
    assert "cover: no (R34)" in there.output
    assert not fight_of(yard).exists()  # a look: no fight started, nothing saved


def test_nothing_moves_in_a_saved_fight(yard):
    r = invoke("do", yard, "turn mira", "los ogre from c9", "map mira from e9")
    assert r.exit_code == 0, r.output
    assert "los: Mira (as if at C9)" in r.output  # the acting combatant when left out
    assert "as if Mira stood at E9 (nothing moved)" in r.output
    before = fight_of(yard).read_bytes()
    assert "Mira (D8)" in invoke("do", fight_of(yard), "los mira ogre").output
    assert fight_of(yard).read_bytes() == before


@pytest.mark.parametrize(("square", "why"), [
    ("a1", "A1 is a wall"),
    ("c5", "C5 is taken by Tamsin"),
    ("z40", "Z40"),
])
def test_a_square_the_looker_cannot_stand_on_is_refused(yard, square, why):
    said = one_line_error(invoke("do", yard, f"los mira ogre from {square}"))
    assert f"Mira cannot stand at {square.upper()} to look from: " in said
    assert why in said
    said = one_line_error(invoke("do", yard, f"map mira from {square}"))
    assert f"Mira cannot stand at {square.upper()} to look from" in said


def test_map_from_a_square_draws_the_looker_there(yard):
    r = invoke("do", yard, "map mira from e9", "--width", "100")
    assert r.exit_code == 0, r.output
    rows = {line.split()[0]: line for line in r.output.splitlines()
            if line[:3].strip().isdigit()}
    assert "Mi" in rows["9"] and "Mi" not in rows["8"], r.output
    refused = one_line_error(invoke("do", yard, "map from e9"))
    assert "map NAME from SQUARE" in refused


def test_the_shell_forms_answer_from_a_square_too(yard):
    text = invoke("los", yard, "mira", "ogre", "--from", "c9")
    assert text.exit_code == 0 and "Mira (as if at C9)" in text.output, text.output
    doc = invoke("los", yard, "mira", "ogre", "--from", "c9", "--json")
    assert doc.stdout.strip() == '{"line_of_sight": true, "cover": false, "distance": 9}'
    bad = invoke("los", yard, "mira", "ogre", "--from", "a1", "--json")
    assert bad.exit_code == 1
    assert bad.stdout.strip() == '{"error": "Mira cannot stand at A1 to look from: A1 is a wall"}'
    drawn = invoke("map", yard, "--for", "mira", "--from", "e9", "--width", "100")
    assert drawn.exit_code == 0 and "as if Mira stood at E9 (nothing moved)" in drawn.output
    assert invoke("map", yard, "--from", "e9").exit_code == 2  # --from goes with --for
