"""Fixes from the UX review of the session layer (issue 6): safe log export, an encounter
edited after the fight began, the lock between ``run`` and one-shot commands, bounded
undo/redo, finding saved fights, ``status --watch``."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from rich.console import Console

import momenta_cli.journal as journal
from momenta_cli.cli.view_cmds import Watcher, follow
from momenta_cli.journal import FightFile, lock_path, locked, most_recent
from tests.conftest import NOT_SOURCES, ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")


def fight_of(enc: Path) -> Path:
    return enc.with_name("demo.fight.jsonl")


def start(enc: Path, *lines: str) -> Path:
    r = invoke("run", enc, "--seed", "1", input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    return fight_of(enc)


def one_line(r) -> str:
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, r.output
    return lines[0]


# --- 1. log -o never overwrites the fight, its encounter, or other fights/encounters -----


def test_log_output_refuses_fight_and_encounter_files(enc, tmp_path):
    fight = start(enc, "turn bran", "dmg gorm 3")
    other_fight = enc.with_name("old.fight.jsonl")
    other_fight.write_text("keep me\n")
    for target, why in ((fight, "fight file itself"),
                        (enc.parent / ".." / "encounters" / "demo.fight.jsonl",
                         "fight file itself"),
                        (enc, "encounter"),
                        (enc.with_name("bridge.yaml"), "YAML"),
                        (other_fight, "saved fight")):
        before = target.read_bytes()
        line = one_line(invoke("log", fight, "-f", "md", "-o", target))
        assert "refusing" in line and why in line, line
        assert target.read_bytes() == before
    # an encounter spelled .yml is protected too
    yml = tmp_path / "notes.yml"
    yml.write_text("a: 1\n")
    assert "refusing" in one_line(invoke("log", fight, "-o", yml))
    # anything else is an export and may be overwritten
    recap = tmp_path / "recap.md"
    recap.write_text("old recap\n")
    r = invoke("log", fight, "-f", "md", "-o", recap)
    assert r.exit_code == 0, r.output
    assert recap.read_text().startswith("# Trouble at the Crossroads Inn")
    new_yaml = tmp_path / "export.yaml"  # a new file of any name is fine
    assert invoke("log", fight, "-o", new_yaml).exit_code == 0 and new_yaml.exists()


# --- 2. the encounter edited after the fight began ------------------------------------


def test_renamed_combatant_says_the_encounter_changed(enc):
    fight = start(enc, "turn bran", "dmg gorm 3")
    enc.write_text(enc.read_text().replace("Gorm", "Grom"))
    for args in (["status", fight], ["do", fight, "next"], ["log", fight],
                 ["resume", fight], ["run", enc]):
        line = one_line(invoke(*args, input=""))
        assert "has changed since this fight began" in line, (args, line)
        assert "record 'dmg gorm 3'" in line and "'Gorm'" in line, line
        assert f"momenta run {enc} --new" in line, line
        assert "different version" not in line
    # the suggested way out works and keeps the old fight aside
    r = invoke("run", enc, "--new", input="status\n")
    assert r.exit_code == 0, r.output
    assert "kept as" in r.output and "Grom" in r.output
    kept = [p for p in enc.parent.glob("demo.*.fight.jsonl")]
    assert len(kept) == 1 and "dmg gorm 3" in kept[0].read_text()


def test_changed_encounter_that_still_fits_only_warns(enc):
    fight = start(enc, "turn bran", "dmg gorm 3")
    text = enc.read_text()
    assert text.count("max_vitality: 21 ") == 0 and "max_vitality: 21\n" in text
    enc.write_text(text.replace("max_vitality: 21\n", "max_vitality: 25\n", 1))
    r = invoke("status", fight)
    assert r.exit_code == 0, r.output
    assert "warning:" in r.output and "has changed since this fight began" in r.output
    assert re.search(r"Brannoc\s+25/25", r.output)
    assert re.search(r"Gorm\s+19/22", r.output)


# --- 3. run holds the fight; one-shot writers refuse, readers do not ---------------------


BUSY = "is open in another momenta session (momenta run); type the command there"


def test_locked_fight_refuses_writers_and_allows_readers(enc, tmp_path):
    fight = start(enc, "turn bran", "dmg gorm 3")
    before = fight.read_bytes()
    with locked(fight):  # what `momenta run` holds while its prompt is open
        assert lock_path(fight).exists()
        for args in (["do", fight, "dmg gorm 1"], ["undo", fight], ["redo", fight],
                     ["resume", fight], ["run", enc, "--resume"]):
            line = one_line(invoke(*args, input="status\n"))
            assert line == f"{fight} {BUSY}", (args, line)
        assert fight.read_bytes() == before
        r = invoke("status", fight)
        assert r.exit_code == 0 and "Gorm" in r.output
        r = invoke("log", fight)
        assert r.exit_code == 0 and "Gorm: Vitality 22->19" in r.output
    assert not lock_path(fight).exists()  # released and tidied away
    r = invoke("do", fight, "dmg gorm 1")
    assert r.exit_code == 0, r.output
    assert not lock_path(fight).exists()


def test_run_holds_the_lock_for_the_whole_session(enc, monkeypatch):
    """While the prompt reads lines, a `do` from another shell is refused."""
    import momenta_cli.cli.session_cmds as cmds

    seen = {}
    real_loop = cmds.loop

    def spying_loop(ff, screen, roller, **kw):
        seen["do"] = invoke("do", ff.path, "dmg gorm 1")
        return real_loop(ff, screen, roller, **kw)

    monkeypatch.setattr(cmds, "loop", spying_loop)
    start(enc, "turn bran")
    assert seen["do"].exit_code == 1 and BUSY in seen["do"].output


def test_without_fcntl_nothing_is_locked(enc, monkeypatch):
    fight = start(enc, "turn bran")
    monkeypatch.setattr(journal, "fcntl", None)  # Windows
    with locked(fight):
        assert not lock_path(fight).exists()
        assert invoke("do", fight, "dmg gorm 1").exit_code == 0


def test_a_crashed_session_leaves_no_lock_behind(enc):
    """A stale lock file (the holder died) is not a held lock."""
    fight = start(enc, "turn bran")
    lock_path(fight).write_text("")
    assert invoke("do", fight, "dmg gorm 1").exit_code == 0


# --- 4. undo/redo -n bounded, and as many as possible ----------------------------------


def test_undo_steps_are_bounded_and_clamped(enc):
    fight = start(enc, "turn bran", "dmg gorm 1", "dmg gorm 2")
    for n in ("100000000000000000000000", "1000000000", "10001"):
        r = invoke("undo", fight, "-n", n)
        assert r.exit_code == 2 and "Traceback" not in r.output, r.output
        assert r.exception is None or isinstance(r.exception, SystemExit)
    r = invoke("undo", fight, "-n", "10000")
    assert r.exit_code == 0, r.output
    assert "undid 3 commands (nothing more to undo)" in r.output
    assert FightFile.open(fight).session.state.fighters["Gorm"].vitality == 22
    assert "nothing to undo" in one_line(invoke("undo", fight, "-n", "5"))
    r = invoke("redo", fight, "-n", "2")
    assert r.exit_code == 0 and "redid" not in r.output  # exactly as asked: no note
    r = invoke("redo", fight, "-n", "9")
    assert "redid 1 command (nothing more to redo)" in r.output


# --- 5. tests copy encounters/ without a user's saved fights ------------------------------


def test_copying_encounters_skips_saved_fights_and_locks(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOT / "encounters", src, ignore=NOT_SOURCES)
    (src / "demo.fight.jsonl").write_text('{"format": "momenta-fight", "version": 1}\n')
    (src / "demo.fight.jsonl.lock").write_text("")
    dst = tmp_path / "dst"
    shutil.copytree(src, dst, ignore=NOT_SOURCES)
    assert (dst / "demo.yaml").exists()
    assert not list(dst.rglob("*.fight.jsonl")) and not list(dst.rglob("*.lock"))
    r = invoke("run", dst / "demo.yaml", input="turn bran\n")
    assert r.exit_code == 0 and "Resuming" not in r.output


# --- 6. finding saved fights ------------------------------------------------------------


def test_resume_from_the_parent_directory_picks_the_newest(enc, monkeypatch):
    import os

    start(enc, "turn tamsin")
    other = enc.with_name("mill-ambush.yaml")
    r = invoke("run", other, input="status\n")
    assert r.exit_code == 0
    os.utime(enc.with_name("mill-ambush.fight.jsonl"), (1, 1))  # older
    monkeypatch.chdir(enc.parent.parent)
    assert most_recent(Path(".")) == Path("encounters") / "demo.fight.jsonl"
    r = invoke("resume", input="status\n")
    assert r.exit_code == 0, r.output
    assert "R1 Tamsin>" in r.output


def test_resume_with_nothing_says_where_it_looked(tmp_path, monkeypatch):
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / "sub" / "deeper" / "x.fight.jsonl").write_text("")  # two levels down
    monkeypatch.chdir(tmp_path)
    line = one_line(invoke("resume"))
    assert "no saved fight" in line and str(tmp_path.resolve()) in line
    assert "subdirectories" in line


def test_run_on_a_fight_file_points_to_resume(enc, tmp_path):
    fight = start(enc, "turn bran")
    line = one_line(invoke("run", fight))
    assert line == f"{fight}: this is a saved fight: use momenta resume {fight}"
    renamed = tmp_path / "tonight.txt"  # detected by its header too
    shutil.copy(fight, renamed)
    assert "this is a saved fight" in one_line(invoke("run", renamed))


def test_deleted_encounter_is_one_clear_line(enc):
    fight = start(enc, "turn bran")
    enc.unlink()
    for args in (["status", fight], ["log", fight], ["do", fight, "next"]):
        line = one_line(invoke(*args))
        assert f"its encounter file {enc} is missing" in line, line


# --- 7. the Markdown recap counts in English ---------------------------------------------


def test_markdown_recap_pluralises(enc):
    fight = start(enc, "turn bran")
    assert "1 command over 1 round." in invoke("log", fight, "-f", "md").output
    invoke("do", fight, "next")
    assert "2 commands over 1 round." in invoke("log", fight, "-f", "md").output


# --- 8. status --players --watch -------------------------------------------------------------


def test_watcher_redraws_only_when_the_file_changes(enc):
    fight = start(enc, "turn bran")
    buf = io.StringIO()
    w = Watcher(fight, Console(width=80, file=buf, color_system=None), players=True)
    assert w.poll() is True  # the first look always draws
    assert "Gorm" in buf.getvalue() and "Unhurt" in buf.getvalue()
    assert "22/22" not in buf.getvalue()  # player view
    buf.truncate(0), buf.seek(0)
    assert w.poll() is False and buf.getvalue() == ""
    assert invoke("do", fight, "dmg gorm 12").exit_code == 0
    assert w.poll() is True
    assert "Bloodied" in buf.getvalue()
    assert w.poll() is False


def test_watcher_survives_a_broken_or_missing_file(enc):
    fight = start(enc, "turn bran")
    buf = io.StringIO()
    w = Watcher(fight, Console(width=80, file=buf, color_system=None))
    w.poll()
    fight.rename(fight.with_name("gone.fight.jsonl"))
    assert w.poll() is True and "no such fight file" in buf.getvalue()
    fight.with_name("gone.fight.jsonl").rename(fight)
    assert w.poll() is True and "Gorm" in buf.getvalue()


def test_watch_leaves_on_ctrl_c_with_exit_0(enc, monkeypatch):
    fight = start(enc, "turn bran")
    naps = []

    def nap(seconds):
        naps.append(seconds)
        if len(naps) == 2:
            raise KeyboardInterrupt

    buf = io.StringIO()
    follow(fight, Console(width=80, file=buf, color_system=None), sleep=nap)
    assert naps == [0.5, 0.5] and buf.getvalue().count("ALLIES") == 1

    def ctrl_c(seconds):
        raise KeyboardInterrupt

    monkeypatch.setattr("momenta_cli.cli.view_cmds._nap", ctrl_c)
    r = invoke("status", fight, "--players", "--watch")
    assert r.exit_code == 0, r.output
    assert "Unhurt" in r.output


def test_status_and_log_never_rewrite_a_fight_being_written(enc):
    """A half-written last line (another session saving right now) is left alone."""
    fight = start(enc, "turn bran")
    with open(fight, "ab") as fh:
        fh.write(json.dumps({"cmd": "dmg gorm 1", "events": []})[:10].encode())
    before = fight.read_bytes()
    assert invoke("status", fight).exit_code == 0
    assert invoke("log", fight).exit_code == 0
    assert fight.read_bytes() == before


def test_do_on_an_encounter_starts_its_fight_file(tmp_path):
    # A GM can drive a new fight from the shell alone: `do ENCOUNTER.yaml ...`.
    import shutil
    from pathlib import Path

    from typer.testing import CliRunner

    from momenta_cli.cli.app import app

    src = Path(__file__).resolve().parent.parent / "encounters"
    shutil.copytree(src, tmp_path / "encounters",
                    ignore=shutil.ignore_patterns("*.fight.jsonl", "*.lock"))
    enc = tmp_path / "encounters" / "demo.yaml"
    fight = tmp_path / "encounters" / "demo.fight.jsonl"
    r = CliRunner().invoke(app, ["do", str(enc), "turn nobody"])
    assert r.exit_code == 1 and not fight.exists()  # refused: nothing is kept
    r = CliRunner().invoke(app, ["do", str(enc), "turn brannoc"])
    assert r.exit_code == 0, r.output
    assert fight.exists() and "new fight, saved in" in r.stderr
    r = CliRunner().invoke(app, ["do", str(enc), "end"])
    assert r.exit_code == 0 and "new fight" not in r.stderr
    lines = fight.read_text().splitlines()
    assert len(lines) == 3  # header + two commands
