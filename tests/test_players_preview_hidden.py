"""A ``?`` preview typed in the players' view is decided on the fight as the players know
it (R20 Hidden; engine/core/players.py ``known``): a Hidden adversary's reaction is not listed
on the way, the path does not walk round it, and no cover reason names it. The GM's own
preview is unchanged."""

from __future__ import annotations

import pytest

from tests.conftest import invoke, started

pytestmark = pytest.mark.usefixtures("home")

YARD = """
name: Hidden on the way
weapons:
  - {name: Boar Spear, weight: Heavy, attribute: POW, tags: [Piercing, Melee 2],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
map:
  rows: |
    .......
    A..W..Z
    .......
combatants:
"""
WHO = """  - name: {name}
    side: {side}
    attributes: {{POW: 2, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 4,
                 SIZE: 1M}}
    max_vitality: 20
    weapons: [Boar Spear]
    mark: {mark}
"""


@pytest.fixture
def fight(tmp_path):
    text = YARD + "".join(WHO.format(name=n, side=s, mark=m) for n, s, m in (
        ("Aa", "allies", "A"), ("Ww", "adversaries", "W"), ("Zz", "adversaries", "Z")))
    text = text.replace("    mark: W\n", "    mark: W\n    conditions: {Hidden: 1}\n")
    enc = tmp_path / "hidden.yaml"
    enc.write_text(text)
    return started(enc, "turn aa", "quit")


def test_the_players_preview_of_a_move_lists_no_reaction_of_a_hidden_adversary(fight):
    """R35 + R20: Ww (Hidden) would Intercept at B2; the players' preview lists only
    Zz's reaction and walks straight through, as their ``path`` does."""
    r = invoke("do", fight, "--players", "-q", "--no-color", "move aa to f2 ?")
    assert r.exit_code == 0, r.output
    assert "Ww" not in r.output
    assert "Zz may Intercept" in r.output
    assert "A2 -> B2 -> C2 -> D2 -> E2 -> F2" in r.output


def test_the_gm_preview_of_the_same_move_lists_the_hidden_adversary(fight):
    """The GM's view is the fight as it is: Ww's Intercept is listed (R35)."""
    r = invoke("do", fight, "-q", "--no-color", "move aa to f2 ?")
    assert r.exit_code == 0, r.output
    assert "Ww may Intercept" in r.output
