"""Start-up: each command imports only what it uses (README "Speed").

Measured in a fresh interpreter through the real entry point, by the modules present in
``sys.modules`` once the command has run: timing would be flaky on a shared machine, the
set of modules is not.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Run a command in-process, then print which modules it loaded.
PROBE = """
import json, sys
from momenta_cli.cli.app import main
sys.argv = ["momenta", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def loaded(*args: str, cwd: Path = ROOT, env: dict | None = None) -> set[str]:
    r = subprocess.run([sys.executable, "-c", PROBE, json.dumps(list(args))],
                       capture_output=True, text=True, cwd=cwd, timeout=60, env=env)
    tail = r.stderr.rsplit("MODULES ", 1)
    assert len(tail) == 2, r.stderr
    return set(json.loads(tail[1]))


def under(modules: set[str], *packages: str) -> list[str]:
    """The modules of ``modules`` that are one of ``packages`` or inside one."""
    return sorted(m for m in modules for p in packages if m == p or m.startswith(p + "."))


HEAVY = ("momenta_cli.engine", "momenta_cli.journal", "momenta_cli.encounter", "pydantic",
         "prompt_toolkit", "yaml", "rich.console")


@pytest.mark.parametrize("args", [["--help"], ["status", "--help"], ["do", "--help"],
                                  ["run", "--help"], ["validate", "--help"]])
def test_help_imports_no_engine_pydantic_prompt_or_yaml(args):
    assert under(loaded(*args), *HEAVY) == []


def test_validate_loads_no_engine_session_journal_or_prompt():
    mods = loaded("validate", "encounters/demo.yaml")
    assert "momenta_cli.encounter.loader" in mods  # the probe saw the command run
    assert under(mods, "momenta_cli.engine.session", "momenta_cli.engine.decide",
                 "momenta_cli.journal", "prompt_toolkit", "momenta_cli.cli.prompt") == []


def test_status_of_a_fight_loads_no_prompt_and_no_validation(tmp_path):
    """The fight's encounter comes from the cache `do` filled when it started the fight:
    no YAML loader, no pydantic (README "Speed")."""
    encs = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", encs, ignore=shutil.ignore_patterns("*.fight.*"))
    env = {"MOMENTA_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-m", "momenta_cli", "do", "demo.yaml", "turn brannoc",
                    "--seed", "1"], cwd=encs, env=env, check=True, capture_output=True,
                   timeout=60)
    mods = loaded("status", "demo.fight.jsonl", cwd=encs, env=env)
    assert "momenta_cli.journal" in mods
    assert under(mods, "prompt_toolkit", "momenta_cli.cli.prompt", "pydantic",
                 "momenta_cli.encounter.loader", "momenta_cli.commands") == []
