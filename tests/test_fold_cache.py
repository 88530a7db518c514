"""The fold cache (journal/snapshot.py): `status` of a long fight starts from the state it
folded last time and reads only the records after it. It must show exactly what a full
fold shows, whatever happened to the file or the cache in between."""

from __future__ import annotations

import json

import pytest

from momenta_cli.journal import FightFile, snapshot
from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")

ROUND = ["turn bran", "dmg gorm 1", "next", "heal gorm 1", "next", "dmg knife-1 1",
         "next", "next", "next", "next"]


@pytest.fixture(autouse=True)
def short_fights(monkeypatch):
    # Kept from 3 records on instead of 200, so that a test fight is "long".
    monkeypatch.setattr(snapshot, "MIN_RECORDS", 3)


def fight_with(enc, lines):
    r = invoke("do", enc, "--seed", "1", *lines)
    assert r.exit_code == 0, r.output
    return enc.with_name("demo.fight.jsonl")


def full(fight):
    """The state by the full fold, as every writing command sees it."""
    return FightFile.open(fight, repair=False).session.state


def quick(fight):
    return FightFile.open(fight, repair=False, state_only=True)


def status(fight):
    r = invoke("status", fight, "--no-color")
    assert r.exit_code == 0, r.output
    return r.output


def test_a_second_look_starts_from_the_cache_and_shows_the_same(enc, monkeypatch):
    fight = fight_with(enc, ROUND)
    first = status(fight)
    entry = snapshot.entry_path(fight)
    assert entry.is_file()
    folded = []
    real = snapshot.load

    def spy(*args):
        got = real(*args)
        folded.append(got)
        return got

    monkeypatch.setattr(snapshot, "load", spy)
    assert status(fight) == first
    assert folded and folded[0] is not None and folded[0].records == len(ROUND)
    assert quick(fight).session.state == full(fight)


def test_records_added_since_are_folded_onto_the_cached_state(enc):
    fight = fight_with(enc, ROUND)
    quick(fight)
    r = invoke("do", fight, "--seed", "2", "dmg gorm 3", "cond gorm hind", "next")
    assert r.exit_code == 0, r.output
    got = quick(fight)
    assert got.session.state == full(fight) and got.records == len(ROUND) + 3
    assert status(fight) == status(fight)  # the second of these two reads the new entry


def test_an_undo_after_the_cached_state_folds_from_the_start(enc):
    """ch18/README undo: an undo needs the commands before it, which the cache lacks."""
    fight = fight_with(enc, ROUND)
    quick(fight)
    assert invoke("undo", fight, "-n", "3").exit_code == 0
    assert invoke("redo", fight).exit_code == 0
    assert quick(fight).session.state == full(fight)


def test_an_edited_record_before_the_cached_point_is_still_reported(enc):
    fight = fight_with(enc, ROUND)
    quick(fight)
    lines = fight.read_bytes().split(b"\n")
    rec = json.loads(lines[3])
    rec["cmd"] = "dmg gorm 9"  # edited by hand: its checksum no longer matches
    lines[3] = json.dumps(rec).encode()
    fight.write_bytes(b"\n".join(lines))
    got = quick(fight)
    assert any("checksum does not match" in w for w in got.warnings)
    # the records after it are run again (issue 29), as a full fold runs them
    assert got.session.state == full(fight)
    assert got.records == FightFile.open(fight, repair=False).records == len(ROUND)


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage", "other fight"])
def test_a_damaged_or_foreign_entry_is_ignored(enc, tmp_path, damage):
    fight = fight_with(enc, ROUND)
    quick(fight)
    entry = snapshot.entry_path(fight)
    blob = entry.read_bytes()
    if damage == "flip":
        entry.write_bytes(blob[:-5] + bytes([blob[-5] ^ 1]) + blob[-4:])
    elif damage == "truncate":
        entry.write_bytes(blob[: len(blob) // 2])
    elif damage == "garbage":
        entry.write_bytes(b"momenta-fold-cache 1\nnot a checksum\n{}\n")
    else:  # the entry of another fight with the very same records
        other = tmp_path / "copy.fight.jsonl"
        other.write_bytes(fight.read_bytes())
        snapshot.entry_path(other).write_bytes(blob)
        fight = other
    assert snapshot.load(fight, fight.read_bytes(), full(fight).encounter) is None
    assert quick(fight).session.state == full(fight)


def test_an_edited_encounter_is_never_read_through_the_cache(enc):
    fight = fight_with(enc, ROUND)
    quick(fight)
    enc.write_text(enc.read_text().replace("name: Gorm", "name: Gorm\n    notes: edited"))
    got = quick(fight)
    assert any("has changed" in w for w in got.warnings)
    assert got.session.state == full(fight)


def test_a_short_fight_keeps_no_entry(enc, monkeypatch):
    monkeypatch.setattr(snapshot, "MIN_RECORDS", 200)
    fight = fight_with(enc, ROUND)
    quick(fight)
    assert not snapshot.entry_path(fight).exists()


def test_an_unwritable_cache_changes_nothing(enc, monkeypatch, tmp_path):
    fight = fight_with(enc, ROUND)
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("MOMENTA_HOME", str(blocker))
    assert quick(fight).session.state == full(fight)
    assert status(fight)


def test_no_home_directory_is_a_miss_not_a_crash(enc, monkeypatch):
    """cron with `env -i` and a uid without a passwd entry: no state directory at all."""
    fight = fight_with(enc, ROUND)
    for var in ("MOMENTA_HOME", "XDG_STATE_HOME", "HOME"):
        monkeypatch.delenv(var, raising=False)

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr("pathlib.Path.home", no_home)
    assert quick(fight).session.state == full(fight)
    assert status(fight)


def test_an_entry_sealed_by_hand_with_a_wrong_shape_is_a_miss(enc):
    """The checksum is no secret: an entry may be written to look right."""
    import pickle

    from momenta_cli.storage import sealed

    fight = fight_with(enc, ROUND)
    quick(fight)
    entry = snapshot.entry_path(fight)
    meta, payload = sealed.unseal(entry.read_bytes(), snapshot.MAGIC, snapshot.VERSION)
    encounter, state = pickle.loads(payload)
    state.fighters = {"Gorm": 1}
    forged = sealed.seal(snapshot.MAGIC, snapshot.VERSION, meta, pickle.dumps(
        (encounter, state)))
    entry.write_bytes(forged)
    assert quick(fight).session.state == full(fight)
    entry.write_bytes(sealed.seal(snapshot.MAGIC, snapshot.VERSION, {**meta, "line": 1},
                                  payload))
    assert snapshot.load(fight, fight.read_bytes(), full(fight).encounter) is None


def test_the_same_fight_named_two_ways_shares_its_entry(enc, monkeypatch):
    fight = fight_with(enc, ROUND)
    quick(fight)
    monkeypatch.chdir(fight.parent)
    data = fight.read_bytes()
    relative = FightFile.open(fight.name, repair=False)  # finds its encounter as demo.yaml
    assert snapshot.load(fight.resolve(), data, relative.session.encounter) is not None
