"""Read-only views of a saved fight: status (once, or following the file with --watch) and
log exports (text, Markdown, JSON, `-o` files). They never write the fight file."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from momenta_cli.cli.view_cmds import Watcher, follow
from tests.conftest import invoke, one_line_error, started

pytestmark = pytest.mark.usefixtures("home")


def test_log_output_refuses_fight_and_encounter_files(enc, tmp_path):
    fight = started(enc, "turn bran", "dmg gorm 3")
    other_fight = enc.with_name("old.fight.jsonl")
    other_fight.write_text("keep me\n")
    for target, why in ((fight, "fight file itself"),
                        (enc.parent / ".." / "encounters" / "demo.fight.jsonl",
                         "fight file itself"),
                        (enc, "encounter"),
                        (enc.with_name("bridge.yaml"), "YAML"),
                        (other_fight, "saved fight")):
        before = target.read_bytes()
        line = one_line_error(invoke("log", fight, "-f", "md", "-o", target))
        assert "refusing" in line and why in line, line
        assert target.read_bytes() == before
    # an encounter spelled .yml is protected too
    yml = tmp_path / "notes.yml"
    yml.write_text("a: 1\n")
    assert "refusing" in one_line_error(invoke("log", fight, "-o", yml))
    # anything else is an export and may be overwritten
    recap = tmp_path / "recap.md"
    recap.write_text("old recap\n")
    r = invoke("log", fight, "-f", "md", "-o", recap)
    assert r.exit_code == 0, r.output
    assert recap.read_text().startswith("# Trouble at the Crossroads Inn")
    new_yaml = tmp_path / "export.yaml"  # a new file of any name is fine
    assert invoke("log", fight, "-o", new_yaml).exit_code == 0 and new_yaml.exists()


def test_markdown_recap_pluralises(enc):
    fight = started(enc, "turn bran")
    # "in 0s": how long it took (issue 26 item 9), a second at most here
    assert re.search(r"^1 command over 1 round in [01]s\.$",
                     invoke("log", fight, "-f", "md").output, re.M)
    invoke("do", fight, "next")
    assert re.search(r"^2 commands over 1 round in \d+s\.$",
                     invoke("log", fight, "-f", "md").output, re.M)


def test_status_and_log_never_rewrite_a_fight_being_written(enc):
    """A half-written last line (another session saving right now) is left alone."""
    fight = started(enc, "turn bran")
    with open(fight, "ab") as fh:
        fh.write(json.dumps({"cmd": "dmg gorm 1", "events": []})[:10].encode())
    before = fight.read_bytes()
    assert invoke("status", fight).exit_code == 0
    assert invoke("log", fight).exit_code == 0
    assert fight.read_bytes() == before


def test_watcher_redraws_only_when_the_file_changes(enc):
    fight = started(enc, "turn bran")
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
    fight = started(enc, "turn bran")
    buf = io.StringIO()
    w = Watcher(fight, Console(width=80, file=buf, color_system=None))
    w.poll()
    fight.rename(fight.with_name("gone.fight.jsonl"))
    assert w.poll() is True and "no such fight file" in buf.getvalue()
    fight.with_name("gone.fight.jsonl").rename(fight)
    assert w.poll() is True and "Gorm" in buf.getvalue()


def test_watch_leaves_on_ctrl_c_with_exit_0(enc, monkeypatch):
    fight = started(enc, "turn bran")
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
