"""What ships names nothing a user does not have: no paths of the machine the project was
built on (a private workspace, /tmp, a home directory, the rules folder beside the
repository), and the README's `momenta ...` lines work once the quick start's venv is
activated."""

from __future__ import annotations

import re

from tests.conftest import ROOT

PRIVATE = re.compile(r"/work/|/tmp/|/home/|/Users/|/root/|\.\./shared|\bshared/rules\b|"
                     r"RULINGS\.md|REFERENCE-NUMBERS|STYLE\.md")


def shipped() -> list[str]:
    """The files a clone ships (not a user's saved fights, caches or build output)."""
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for top in ("docs", "encounters", "momenta_cli", "bench"):
        files += [p for p in (ROOT / top).rglob("*") if p.is_file()]
    skip = re.compile(r"__pycache__|\.pyc$|\.fight\.jsonl|\.lock$|egg-info")
    return [str(p.relative_to(ROOT)) for p in files if not skip.search(str(p))]


def test_no_shipped_file_names_a_path_a_user_does_not_have():
    found = []
    for rel in shipped():
        text = (ROOT / rel).read_text(encoding="utf-8", errors="replace")
        for n, line in enumerate(text.splitlines(), 1):
            if PRIVATE.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == []


def test_the_readme_activates_the_venv_after_the_quick_start():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "source .venv/bin/activate" in quick
    # the command lists that follow say `momenta ...` and so work as written
    assert readme.index("source .venv/bin/activate") < readme.index("`momenta validate")
