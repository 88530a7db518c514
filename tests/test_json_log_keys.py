"""The JSON log's additive keys (docs/json.md): ``"fired_by"`` on an entry a scheduled
event's trigger fired (issue 27) and ``"seated"`` on one answered from the players' phones
(issue 25), in ``replay --json`` and ``log --format json`` alike; absent on every other
entry, so the document of a fight without them is as it always was."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momenta_cli.cli.app import app
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.journal import FightFile, outcome_record
from momenta_cli.play import run_line

ROOT = Path(__file__).resolve().parent.parent
ENC = ROOT / "encounters"
runner = CliRunner()
# The keys of a log entry before issues 25 and 27, in their order.
PLAIN = ["n", "command", "text", "events", "dice", "script_line"]


def invoke(*args: object) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


@pytest.fixture
def where(tmp_path: Path) -> Path:
    shutil.copytree(ENC, tmp_path / "encounters")
    return tmp_path / "encounters"


def test_replay_json_names_the_trigger_of_each_event_the_tracker_fired():
    doc = json.loads(invoke("replay", ENC / "toll-house.yaml", ENC / "toll-house.script",
                            "--json"))
    fired = {e["command"]: e["fired_by"] for e in doc["log"] if "fired_by" in e}
    assert fired == {"event rally": "Captain is at half Vitality or below",
                     "event bell": "every round ends",
                     "event regenerate": "every round from 2 starts",
                     "event reinforcements": "round 2 starts"}
    for e in doc["log"]:  # the key goes after the rest, on the fired entries only
        assert list(e) == PLAIN + (["fired_by"] if e["command"].startswith("event ") else [])


def test_log_json_carries_the_journals_fired_by_and_a_hand_typed_event_has_none(where):
    enc = where / "toll-house.yaml"
    script = (where / "toll-house.script").read_text().splitlines()
    lines = [x for x in script if x and not x.startswith("#")][:16]  # the bell tolls
    invoke("do", enc, *lines, "event bell")  # the last one fired by hand
    fight = enc.with_name("toll-house.fight.jsonl")
    records = [json.loads(x) for x in fight.read_text().splitlines()[1:]]
    doc = json.loads(invoke("log", fight, "--format", "json"))
    assert [e.get("fired_by") for e in doc["log"]] == [r.get("fired_by") for r in records]
    assert doc["log"][-1]["command"] == "event bell" and "fired_by" not in doc["log"][-1]
    assert any(e.get("fired_by") == "every round ends" for e in doc["log"])


def test_log_json_says_which_answers_came_from_the_players_phones(where):
    enc_path = where / "demo.yaml"
    enc = load_encounter(enc_path)
    fight = FightFile.create(where / "demo.fight.jsonl", enc_path, enc)
    out = run_line(fight.session, "turn wren", SeededRoller(1))
    assert out.entry is not None
    phoned = replace(out, entry=replace(out.entry, seated=(("Wren", "pick"),)))
    record = outcome_record(phoned)
    assert record is not None
    fight.append(record)
    fight.append(outcome_record(run_line(fight.session, "end", SeededRoller(1))) or {})
    doc = json.loads(invoke("log", fight.path, "--format", "json"))
    assert doc["log"][0]["seated"] == [{"seat": "Wren", "kind": "pick"}]
    assert list(doc["log"][1]) == PLAIN  # not answered from a phone: no key


@pytest.mark.parametrize("name", ["demo", "mill-ambush", "yard-with-a-map"])
def test_a_fight_without_events_or_phones_keeps_its_log_entries_as_they_were(name):
    doc = json.loads(invoke("replay", ENC / f"{name}.yaml", ENC / f"{name}.script",
                            "--json"))
    assert doc["log"] and all(list(e) == PLAIN for e in doc["log"])


def test_a_session_with_fired_events_reads_the_same_in_both_documents(where):
    """The streamed document (a pipe) and the indented one (a terminal) agree."""
    from momenta_cli.render.state_json import chunks, dumps, session_doc

    enc = load_encounter(where / "toll-house.yaml")
    s = Session(enc)
    roller = SeededRoller(1)
    for line in (where / "toll-house.script").read_text().splitlines():
        if line and not line.startswith("#"):
            run_line(s, line, roller)
    assert json.loads("".join(chunks(s))) == json.loads(dumps(session_doc(s)))
    assert sum("fired_by" in e for e in session_doc(s)["log"]) == 4
