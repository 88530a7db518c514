"""Shared arena for the forced-movement order and drag-preview tests (no tests here):
Pusher (allies, Longsword) at D4 next to Kn (a Grunt, 10 Vitality) at E4, a pit 4
deep at G4, Spear (allies) with a Boar Spear (Melee 2); squares and Pusher's SIZE
given by each test. The turn is Pusher's."""

from __future__ import annotations

from momenta_cli.engine.core import Session
from tests.engine_helpers import run, session_from

ARENA = """
name: Order arena
weapons:
  - {name: Boar Spear, weight: Medium, attribute: POW, tags: [Piercing, Melee 2],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Longsword, weight: Medium, attribute: POW, tags: [Slashing, Melee 1],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
map:
  rows: |
    ##############
    #............#
    #............#
    #.....4......#
    #............#
    #............#
    #............#
    ##############
combatants:
  - name: Spear
    side: allies
    attributes: {POW: 4, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 10}
    max_vitality: 20
    weapons: [Boar Spear]
    at: @spear
  - name: Pusher
    side: allies
    attributes: {POW: 4, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 10,
                 SIZE: @size}
    max_vitality: 20
    weapons: [Longsword]
    at: @pusher
  - name: Kn
    side: adversaries
    threat: Grunt
    attributes: {POW: 1, AGI: 1, REA: 0, INS: 0, PRE: 0, LUCK: 1, SPD: 5, SEN: 10}
    attacks:
      - {name: Shiv, weight: Light, tags: [Piercing, Melee 1],
         damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
    at: @kn
"""


def arena(spear: str, pusher: str = "D4", kn: str = "E4", size: str = "1M") -> Session:
    text = ARENA
    for key, value in (("spear", spear), ("pusher", pusher), ("kn", kn), ("size", size)):
        text = text.replace(f"@{key}", value)
    s = session_from(text)
    run(s, "turn pusher")
    return s
