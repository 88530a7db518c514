"""``validate`` of a file it found without a problem, while nothing it read has changed,
says the same again without checking it again (encounter/verdicts.py, docs/speed.md):
a changed include, a changed file or a file with problems is checked in full, and its
problems are the full check's words every time."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from momenta_cli.encounter.verdicts import verdict_dir

ROOT = Path(__file__).resolve().parent.parent


def _copy(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    encs = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", encs, ignore=shutil.ignore_patterns("*.fight.*"))
    return encs, {"MOMENTA_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin",
                  "PYTHONPATH": str(ROOT)}


def _validate(encs: Path, env: dict[str, str], *files: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "momenta_cli", "validate", *files],
                          cwd=encs, env=env, capture_output=True, text=True, timeout=60)


def _verdicts(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "home" / "cache" / "validated"
    return sorted(folder.glob("*.entry")) if folder.is_dir() else []


def test_an_unchanged_file_gets_the_same_verdict_from_the_cache(tmp_path):
    encs, env = _copy(tmp_path)
    files = ("demo.yaml", "yard-with-a-map.yaml", "library/armoury.yaml")
    first = _validate(encs, env, *files)
    assert first.returncode == 0, first.stderr
    assert len(_verdicts(tmp_path)) == 3
    again = _validate(encs, env, *files)
    assert (again.returncode, again.stdout, again.stderr) == (0, first.stdout, first.stderr)
    assert "OK library/armoury.yaml (library: " in again.stdout


def test_a_changed_include_is_checked_again_and_its_problem_reported(tmp_path):
    encs, env = _copy(tmp_path)
    assert _validate(encs, env, "demo.yaml").returncode == 0
    armoury = encs / "library" / "armoury.yaml"
    armoury.write_text(armoury.read_text() + "\nweapons_typo: 1\n")
    done = _validate(encs, env, "demo.yaml")
    assert done.returncode == 1
    assert "armoury.yaml" in done.stderr and "OK" not in done.stdout


def test_a_file_with_problems_is_never_kept_and_says_them_every_time(tmp_path):
    encs, env = _copy(tmp_path)
    bad = encs / "bad.yaml"
    bad.write_text("name: B\nrules: {solid_hit: sometimes}\ncombatants: [{name: A}]\n")
    first = _validate(encs, env, "bad.yaml")
    assert first.returncode == 1 and "solid_hit" in first.stderr
    assert _verdicts(tmp_path) == []
    again = _validate(encs, env, "bad.yaml")
    assert (again.returncode, again.stderr) == (1, first.stderr)


def test_a_damaged_verdict_is_not_trusted(tmp_path):
    encs, env = _copy(tmp_path)
    first = _validate(encs, env, "demo.yaml")
    (entry,) = _verdicts(tmp_path)
    entry.write_bytes(entry.read_bytes().replace(b"combatant", b"kombatant"))
    again = _validate(encs, env, "demo.yaml")
    assert again.stdout == first.stdout and "kombatant" not in again.stdout


def test_the_verdicts_live_in_the_state_home(tmp_path, monkeypatch):
    monkeypatch.setenv("MOMENTA_HOME", str(tmp_path / "h"))
    assert verdict_dir() == tmp_path / "h" / "cache" / "validated"


def test_a_party_file_symlink_pointed_elsewhere_is_read_afresh(tmp_path):
    """R38's party file is part of what the verdict (and the encounter cache) rest on,
    whichever file its name leads to: a symlink repointed at a bad party is checked."""
    encs, env = _copy(tmp_path)
    parties = encs / "parties"
    good = parties / "good.yaml"
    good.write_text((parties / "campaign-party.yaml").read_text())
    bad = parties / "bad.yaml"
    bad.write_text(good.read_text().replace("vitality: 4", "vitality: 400", 1))
    assert bad.read_text() != good.read_text()
    link = parties / "campaign-party.yaml"
    link.unlink()
    link.symlink_to("good.yaml")
    assert _validate(encs, env, "campaign-stair.yaml").returncode == 0
    link.unlink()
    link.symlink_to("bad.yaml")
    done = _validate(encs, env, "campaign-stair.yaml")
    assert done.returncode == 1, done.stdout
    assert "400" in done.stderr and "OK" not in done.stdout
