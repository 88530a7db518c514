"""Appends that cannot tear (issue "Nothing the GM saw accepted is ever lost"): a failed
append is truncated back before anything else happens, the command is reported not saved
and not done, and the next one saves cleanly once there is space again; on a full disk
every session command ends in one line; a torn record in the middle of an older journal
is recovered with a copy kept; rewrites keep the file's mode."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller
from momenta_cli.journal import FightFile, NotSaved, default_fight_path
from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")


class FullDisk:
    """Makes ``os.write``/``os.fsync`` on files under ``where`` behave as on a full disk
    while ``full`` is set: each file opened for writing takes ``room`` more bytes (a short
    write, so a torn tail would stay behind), then every write fails with ENOSPC.
    ``fsync_fails`` instead lets the data through and fails the next fsync (EIO)."""

    def __init__(self, monkeypatch, where: Path, room: int = 9):
        self.where = str(where.resolve())
        self.room = room
        self.full = False
        self.fsync_fails = 0
        self.failures = 0
        self._short: set[int] = set()
        real_write, real_fsync = os.write, os.fsync

        def write(fd, data):
            if not (self.full and self._ours(fd)):
                return real_write(fd, data)
            if fd in self._short or not self.room:
                self._short.discard(fd)
                self.failures += 1
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            self._short.add(fd)
            return real_write(fd, bytes(data[:self.room]))

        def fsync(fd):
            if self.fsync_fails and self._ours(fd):
                self.fsync_fails -= 1
                self.failures += 1
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            return real_fsync(fd)

        monkeypatch.setattr(os, "write", write)
        monkeypatch.setattr(os, "fsync", fsync)

    def _ours(self, fd: int) -> bool:
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return False
        return target.startswith(self.where) and stat.S_ISREG(os.fstat(fd).st_mode)


@pytest.fixture
def disk(monkeypatch, tmp_path) -> FullDisk:
    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("needs /proc/self/fd to tell which file a write goes to")
    return FullDisk(monkeypatch, tmp_path)


def new_fight(enc: Path) -> FightFile:
    return FightFile.create(default_fight_path(enc), enc, load_encounter(enc))


def cmds(fight: Path) -> list[str]:
    back = FightFile.open(fight, repair=False)
    assert back.warnings == []  # nothing torn, nothing damaged
    return [e.line for e in back.session.entries]


def one_line(r) -> str:
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output and "Usage:" not in r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, r.output
    return lines[0]


# --- the FightFile API ----------------------------------------------------------------------


def test_a_bug_after_the_state_changed_leaves_the_fight_as_it_was(enc, monkeypatch):
    """No copy is taken before a line; a failure after the state changed is put right
    from the journal (the state is its fold), so the session is exactly as before."""
    from momenta_cli.engine.core import Session

    ff = new_fight(enc)
    for line in ("turn brannoc", "dmg gorm 4"):
        ff.run(line, SeededRoller(1))
    before, state = ff.path.read_bytes(), ff.session.state.clone()
    entries = list(ff.session.entries)
    real = Session.execute

    def applied_then_failed(self, command, line, roller):
        real(self, command, line, roller)  # the state and the journal have changed
        raise ZeroDivisionError("simulated bug after apply")

    monkeypatch.setattr(Session, "execute", applied_then_failed)
    with pytest.raises(ZeroDivisionError):
        ff.run("dmg gorm 5", SeededRoller(1))
    assert ff.session.state == state and ff.session.entries == entries
    assert ff.path.read_bytes() == before


def test_a_failed_append_leaves_no_torn_tail_and_the_next_one_saves(enc, disk):
    ff = new_fight(enc)
    for line in ("turn brannoc", "dmg gorm 4"):
        ff.run(line, SeededRoller(1))
    before, state = ff.path.read_bytes(), ff.session.state.clone()
    disk.full = True
    for line in ("dmg gorm 5", "undo", "note lost"):
        with pytest.raises(NotSaved, match="not saved: no space left on the device"):
            ff.run(line, SeededRoller(1))
        assert ff.path.read_bytes() == before  # truncated back at once
        assert ff.session.state == state  # not saved, so not done
    assert disk.failures == 3
    disk.full = False  # space is back
    ff.run("dmg gorm 2", SeededRoller(1))
    ff.run("undo", SeededRoller(1))
    ff.run("redo", SeededRoller(1))
    assert cmds(ff.path) == ["turn brannoc", "dmg gorm 4", "dmg gorm 2"]
    assert FightFile.open(ff.path).session.state == ff.session.state


def test_a_failed_fsync_takes_the_record_back(enc, disk):
    """The data reached the file but were never made durable: not acknowledged, so not
    kept either (a later crash could otherwise tear it)."""
    ff = new_fight(enc)
    ff.run("turn brannoc", SeededRoller(1))
    before = ff.path.read_bytes()
    disk.fsync_fails = 1
    with pytest.raises(NotSaved, match="input/output error"):
        ff.run("dmg gorm 4", SeededRoller(1))
    assert ff.path.read_bytes() == before
    ff.run("dmg gorm 3", SeededRoller(1))
    assert cmds(ff.path) == ["turn brannoc", "dmg gorm 3"]


def test_torn_bytes_that_could_not_be_cut_go_before_the_next_append(enc, disk, monkeypatch):
    ff = new_fight(enc)
    ff.run("turn brannoc", SeededRoller(1))
    before = ff.path.read_bytes()
    real = os.ftruncate
    monkeypatch.setattr(os, "ftruncate", lambda fd, n: (_ for _ in ()).throw(
        OSError(errno.EIO, "Input/output error")))
    disk.full = True
    with pytest.raises(NotSaved):
        ff.run("dmg gorm 4", SeededRoller(1))
    assert len(ff.path.read_bytes()) == len(before) + disk.room  # the torn bytes stayed
    monkeypatch.setattr(os, "ftruncate", real)
    disk.full = False
    ff.run("dmg gorm 1", SeededRoller(1))
    assert cmds(ff.path) == ["turn brannoc", "dmg gorm 1"]


def test_appends_never_follow_bytes_another_program_wrote(enc):
    ff = new_fight(enc)
    ff.run("turn brannoc", SeededRoller(1))
    with open(ff.path, "ab") as fh:
        fh.write(b'{"cmd": "written by another tool"}\n')
    after = ff.path.read_bytes()
    with pytest.raises(NotSaved, match="another program changed the fight file"):
        ff.run("dmg gorm 4", SeededRoller(1))
    assert ff.path.read_bytes() == after and len(ff.session.entries) == 1
    ff.path.unlink()
    with pytest.raises(NotSaved, match="the fight file is gone"):
        ff.run("dmg gorm 4", SeededRoller(1))
    assert not ff.path.exists()  # an append never creates a headerless file


def test_appends_never_go_to_a_file_that_replaced_the_fight(enc):
    ff = new_fight(enc)
    ff.run("turn brannoc", SeededRoller(1))
    data = ff.path.read_bytes()
    other = ff.path.with_name("other.tmp")
    other.write_bytes(data)
    os.replace(other, ff.path)  # same bytes, another file (as an editor saves)
    with pytest.raises(NotSaved, match="replaced"):
        ff.run("dmg gorm 4", SeededRoller(1))
    assert ff.path.read_bytes() == data


# --- the commands through Typer ---------------------------------------------------------------


def test_do_on_a_full_disk_is_one_line_and_all_or_nothing(enc, disk):
    fight = default_fight_path(enc)
    assert invoke("do", enc, "turn brannoc").exit_code == 0
    before = fight.read_bytes()
    disk.full = True
    line = one_line(invoke("do", fight, "dmg gorm 4", "dmg knife-1 2"))
    assert line == f"{fight}: not saved: no space left on the device"
    assert fight.read_bytes() == before
    for args in (["undo", fight], ["do", fight, "note x"]):
        assert "not saved: no space left" in one_line(invoke(*args))
    assert fight.read_bytes() == before
    disk.full = False
    assert invoke("do", fight, "dmg gorm 4", "dmg knife-1 2").exit_code == 0
    assert invoke("undo", fight).exit_code == 0
    assert invoke("redo", fight).exit_code == 0
    assert cmds(fight) == ["turn brannoc", "dmg gorm 4", "dmg knife-1 2"]


def test_starting_a_fight_on_a_full_disk_is_one_line(enc, disk):
    disk.full = True
    for args in (["do", enc, "turn brannoc"], ["run", enc]):
        line = one_line(invoke(*args, input="turn brannoc\n"))
        assert "cannot start the fight file: no space left on the device" in line, line
    assert not default_fight_path(enc).exists()
    assert [p.name for p in enc.parent.iterdir() if p.name.startswith(".")] == []  # no temp


def test_resume_of_a_torn_fight_on_a_full_disk_is_one_line_and_changes_nothing(enc, disk):
    fight = default_fight_path(enc)
    assert invoke("do", enc, "turn brannoc", "dmg gorm 3").exit_code == 0
    with open(fight, "ab") as fh:
        fh.write(b'{"seq":3,"cmd":"dmg go')  # a kill while saving
    before = fight.read_bytes()
    disk.full = True  # repairing needs room for the rewritten file
    for args in (["resume", fight], ["run", enc, "--resume"], ["do", fight, "next"],
                 ["undo", fight], ["redo", fight]):
        line = one_line(invoke(*args, input="status\n"))
        if args[0] == "redo":  # refused: a one-shot repairs only when it saves
            assert line == f"{fight}: 'redo': nothing to redo (nothing changed)", line
            continue
        assert line == (f"{fight}:4: the last record was cut short (the program was stopped "
                        f"while saving); it cannot be repaired here (no space left on the "
                        f"device): 'momenta status {fight}' shows the fight up to it"), line
        assert fight.read_bytes() == before
    assert sorted(p.name for p in enc.parent.glob("demo.fight.jsonl*")) == ["demo.fight.jsonl"]
    assert "Gorm" in invoke("status", fight).output  # reading still works
    disk.full = False
    r = invoke("do", fight, "next")
    assert r.exit_code == 0 and "cut short" in r.output and "kept as" in r.output
    assert cmds(fight) == ["turn brannoc", "dmg gorm 3", "next"]


def test_the_prompt_says_not_saved_and_goes_on(enc, disk, monkeypatch):
    import momenta_cli.cli.prompt as prompt

    real = prompt.run_one

    def run_one(ff, screen, line, roller):
        disk.full = line.startswith("dmg gorm 4")  # the disk fills up for this line only
        return real(ff, screen, line, roller)

    monkeypatch.setattr(prompt, "run_one", run_one)
    r = invoke("run", enc, "--seed", "1", "--width", "200",
               input="turn bran\ndmg gorm 4\ndmg gorm 2\nnext\n")
    assert r.exit_code == 0, r.output
    fight = default_fight_path(enc)
    assert (f"! not saved: no space left on the device; 'dmg gorm 4' was not done and the "
            f"fight is as it was ({fight})") in r.output
    assert "22->18" not in r.output  # never shown as accepted
    assert "Gorm: Vitality 22->20" in r.output  # the session went on as before the line
    assert cmds(fight) == ["turn bran", "dmg gorm 2", "next"]


# --- damage left by older versions -------------------------------------------------------


def test_a_torn_record_in_the_middle_of_an_old_journal_is_recovered_with_a_copy(enc):
    """What momenta before format 2 left after a full disk: a torn record, and the next
    accepted commands appended right after the torn bytes."""
    fight = default_fight_path(enc)
    header = {"format": "momenta-fight", "version": 1, "encounter": "demo.yaml",
              "encounter_sha256": __import__("hashlib").sha256(enc.read_bytes()).hexdigest()}
    good = [{"cmd": "note one", "events": [{"kind": "note", "text": "one", "name": None}]},
            {"cmd": "note two", "events": [{"kind": "note", "text": "two", "name": None}]}]
    later = {"cmd": "note four", "events": [{"kind": "note", "text": "four", "name": None}]}
    raw = b"".join(json.dumps(x).encode() + b"\n" for x in [header, *good])
    raw += b'{"cmd":"note thr' + json.dumps(later).encode() + b"\n" + raw.splitlines()[1] + b"\n"
    fight.write_bytes(raw)
    r = invoke("status", fight)  # read-only: says so, shows the fight up to it, no change
    assert r.exit_code == 0 and ":4: unreadable record (not valid JSON)" in r.output
    assert fight.read_bytes() == raw
    # Issue 29: nothing is written until the GM says so, and the later command is kept.
    r = invoke("do", fight, "note five")
    assert r.exit_code == 1 and f"{fight}:4: unreadable record (not valid JSON)" in r.output
    assert fight.read_bytes() == raw
    r = invoke("repair", fight)
    assert r.exit_code == 0, r.output
    assert f"{fight}:4: the journal was damaged from this line on" in r.output
    assert f"the original file is kept as {fight.resolve()}.damaged-" in r.output
    kept = list(enc.parent.glob("demo.fight.jsonl.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw
    assert invoke("do", fight, "note five").exit_code == 0
    assert cmds(fight) == ["note one", "note two", "note one", "note five"]


# --- modes ------------------------------------------------------------------------------------


def test_a_rewritten_fight_keeps_its_mode_and_a_new_one_gets_the_umask_mode(enc):
    old = os.umask(0o027)
    try:
        ff = new_fight(enc)
        assert stat.S_IMODE(ff.path.stat().st_mode) == 0o640  # as open() would make it
    finally:
        os.umask(old)
    ff.run("turn brannoc", SeededRoller(1))
    os.chmod(ff.path, 0o664)
    with open(ff.path, "ab") as fh:
        fh.write(b'{"seq":2,"cmd":"dmg')
    FightFile.open(ff.path)  # repaired: rewritten atomically
    assert stat.S_IMODE(ff.path.stat().st_mode) == 0o664


# --- a real full disk (root only) ----------------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path):
    where = tmp_path / "tiny"
    where.mkdir()
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)],
                       capture_output=True)
    if r.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)


def momenta(where: Path, *args: str):
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200", MOMENTA_HOME=str(where / "home"))
    return subprocess.run([sys.executable, "-m", "momenta_cli", *args], cwd=str(where),
                          env=env, capture_output=True, text=True, timeout=30, input="")


@pytest.mark.slow  # mounts a tmpfs and fills it, 10 processes
def test_a_real_full_disk_loses_nothing_acknowledged(enc, tiny_disk, tmp_path):
    shutil.copy(enc, tiny_disk / "demo.yaml")
    shutil.copytree(enc.parent / "library", tiny_disk / "library")
    assert momenta(tmp_path, "do", str(tiny_disk / "demo.yaml"), "turn brannoc").returncode == 0
    acked, refused = ["turn brannoc"], []
    filler = tiny_disk / "filler"
    with open(filler, "wb", buffering=0) as fh:  # fill the disk but for one page
        try:
            while True:
                fh.write(b"x" * 1024)
        except OSError:
            pass
    os.truncate(filler, max(0, filler.stat().st_size - 4096))
    for n in range(8):  # each record is over 1 KB: the page is full after three or four
        line = f"note {n} " + "padding " * 70
        r = momenta(tiny_disk, "do", "demo.fight.jsonl", line)
        assert "Traceback" not in r.stderr, r.stderr
        (acked if r.returncode == 0 else refused).append(line.strip())
        if r.returncode:
            assert r.stderr.strip().endswith("not saved: no space left on the device"), r.stderr
    assert acked and refused  # the disk did fill up
    r = momenta(tiny_disk, "resume", "demo.fight.jsonl")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    filler.unlink()  # space is back
    r = momenta(tiny_disk, "do", "demo.fight.jsonl", "note the end")
    assert r.returncode == 0, r.stderr
    assert cmds(tiny_disk / "demo.fight.jsonl") == acked + ["note the end"]


def test_history_that_cannot_be_saved_never_ends_the_session():
    import builtins
    import io

    from rich.console import Console

    from momenta_cli.cli.prompt import _history, history_path
    from momenta_cli.cli.screen import Screen

    screen = Screen(Console(file=io.StringIO()))
    history = _history(screen)
    history.store_string("turn brannoc")
    real_open = builtins.open

    def full(path, *args, **kw):
        if str(path) == str(history_path()):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_open(path, *args, **kw)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "open", full)
        history.store_string("dmg gorm 4")  # the line still runs; only its recall is lost
        assert list(_history(screen).load_history_strings()) == []  # unreadable: none
    assert list(_history(screen).load_history_strings()) == ["turn brannoc"]
    history_path().unlink()
    os.mkfifo(history_path())  # would block prompt_toolkit's reader forever
    assert type(_history(screen)).__name__ == "InMemoryHistory"
    assert "cannot keep history" in screen.console.file.getvalue()


def test_the_fight_is_fsynced_and_a_caches_entry_is_not(enc, monkeypatch):
    """A saved command is on the disk before it is acknowledged (its fsync); the caches'
    entries (the fold `status` keeps, the encounter, the verdict) are sealed and only
    renamed into place: an fsync on a real disk can cost a command tens of milliseconds,
    and a torn entry reads as missing (docs/speed.md)."""
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    assert invoke("do", enc, "--seed", "1", "turn brannoc").exit_code == 0
    assert synced  # the journal
    synced.clear()
    fight = enc.with_name("demo.fight.jsonl")
    assert invoke("status", fight).exit_code == 0  # keeps its fold: a cache entry
    assert invoke("validate", enc).exit_code == 0  # keeps its verdict
    assert synced == []
    assert list((enc.parent.parent / "home" / "cache" / "fights").iterdir())  # kept
