"""The README's "At the table" walkthrough is a real session, not a drawing of one: the
block between its markers is exactly what ``momenta run`` prints for the answers below
(issue 12 Must show: the walkthrough re-recorded with the questions), so a change in
what the prompt asks or prints shows up here first."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

# What the GM typed, line by line: commands at the prompt and answers to its questions.
TYPED = [
    "turn bran",
    "attack gorm with longsword at edge",
    "6",  # Brannoc's die, rolled at the table
    "next gorm",
    "attack brannoc with cudgel ?",
    "attack brannoc with cudgel",
    "dodge",
    "",  # Gorm's dice: the tracker rolls
    "3",  # Brannoc's Dodge die, rolled at the table
    "y",  # Brace
    "undo",
    "end",
    "quit",
]


def test_the_walkthrough_is_what_the_prompt_prints(tmp_path):
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters",
                    ignore=shutil.ignore_patterns("*.jsonl", "*.lock"))
    enc = tmp_path / "encounters" / "demo.yaml"
    r = invoke("run", enc, "--new", "--seed", "3", "--width", "80", "--no-color", "--ask",
               input="\n".join(TYPED) + "\n")
    assert r.exit_code == 0, r.output
    block = re.search(r"<!-- walkthrough:start -->\n```text\n(.*?)```\n"
                      r"<!-- walkthrough:end -->", README, re.S)
    assert block, "README lacks the walkthrough block"
    shown = r.output[r.output.index("Round 1 · main phase"):]  # from the first headline
    shown = shown.split("\nFight saved in", 1)[0] + "\n"
    assert block.group(1) == shown
