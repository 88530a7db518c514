"""Shared encounter and helpers for the attack and reaction tests (no tests here).

Dice order with a QueueRoller: a Counterattack's dice first, then the attack's, then the
defense's, then any Wound d6 of a PC.
"""

from __future__ import annotations

from momenta_cli.engine.core import Session
from tests.engine_helpers import session_from

ENCOUNTER = """
name: Attack yard
weapons:
  - {name: Longsword, weight: Medium, attribute: POW, tags: [Slashing/Piercing, Melee 1, Deflect],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Rapier, weight: Light, attribute: AGI, tags: [Slashing/Piercing, Melee 1, Deflect],
     damage: {0s: 1, 1s: 5, 2s: 10, 3+: 15}}
  - {name: Buckler, weight: Light, attribute: shield, tags: [Crushing, Melee 1, Shield],
     damage: {0s: 1, 1s: 3, 2s: 6, 3+: 9}}
  - {name: Dagger, weight: Light, attribute: either, tags: [Slashing/Piercing, Melee 1, Range 5],
     damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
  - {name: Shortbow, weight: Medium, attribute: AGI, tags: [Piercing, Range 20],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Great Maul, weight: Superheavy, attribute: POW,
     tags: [Crushing, Melee 1, Cumbersome, Imprecise], damage: {0s: 6, 1s: 16, 2s: 28, 3+: 40}}
  - {name: Pavise, weight: Heavy, attribute: shield, tags: [Crushing, Melee 1, Shield, Cumbersome],
     damage: {0s: 2, 1s: 4, 2s: 7, 3+: 11}}
  - {name: Firebomb, weight: Light, attribute: POW, tags: [Fire, Range 10, Area],
     damage: {0s: 2, 1s: 5, 2s: 8, 3+: 12}}
  - {name: Fireball, attribute: INS, tags: [Fire, Range 12, Area, Spell],
     damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
  - {name: Spear, weight: Medium, attribute: POW, tags: [Piercing, Melee 2, Reflexive],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Flame Axe, weight: Heavy, attribute: POW, tags: [Slashing, Radiant, Fire, Melee 1],
     damage: {0s: 3, 1s: 9, 2s: 17, 3+: 20}}
  - {name: Awl, weight: Light, attribute: POW, tags: [Piercing, Melee 1, Penetrating],
     damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
  - {name: Lash, weight: Light, attribute: AGI, tags: [Slashing, Melee 2, Indefensible],
     damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
  - {name: Mind Spike, attribute: INS, tags: [Psychic, Range 12, Indefensible, Spell],
     damage: {0s: 2, 1s: 4, 2s: 6, 3+: 9}, strain: true}
  - {name: Firebolt, attribute: INS, tags: [Fire, Range 12, Spell],
     damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
  - {name: Shock Touch, attribute: INS, tags: [Lightning, Melee 1, Spell, Touch],
     damage: {0s: 1, 1s: 5, 2s: 9, 3+: 13}}
combatants:
  - name: Kira
    side: allies
    attributes: {POW: 3, AGI: 2, REA: 1, INS: 2, PRE: 2, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 21
    max_guard: 2
    max_vigor: 7
    armor_penalty: 1
    weapons: [Longsword, Dagger, Shortbow, Great Maul, Flame Axe, Awl, Lash, Mind Spike,
              Firebolt, Shock Touch, Pavise, Firebomb, Fireball]
    archetype: Warrior   # R37: the yard's reaction tests Deflect and Counterattack
  - name: Wren
    side: allies
    attributes: {POW: 0, AGI: 3, REA: 2, INS: 1, PRE: 3, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 19
    max_guard: 1
    max_vigor: 7
    weapons: [Rapier, Buckler, Spear]
    archetype: Warrior
  - name: Gorm
    side: adversaries
    threat: Regular
    maneuvers: 2
    attributes: {POW: 2, AGI: 1, REA: 0, INS: 1, PRE: 1, LUCK: 2, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 22
    max_guard: 0
    weaknesses: [Lightning]
    attacks:
      - {name: Cudgel, pool: 3, tags: [Crushing, Melee 1], damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
    hit_locations: [Mass, {name: Edge, wound_effect: Hindered}, Mark]
  - name: Vessa
    side: adversaries
    threat: Elite
    attributes: {POW: 3, AGI: 2, REA: 1, INS: 2, PRE: 2, LUCK: 2, SPD: 5, SEN: 11, SIZE: 1M}
    max_vitality: 24
    max_guard: 3
    max_strain: 9
    resistances: [Fire]
    weaknesses: [Radiant]
    attacks:
      - {name: Saber, pool: 4, tags: [Slashing, Melee 1], damage: {0s: 3, 1s: 8, 2s: 15, 3+: 22}}
    defenses:
      - {name: Parry, pool: 3, against: melee, uses: 1}
  - name: Footpad
    side: adversaries
    threat: Grunt
    attacks:
      - {name: Shiv, weight: Light, tags: [Piercing, Melee 1],
         damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
    defenses:
      - {name: Duck, pool: 2, against: any, uses: 1}
"""


# Kira with the chapter 20 mace against a Wyrm with a Tail location and an all-Mass Blob.
MACE_YARD = """
name: Yard
weapons:
  - name: Mace
    weight: Medium
    tags: [Crushing, Melee 1]
    damage: {0s: 2, 1s: 7, 2s: 13, 3+: 20}
combatants:
  - {name: Kira, side: allies, attributes: {POW: 4, AGI: 1}, weapons: [Mace]}
  - name: Wyrm
    side: adversaries
    max_vitality: 80
    hit_locations:
      - Mass
      - {name: Tail, penalty: 1, wound_effect: Hindered}
  - {name: Blob, side: adversaries, max_vitality: 80, hit_locations: [Mass]}
"""


def mace_yard(text: str = "") -> Session:
    """The mace yard, or ``text`` (a variant of MACE_YARD)."""
    return session_from(text or MACE_YARD)


def yard(rules: str = "") -> Session:
    """The yard; ``rules`` is a YAML ``rules:`` body such as ``"{solid_hit: everyone}"``."""
    text = ENCOUNTER if not rules else ENCOUNTER.replace(
        "name: Attack yard\n", f"name: Attack yard\nrules: {rules}\n")
    return session_from(text)


def rolled(session: Session, index: int = -1):
    """The ``index``-th attack_rolled event of the last command."""
    return [e for e in session.entries[-1].events if e.kind == "attack_rolled"][index]


def pool_parts(session: Session, index: int = -1) -> dict[str, int]:
    return dict(rolled(session, index).pool)


__all__ = ["ENCOUNTER", "MACE_YARD", "mace_yard", "pool_parts", "rolled", "yard"]
