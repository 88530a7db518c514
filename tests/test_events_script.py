"""Issue 27: a fight with scheduled events exported as a script (``log --format
script``) replays to the same fight under another seed: the fired events are written
as their ``event NAME`` lines under a comment saying what fired them, and the line
before each sets it off again, which its own line stands for (nothing fires twice). The
shipped script written without event lines fires them at their triggers under any
seed (docs/commands.md, Exporting a fight as a script)."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import NOT_SOURCES, ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")


def test_an_exported_fight_with_events_replays_the_same_under_another_seed(tmp_path):
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters", ignore=NOT_SOURCES)
    enc = tmp_path / "encounters" / "toll-house.yaml"
    script = (ROOT / "encounters" / "toll-house.script").read_text().splitlines()
    lines = [x for x in script if x.strip() and not x.startswith("#")]
    r = invoke("do", enc, *lines, "--seed", "5", "--quiet")
    assert r.exit_code == 0, r.output
    fight = enc.with_name("toll-house.fight.jsonl")
    r = invoke("log", fight, "--format", "script")
    assert r.exit_code == 0, r.output
    exported = r.output
    assert "# fired by its trigger: round 2 starts\nevent reinforcements\n" in exported
    out = tmp_path / "fight.script"
    out.write_text(exported)
    played = json.loads(invoke("log", fight, "--format", "json").output)
    r = invoke("replay", enc, out, "--seed", "77", "--json")
    assert r.exit_code == 0, r.output
    replayed = json.loads(r.output)
    assert replayed["combatants"] == played["combatants"]
    assert [e["command"] for e in replayed["log"]] == [e["command"] for e in played["log"]]


@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_the_shipped_script_fires_its_events_at_their_triggers_under_any_seed(seed):
    r = invoke("replay", ROOT / "encounters" / "toll-house.yaml",
               ROOT / "encounters" / "toll-house.script", "--seed", seed, "--json")
    if r.exit_code:  # another seed tells another story: a line may refuse (docs)
        pytest.skip(r.output)
    doc = json.loads(r.output)
    commands = [e["command"] for e in doc["log"]]
    assert commands.count("event reinforcements") == 1
    assert commands.count("event regenerate") == 1 and commands.count("event bell") == 1
    names = {c["name"] for c in doc["combatants"]}
    assert {"Wallman-1", "Wallman-2"} <= names
