"""``party save FIGHT FILE`` writes only a party file (R38, issue 27): a slip of the
arguments must not replace the fight, its encounter, a device or some other file. Each
refusal is one line, exit 1, and leaves the file byte for byte as it was."""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import NOT_SOURCES, ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def fight(tmp_path):
    folder = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", folder, ignore=NOT_SOURCES)
    r = invoke("do", folder / "campaign-cellar.yaml", "turn brannoc", "--quiet")
    assert r.exit_code == 0, r.output
    return folder / "campaign-cellar.fight.jsonl"


@pytest.mark.parametrize("target, why", [
    ("campaign-cellar.fight.jsonl", "is the fight itself"),
    ("campaign-cellar.yaml", "is the fight's encounter"),
    ("campaign-cellar.script", "is not a party file"),
])
def test_party_save_refuses_to_replace_what_is_not_a_party_file(fight, target, why):
    path = fight.parent / target
    before = path.read_bytes()
    r = invoke("party", "save", fight, path)
    assert r.exit_code == 1, r.output
    assert why in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1, r.output
    assert path.read_bytes() == before


def test_party_save_refuses_a_device(fight, tmp_path):
    r = invoke("party", "save", fight, "/dev/null")
    assert r.exit_code == 1 and "not a regular file" in r.output, r.output
    assert not __import__("os").path.isfile("/dev/null")


def test_party_save_replaces_a_party_file_and_writes_a_new_one(fight):
    party = fight.parent / "parties" / "campaign-party.yaml"
    r = invoke("party", "save", fight, party)
    assert r.exit_code == 0, r.output
    assert "saved from campaign-cellar.fight.jsonl" in party.read_text()
    new = fight.parent / "party.yaml"
    r = invoke("party", "save", fight, new)
    assert r.exit_code == 0 and new.read_text().count("party:") == 1, r.output
