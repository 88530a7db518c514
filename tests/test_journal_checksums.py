"""Records that say when they are damaged (issue "Nothing the GM saw accepted is ever
lost"): every record of fight format 2 carries a sequence number and a checksum; an
edited, damaged or missing record is reported with its line and the fight opens up to it,
the original kept beside it; a complete line is never dropped as "cut short"; read-only
commands change nothing; format 1 files (tests/fixtures/v1) still open and replay
exactly, and the first write converts them, keeping the original."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from momenta_cli.cli.view_cmds import Watcher
from momenta_cli.engine.core import SeededRoller, event_from_dict
from momenta_cli.errors import JournalError, MomentaError
from momenta_cli.journal import FightFile, default_fight_path
from momenta_cli.journal.records import VERSION, checksum, encode, seal
from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")



V1 = Path(__file__).resolve().parent / "fixtures" / "v1"
V1_COMMANDS = ["turn kira", "attack brute with hatchet roll 5,6,2",
               "cond brute hindered from kira", "note Jörg hält die Tür", "dmg jörg 3",
               "next"]


def rows(fight: Path) -> list[dict]:
    return [json.loads(x) for x in fight.read_bytes().splitlines()]


def plain(record: dict) -> dict:
    return {k: v for k, v in record.items() if k not in ("seq", "sum")}


def fight_with(enc: Path, *lines: str) -> Path:
    r = invoke("do", enc, *lines)
    assert r.exit_code == 0, r.output
    return default_fight_path(enc)


def edit_line(fight: Path, number: int, old: bytes, new: bytes) -> bytes:
    """Replace ``old`` by ``new`` on line ``number`` (1 = the header); the new bytes."""
    lines = fight.read_bytes().split(b"\n")
    assert old in lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    fight.write_bytes(b"\n".join(lines))
    return fight.read_bytes()


def kept(fight: Path, label: str = "damaged") -> list[Path]:
    return sorted(fight.parent.glob(f"{fight.name}.{label}-*"))


def cmds(fight: Path) -> list[str]:
    return [e.line for e in FightFile.open(fight, repair=False).session.entries]


# --- the format ----------------------------------------------------------------------------


def test_every_record_is_numbered_and_sealed_as_documented(enc):
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4", "undo", "redo")
    header, *records = rows(fight)
    assert header["version"] == VERSION == 2 and header["sum"] == checksum(header)
    assert [r["seq"] for r in records] == [1, 2, 3, 4]
    for r in records:  # the first 16 hex of SHA-256 of the canonical record without sum
        body = {k: v for k, v in r.items() if k != "sum"}
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        assert r["sum"] == hashlib.sha256(canonical.encode()).hexdigest()[:16]


# --- damage is reported, the fight opens up to it, a copy is kept ---------------------------


def test_an_edited_die_is_reported_with_its_line_and_its_command_run_again(enc):
    # Issue 29: an edited record costs no command after it; its line is run again with
    # its dice, so the faces edited into its events are not believed.
    fight = fight_with(enc, "turn brannoc", "attack gorm with longsword roll 5,6,1",
                       "dmg knife-1 2")
    want = FightFile.open(fight, repair=False).session.state
    edited = edit_line(fight, 3, b"[5,6,1]", b"[6,6,6]")
    r = invoke("status", fight)  # read-only: reports, shows the fight salvaged, no change
    assert r.exit_code == 0, r.output
    text = r.output.replace("\n", " ")
    assert (f"warning: {fight}:3: damaged record (its checksum does not match: it was "
            f"edited by hand, or the disk damaged it); 'attack gorm with longsword roll "
            f"5,6,1' is run again from its line and dice (its recorded events are not "
            f"trusted)") in text
    assert "the fight is shown up to it, then with the 2 records from there on run " \
           "again from their own lines and dice (2 kept, 0 left out)" in text
    assert FightFile.open(fight, repair=False).session.state == want
    assert fight.read_bytes() == edited and kept(fight) == []
    r = invoke("do", fight, "next")  # a writer refuses until the GM says so
    assert r.exit_code == 1 and f"{fight}:3: damaged record" in r.output
    assert fight.read_bytes() == edited and kept(fight) == []
    r = invoke("repair", fight)
    assert r.exit_code == 0 and "kept as" in r.output, r.output
    assert [k.read_bytes() for k in kept(fight)] == [edited]
    assert cmds(fight) == ["turn brannoc", "attack gorm with longsword roll 5,6,1",
                           "dmg knife-1 2"]
    assert FightFile.open(fight, repair=False).session.state == want


def test_a_removed_line_is_reported_as_a_missing_record(enc):
    fight = fight_with(enc, "turn brannoc", "dmg gorm 1", "dmg gorm 2", "dmg gorm 3")
    lines = fight.read_bytes().splitlines(keepends=True)
    fight.write_bytes(b"".join(lines[:2] + lines[3:]))  # record 2 (line 3) removed
    back = FightFile.open(fight, repair=False)
    assert [w for w in back.warnings if w == f"warning: {fight}:3: record 2 is missing before "
            f"this line (a line was removed?); the command it held is lost"], back.warnings
    assert [e.line for e in back.session.entries] == ["turn brannoc", "dmg gorm 2",
                                                      "dmg gorm 3"]


def test_a_repeated_line_is_reported_out_of_order(enc):
    fight = fight_with(enc, "turn brannoc", "dmg gorm 1", "dmg gorm 2")
    lines = fight.read_bytes().splitlines(keepends=True)
    fight.write_bytes(b"".join(lines[:3] + [lines[2]] + lines[3:]))
    back = FightFile.open(fight, repair=False)
    assert any(f"{fight}:4: record 2 again, out of order (expected record 3); a copy of "
               f"line 3, left out" in w for w in back.warnings), back.warnings
    assert back.session.state.fighters["Gorm"].vitality == 19


@pytest.mark.parametrize("old,new,why", [
    (b'"before":22', b'"before":23', "damaged record (its checksum does not match"),
    (b'"dmg gorm 4"', b'"dmg gorm 4\xff', "unreadable record (not UTF-8 text)"),
    (b'"dmg gorm 4"', b'"dmg gorm 4', "unreadable record (not valid JSON)"),
])
def test_a_complete_last_line_with_one_bad_byte_is_damage_not_cut_short(enc, old, new, why):
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4")
    edited = edit_line(fight, 3, old, new)
    assert edited.endswith(b"\n")  # a complete line: it was written whole
    back = FightFile.open(fight)
    assert [w for w in back.warnings if f"{fight}:3: {why}" in w], back.warnings
    assert not any("cut short" in w for w in back.warnings)
    assert kept(fight) == [] and fight.read_bytes() == edited  # held until repaired
    back.repair()
    assert [k.read_bytes() for k in kept(fight)] == [edited]
    # an edited number is not believed: the command is run again from its line
    again = ["dmg gorm 4"] if b"before" in old else []
    assert [e.line for e in back.session.entries] == ["turn brannoc", *again] == cmds(fight)


def test_a_final_line_cut_short_is_dropped_and_a_copy_is_kept(enc):
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4")
    whole = fight.read_bytes()
    fight.write_bytes(whole[:-10])  # the write of the last record stopped part-way
    back = FightFile.open(fight)
    assert any(f"{fight}:3: the last record was cut short" in w for w in back.warnings)
    assert [k.read_bytes() for k in kept(fight)] == [whole[:-10]]
    assert [e.line for e in back.session.entries] == ["turn brannoc"]


def test_a_whole_last_record_without_its_newline_is_kept(enc):
    # An editor that strips the final newline leaves a record whose checksum still
    # verifies: it is complete, so it is never dropped as cut short; the newline is put
    # back before the next append, which then starts a line of its own.
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4")
    whole = fight.read_bytes()
    fight.write_bytes(whole[:-1])
    assert FightFile.open(fight, repair=False).warnings == []
    assert fight.read_bytes() == whole[:-1]  # a reader changes nothing
    back = FightFile.open(fight)
    assert back.warnings == [] and kept(fight) == []
    assert fight.read_bytes() == whole[:-1]  # opening to write changes nothing either
    assert [e.line for e in back.session.entries] == ["turn brannoc", "dmg gorm 4"]
    back.run("note after", SeededRoller(1))
    assert cmds(fight) == ["turn brannoc", "dmg gorm 4", "note after"]
    assert b"\n\n" not in fight.read_bytes()


def test_kept_copies_are_never_overwritten(enc):
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4")
    originals = []
    for _ in range(3):  # within one second: the names get -2, -3
        with open(fight, "ab") as fh:
            fh.write(b'{"seq": 3, "torn')
        originals.append(fight.read_bytes())
        FightFile.open(fight)
    assert sorted(k.read_bytes() for k in kept(fight)) == sorted(originals)


def test_a_sealed_record_naming_an_unknown_combatant_says_so(enc):
    fight = fight_with(enc, "turn brannoc")
    event = {"kind": "resource_set", "name": "Zed", "resource": "vitality", "before": 3,
             "after": 1, "reason": "damage"}
    with open(fight, "ab") as fh:
        fh.write(encode(seal({"cmd": "dmg zed 2", "events": [event]}, 2)))
    before = fight.read_bytes()
    r = invoke("status", fight)
    assert r.exit_code == 1 and len(r.output.strip().splitlines()) == 1, r.output
    assert (f"{fight}:3: record 'dmg zed 2' names a combatant 'Zed' that the encounter does "
            f"not have") in r.output
    with pytest.raises(JournalError, match="names a combatant 'Zed'"):
        FightFile.open(fight)  # a writer does not drop it either: nothing is written
    assert fight.read_bytes() == before


# --- read-only commands change nothing ------------------------------------------------------


def test_status_log_and_watch_never_write_or_rename(enc):
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4", "dmg gorm 1")
    edit_line(fight, 3, b'"before":22', b'"before":21')
    before = (fight.read_bytes(), fight.stat().st_mtime_ns, sorted(os.listdir(enc.parent)))
    for args in (["status", fight], ["status", fight, "--players"], ["log", fight],
                 ["log", fight, "-f", "json"]):
        r = invoke(*args)
        assert r.exit_code == 0 and f"{fight}:3: damaged record" in r.output, (args, r.output)
    buf = io.StringIO()
    Watcher(fight, Console(width=300, file=buf, color_system=None)).poll()
    assert f"{fight}:3: damaged record" in buf.getvalue() and "Gorm" in buf.getvalue()
    assert (fight.read_bytes(), fight.stat().st_mtime_ns,
            sorted(os.listdir(enc.parent))) == before


# --- format 1 ------------------------------------------------------------------------------


@pytest.fixture
def v1(tmp_path) -> Path:
    """A copy of the format-1 fixture: skirmish.yaml and its fight as format 1 wrote it."""
    where = tmp_path / "v1"
    where.mkdir()
    shutil.copy(V1 / "skirmish.yaml", where / "skirmish.yaml")
    shutil.copy(V1 / "skirmish-v1.jsonl", where / "skirmish.fight.jsonl")
    return where / "skirmish.fight.jsonl"


def test_a_format_1_fight_still_opens_and_replays_exactly(v1):
    original = v1.read_bytes()
    recorded = {r["cmd"]: r["events"] for r in rows(v1)[1:] if "cmd" in r}
    for repair in (False, True):
        back = FightFile.open(v1, repair=repair)
        assert back.warnings == [] and back.version == 1
        assert [e.line for e in back.session.entries] == V1_COMMANDS
        assert back.session.undone == []  # 'dmg brute 4' was undone, then 'next' came
        for entry in back.session.entries:  # the recorded events, nothing decided again
            assert entry.events == tuple(event_from_dict(e) for e in recorded[entry.line])
        f = back.session.state.fighters
        assert (f["Kira"].vigor, f["Jörg"].vitality, f["Brute"].vitality) == (5, 18, 14)
        assert f["Brute"].conditions["Hindered"].stacks == 1
        assert back.session.state.active == "Brute"
    assert v1.read_bytes() == original  # opening never converts


def test_the_first_write_converts_a_format_1_fight_and_keeps_the_original(v1):
    original = v1.read_bytes()
    state = FightFile.open(v1).session.state
    r = invoke("do", v1, "dmg jörg 2")
    assert r.exit_code == 0, r.output
    [copy] = kept(v1, "v1")
    assert copy.read_bytes() == original
    assert (f"note: {v1} was written by an older momenta (fight format 1); it now has "
            f"format 2, with a checksum on every record; the original is kept as "
            f"{copy}") in r.output.replace("\n", " ")
    header, *records = rows(v1)
    assert plain(header) == {**json.loads(original.splitlines()[0]), "version": 2}
    assert [r["seq"] for r in records] == list(range(1, 12))
    old = [json.loads(x) for x in original.splitlines()[1:]]
    assert [plain(r) for r in records[:-1]] == old  # the same records, in the same order
    back = FightFile.open(v1, repair=False)
    assert back.warnings == []
    assert back.session.state.fighters["Jörg"].vitality == state.fighters["Jörg"].vitality - 2
    r = invoke("do", v1, "undo")
    assert r.exit_code == 0 and "older momenta" not in r.output  # said once
    assert len(kept(v1, "v1")) == 1


def test_a_damaged_format_1_fight_is_converted_when_repaired(v1):
    lines = v1.read_bytes().splitlines(keepends=True)
    damaged = b"".join(lines[:5]) + b'{"cmd":"dmg j\n' + b"".join(lines[5:])
    v1.write_bytes(damaged)
    back = FightFile.open(v1)
    assert any(f"{v1}:6: unreadable record (not valid JSON); what it held is lost" in w
               for w in back.warnings), back.warnings
    back.repair()
    assert [k.read_bytes() for k in kept(v1)] == [damaged]
    assert rows(v1)[0]["version"] == 2
    assert [r["seq"] for r in rows(v1)[1:]] == list(range(1, len(rows(v1))))
    assert FightFile.open(v1, repair=False).warnings == []
    # Format 1 has no sequence numbers: the unreadable line is taken for a lost command,
    # so the undo after it takes that back; every later command is there.
    assert cmds(v1)[:4] == V1_COMMANDS[:4] and "next" in cmds(v1)


def test_a_command_holding_an_undecodable_byte_is_refused_and_not_saved(enc):
    # From the shell, a byte that is not UTF-8 arrives as a lone surrogate: the command is
    # refused with a message and the journal stays byte-identical.
    from momenta_cli.encounter import load_encounter
    from momenta_cli.engine.core import SeededRoller

    ff = FightFile.create(default_fight_path(enc), enc, load_encounter(enc))
    before = ff.path.read_bytes()
    with pytest.raises(MomentaError, match="not UTF-8 text"):
        ff.run("note caf\udce9", SeededRoller(1))
    assert ff.path.read_bytes() == before


# --- repairs respect what the GM protected ---------------------------------------------


def test_a_damaged_read_only_fight_is_not_repaired(enc):
    # A fight file the GM made read-only (chmod 444; honoured as root too) is left exactly
    # as it is: the repair is refused with the reason, before anything is kept or
    # replaced.
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4")
    edit_line(fight, 3, b'"dmg gorm 4"', b'"dmg gorm 9"')
    damaged = fight.read_bytes()
    fight.chmod(0o444)
    r = invoke("repair", fight)
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "cannot be repaired here (permission denied" in r.output
    assert fight.read_bytes() == damaged and kept(fight) == []


def test_a_read_only_fight_takes_no_command(enc):
    # The same protection without damage: the command is not saved, the file unchanged.
    fight = fight_with(enc, "turn brannoc")
    before = fight.read_bytes()
    fight.chmod(0o444)
    r = invoke("do", fight, "note hi")
    assert r.exit_code == 1 and "read-only (no write permission)" in r.output
    assert fight.read_bytes() == before


def test_a_symlinked_fight_is_repaired_through_the_link(enc, tmp_path):
    # The link stays a link; the file it points to is repaired; the copy kept is a copy
    # of the damaged bytes, not a second link to the live file.
    real = fight_with(enc, "turn brannoc", "dmg gorm 4")
    edit_line(real, 3, b'"dmg gorm 4"', b'"dmg gorm 9"')
    damaged = real.read_bytes()
    link = tmp_path / "linked.fight.jsonl"
    link.symlink_to(real)
    back = FightFile.open(link)
    back.repair()
    assert link.is_symlink() and link.resolve() == real.resolve()
    (copy,) = kept(real)
    assert not copy.is_symlink() and copy.read_bytes() == damaged
    assert [e.line for e in back.session.entries] == ["turn brannoc", "dmg gorm 9"]
    assert cmds(real) == ["turn brannoc", "dmg gorm 9"]


def test_an_edited_header_is_reported(enc):
    # The header is sealed like every record: an edited encounter name says so.
    fight = fight_with(enc, "turn brannoc")
    edit_line(fight, 1, b'"encounter_name":"', b'"encounter_name":"Not ')
    back = FightFile.open(fight, repair=False)
    assert back.warnings == [f"warning: {fight}:1: the header was edited or damaged (its "
                             f"checksum does not match); the fight is opened as it says"]


def test_a_header_only_fight_without_its_newline_opens(enc):
    # The same editor case with nothing but the header: it opens, and the newline is put
    # back before the first command is saved.
    r = invoke("do", enc, "note start")
    assert r.exit_code == 0, r.output
    fight = default_fight_path(enc)
    header = fight.read_bytes().split(b"\n")[0]
    fight.write_bytes(header)
    assert FightFile.open(fight, repair=False).warnings == []
    assert invoke("do", fight, "note again").exit_code == 0
    assert cmds(fight) == ["note again"]


def test_an_edited_last_record_without_its_newline_is_damage_not_a_cut(enc):
    # Whole but edited: the reason is the checksum, as for any other line.
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4")
    edit_line(fight, 3, b'"dmg gorm 4"', b'"dmg gorm 9"')
    fight.write_bytes(fight.read_bytes()[:-1])
    back = FightFile.open(fight)
    assert any(f"{fight}:3: damaged record (its checksum does not match" in w
               for w in back.warnings), back.warnings
    assert back.damage is not None and kept(fight) == []
    back.repair()
    assert len(kept(fight)) == 1 and fight.read_bytes().endswith(b"\n")


def test_a_format_1_fight_without_its_final_newline_converts_cleanly(v1):
    # The newline is not added twice: the conversion writes every line whole.
    v1.write_bytes(v1.read_bytes()[:-1])
    ff = FightFile.open(v1)
    ff.run("note after", SeededRoller(1))
    data = v1.read_bytes()
    assert b"\n\n" not in data and data.endswith(b"\n")
    assert cmds(v1)[-1] == "note after"


def test_one_shots_refuse_a_damaged_fight_until_it_is_repaired(enc):
    """Issue 29, "A damaged record costs every command after it": `do`, `undo` and `redo`
    refuse a damaged fight in one line naming the record (exit 1), leaving the file byte
    for byte and making no copy, until `momenta repair`."""
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4")
    edit_line(fight, 3, b'"dmg gorm 4"', b'"dmg gorm 9"')
    damaged = fight.read_bytes()
    for args in (["do", fight, "zzz"], ["redo", fight], ["undo", fight],
                 ["do", fight, "note saved"]):
        r = invoke(*args)
        assert r.exit_code == 1 and len(r.output.strip().splitlines()) == 1, r.output
        assert f"{fight}:3: damaged record" in r.output and "'dmg gorm 9'" in r.output
        assert f"momenta repair {fight}" in r.output
        assert fight.read_bytes() == damaged and kept(fight) == []
    assert invoke("repair", fight).exit_code == 0
    r = invoke("do", fight, "note saved")
    assert r.exit_code == 0 and "warning" not in r.output, r.output
    assert len(kept(fight)) == 1 and cmds(fight) == ["turn brannoc", "dmg gorm 9",
                                                      "note saved"]
