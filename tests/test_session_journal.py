"""The fight journal on disk (autosave and resume): records, resume by re-applying
events (never re-rolling), torn last lines, version refusal, changed encounters, atomic
rewrites, and refused commands leaving the file byte-identical."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.errors import JournalError, MomentaError
from momenta_cli.journal import FightFile, default_fight_path, most_recent, set_aside
from momenta_cli.journal.records import VERSION, checksum, encode, seal
from momenta_cli.storage import atomic_write
from tests.conftest import NOT_SOURCES

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "encounters" / "demo.yaml"


class NoDice:
    """A roller that fails the test if anything rolls (resume must never roll)."""

    def roll(self, n: int) -> list[int]:
        raise AssertionError("resuming rolled dice")


@pytest.fixture
def enc_dir(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters", ignore=NOT_SOURCES)
    return tmp_path / "encounters"


def new_fight(enc_dir: Path) -> FightFile:
    path = enc_dir / "demo.yaml"
    return FightFile.create(default_fight_path(path), path, load_encounter(path))


def test_default_path_is_beside_the_encounter(enc_dir):
    assert default_fight_path(enc_dir / "demo.yaml") == enc_dir / "demo.fight.jsonl"


def test_header_then_one_line_per_record(enc_dir):
    ff = new_fight(enc_dir)
    ff.run("turn brannoc", SeededRoller(1))
    ff.run("dmg gorm 4", SeededRoller(1))
    ff.run("undo", SeededRoller(1))
    ff.run("redo", SeededRoller(1))
    rows = [json.loads(x) for x in ff.path.read_text().splitlines()]
    assert rows[0]["format"] == "momenta-fight" and rows[0]["version"] == VERSION
    assert rows[0]["encounter"] == "demo.yaml" and len(rows[0]["encounter_sha256"]) == 64
    assert rows[1]["cmd"] == "turn brannoc"
    assert rows[1]["events"][0]["kind"] == "turn_started"
    assert rows[2]["cmd"] == "dmg gorm 4"
    # format 2: every record numbered from 1 and sealed with its checksum (sum last)
    assert [r["seq"] for r in rows[1:]] == [1, 2, 3, 4]
    assert all(r["sum"] == checksum(r) and list(r)[-1] == "sum" for r in rows[1:])
    # each record keeps the time it was accepted (issue 26 item 9), the recap's only
    assert rows[3] == {"seq": 3, "undo": True, "at": rows[3]["at"], "sum": rows[3]["sum"]}
    assert rows[4] == {"seq": 4, "redo": True, "at": rows[4]["at"], "sum": rows[4]["sum"]}
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", r["at"])
               for r in rows[1:])


def test_meta_lines_are_not_recorded(enc_dir):
    ff = new_fight(enc_dir)
    before = ff.path.read_bytes()
    for line in ("status", "help", "help cond", "", "# a comment", "quit"):
        ff.run(line, SeededRoller(1))
    assert ff.path.read_bytes() == before


def test_resume_reapplies_events_without_rolling(enc_dir):
    ff = new_fight(enc_dir)
    for line in ("turn brannoc", "cond gorm hindered from brannoc", "next", "dmg knife-1 5",
                 "next", "heal knife-1 2", "undo", "undo", "redo"):
        ff.run(line, SeededRoller(3))
    back = FightFile.open(ff.path)
    assert back.session.state == ff.session.state
    assert [e.line for e in back.session.entries] == [e.line for e in ff.session.entries]
    assert [e.line for e in back.session.undone] == ["heal knife-1 2"]
    # redo after resume puts back the undone command with its recorded events
    out = back.run("redo", NoDice())
    assert out.redone is not None and out.redone.line == "heal knife-1 2"


def test_resumed_dice_are_the_recorded_ones(enc_dir):
    """A roll-to-clear at end of turn (R15) is decided once; resume shows the same faces."""
    ff = new_fight(enc_dir)
    ff.run("turn brannoc", QueueRoller([]))
    ff.run("cond brannoc frightened", QueueRoller([]))
    ff.run("end", QueueRoller([2, 6]))  # PRE 2: roll to clear Frightened (R15)
    rolled = [e.roll for e in ff.session.entries[-1].events if getattr(e, "roll", None)]
    assert rolled and rolled[0].faces == (2, 6)
    back = FightFile.open(ff.path)
    assert [e.events for e in back.session.entries] == [e.events for e in ff.session.entries]


def test_refused_command_leaves_file_byte_identical(enc_dir):
    ff = new_fight(enc_dir)
    ff.run("turn brannoc", SeededRoller(1))
    before = ff.path.read_bytes()
    state = ff.session.state.clone()
    for bad in ("turn gorm", "dmg nobody 3", "frobnicate", "cond gorm", "redo",
                'note "unclosed'):
        with pytest.raises(MomentaError):
            ff.run(bad, SeededRoller(1))
    assert ff.path.read_bytes() == before
    assert ff.session.state == state


def test_torn_last_line_is_dropped_with_warning(enc_dir):
    ff = new_fight(enc_dir)
    ff.run("turn brannoc", SeededRoller(1))
    ff.run("dmg gorm 4", SeededRoller(1))
    good = ff.path.read_bytes()
    # a kill in the middle of writing the next record leaves half a line
    ff.path.write_bytes(good + b'{"cmd":"dmg gorm 9","events":[{"kind":"resou')
    back = FightFile.open(ff.path)
    assert any("cut short" in w for w in back.warnings)
    assert [e.line for e in back.session.entries] == ["turn brannoc", "dmg gorm 4"]
    # the file is repaired (atomically), so the next append starts on a fresh line, and
    # the torn original is kept beside it
    assert back.path.read_bytes() == good
    kept = list(enc_dir.glob("demo.fight.jsonl.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes().endswith(b'"kind":"resou')
    back.run("next", SeededRoller(1))
    assert [e.line for e in FightFile.open(ff.path).session.entries][-1] == "next"


def test_garbage_in_the_middle_is_reported_and_left_out_with_a_copy(enc_dir):
    # Was: refused outright. Issue "Nothing the GM saw accepted is ever lost": a damaged
    # record opens the fight up to it, says which line, and keeps the original beside it.
    ff = new_fight(enc_dir)
    ff.run("turn brannoc", SeededRoller(1))
    lines = ff.path.read_bytes().splitlines(keepends=True)
    damaged = lines[0] + b"not json\n" + lines[1]
    ff.path.write_bytes(damaged)
    # Issue 29: and the records after it are kept; the file is written only at the
    # GM's word (``repair``).
    back = FightFile.open(ff.path)
    assert any(":2: unreadable record (not valid JSON); it is no record (nothing was "
               "lost), left out" in w for w in back.warnings), back.warnings
    assert [e.line for e in back.session.entries] == ["turn brannoc"]
    assert ff.path.read_bytes() == damaged
    back.repair()
    assert ff.path.read_bytes() == lines[0] + lines[1]
    kept = list(enc_dir.glob("demo.fight.jsonl.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged


def test_newer_format_is_refused_clearly(enc_dir):
    ff = new_fight(enc_dir)
    lines = ff.path.read_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = VERSION + 1
    ff.path.write_text(json.dumps(header) + "\n")
    with pytest.raises(JournalError, match="newer momenta"):
        FightFile.open(ff.path)


@pytest.mark.parametrize("content", [b"", b"hello\n", b'{"format": "other"}\n',
                                     b'{"format": "momenta-fight"}\n', b"\xff\xfe\n"])
def test_not_a_fight_file(tmp_path, content):
    p = tmp_path / "x.fight.jsonl"
    p.write_bytes(content)
    with pytest.raises(JournalError):
        FightFile.open(p)


def test_unknown_event_kind_is_refused_clearly(enc_dir):
    # A record with a good checksum was written by a momenta: never dropped as damage.
    ff = new_fight(enc_dir)
    with open(ff.path, "ab") as fh:
        fh.write(encode(seal({"cmd": "zap", "events": [{"kind": "zap_ray"}]}, 1)))
    before = ff.path.read_bytes()
    with pytest.raises(JournalError, match=":2: cannot replay record 'zap'.*different version"):
        FightFile.open(ff.path)
    assert ff.path.read_bytes() == before


def test_changed_encounter_warns(enc_dir):
    ff = new_fight(enc_dir)
    ff.run("turn brannoc", SeededRoller(1))
    enc = enc_dir / "demo.yaml"
    enc.write_text(enc.read_text() + "\n# edited after the fight began\n")
    back = FightFile.open(ff.path)
    assert any("has changed" in w for w in back.warnings)
    with pytest.raises(JournalError, match="has changed"):
        FightFile.open(ff.path, strict_encounter=True)


def test_missing_encounter_is_reported(enc_dir, tmp_path):
    ff = new_fight(enc_dir)
    moved = tmp_path / "elsewhere.fight.jsonl"
    shutil.move(ff.path, moved)
    shutil.rmtree(enc_dir)
    with pytest.raises(JournalError, match=r"its encounter file .*demo\.yaml is missing"):
        FightFile.open(moved)


def test_fight_file_found_by_absolute_path_when_moved(enc_dir, tmp_path):
    ff = new_fight(enc_dir)
    ff.run("turn brannoc", SeededRoller(1))
    (tmp_path / "sub").mkdir()
    moved = tmp_path / "sub" / "x.fight.jsonl"
    shutil.copy(ff.path, moved)
    assert FightFile.open(moved).session.state == ff.session.state


def test_atomic_write_replaces_whole_file_and_leaves_no_temp(tmp_path):
    p = tmp_path / "f.txt"
    p.write_text("old")
    atomic_write(p, b"new contents")
    assert p.read_bytes() == b"new contents"
    assert [x.name for x in tmp_path.iterdir()] == ["f.txt"]


def test_failed_save_changes_nothing(enc_dir, monkeypatch):
    ff = new_fight(enc_dir)
    ff.run("turn brannoc", SeededRoller(1))
    state = ff.session.state.clone()

    def boom(record):
        raise JournalError("disk full")

    monkeypatch.setattr(ff, "append", boom)
    with pytest.raises(JournalError):
        ff.run("dmg gorm 4", SeededRoller(1))
    assert ff.session.state == state
    assert [e.line for e in ff.session.entries] == ["turn brannoc"]


def test_most_recent_and_set_aside(tmp_path):
    with pytest.raises(JournalError, match="no saved fight"):
        most_recent(tmp_path)
    a = tmp_path / "a.fight.jsonl"
    a.write_text("x")
    assert most_recent(tmp_path) == a
    kept = set_aside(a)
    assert not a.exists() and kept.read_text() == "x"
    assert kept.name.startswith("a.") and kept.name.endswith(".fight.jsonl")
