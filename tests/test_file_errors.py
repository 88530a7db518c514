"""Every file error is one line (issue "Nothing the GM saw accepted is ever lost"): fight
files, replay scripts and `log -o` targets that are unreadable, in a read-only directory,
FIFOs, devices, directories, too large or not text give `FILE: what went wrong` and exit
1, promptly, never a traceback or Typer's usage text; absurd records (deep nesting, huge
numbers, wrong fields) are unreadable records with a line number; script lines end only
at a newline."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from momenta_cli.journal import default_fight_path
from momenta_cli.journal.records import encode, seal
from momenta_cli.storage import reading
from tests.conftest import invoke, one_line_error as one_line

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def fight(enc) -> Path:
    r = invoke("do", enc, "turn brannoc", "dmg gorm 3")
    assert r.exit_code == 0, r.output
    return default_fight_path(enc)


def readers_and_writers(fight: Path, enc: Path) -> list[list]:
    return [["status", fight], ["log", fight], ["do", fight, "next"], ["undo", fight],
            ["redo", fight], ["resume", fight], ["run", enc, "--fight", fight, "--resume"]]


# --- unreadable and read-only -------------------------------------------------------------


def deny(monkeypatch, *paths: Path, creating_in: Path | None = None) -> None:
    """What a user without root sees: reading ``paths`` (and creating files in
    ``creating_in``) is denied, including click's own readability check."""
    denied = {str(p.resolve()) for p in paths}
    real_open, real_access, real_link = os.open, os.access, os.link

    def refused(path) -> bool:
        return str(Path(os.fsdecode(path)).resolve()) in denied

    def in_dir(path) -> bool:
        return creating_in is not None and Path(os.fsdecode(path)).resolve().parent == \
            creating_in.resolve()

    def fake_open(path, flags, *args, **kw):
        if refused(path) or (flags & os.O_CREAT and in_dir(path)):
            raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
        return real_open(path, flags, *args, **kw)

    def fake_access(path, mode, *args, **kw):
        return False if refused(path) else real_access(path, mode, *args, **kw)

    def fake_link(src, dst, *args, **kw):
        if in_dir(dst):
            raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(dst))
        return real_link(src, dst, *args, **kw)

    monkeypatch.setattr(os, "open", fake_open)
    monkeypatch.setattr(os, "access", fake_access)
    monkeypatch.setattr(os, "link", fake_link)


def test_an_unreadable_fight_file_is_one_line(fight, enc, monkeypatch):
    os.chmod(fight, 0)
    try:
        enforced = not os.access(fight, os.R_OK)
        if not enforced:  # root reads anything: be the user who cannot
            deny(monkeypatch, fight)
        for args in readers_and_writers(fight, enc):
            line = one_line(invoke(*args, input=""))
            assert line == f"{fight}: permission denied", (args, line)
    finally:
        monkeypatch.undo()
        os.chmod(fight, 0o644)


def test_an_unreadable_script_is_one_line(enc, tmp_path, monkeypatch):
    script = tmp_path / "s.script"
    script.write_text("turn brannoc\n")
    deny(monkeypatch, script)
    assert one_line(invoke("replay", enc, script)) == f"{script}: cannot read: permission denied"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root ignores directory permissions (see the simulated test)")
def test_a_read_only_directory_for_real(fight, enc):
    with open(fight, "ab") as fh:
        fh.write(b'{"seq":3,"cm')  # needs a repair, which needs a write
    os.chmod(enc.parent, 0o555)
    try:
        assert "cannot be repaired here (permission denied)" in one_line(invoke("do", fight,
                                                                                "next"))
        assert "cannot write: permission denied" in one_line(
            invoke("log", fight, "-o", enc.parent / "recap.md"))
    finally:
        os.chmod(enc.parent, 0o755)


