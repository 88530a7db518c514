"""The players' view (``--players``) asks ``los`` and ``path`` of the
fight as the players know it (ch23 Hidden, R20): a Hidden enemy is no one there. Its
name fits nobody (the same one line as a name that fits nobody at all, so the screen
turned to the players says nothing of it), it gives no cover, and no path lists a
reaction of it. The GM's view answers as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import invoke
from tests.trigger_yard import yard_text

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def hidden(tmp_path) -> Path:
    """The yard with Gorm Hidden at B2, Kira at F3 (in line between Wren and Nix)."""
    text = yard_text(kira="F3", wren="D1", gorm="B2", nix="G4")
    enc = tmp_path / "yard.yaml"
    enc.write_text(text)
    r = invoke("do", enc, "cond gorm hidden")
    assert r.exit_code == 0, r.output
    return tmp_path / "yard.fight.jsonl"


def test_the_players_los_to_a_hidden_enemy_names_nobody(hidden):
    """R20: the players do not know where a Hidden enemy is: ``los`` at it is refused as
    for a name that fits nobody (exit 1), its square never printed."""
    r = invoke("do", "--players", hidden, "los wren gorm")
    assert r.exit_code == 1
    assert "no combatant called 'gorm' (there are: Kira, Wren, Nix)" in r.output
    assert "B2" not in r.output
    nobody = invoke("do", "--players", hidden, "los wren zed")
    assert nobody.exit_code == 1
    assert nobody.output.replace("zed", "gorm") == r.output  # the same: nothing told
    gm = invoke("do", hidden, "los wren gorm")
    assert gm.exit_code == 0 and "Gorm (B2)" in gm.output


def test_the_players_path_of_a_hidden_enemy_names_nobody_and_it_triggers_nothing(hidden):
    r = invoke("do", "--players", hidden, "path gorm g2")
    assert r.exit_code == 1 and "no combatant called 'gorm'" in r.output
    assert "B2" not in r.output


def test_the_players_path_and_los_show_what_they_know(hidden):
    """The visible ones are answered: a path is asked as if the Hidden enemy were not
    there; ``los`` still counts the ally in line as cover (R34)."""
    r = invoke("do", "--players", hidden, "path kira b3", "los wren nix")
    assert r.exit_code == 0, r.output
    assert "path: Kira moves F3 -> E3 -> D3 -> C3 -> B3" in r.output
    assert "cover: yes (R34)" in r.output
    assert "Gorm" not in r.output


def test_the_gms_path_json_is_unchanged_by_the_players_view(hidden):
    doc = json.loads(invoke("path", hidden, "gorm", "g2", "--json").output)
    assert doc["path"][0] == "C2"  # the shell form is the GM's: it has no --players
