"""One-shots near the floor (issue 28): ``momenta los`` and ``momenta path`` on an
encounter open it from the encounter cache (encounter/cache.py, as ``status`` and ``do``
open theirs): once a first run has filled it, no YAML is parsed and nothing is validated
again, and the answer is the one a full load gives. A library file is still refused in
its own words (docs/speed.md)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.test_startup_imports import loaded, under

ROOT = Path(__file__).resolve().parent.parent


def _copy(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    encs = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", encs, ignore=shutil.ignore_patterns("*.fight.*"))
    # PYTHONPATH: this checkout's code, whichever one the venv was installed from
    return encs, {"MOMENTA_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin",
                  "PYTHONPATH": str(ROOT)}


def _run(encs: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "momenta_cli", *args], cwd=encs, env=env,
                          capture_output=True, text=True, timeout=60)


def test_los_and_path_on_a_cached_encounter_load_no_yaml_and_no_validation(tmp_path):
    encs, env = _copy(tmp_path)
    first = _run(encs, env, "los", "yard-with-a-map.yaml", "mira", "ogre", "--json")
    assert first.returncode == 0, first.stderr
    for args in (["los", "yard-with-a-map.yaml", "mira", "ogre", "--json"],
                 ["path", "yard-with-a-map.yaml", "mira", "e11", "--json"]):
        mods = loaded(*args, cwd=encs, env=env)
        assert "momenta_cli.engine.geometry.sight" in mods or args[0] == "path"
        assert under(mods, "pydantic", "yaml", "momenta_cli.encounter.loader",
                     "momenta_cli.encounter.build", "momenta_cli.journal.fight_file") == []
    again = _run(encs, env, "los", "yard-with-a-map.yaml", "mira", "ogre", "--json")
    assert again.stdout == first.stdout
    assert '"line_of_sight": true' in again.stdout


def test_los_of_a_library_file_is_still_refused_in_one_line(tmp_path):
    encs, env = _copy(tmp_path)
    done = _run(encs, env, "los", "library/armoury.yaml", "a", "b")
    assert done.returncode == 1
    assert "a library (weapons, stat blocks), not an encounter" in done.stderr
    assert "Traceback" not in done.stderr