def test_a_read_only_directory_is_one_line(fight, enc, monkeypatch):
    recap = enc.parent / "recap.md"
    deny(monkeypatch, creating_in=enc.parent)
    assert one_line(invoke("log", fight, "-o", recap)) == \
        f"{recap}: cannot write: permission denied"
    monkeypatch.undo()
    with open(fight, "ab") as fh:
        fh.write(b'{"seq":3,"cm')  # needs a repair, which needs a write
    before = fight.read_bytes()
    other = enc.with_name("bridge.yaml")
    deny(monkeypatch, creating_in=enc.parent)
    for args in readers_and_writers(fight, enc)[2:]:
        line = one_line(invoke(*args, input=""))
        if args[0] == "redo":  # refused: a one-shot repairs only when it saves
            assert line == f"{fight}: 'redo': nothing to redo (nothing changed)", line
            continue
        assert line == (f"{fight}:4: the last record was cut short (the program was stopped "
                        f"while saving); it cannot be repaired here (permission denied): "
                        f"'momenta status {fight}' shows the fight up to it"), (args, line)
    assert fight.read_bytes() == before
    assert invoke("status", fight).exit_code == 0  # reading needs no write
    for args in (["do", other, "turn wren"], ["run", other]):
        line = one_line(invoke(*args, input="turn wren\n"))
        assert line == (f"{default_fight_path(other)}: cannot start the fight file: "
                        f"permission denied"), line
    monkeypatch.undo()
    assert fight.read_bytes() == before
    assert [p for p in os.listdir(enc.parent) if p.startswith(".") or "damaged" in p] == []


# --- not regular files: must answer at once -------------------------------------------------


def momenta(where: Path, *args) -> subprocess.Popen:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200", MOMENTA_HOME=str(where / "home"))
    return subprocess.Popen([sys.executable, "-m", "momenta_cli", *map(str, args)],
                            cwd=str(where), env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow  # real processes with a timeout
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifos_and_devices_are_refused_at_once(enc, tmp_path):
    """A FIFO with no writer would block a plain open() forever; /dev/zero would be read
    until memory runs out. Real processes, so that a hang fails the test (timeout)
    instead of stopping the suite."""
    fifo_fight, fifo_script = tmp_path / "f.fight.jsonl", tmp_path / "f.script"
    os.mkfifo(fifo_fight)
    os.mkfifo(fifo_script)
    cases = {
        ("status", fifo_fight): f"{fifo_fight}: is not a regular file (a FIFO)",
        ("do", fifo_fight, "next"): f"{fifo_fight}: is not a regular file (a FIFO)",
        ("resume", fifo_fight): f"{fifo_fight}: is not a regular file (a FIFO)",
        ("log", fifo_fight): f"{fifo_fight}: is not a regular file (a FIFO)",
        ("run", enc, "--fight", fifo_fight): f"{fifo_fight}: is not a regular file (a FIFO)",
        ("replay", enc, fifo_script): f"{fifo_script}: cannot read: is not a regular file "
                                      f"(a FIFO)",
        ("status", "/dev/zero"): "/dev/zero: is not a regular file (a device)",
        ("replay", enc, "/dev/zero"): "/dev/zero: cannot read: is not a regular file (a "
                                      "device)",
    }
    running = {args: momenta(tmp_path, *args) for args in cases}
    for args, p in running.items():
        try:
            out, err = p.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            pytest.fail(f"momenta {args} hung")
        assert p.returncode == 1 and "Traceback" not in err, (args, err)
        assert len(err.strip().splitlines()) == 1 and err.startswith(cases[args]), (args, err)


def test_directories_are_one_line(enc, tmp_path, fight):
    d = tmp_path / "adir.fight.jsonl"
    d.mkdir()
    for args in (["status", d], ["do", d, "next"], ["log", d], ["resume", d]):
        assert one_line(invoke(*args)) == f"{d}: is a directory, not a file", args
    assert one_line(invoke("replay", enc, tmp_path)) == \
        f"{tmp_path}: cannot read: is a directory, not a file"
    line = one_line(invoke("log", fight, "-o", tmp_path))
    assert line.startswith(f"{tmp_path}: is a directory; give the name of a file")


def test_a_fight_in_a_missing_directory_is_one_line(enc, tmp_path):
    nowhere = tmp_path / "no" / "such"
    assert one_line(invoke("run", enc, "--fight", nowhere / "x.fight.jsonl", input="")) == \
        f"{nowhere / 'x.fight.jsonl'}: cannot start the fight file: there is no directory " \
        f"{nowhere}"


def test_too_large_and_not_text_are_one_line(enc, tmp_path, fight, monkeypatch):
    monkeypatch.setitem(reading.LIMITS, "fight", reading.MB)  # a 1 MB limit, for a small file
    big = tmp_path / "big.fight.jsonl"
    big.write_bytes(fight.read_bytes() + b"\n" * (1024 * 1024))
    assert one_line(invoke("status", big)) == (f"{big}: file is 1.1 MB; the limit is 1 MB "
                                               f"(raise it with MOMENTA_MAX_FILE_MB)")
    script = tmp_path / "s.script"
    script.write_bytes(b"turn brannoc\n# a comment\nnote caf\xe9\n")
    assert one_line(invoke("replay", enc, script)) == f"{script}:3: not UTF-8 text"
    binary = tmp_path / "bin.fight.jsonl"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    assert one_line(invoke("status", binary)) == f"{binary}: not a momenta fight file"


def test_the_size_setting_only_ever_raises_a_limit(tmp_path, monkeypatch):
    # docs/reliability.md: MOMENTA_MAX_FILE_MB raises the limits for a big campaign; a
    # small value set for one kind of file never shrinks another's.
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * (6 * reading.MB) + b"\nname: Big\n"
                    b"combatants: [{name: A, side: allies}]\n")
    monkeypatch.setenv("MOMENTA_MAX_FILE_MB", "1")
    assert one_line(invoke("validate", big)) == (
        f"{big}:1:1: (file): file is 6.1 MB; the limit is 5 MB (raise it with "
        "MOMENTA_MAX_FILE_MB)")
    monkeypatch.setenv("MOMENTA_MAX_FILE_MB", "10")
    r = invoke("validate", big)
    assert r.exit_code == 0, r.output


