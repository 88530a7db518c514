"""The scripted rope-bridge fight (encounters/rope-bridge-brawl.*) replayed through the CLI
with --json: Surge (ch19, R26), Feint, Grab, Shake It Off (R29), Shove ending the grab
(ch19 Grab), an Elite's scripted Parry (R7), Catch Your Breath and Steady Yourself (R25),
a fall (R23) and swimming costs (R24)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momenta_cli.cli.app import app

pytest.importorskip("momenta_cli.language.attack_verbs")

ROOT = Path(__file__).parent.parent / "encounters"
ENC = str(ROOT / "rope-bridge-brawl.yaml")
SCRIPT = str(ROOT / "rope-bridge-brawl.script")


def _replay(seed: int) -> dict:
    result = CliRunner().invoke(app, ["replay", ENC, SCRIPT, "--seed", str(seed), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def doc() -> dict:
    return _replay(1)


def _who(doc: dict, name: str) -> dict:
    return next(c for c in doc["combatants"] if c["name"] == name)


def _text(doc: dict) -> list[str]:
    return [t for entry in doc["log"] for t in entry["text"]]


def test_final_numbers(doc):
    sable, pell, warden, troll = (_who(doc, n) for n in ("Sable", "Pell", "Warden", "Troll"))
    # Sable: hit to 1, Catch Your Breath +10 (half of 21) for 1 Resolve, Steady Yourself
    # cleared the 4 Strain of her Surge.
    assert (sable["vitality"], sable["resolve"], sable["strain"]) == (11, 9, 0)
    # Pell: fall 5 - AGI 3 = 2 squares = 4 damage, a draught +6 (capped at 18), 1 from the
    # cudgel after Guard; one consumable spent; 2 Strain from a 1-point Surge.
    assert (pell["vitality"], pell["consumables"], pell["strain"]) == (17, 1, 2)
    assert pell["conditions"] == {}
    # Warden: the Feint's Vulnerable 1 added a die and then cleared; 11 damage.
    assert warden["vitality"] == 13 and warden["conditions"] == {}
    assert troll["vitality"] == 28
    assert doc["round"] == 4


def test_log_shows_each_maneuver(doc):
    text = _text(doc)
    for line in (
        "Sable surges: Vigor 3->5 for 4 Strain",
        "Warden defends: Parry (1 of 1 this round)",
        "Pell gains Grabbed 2 from Troll",
        "Pell: Shake It Off (2 Vigor: 7->5)",
        "Pell: Grabbed 2->1",
        "Troll's grab on Pell ends (shoved apart, Grabbed 1 removed)",
        "Sable: Vitality 1->11 (Catch Your Breath)",
        "Pell falls 5 squares; AGI 3 leaves 2: 4 untyped damage",
        "Pell: Use Consumable (2 Vigor: 7->5)",
        "Pell reacts: Dodge (4 Vigor: 5->1)",
        "Sable: Strain 4->0 (Steady Yourself)",
    ):
        assert line in text, line


def test_typed_rolls_make_the_seed_irrelevant(doc):
    assert _replay(77) == doc
