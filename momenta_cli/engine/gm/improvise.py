"""Combatants made up at the table (``add NAME [vit N] [guard N] [pool N] [threat CLASS]``):
an enemy stat block (R7) built from a few numbers, with the defaults a stat block of that
threat class gets when the file gives nothing but the class (encounter/build.py
``maxima``: R6 with every attribute 0, R7 per class)."""

from __future__ import annotations

from dataclasses import replace

from momenta_cli.engine.attack import UNARMED  # ch19: carried by everyone
from momenta_cli.engine.core import (
    ATTRIBUTES,
    BASE_ATTRIBUTES,
    ENEMY_TURNS,
    ENEMY_WOUNDS,
    CombatantSpec,
    DamageTable,
    EncounterSpec,
    WeaponSpec,
    Weight,
    enemy_vitality_strain,
)

DEFAULT_SIDE = "adversaries"
DEFAULT_THREAT = "Grunt"
ROLLING_THREAT = "Regular"  # the class of one given a pool but no class: a Grunt never rolls
DEFAULT_POOL = 3  # a Regular or better rolls its printed pool (R7); a Grunt never rolls
MAX_POOL = 20
MAX_STAT = 999
# data/weapons.yaml's Unarmed Attack, for an encounter built without it (tests, old caches)
_UNARMED = WeaponSpec(UNARMED, DamageTable((1, 3, 6, 9)), Weight.Light, "either",
                      ("Crushing",))
# every attribute 0 but SPD and SEN (R6), BODY, MIND and SOUL too (their sums)
_ATTRIBUTES = {a: BASE_ATTRIBUTES.get(a, 0) for a in ATTRIBUTES}


def default_vitality(threat: str) -> int:
    """Max Vitality of a stat block that gives only its threat class (R6, R7)."""
    return enemy_vitality_strain(threat, 0, 0, 0)[0]


def default_strain(threat: str) -> int:
    """Max Strain likewise (R6, R7)."""
    return enemy_vitality_strain(threat, 0, 0, 0)[1]


def improvised_spec(encounter: EncounterSpec, threat: str, vitality: int, guard: int,
                    pool: int) -> CombatantSpec:
    """The stat block of an improvised combatant (named and sided by ``respec``): an enemy
    of ``threat`` with every attribute 0 (SPD 5, SEN 10), no Vigor, the class's turns and
    Wound slots, and one attack, the Unarmed Attack, rolling ``pool`` (none for a Grunt,
    which never rolls)."""
    unarmed = encounter.weapons.get(UNARMED, _UNARMED)
    attack = replace(unarmed, pool=None if threat == "Grunt" else pool)
    return CombatantSpec(
        name="", side=DEFAULT_SIDE, attributes=dict(_ATTRIBUTES), threat=threat,
        max_vitality=vitality, max_guard=guard, max_vigor=0,
        max_strain=default_strain(threat), max_resolve=0, consumables=0,
        wound_slots=ENEMY_WOUNDS[threat], burden_slots=0, turns=ENEMY_TURNS[threat],
        weapons=(attack,), notes="improvised at the table",
    )