# --- absurd records ---------------------------------------------------------------------


@pytest.mark.parametrize("raw,why", [
    (b"[" * 100_000 + b"]" * 100_000, "unreadable record (nested too deeply)"),
    (b'{"seq":3,"cmd":"dmg gorm 1","events":[{"kind":"note","text":' + b"9" * 5000
     + b'}],"sum":"0"}', "unreadable record (holds a number too long to read)"),
    (b'{"seq":3,"cmd":"' + b"x" * (1024 * 1024) + b'"}',
     "unreadable record (1048594 bytes long; no record is over 1048576 bytes)"),
    (b'"just a string"', "unreadable record (not a JSON object)"),
    (b'{"seq":3,"cmd":"dmg gorm 1","events":[]}',
     "damaged record (it has no checksum or sequence number)"),
])
def test_absurd_records_are_unreadable_records_with_a_line_number(fight, raw, why):
    with open(fight, "ab") as fh:
        fh.write(raw + b"\n")
    r = invoke("status", fight)
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    assert f"warning: {fight}:4: {why}; " in r.output and "shown up to it" in r.output
    # Issue 29: nothing is written to a damaged fight until the GM says so.
    assert one_line(invoke("do", fight, "next")).startswith(f"{fight}:4: {why}; ")
    r = invoke("repair", fight)
    assert r.exit_code == 0 and "the original file is kept as" in r.output, r.output
    assert invoke("do", fight, "next").exit_code == 0
    assert invoke("status", fight).output.count("warning") == 0


