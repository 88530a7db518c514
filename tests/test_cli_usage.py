"""Usage mistakes through the real entry point (momenta_cli.cli.app.main): one line on
stderr naming the command and the mistake, exit code 2, the help only when asked for."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def momenta(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "momenta_cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("args, says", [
    (["status", "--width", "0", "x.fight.jsonl"], "Invalid value for '--width'"),
    (["do", "encounters/demo.yaml"], "Missing argument 'commands'"),
    (["show"], "Missing argument 'file'"),
    (["bogus"], "No such command 'bogus'"),
])
def test_a_usage_mistake_is_one_line_and_exit_code_2(args, says):
    r = momenta(*args)
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], r.stderr
    assert "Traceback" not in r.stderr and "Usage:" not in r.stderr


def test_no_arguments_show_the_help():
    r = momenta()
    assert r.returncode == 0 and r.stdout.startswith("Usage:")
    assert "Commands:" in r.stdout


def test_a_reader_that_goes_away_gets_no_traceback():
    # `momenta replay ... | head -1`: the pipe closes while output is still coming.
    p = subprocess.Popen([sys.executable, "-m", "momenta_cli", "replay", "encounters/demo.yaml",
                          "encounters/demo.script"], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.readline()
    p.stdout.close()  # the reader has gone
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    assert "Traceback" not in err and p.returncode == 1


@pytest.mark.parametrize("raised, code", [("abort", 1), ("interrupt", 130)])
def test_ctrl_c_or_end_of_input_at_a_question_leaves_quietly(monkeypatch, capsys, raised,
                                                             code):
    # typer.confirm answers Ctrl-C / Ctrl-D with Abort; Ctrl-C elsewhere is an interrupt.
    import typer

    from momenta_cli.cli import app

    def leave(**kwargs):
        raise typer.Abort() if raised == "abort" else KeyboardInterrupt()

    monkeypatch.setattr(app, "app", leave)
    with pytest.raises(SystemExit) as info:
        app.main()
    assert info.value.code == code
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.slow  # real processes on closed pipes
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_one_line_not_a_traceback(tmp_path):
    # `momenta ... > /dev/full`: every write to stdout fails with "no space left".
    for args in (["validate", "encounters/demo.yaml"], ["replay", "encounters/demo.yaml",
                                                        "encounters/demo.script"]):
        with open("/dev/full", "w") as full:
            r = subprocess.run([sys.executable, "-m", "momenta_cli", *args], stdout=full,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60,
                               env={**os.environ, "MOMENTA_HOME": str(tmp_path)})
        assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
        assert r.stderr.strip() == "momenta: cannot write the output: no space left on the " \
                                   "device"


@pytest.mark.slow  # real processes
def test_a_closed_output_or_a_narrow_encoding_is_not_a_traceback(tmp_path):
    """`momenta status F >&-` (standard output closed) says so in one line, exit 1; an
    output encoding that cannot write the table's bars or a name's letters
    (PYTHONIOENCODING=ascii) shows them as ``?`` rather than failing mid-table."""
    env = {**os.environ, "MOMENTA_HOME": str(tmp_path / "home")}
    encs = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", encs, ignore=shutil.ignore_patterns("*.fight.*"))
    made = subprocess.run([sys.executable, "-m", "momenta_cli", "do", "demo.yaml", "--seed",
                           "1", "turn brannoc"], cwd=encs, env=env, capture_output=True,
                          timeout=60)
    assert made.returncode == 0, made.stderr
    closed = subprocess.run(f"{sys.executable} -m momenta_cli status demo.fight.jsonl >&-",
                            shell=True, cwd=encs, env=env, capture_output=True, text=True,
                            timeout=60)
    assert closed.returncode == 1, closed.stderr
    assert closed.stderr == "momenta: cannot write the output: standard output is closed\n"
    for args in (["status", "demo.fight.jsonl"], ["status", "demo.fight.jsonl", "--players"],
                 ["do", "demo.fight.jsonl", "note Brannoc ▶ Gorm ?"]):
        r = subprocess.run([sys.executable, "-m", "momenta_cli", *args], cwd=encs,
                           env={**env, "PYTHONIOENCODING": "ascii"}, capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        assert "Brannoc" in r.stdout and "?" in r.stdout, r.stdout
