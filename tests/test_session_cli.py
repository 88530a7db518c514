"""The session commands through the real Typer app: run (piped), resume, do,
status, undo, redo, log, player view, colours."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from momenta_cli.journal import FightFile, most_recent
from tests.conftest import NOT_SOURCES, ROOT, invoke, one_line_error, started

pytestmark = pytest.mark.usefixtures("home")


def fight_of(enc: Path) -> Path:
    return enc.with_name("demo.fight.jsonl")


def start(enc: Path, *lines: str):
    r = invoke("run", enc, "--seed", "1", input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    return r


def test_run_piped_records_every_accepted_line(enc):
    r = start(enc, "turn bran", "cond gorm hind", "bogus", "next", "quit", "dmg gorm 99")
    assert "R1 allies> turn bran" in r.output
    assert "Brannoc's turn" in r.output
    assert "Gorm gains Hindered 1" in r.output
    assert "! unknown command 'bogus'" in r.output
    lines = [json.loads(x) for x in fight_of(enc).read_text().splitlines()]
    assert [x.get("cmd") for x in lines[1:]] == ["turn bran", "cond gorm hind", "next"]
    assert "Fight saved" not in r.output  # piped mode has no goodbye banner
    assert "dmg gorm 99" not in r.output  # nothing after quit is read


def test_run_again_resumes_by_default_without_a_terminal(enc):
    start(enc, "turn bran", "dmg gorm 5")
    r = start(enc, "status")
    assert "Resuming it" in r.output
    assert re.search(r"Gorm\s+17/22", r.output)
    assert "R1 Brannoc>" in r.output


def test_run_new_sets_the_old_fight_aside(enc):
    start(enc, "turn bran")
    r = invoke("run", enc, "--new", input="status\n")
    assert r.exit_code == 0, r.output
    assert "kept as" in r.output
    kept = [p for p in enc.parent.glob("demo.*.fight.jsonl") if p != fight_of(enc)]
    assert len(kept) == 1 and "turn bran" in kept[0].read_text()
    assert len(fight_of(enc).read_text().splitlines()) == 1  # header only


def test_run_resume_flag_and_custom_fight_path(enc, tmp_path):
    fight = tmp_path / "tonight.fight.jsonl"
    r = invoke("run", enc, "--fight", fight, input="turn wren\n")
    assert r.exit_code == 0 and fight.exists()
    r = invoke("run", enc, "--fight", fight, "--resume", input="status\n")
    assert "Resuming" not in r.output and "R1 Wren>" in r.output


def test_resume_picks_most_recent_fight_in_cwd(enc, monkeypatch):
    start(enc, "turn tamsin")
    monkeypatch.chdir(enc.parent)
    r = invoke("resume", input="status\n")
    assert r.exit_code == 0, r.output
    assert "resumed: 1 command replayed" in r.output
    assert "R1 Tamsin>" in r.output


def test_resume_with_nothing_saved(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = invoke("resume")
    assert r.exit_code == 1
    assert "no saved fight" in r.output


def test_do_one_shot_and_refusal_byte_identical(enc):
    start(enc)
    fight = fight_of(enc)
    r = invoke("do", fight, "turn brannoc", "dmg knife-1 4")
    assert r.exit_code == 0, r.output
    assert "Knife-1: Vitality 10->6" in r.output
    before = fight.read_bytes()
    r = invoke("do", fight, "turn gorm")  # Brannoc is still acting
    assert r.exit_code == 1
    assert len(r.output.strip().splitlines()) == 1
    assert fight.read_bytes() == before
    # all or nothing: the first line is fine, the second refused, nothing saved
    r = invoke("do", fight, "next", "dmg nobody 3")
    assert r.exit_code == 1 and "nothing was saved" in r.output
    assert fight.read_bytes() == before


def test_status_and_player_view(enc):
    start(enc, "turn bran", "dmg gorm 12", "dmg knife-1 2")
    fight = fight_of(enc)
    r = invoke("status", fight, "--width", "80")
    assert r.exit_code == 0
    assert re.search(r"Gorm\s+10/22", r.output)
    r = invoke("status", fight, "--players", "--width", "80")
    assert "10/22" not in r.output and "8/10" not in r.output
    assert re.search(r"Gorm\s+Bloodied", r.output)
    assert re.search(r"Knife-1\s+Hurt", r.output)
    assert re.search(r"Knife-2\s+Unhurt", r.output)
    assert re.search(r"Brannoc\s+21/21", r.output)  # allies keep their numbers


def test_undo_redo_one_shot_any_depth(enc):
    start(enc, "turn bran", "dmg gorm 1", "dmg gorm 2", "dmg gorm 3")
    fight = fight_of(enc)
    r = invoke("undo", fight, "-n", "2")
    assert r.exit_code == 0, r.output
    assert "took back 'dmg gorm 3'" in r.output and "took back 'dmg gorm 2'" in r.output
    assert FightFile.open(fight).session.state.fighters["Gorm"].vitality == 21
    r = invoke("redo", fight)
    assert "put back 'dmg gorm 2'" in r.output
    assert FightFile.open(fight).session.state.fighters["Gorm"].vitality == 19
    # more than can be redone: as many as possible, and say so
    r = invoke("redo", fight, "-n", "5")
    assert r.exit_code == 0, r.output
    assert "put back 'dmg gorm 3'" in r.output
    assert "redid 1 command (nothing more to redo)" in r.output
    assert FightFile.open(fight).session.state.fighters["Gorm"].vitality == 16
    before = fight.read_bytes()
    r = invoke("redo", fight, "-n", "5")
    assert r.exit_code == 1 and "nothing to redo" in r.output
    assert fight.read_bytes() == before


def test_log_formats(enc, tmp_path):
    start(enc, "turn bran", "note the door *bursts* open", "dmg gorm 3", "next")
    fight = fight_of(enc)
    r = invoke("log", fight, "--format", "json")
    assert r.exit_code == 0
    doc = json.loads(r.output)
    assert [e["command"] for e in doc["log"]] == ["turn bran", "note the door *bursts* open",
                                                  "dmg gorm 3", "next"]
    assert {"format", "encounter", "round", "combatants", "log"} <= set(doc)
    r = invoke("log", fight, "-f", "markdown")
    assert r.output.startswith("# Trouble at the Crossroads Inn")
    assert "\\*bursts\\*" in r.output and "## At the end" in r.output
    r = invoke("log", fight)
    assert "Gorm: Vitality 22->19 (damage)" in r.output
    out = tmp_path / "recap.md"
    r = invoke("log", fight, "-f", "md", "-o", out)
    assert r.exit_code == 0 and out.read_text().startswith("# Trouble")
    r = invoke("log", fight, "-f", "pdf")
    assert r.exit_code == 2 and "unknown format 'pdf'" in r.output  # a usage mistake


def test_log_json_matches_replay_json(enc, tmp_path):
    """The export is the same document as ``replay --json`` for the same commands."""
    lines = ["turn bran", "cond gorm hind", "next", "dmg knife-1 5"]
    start(enc, *lines)
    script = tmp_path / "s.txt"
    script.write_text("\n".join(lines) + "\n")
    a = json.loads(invoke("log", fight_of(enc), "-f", "json").output)
    b = json.loads(invoke("replay", enc, script, "--json").output)
    assert a == b


def test_journal_errors_are_one_line(enc, tmp_path):
    bad = tmp_path / "bad.fight.jsonl"
    bad.write_text(json.dumps({"format": "momenta-fight", "version": 99}) + "\n")
    for cmd in (["status", bad], ["do", bad, "turn x"], ["log", bad], ["resume", bad]):
        r = invoke(*cmd)
        assert r.exit_code == 1
        assert "newer momenta" in r.output and len(r.output.strip().splitlines()) == 1
    r = invoke("status", tmp_path / "nope.fight.jsonl")
    assert r.exit_code == 1 and "no such fight file" in r.output


def test_no_color_is_honoured(enc):
    start(enc, "turn bran")
    fight = fight_of(enc)
    coloured = invoke("status", fight, env={"FORCE_COLOR": "1"})
    assert "\x1b[" in coloured.output
    for extra, env in (([], {"FORCE_COLOR": "1", "NO_COLOR": "1"}),
                       (["--no-color"], {"FORCE_COLOR": "1"})):
        r = invoke("status", fight, *extra, env=env)
        assert r.exit_code == 0 and "Brannoc" in r.output
        assert "\x1b[" not in r.output


def test_markup_and_escape_names_print_literally(tmp_path):
    enc = tmp_path / "evil.yaml"
    enc.write_text(
        'name: "[red]Evil[/red] test"\n'
        "combatants:\n"
        '  - name: "[bold]Boss[/bold]"\n'
        "    side: adversaries\n"
        "    threat: Nemesis\n"
        '  - name: "Esc[31mape"\n'
        "    side: allies\n"
        "    attributes: {POW: 1, AGI: 1, REA: 1, INS: 1, PRE: 1, LUCK: 1}\n")
    r = invoke("run", enc, "--no-color", input="turn esc\nnote [blink]hi[/blink]\n")
    assert r.exit_code == 0, r.output
    assert "[bold]Boss[/bold]" in r.output
    assert "[red]Evil[/red] test" in r.output
    assert "Esc[31mape's turn" in r.output
    assert "Note: [blink]hi[/blink]" in r.output
    assert "\x1b" not in r.output


def test_a_bug_in_a_command_does_not_end_the_session(enc, monkeypatch):
    import momenta_cli.play as play

    real = play.run_line

    def flaky(session, line, roller, **how):
        if line.startswith("boom"):
            raise ZeroDivisionError("simulated engine bug")
        return real(session, line, roller, **how)

    monkeypatch.setattr(play, "run_line", flaky)  # what the prompt and `do` call
    r = start(enc, "turn bran", "boom", "dmg gorm 2")
    assert "! internal error, nothing was changed or saved: ZeroDivisionError" in r.output
    assert "Gorm: Vitality 22->20" in r.output
    cmds = [json.loads(x).get("cmd") for x in fight_of(enc).read_text().splitlines()[1:]]
    assert cmds == ["turn bran", "dmg gorm 2"]
    r = invoke("do", fight_of(enc), "boom")
    assert r.exit_code == 1 and "internal error" in r.output


def test_undo_steps_are_bounded_and_clamped(enc):
    fight = started(enc, "turn bran", "dmg gorm 1", "dmg gorm 2")
    for n in ("100000000000000000000000", "1000000000", "10001"):
        r = invoke("undo", fight, "-n", n)
        assert r.exit_code == 2 and "Traceback" not in r.output, r.output
        assert r.exception is None or isinstance(r.exception, SystemExit)
    r = invoke("undo", fight, "-n", "10000")
    assert r.exit_code == 0, r.output
    assert "undid 3 commands (nothing more to undo)" in r.output
    assert FightFile.open(fight).session.state.fighters["Gorm"].vitality == 22
    assert "nothing to undo" in one_line_error(invoke("undo", fight, "-n", "5"))
    r = invoke("redo", fight, "-n", "2")
    assert r.exit_code == 0 and "redid" not in r.output  # exactly as asked: no note
    r = invoke("redo", fight, "-n", "9")
    assert "redid 1 command (nothing more to redo)" in r.output


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
    line = one_line_error(invoke("resume"))
    assert "no saved fight" in line and str(tmp_path.resolve()) in line
    assert "subdirectories" in line


def test_run_on_a_fight_file_points_to_resume(enc, tmp_path):
    fight = started(enc, "turn bran")
    line = one_line_error(invoke("run", fight))
    assert line == f"{fight}: this is a saved fight: use momenta resume {fight}"
    renamed = tmp_path / "tonight.txt"  # detected by its header too
    shutil.copy(fight, renamed)
    assert "this is a saved fight" in one_line_error(invoke("run", renamed))


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


def test_run_never_sets_aside_a_file_that_is_not_a_fight(enc):
    """`--fight` names a fight file: the encounter itself (or notes) is never renamed."""
    for target in (enc, enc.with_name("notes.txt")):
        if not target.exists():
            target.write_text("my notes\n")
        before = target.read_bytes()
        r = invoke("run", enc, "--fight", target, "--new", input="quit\n")
        assert r.exit_code == 1 and "not a saved fight" in r.output, r.output
        assert target.read_bytes() == before
        assert list(enc.parent.glob(f"{target.name}.*")) == []


def test_help_for_an_unknown_command_is_refused_by_do(enc):
    r = invoke("do", enc, "help zzz")
    assert r.exit_code == 1 and "unknown command" in r.output, r.output
