"""Hostile encounter files (docs/reliability.md): bounded work, confined reads, plain
YAML 1.2 values. Each is one located line, exit code 1, no traceback, no hang, and no
quotation of a file that is not an encounter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter, validate_file
from momenta_cli.encounter.roots import LIBRARY_ENV

ROOT = Path(__file__).resolve().parent.parent


def _problems(path: Path) -> list[str]:
    return validate_file(path)


def _validate_in_a_process(*paths: Path, timeout: float = 20) -> subprocess.CompletedProcess:
    """A real process, so that a hang fails the test instead of stopping the suite."""
    return subprocess.run([sys.executable, "-m", "momenta_cli", "validate",
                           *map(str, paths)], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


# --- only regular files, bounded ------------------------------------------------------


def test_a_fifo_encounter_or_include_is_refused_at_once(tmp_path: Path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    enc = tmp_path / "enc.yaml"
    enc.write_text("name: E\ninclude: [pipe.yaml]\ncombatants: [{name: A, side: allies}]\n")
    r = _validate_in_a_process(fifo, enc)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{fifo}:1:1: (file): is not a regular file (a FIFO)" in r.stderr
    assert f"{enc}:2:11: include[0]: cannot include 'pipe.yaml': is not a regular file" \
        in r.stderr


def test_a_device_is_refused_without_reading_it():
    r = _validate_in_a_process(Path("/dev/zero"))
    assert r.returncode == 1
    assert "/dev/zero:1:1: (file): is not a regular file (a device)" in r.stderr


def test_a_million_item_list_is_refused_by_the_value_budget(tmp_path: Path):
    # 2 MB: under the size limit, over the budget of values; refused as the parser gets
    # there, never after building a million of them (bench/ measures how fast).
    big = tmp_path / "list.yaml"
    big.write_text("name: x\ncombatants: [" + ",".join(["1"] * 1_000_000) + "]\n")
    r = _validate_in_a_process(big)
    assert r.returncode == 1
    assert "the file holds over 50000 values" in r.stderr


def test_a_symlink_loop_is_one_line(tmp_path: Path):
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    assert _problems(loop) == [f"{loop}:1:1: (file): too many levels of symbolic links "
                               "(a symlink loop?)"]


def test_a_nul_byte_in_an_include_path_is_one_line(tmp_path: Path):
    enc = tmp_path / "enc.yaml"
    enc.write_text('name: E\ninclude: ["lib\\0.yaml"]\ncombatants: [{name: A, side: allies}]\n')
    (problem,) = _problems(enc)
    assert problem.startswith(f"{enc}:2:11: include[0]: may not hold control")


# --- includes stay in the encounter's folder ------------------------------------------


def test_an_include_outside_the_encounter_folder_is_refused(tmp_path: Path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("weapons: []\n")
    home = tmp_path / "campaign"
    home.mkdir()
    enc = home / "enc.yaml"
    enc.write_text("name: E\ninclude: [../secret.yaml, /etc/passwd, ../../../../etc/shadow]\n"
                   "combatants: [{name: A, side: allies}]\n")
    problems = _problems(enc)
    assert len(problems) == 3
    assert all("is outside this encounter's folder" in p for p in problems), problems
    assert not any("weapons: []" in p for p in problems)  # nothing of the files is echoed


def test_a_library_folder_named_by_the_gm_may_be_included(tmp_path: Path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "arms.yaml").write_text("weapons:\n  - {name: Pike, tags: [Piercing, Melee 2],"
                                      " damage: {0s: 2, 1+: 6}}\n")
    home = tmp_path / "campaign"
    home.mkdir()
    enc = home / "enc.yaml"
    enc.write_text("name: E\ninclude: [../shared/arms.yaml]\n"
                   "combatants: [{name: A, side: allies, weapons: [Pike]}]\n")
    assert "outside" in _problems(enc)[0]
    monkeypatch.setenv(LIBRARY_ENV, str(shared))
    assert load_encounter(enc).combatants[0].weapon("Pike") is not None


def test_a_symlinked_encounter_includes_beside_the_real_file(tmp_path: Path):
    real = tmp_path / "real"
    (real / "lib").mkdir(parents=True)
    (real / "lib" / "arms.yaml").write_text(
        "weapons:\n  - {name: Pike, tags: [Piercing, Melee 2], damage: {0s: 2, 1+: 6}}\n")
    (real / "enc.yaml").write_text("name: E\ninclude: [lib/arms.yaml]\n"
                                   "combatants: [{name: A, side: allies, weapons: [Pike]}]\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = elsewhere / "enc.yaml"
    link.symlink_to(real / "enc.yaml")
    assert load_encounter(link).combatants[0].weapon("Pike") is not None


def test_a_file_that_is_no_encounter_is_never_quoted(tmp_path: Path):
    passwd = tmp_path / "passwd.yaml"
    passwd.write_text("root: x:0:0:root:/root:/bin/bash\ndaemon: 'x:1:1'\n")
    (problem,) = _problems(passwd)
    assert problem == (f"{passwd}:1:1: (top): not an encounter or library file: none of "
                       "its keys is one momenta knows (name, combatants, include, ...)")
    enc = tmp_path / "enc.yaml"
    enc.write_text("name: E\ninclude: [passwd.yaml]\ncombatants: [{name: A, side: allies}]\n")
    assert not any("x:0:0" in p or "bash" in p for p in _problems(enc))


def test_a_tagged_value_in_a_file_that_is_no_encounter_is_not_quoted(tmp_path: Path):
    odd = tmp_path / "odd.yaml"
    odd.write_text("--- !secret-tag-HUNTER2\n")
    assert _problems(odd) == [f"{odd}:1:5: (top): the file holds a single value; expected "
                              "a mapping (name:, combatants:, ...)"]


def test_an_undefined_alias_is_not_quoted(tmp_path: Path):
    token = tmp_path / "token.yaml"
    token.write_text("api_token: *SUPERSECRET\n")
    (problem,) = _problems(token)
    assert "SUPERSECRET" not in problem and "refers to no anchor" in problem


# --- YAML 1.2 core values -------------------------------------------------------------


@pytest.mark.parametrize("value", ["yes", "on", "1:30", "0b11", "2001-12-14", "'5'", "1_000"])
def test_yaml_11_spellings_are_not_numbers(tmp_path: Path, value):
    # YAML 1.2 core: `yes` is text (not 1), `1:30` is text (not 90), and so on; text is
    # never quietly read as a number (`'5'` is quoted text, `1_000` is text in 1.2).
    f = tmp_path / "v.yaml"
    f.write_text(f"name: V\ncombatants:\n  - {{name: A, side: allies, max_vitality: {value}}}\n")
    (problem,) = _problems(f)
    assert problem.startswith(f"{f}:3:43: combatants[0].max_vitality: input should be a "
                              "valid integer"), problem


def test_a_setting_is_the_value_written(tmp_path: Path):
    # R10 setting wounds is a boolean: the word yes is not one in YAML 1.2.
    f = tmp_path / "s.yaml"
    f.write_text("name: S\nrules: {wounds: yes}\ncombatants: [{name: A, side: allies}]\n")
    (problem,) = _problems(f)
    assert problem == f"{f}:2:17: rules.wounds: input should be a valid boolean"


def test_yaml_12_numbers_read_as_written(tmp_path: Path):
    # 012 is twelve (1.1 read it as octal 10); 0o17 is octal; a bare `off` is the word.
    f = tmp_path / "n.yaml"
    f.write_text("name: N\nrules: {solid_hit: off}\ncombatants:\n"
                 "  - {name: A, side: allies, max_vitality: 012, max_guard: 0o3}\n")
    enc = load_encounter(f)
    assert (enc.combatants[0].max_vitality, enc.combatants[0].max_guard) == (12, 3)
    assert enc.settings.solid_hit == "off"


def test_a_second_document_is_refused(tmp_path: Path):
    f = tmp_path / "two.yaml"
    f.write_text("name: A\ncombatants: [{name: A, side: allies}]\n---\nname: B\n")
    assert _problems(f) == [f"{f}:3:1: (file): the file holds more than one YAML document "
                            "(a second '---'); keep one"]
