"""docs/architecture.md names modules and files a newcomer will open: each must exist (a
page that points at a file that moved misleads more than no page)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"

# A path: words joined by slashes, ending in a file name or a slash (a package), or a
# bare module file name (resolved in the package the table row or sentence is about).
PATH = re.compile(r"(?<![\w./-])((?:[a-z_][\w-]*/)+(?:[\w*-]+\.(?:py|pyi|md|yaml))?|"
                  r"[a-z_]\w*\.pyi?)(?![\w/-])")


def _named() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    return sorted({m.group(1) for m in PATH.finditer(text)})


def _exists(name: str) -> bool:
    if "*" in name:
        return any(ROOT.glob(name)) or any((ROOT / "momenta_cli").glob(name))
    for base in (ROOT, ROOT / "momenta_cli"):
        if (base / name).exists():
            return True
    if "/" not in name:  # a bare module name: somewhere in the package
        return any((ROOT / "momenta_cli").rglob(name))
    return False


def test_the_architecture_page_names_only_paths_that_exist():
    named = _named()
    assert len(named) > 40  # the page names the modules it is about
    assert [n for n in named if not _exists(n)] == []


def test_the_architecture_page_names_every_package():
    text = DOC.read_text(encoding="utf-8")
    packages = sorted(p.parent.relative_to(ROOT / "momenta_cli").as_posix()
                      for p in (ROOT / "momenta_cli").rglob("__init__.py")
                      if p.parent != ROOT / "momenta_cli")
    # a nested package by its path (engine/core/), a top one by its name in the layers
    missing = [p for p in packages
               if p + "/" not in text and ("/" in p or not re.search(rf"\b{p}\b", text))]
    assert missing == []


def test_a_path_that_does_not_exist_is_caught():
    assert not _exists("engine/attack/nowhere.py")
    assert _exists("engine/attack/plan.py") and _exists("tests/test_layering.py")


def test_each_engine_row_names_its_own_modules_and_all_of_them():
    """The table of the engine's sub-packages: a module named in a row is in that row's
    package, and every module of the package is named there (a module that moves or
    joins a package shows here)."""
    rows = re.findall(r"^\| `(engine/\w+/)` \| (.*) \|$", DOC.read_text(encoding="utf-8"), re.M)
    assert len(rows) == 10
    for package, text in rows:
        named = set(re.findall(r"(?<![\w/])(\w+)\.py\b", text))
        on_disk = {p.stem for p in (ROOT / "momenta_cli" / package).glob("*.py")} - {"__init__"}
        assert named == on_disk, package
