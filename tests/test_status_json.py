"""``momenta status FIGHT --json`` (issue 24): the status document on stdout, the
players' projection with ``--players`` (the very document their screen is drawn from),
the GM's without; read-only like ``status``; a fight that cannot be read is one line."""

from __future__ import annotations

import json

import pytest

from momenta_cli.journal import FightFile
from momenta_cli.projection import status_document
from tests.conftest import invoke, one_line_error

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def yard_fight(enc):
    """The Mill Yard started by ``do``: Brannoc's turn, a move, Knife-1 Hidden (R20)."""
    yard = enc.with_name("yard-with-a-map.yaml")
    r = invoke("do", yard, "turn brannoc", "move brannoc to d7", "cond knife-1 hidden",
               "--quiet")
    assert r.exit_code == 0, r.output
    return yard.with_name("yard-with-a-map.fight.jsonl")


def test_status_json_players_prints_the_players_document(yard_fight):
    """R20: the players' document, as ``status_document`` builds it from the journal
    (its id the record count); the Hidden Knife-1 in no byte of it."""
    before = yard_fight.read_bytes()
    r = invoke("status", yard_fight, "--json", "--players")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    ff = FightFile.open(yard_fight, repair=False)
    assert doc == status_document(ff.session.state, ff.session.entries, records=ff.records)
    assert doc["view"] == "players" and doc["id"] == 3
    assert doc["turn"]["acting"] == "Brannoc" and doc["results"][-1] == \
        "Brannoc moves to D7"
    assert "Knife-1" not in r.stdout
    assert yard_fight.read_bytes() == before  # read-only


def test_status_json_without_players_is_the_gms_with_the_hidden_marked(yard_fight):
    r = invoke("status", yard_fight, "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["view"] == "gm"
    knife = {e["name"]: e for e in doc["enemies"]}["Knife-1"]
    assert knife["hidden"] is True and knife["numbers"]["vitality"][1] > 0


def test_status_json_of_a_missing_fight_is_one_line_and_exit_1(tmp_path):
    line = one_line_error(invoke("status", tmp_path / "gone.fight.jsonl", "--json"))
    assert "gone.fight.jsonl" in line


def test_status_json_and_watch_do_not_go_together(yard_fight):
    r = invoke("status", yard_fight, "--json", "--watch")
    assert r.exit_code == 2 and "--watch" in r.output
