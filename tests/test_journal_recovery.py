"""A damaged record never costs the commands after it (issue 29, "A damaged record costs
every command after it": a record edited by hand, not UTF-8, or a removed line in the
middle of a fight made `do`, `run` and `resume` open the fight with the records before it
and drop every later one, `do` saying so in a "note" and exiting 0).

Now every later record is run again with its own line and dice against the fight as it
stands by then (journal/salvage.py): those that still apply are kept, the others listed
by line; nothing is written until the GM says so (`momenta repair`, or the question at
`run` and `resume`); the damaged original kept beside it opens with `status` and `log`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller
from momenta_cli.errors import MomentaError
from momenta_cli.journal import FightFile, default_fight_path
from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")


def fight_with(enc: Path, *lines: str) -> Path:
    r = invoke("do", enc, "--seed", "3", *lines)
    assert r.exit_code == 0, r.output
    return default_fight_path(enc)


def lines_of(fight: Path) -> list[bytes]:
    return fight.read_bytes().splitlines(keepends=True)


def cmds(fight: Path) -> list[str]:
    return [e.line for e in FightFile.open(fight, repair=False).session.entries]


def state(fight: Path):
    return FightFile.open(fight, repair=False).session.state


def kept(fight: Path) -> list[Path]:
    return sorted(fight.parent.glob(f"{fight.name}.damaged-*"))


def vitality(fight: Path, name: str) -> int:
    return state(fight).fighters[name].vitality


def one_line(r) -> str:
    assert r.exit_code == 1 and "Traceback" not in r.output, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, r.output
    return lines[0]


# A fight whose last commands matter: the knife is Defeated after the damaged record.
FIGHT = ["turn brannoc", "note the door creaks", "dmg gorm 4",
         "attack gorm with longsword roll 5,6,1", "dmg knife-1 10", "next"]


def test_a_removed_middle_record_costs_no_later_command(enc):
    fight = fight_with(enc, *FIGHT)
    want = state(fight)
    rows = lines_of(fight)
    fight.write_bytes(b"".join(rows[:2] + rows[3:]))  # the note (record 2) removed
    damaged = fight.read_bytes()
    r = invoke("status", fight)
    assert r.exit_code == 0, r.output
    text = r.output.replace("\n", " ")
    assert (f"warning: {fight}:3: record 2 is missing before this line (a line was "
            f"removed?); the command it held is lost") in text
    assert "(4 kept, 0 left out, 1 lost)" in text
    assert cmds(fight) == [FIGHT[0], *FIGHT[2:]]
    assert state(fight).fighters == want.fighters  # the note changed no one
    assert state(fight).fighters["Knife-1"].defeated
    line = one_line(invoke("do", fight, "note after"))
    assert line.startswith(f"{fight}:3: record 2 is missing before this line")
    assert f"'momenta repair {fight}'" in line
    assert fight.read_bytes() == damaged and kept(fight) == []
    r = invoke("repair", fight)
    assert r.exit_code == 0, r.output
    assert [k.read_bytes() for k in kept(fight)] == [damaged]
    back = FightFile.open(fight, repair=False)
    assert back.warnings == [] and [e.line for e in back.session.entries] == cmds(fight)
    assert [json.loads(x)["seq"] for x in lines_of(fight)[1:]] == [1, 2, 3, 4, 5]
    assert invoke("do", fight, "note after").exit_code == 0


def test_an_edited_number_in_the_events_is_not_believed(enc):
    fight = fight_with(enc, *FIGHT)
    want = state(fight)
    rows = lines_of(fight)
    assert b'"before":22,"after":18' in rows[3]
    rows[3] = rows[3].replace(b'"after":18', b'"after":1')
    fight.write_bytes(b"".join(rows))
    got = FightFile.open(fight, repair=False)
    assert any(f"{fight}:4: damaged record (its checksum does not match: it was edited by "
               f"hand, or the disk damaged it); 'dmg gorm 4' is run again from its line and "
               f"dice (its recorded events are not trusted)" == w.removeprefix("warning: ")
               for w in got.warnings), got.warnings
    assert got.session.state.fighters == want.fighters  # 18, as the line says, not 1
    assert [e.line for e in got.session.entries] == FIGHT


def test_an_edited_line_is_reported_and_the_commands_it_undoes_are_listed(enc):
    fight = fight_with(enc, "turn brannoc", "dmg knife-1 3",
                       "attack knife-1 with longsword", "dmg gorm 2")
    rows = lines_of(fight)
    assert b'"dmg knife-1 3"' in rows[2]
    rows[2] = rows[2].replace(b'"dmg knife-1 3"', b'"dmg knife-1 30"')
    fight.write_bytes(b"".join(rows))
    r = invoke("status", fight)
    assert r.exit_code == 0
    text = r.output.replace("\n", " ")
    assert "'dmg knife-1 30' is run again from its line and dice" in text  # tampering said
    assert f"{fight}:4: 'attack knife-1 with longsword dice " in text
    assert "no longer applies (Knife-1 is Defeated: not a target); left out" in text
    assert cmds(fight) == ["turn brannoc", "dmg knife-1 30", "dmg gorm 2"]
    assert vitality(fight, "Gorm") == 20


@pytest.mark.parametrize("old,new,kept_cmd", [
    (b'"reason":"damage"', b'"reason":"dam\xffge"', True),  # the line comes out whole
    (b'"dmg gorm 4"', b'"dmg g\xffrm 4"', False),  # the command itself is unreadable
])
def test_a_record_that_is_not_utf8_keeps_the_later_commands(enc, old, new, kept_cmd):
    fight = fight_with(enc, *FIGHT)
    want = state(fight)
    rows = lines_of(fight)
    assert old in rows[3]
    rows[3] = rows[3].replace(old, new)
    fight.write_bytes(b"".join(rows))
    got = FightFile.open(fight, repair=False)
    said = " ".join(got.warnings)
    assert f"{fight}:4: unreadable record (not UTF-8 text); " in said
    if kept_cmd:
        assert "'dmg gorm 4' is run again" in said
        assert got.session.state.fighters == want.fighters
        assert [e.line for e in got.session.entries] == FIGHT
    else:
        assert "what it held is lost" in said
        assert [e.line for e in got.session.entries] == [*FIGHT[:2], *FIGHT[3:]]
        assert got.session.state.fighters["Gorm"].vitality != want.fighters["Gorm"].vitality
    assert invoke("do", fight, "note x").exit_code == 1


def test_an_undo_after_a_removed_command_takes_that_one_back(enc):
    # The removed command is still counted: the undo after it takes it back, not the
    # command before it (which the original kept).
    fight = fight_with(enc, "turn brannoc", "dmg gorm 4", "dmg gorm 2")
    assert invoke("undo", fight).exit_code == 0
    assert invoke("do", fight, "dmg knife-1 1").exit_code == 0
    rows = lines_of(fight)
    fight.write_bytes(b"".join(rows[:3] + rows[4:]))  # 'dmg gorm 2' removed
    got = FightFile.open(fight, repair=False)
    assert any(f"{fight}:4: 'undo' no longer applies (the command it took back is gone); "
               f"left out" in w for w in got.warnings), got.warnings
    assert [e.line for e in got.session.entries] == ["turn brannoc", "dmg gorm 4",
                                                     "dmg knife-1 1"]
    assert vitality(fight, "Gorm") == 18


def test_a_line_pasted_twice_loses_nothing(enc):
    fight = fight_with(enc, *FIGHT)
    want = state(fight)
    rows = lines_of(fight)
    fight.write_bytes(b"".join(rows[:4] + [rows[3]] + rows[4:]))
    got = FightFile.open(fight, repair=False)
    assert any(f"{fight}:5: record 3 again, out of order (expected record 4); a copy of "
               f"line 4, left out" in w for w in got.warnings)
    assert got.session.state.fighters == want.fighters


# --- the kept copy, and the readers -------------------------------------------------------


def test_status_and_log_read_the_damaged_file_and_the_kept_copy(enc):
    """Issue 29, "Data loss at the prompt": `resume` repaired by dropping records and kept
    a copy the tracker itself could not read. The copy now opens like any fight file."""
    fight = fight_with(enc, *FIGHT)
    rows = lines_of(fight)
    rows[3] = rows[3].replace(b'"after":18', b'"after":1')
    fight.write_bytes(b"".join(rows))
    for path in (fight, None):
        if path is None:
            assert invoke("repair", fight).exit_code == 0
            (path,) = kept(fight)
        r = invoke("status", path)
        assert r.exit_code == 0 and "Knife-1" in r.output and "shown up to it" in r.output
        r = invoke("log", path)
        assert r.exit_code == 0 and "dmg knife-1 10" in r.output, r.output
        r = invoke("log", path, "-f", "json")
        assert r.exit_code == 0 and "'dmg gorm 4' is run again" in r.output
    assert invoke("status", fight).output.count("warning") == 0


def test_repair_dry_run_changes_nothing_and_a_clean_fight_needs_none(enc):
    fight = fight_with(enc, *FIGHT)
    r = invoke("repair", fight)
    assert r.exit_code == 0 and r.output.strip() == \
        f"{fight}: nothing to repair (6 records, every one intact)"
    rows = lines_of(fight)
    fight.write_bytes(b"".join(rows[:2] + rows[3:]))
    damaged = fight.read_bytes()
    r = invoke("repair", fight, "--dry-run")
    assert r.exit_code == 0 and "not repaired (--dry-run)" in r.output
    assert "record 2 is missing" in r.output
    assert fight.read_bytes() == damaged and kept(fight) == []


# --- run and resume ask -------------------------------------------------------------------


@pytest.mark.parametrize("verb", ["resume", "run"])
def test_resume_and_run_ask_before_repairing(enc, verb):
    fight = fight_with(enc, *FIGHT)
    rows = lines_of(fight)
    fight.write_bytes(b"".join(rows[:2] + rows[3:]))
    damaged = fight.read_bytes()
    target = fight if verb == "resume" else enc
    # From a pipe, without --ask: refused as `do` refuses, in one line.
    line = one_line(invoke(verb, target, input="note b\n"))
    assert line.startswith(f"{fight}:3: record 2 is missing") and "--ask" in line
    # Asked, and the GM says no: nothing changes.
    r = invoke(verb, target, "--ask", input="n\nnote b\n")
    assert r.exit_code == 1 and "Repair the fight file now" in r.output
    assert "not repaired; nothing changed" in r.output
    assert fight.read_bytes() == damaged and kept(fight) == []
    # Yes: repaired, the original kept, and the fight goes on.
    r = invoke(verb, target, "--ask", input="y\nnote b\n")
    assert r.exit_code == 0, r.output
    assert "repaired: the records before it" in r.output and "Note: b" in r.output
    assert [k.read_bytes() for k in kept(fight)] == [damaged]
    assert cmds(fight) == [FIGHT[0], *FIGHT[2:], "note b"]


# --- the property --------------------------------------------------------------------------

LINES = ["dmg gorm 1", "dmg gorm 3", "heal gorm 2", "dmg knife-1 2", "note hm",
         "cond gorm hindered", "next", "attack gorm with longsword", "undo", "redo"]


def _edit_events(row: bytes) -> bytes:
    rec = json.loads(row)
    rec.setdefault("events", []).append({"kind": "note", "text": "forged", "name": None})
    return json.dumps(rec).encode() + b"\n"


def _resealed_wrong(row: bytes) -> bytes:
    rec = json.loads(row)
    rec["sum"] = "0" * 16 if rec["sum"] != "0" * 16 else "1" * 16
    return json.dumps(rec).encode() + b"\n"


def _not_utf8(row: bytes) -> bytes:
    return row.replace(b'"sum":"', b'"sum":"\xff', 1)


@settings(max_examples=20, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.sampled_from(LINES), min_size=1, max_size=12),
       seed=st.integers(0, 1000), where=st.integers(0, 10**6),
       damage=st.sampled_from([_edit_events, _resealed_wrong, _not_utf8]))
def test_a_single_damaged_record_whose_command_still_applies_loses_nothing(
        enc, picks, seed, where, damage):
    """Random fights, one record damaged at random (its events forged, its checksum
    wrong, a byte that is not UTF-8): its line still says its command, so the salvaged
    fight is the original one, every later command kept."""
    path = enc.with_name(f"p{seed}-{where}.fight.jsonl")
    if path.exists():
        path.unlink()
    ff = FightFile.create(path, enc, load_encounter(enc))
    roller = SeededRoller(seed)
    for line in ["turn brannoc", *picks]:
        try:
            ff.run(line, roller)
        except MomentaError:
            pass  # refused: not in the journal
    want = FightFile.open(path, repair=False)
    rows = lines_of(path)
    if len(rows) < 2:
        return
    n = 1 + where % (len(rows) - 1)
    rows[n] = damage(rows[n])
    path.write_bytes(b"".join(rows))
    got = FightFile.open(path, repair=True)
    assert got.damage is not None and got.damage.line == n + 1
    salvaged = got.damage.salvaged
    assert salvaged is not None and salvaged.dropped == [] and salvaged.lost == 0
    assert got.session.state == want.session.state
    assert [e.line for e in got.session.entries] == [e.line for e in want.session.entries]
    got.repair()
    back = FightFile.open(path, repair=False)
    assert back.warnings == [] and back.session.state == want.session.state


def test_a_line_at_the_limit_survives_an_earlier_damaged_record(enc, tmp_path):
    """Input limits (item 1) and a damaged record (item 2) together: a line just within
    the limit is run again with its dice clause written on it, which is not the typed
    line's length; it is kept, and `log --format script` replays."""
    from momenta_cli.text import LINE_MAX

    long_attack = "attack gorm" + " " * (LINE_MAX - 30) + "with longsword"
    assert len(long_attack) <= LINE_MAX
    fight = fight_with(enc, "turn brannoc", long_attack, "end")
    script = tmp_path / "s.script"
    assert invoke("log", fight, "--format", "script", "-o", script).exit_code == 0
    replayed = invoke("replay", enc, script)
    assert replayed.exit_code == 0, replayed.output[-300:]
    data = fight.read_bytes().replace(b'"turn brannoc"', b'"turn  brannoc"', 1)
    fight.write_bytes(data)
    assert len(cmds(fight)) == 3  # every command kept, the long attack too
    assert invoke("repair", fight).exit_code == 0
    assert len(cmds(fight)) == 3
