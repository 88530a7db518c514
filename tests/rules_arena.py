"""A shared encounter for the Wound, Provoked, Surprise and clearing tests (no tests
here): Kira (10 Vitality, 5 Strain), a Regular Orc and a two-turn Champion Troll."""

from __future__ import annotations

from momenta_cli.engine.core import Session
from tests.engine_helpers import session_from

ENCOUNTER = """
name: Rules arena
weapons:
  - {name: Club, weight: Medium, attribute: POW, tags: [Crushing, Melee 1],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
combatants:
  - name: Kira
    side: allies
    attributes: {POW: 3, AGI: 2, REA: 1, INS: 2, PRE: 2, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 10
    max_guard: 0
    max_vigor: 7
    max_strain: 5
    weapons: [Club]
  - name: Orc
    side: adversaries
    threat: Regular
    attributes: {POW: 3, AGI: 1, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 30
    attacks:
      - {name: Axe, pool: 3, tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - name: Troll
    side: adversaries
    threat: Champion
    turns: 2
    attributes: {POW: 4, AGI: 1, LUCK: 2, SPD: 5, SEN: 10, SIZE: 1L}
    max_vitality: 60
"""


def arena() -> Session:
    return session_from(ENCOUNTER)
