"""The docs' sessions are real, not drawings of one. The walkthrough in
docs/at-the-table.md ("A walkthrough, questions included") is exactly what ``momenta run``
prints for the answers below (issue 12 Must show: the walkthrough re-recorded with the
questions), so a change in what the prompt asks or prints shows up here first; the
README's "A fight in ten lines" types the walkthrough's commands (and `status`) at the
prompts the prompt really shows."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "at-the-table.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")

# What the GM typed: each command at the prompt, then its answers to the prompt's questions.
TYPED = [
    ("turn bran",),
    ("attack gorm with longsword at edge",
     "6"),  # Brannoc's die, rolled at the table
    ("next gorm",),
    ("attack brannoc with cudgel ?",),
    ("attack brannoc with cudgel",
     "dodge",
     "",  # Gorm's dice: the tracker rolls
     "3",  # Brannoc's Dodge die, rolled at the table
     "y"),  # Brace
    ("undo",),
    ("end",),
    ("quit",),
]


def run_demo(tmp_path, lines: list[str], *ask: str) -> str:
    """What ``momenta run`` prints for the demo from the start, given these input lines."""
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters",
                    ignore=shutil.ignore_patterns("*.jsonl", "*.lock"))
    enc = tmp_path / "encounters" / "demo.yaml"
    r = invoke("run", enc, "--new", "--seed", "3", "--width", "80", "--no-color", *ask,
               input="\n".join(lines) + "\n")
    assert r.exit_code == 0, r.output
    return r.output


def test_the_walkthrough_is_what_the_prompt_prints(tmp_path):
    output = run_demo(tmp_path, [line for entry in TYPED for line in entry], "--ask")
    block = re.search(r"<!-- walkthrough:start -->\n```text\n(.*?)```\n"
                      r"<!-- walkthrough:end -->", GUIDE, re.S)
    assert block, "docs/at-the-table.md lacks the walkthrough block"
    shown = output[output.index("Round 1 · main phase"):]  # from the first headline
    shown = shown.split("\nFight saved in", 1)[0] + "\n"
    assert block.group(1) == shown


def tour() -> list[str]:
    """The README tour's prompt lines, each as the prompt and the command (no comment)."""
    part = README.split("\n## A fight in ten lines\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```text\n(.*?)```", part, re.S)
    assert block, "the README lacks its tour"
    lines = block.group(1).splitlines()
    assert lines[0] == "$ momenta run encounters/demo.yaml"
    return [line.split("  # ", 1)[0].rstrip() for line in lines[1:]]


def test_the_readme_tour_types_the_walkthrough_and_status():
    commands = [line.split("> ", 1)[1] for line in tour()]
    assert [c for c in commands if c != "status"] == [entry[0] for entry in TYPED]
    assert "status" in commands


def test_the_readme_tour_shows_the_prompts_the_prompt_shows(tmp_path):
    """Typed at the prompt the tour shows (a pipe: nothing is asked), every command is
    accepted, after the very prompt the tour gives it."""
    lines = tour()
    output = run_demo(tmp_path, [line.split("> ", 1)[1] for line in lines]).splitlines()
    assert not [line for line in output if line.startswith("!")]  # nothing refused
    at = 0
    for line in lines:
        assert line in output[at:], line
        at = output.index(line, at) + 1
