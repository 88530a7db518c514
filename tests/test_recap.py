"""The Markdown recap is campaign notes (issue 11 item 8): a heading per round, round 1
included, with the turns and what mattered (Wounds, Defeats, new conditions, notes, big
hits), the state at the end, and the command log only with ``--full``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.render.log_export import as_markdown
from tests.conftest import invoke, started

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ["cult-shrine", "duel-at-the-ford", "demo"]


def replayed(name: str) -> Session:
    """A shipped fight played from its script as ``momenta replay`` plays it (seed 1)."""
    s = Session(load_encounter(ROOT / "encounters" / f"{name}.yaml"))
    roller = SeededRoller(1)
    for raw in (ROOT / "encounters" / f"{name}.script").read_text().splitlines():
        if raw.strip() and not raw.lstrip().startswith("#"):
            run_line(s, raw, roller)
    return s


@pytest.mark.parametrize("name", SHIPPED)
def test_the_recap_has_a_heading_per_round_and_a_line_per_wound(name):
    s = replayed(name)
    md = as_markdown(s)
    headings = re.findall(r"^## Round (\d+)", md, re.M)
    assert headings == [str(n) for n in range(1, s.state.round + 1)], md
    assert "## Command log" not in md
    events = [e for entry in s.entries for e in entry.events]
    wounds = [e for e in events if e.kind == "wound_taken"]
    told = re.findall(r"^- .*\b(?:Wound|Burden) \d+/\d+ \(", md, re.M)
    assert len(told) == len(wounds)
    assert all(e.name in md for e in wounds)
    downs = [e for e in events if e.kind == "fighter_down"]
    assert md.count(": Defeated") + md.count(": Lost") >= len(downs)
    assert "\\[" not in md.split("## At the end")[0]  # faces are not escaped
    assert md.split("## Round 1\n\n")[1].startswith("- Turns: ")


def test_a_wound_is_listed_under_its_round():
    # duel-at-the-ford: Oren's Shortbow hit fills the Warden's only Wound slot in round 2.
    md = as_markdown(replayed("duel-at-the-ford"))
    round2 = md.split("## Round 2")[1].split("## ")[0]
    assert re.search(r"Shortbow \(Piercing\) AGI 3d `\[6,5,5\]` 3s", round2)  # as written
    assert re.search(r"Oren -> The Warden: Shortbow .*Vitality 9->0: Wound 1/1 \(Impaired\) "
                     r"\+ Faltering, Vitality refilled to 26, 13 carried over -> 13", round2)


def test_the_recap_keeps_notes_conditions_and_leaves_the_routine_out(enc):
    fight = started(enc, "turn bran", "note the door bursts open", "cond gorm hindered",
                    "dmg knife-1 2", "dmg gorm 8", "next")
    md = invoke("log", fight, "-f", "md").output
    round1 = md.split("## Round 1")[1].split("## At the end")[0]
    assert "- Turns: Brannoc, Gorm." in round1
    assert "- Note: the door bursts open" in round1
    assert "- Gorm gains Hindered 1" in round1
    assert "- Gorm: Vitality 22->14 (damage)" in round1  # 8 of 22: a big hit
    assert "Knife-1" not in round1  # 2 of 10: routine


def test_full_adds_the_command_log(enc):
    fight = started(enc, "turn bran", "attack gorm with longsword", "end")
    short = invoke("log", fight, "-f", "md").output
    full = invoke("log", fight, "-f", "markdown", "--full").output
    assert full.startswith(short.rstrip("\n"))
    log = full.split("## Command log")[1]
    assert "### Round 1" in log
    for cmd in ("turn bran", "end"):
        assert f"- `{cmd}`" in log
    # the complete command, its dice written: the line a GM copies into a script
    assert re.search(r"- `attack gorm with longsword dice \d(,\d)*`", log), log
    assert re.search(r"  - Brannoc -> Gorm: Longsword .*`\[[\d,]+\]`", log)
