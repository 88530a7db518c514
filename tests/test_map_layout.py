"""The map's code stays in small modules named for what they hold (the project's guide:
past ~400 lines a module is split by responsibility): the encounter loader keeps to
files and names, the map block is encounter/mapbuild.py, where combatants start is
encounter/mapstart.py."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "momenta_cli"
MODULES = ["encounter/loader.py", "encounter/mapbuild.py", "encounter/mapstart.py",
           "engine/positions.py", "engine/doors.py", "render/battlemap.py",
           "cli/map_cmd.py"]


@pytest.mark.parametrize("module", MODULES)
def test_map_modules_stay_under_400_lines(module):
    lines = (ROOT / module).read_text(encoding="utf-8").count("\n")
    assert lines <= 400, f"{module} has {lines} lines: split it by responsibility"


def test_the_loader_leaves_the_map_to_the_map_modules():
    text = (ROOT / "encounter/loader.py").read_text(encoding="utf-8")
    assert "MapModel" not in text and "def _placement" not in text
