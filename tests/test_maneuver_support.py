"""Shared encounter and helpers for the maneuver and condition tests (no tests here)."""

from __future__ import annotations

from momenta_cli.engine.core import Session
from tests.engine_helpers import kinds, refused, run, session_from

ENCOUNTER = """
name: Maneuver yard
conditions:
  - {name: Bleeding, cap: 3, clear: auto, effect: "lose 2 Vitality at end of turn"}
combatants:
  - name: Kira
    side: allies
    attributes: {POW: 3, AGI: 2, REA: 1, INS: 1, PRE: 2, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 21
    max_vigor: 7
    max_strain: 10
    resolve: 12
    consumables: 2
  - name: Mira
    side: allies
    attributes: {POW: 1, AGI: 3, REA: 2, INS: 1, PRE: 1, LUCK: 2, SPD: 6, SEN: 14, SIZE: 1S}
    max_vitality: 18
    max_vigor: 7
    max_strain: 9
  - name: Nul
    side: allies
    attributes: {POW: 2, AGI: 2, REA: 0, INS: 0, SPD: 1, SEN: 10, SIZE: 1M}
    max_vitality: 12
    max_vigor: 7
    max_strain: 4
  - name: Ogre
    side: adversaries
    threat: Regular
    attributes: {POW: 5, AGI: 0, SPD: 4, SEN: 8, SIZE: 2}
    max_vitality: 30
  - name: Thug
    side: adversaries
    threat: Regular
    maneuvers: 2
    attributes: {POW: 2, AGI: 1, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 20
"""


def yard() -> Session:
    return session_from(ENCOUNTER)


__all__ = ["ENCOUNTER", "kinds", "refused", "run", "yard"]