@pytest.mark.parametrize("events", [
    [1], [{"kind": "turn_started"}], [{"kind": "resource_set", "name": "Gorm",
                                       "resource": "vitality", "before": "x", "after": None,
                                       "reason": 3}], "not a list", [{"kind": None}],
])
def test_well_formed_but_wrong_records_are_one_line(fight, events):
    with open(fight, "ab") as fh:
        fh.write(encode(seal({"cmd": "odd", "events": events}, 3)))
    before = fight.read_bytes()
    for args in (["status", fight], ["do", fight, "next"]):
        line = one_line(invoke(*args))
        assert line.startswith(f"{fight}:4: cannot replay record 'odd' ("), line
        assert line.endswith("was it written by a different version?"), line
    assert fight.read_bytes() == before  # a sealed record is never dropped


def test_a_deeply_nested_header_is_not_a_fight_file(tmp_path):
    p = tmp_path / "deep.fight.jsonl"
    p.write_bytes(b"[" * 100_000 + b"\n")
    assert one_line(invoke("status", p)) == f"{p}: not a momenta fight file"


# --- script lines end at a newline only ------------------------------------------------------


@pytest.mark.parametrize("hidden, shown", [
    ("note the rope\u2028dmg gorm 20", "U+2028 (line separator) at position 14"),
    ("note a page\x0cdmg gorm 5", "U+000C (a control) at position 12"),
    ("note tab\x0bdmg gorm 6", "U+000B (a control) at position 9"),
    ("note next\x85dmg gorm 7", "U+0085 (a control) at position 10"),
    ("note para\u2029dmg gorm 7", "U+2029 (paragraph separator) at position 10"),
])
def test_a_script_line_is_one_command_whatever_characters_it_holds(enc, tmp_path, hidden,
                                                                   shown):
    # A script line ends at \n only (as editors, wc -l and the prompt see it): a line
    # separator inside it never starts a hidden command; the line is refused, by number.
    script = tmp_path / "s.script"
    script.write_bytes("\n".join(["turn brannoc", hidden, "dmg gorm 1"]).encode() + b"\n")
    r = invoke("replay", enc, script, "--width", "200")
    assert r.exit_code == 1
    assert r.stderr.strip() == (f"{script}:2: a command is one line of plain text; this "
                                f"one holds {shown}")
    assert "Vitality 22->" not in r.stdout  # no hidden command dealt damage


def test_a_script_written_on_windows_reads_line_by_line(enc, tmp_path):
    # \r\n ends a line like \n, and refusals cite the right line.
    script = tmp_path / "s.script"
    script.write_bytes(b"turn brannoc\r\nnote written on Windows\r\ndmg nobody 3\r\n")
    r = invoke("replay", enc, script, "--width", "200")
    assert r.exit_code == 1
    assert r.stderr.strip() == (f"{script}:3: no combatant called 'nobody' (there are: "
                                f"Brannoc, Tamsin, Wren, Gorm, Knife-1, Knife-2)")
    assert r.stdout.count("  Note: written on Windows") == 1


def test_an_encounter_path_too_long_for_the_system_is_one_line(tmp_path):
    # A fight header edited to name an encounter path longer than the system allows.
    fight = tmp_path / "long.fight.jsonl"
    fight.write_text(json.dumps({"format": "momenta-fight", "version": 2,
                                 "encounter": "x" * 300 + ".yaml",
                                 "encounter_abs": "/" + "y" * 5000}) + "\n")
    line = one_line(invoke("status", fight))
    assert line.startswith(f"{fight}: its encounter file") and "is missing" in line


@pytest.mark.parametrize("rel", ["a\u0000b.yaml", "loop1"])
def test_an_encounter_path_that_cannot_be_resolved_is_one_line(tmp_path, rel):
    # A fight header edited to name an encounter with a NUL byte, or a symlink loop.
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    fight = tmp_path / "odd.fight.jsonl"
    fight.write_text(json.dumps({"format": "momenta-fight", "version": 2,
                                 "encounter": rel,
                                 "encounter_abs": str(tmp_path / "gone.yaml")}) + "\n")
    line = one_line(invoke("status", fight))
    assert line.startswith(f"{fight}: its encounter file") and "is missing" in line
