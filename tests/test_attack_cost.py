"""The engine's shared answers to "what does this attack cost" and "why does Guard soak
nothing" (engine/attack/resolution.py ``attack_cost``, engine/harm/damage.py
``unsoaked``): the attack command charges them, and the simulator's policies ask the same
functions."""

from __future__ import annotations

import pytest

from momenta_cli.engine.attack import attack_cost
from momenta_cli.engine.harm import damage
from momenta_cli.errors import RuleError
from momenta_cli.simulate.view import attack_cost as policy_cost
from tests.engine_helpers import run, session_from

YARD = """
name: Costs
weapons:
  - {name: Sword, tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2+: 11}}
  - {name: Maul, tags: [Crushing, Melee 1, Cumbersome], damage: {0s: 3, 1s: 9, 2+: 15}}
  - {name: Awl, tags: [Piercing, Melee 1, Penetrating], damage: {0s: 1, 1s: 4, 2+: 8}}
  - {name: Bolt, attribute: INS, tags: [Cold, Range 12, Spell], cost: 3,
     damage: {0s: 2, 1s: 6, 2+: 10}}
  - {name: Spark, attribute: INS, tags: [Fire, Range 12, Spell], damage: {0s: 2, 1+: 6}}
combatants:
  - {name: Kira, side: allies, attributes: {POW: 3, INS: 3}, max_vigor: 9,
     weapons: [Sword, Maul, Awl, Bolt, Spark]}
  - name: Gorm
    side: adversaries
    threat: Regular
    max_vitality: 60
    attacks: [{name: Cudgel, pool: 3, tags: [Crushing, Melee 1], damage: {0s: 2, 1+: 6}}]
"""


def weapons():
    s = session_from(YARD)
    return s, {w.name: w for w in s.state.fighters["Kira"].spec.weapons}


@pytest.mark.parametrize("weapon, maneuver, stated, cost", [
    ("Sword", "Basic Attack", None, 2),  # ch19 Maneuvers: 2 Vigor
    ("Maul", "Basic Attack", None, 3),  # R21 Cumbersome
    ("Sword", "Counterattack", None, 2),  # ch19 Reactions: a reactive attack, 2
    ("Maul", "Counterattack", None, 3),  # R21: reactions too
    ("Bolt", "Basic Attack", None, 3),  # ch19 Cast a Spell: the spell's own cost
    ("Bolt", "Basic Attack", 5, 5),  # the GM's stated cost wins
    ("Spark", "Basic Attack", None, 2),  # ch19 Maneuvers: a spell with no cost pays 2
])
def test_attack_cost(weapon, maneuver, stated, cost):
    _, ws = weapons()
    assert attack_cost(ws[weapon], maneuver, stated) == cost


def test_a_stated_cost_is_for_spells_only():
    # ch19 Cast a Spell: only a spell's cost may be stated; every other cost is fixed
    _, ws = weapons()
    with pytest.raises(RuleError, match="only a spell's cost"):
        attack_cost(ws["Sword"], "Basic Attack", 3)


@pytest.mark.parametrize("weapon, cost", [("Sword", 2), ("Maul", 3), ("Bolt", 3)])
def test_the_attack_command_charges_attack_cost(weapon, cost):
    # ch19 Maneuvers (2 Vigor), R21 (Cumbersome 3), ch19 Cast a Spell (its own cost)
    s, ws = weapons()
    run(s, "turn kira", f"attack gorm with {weapon}")
    kira = s.state.fighters["Kira"]
    assert kira.spec.max_vigor - kira.vigor == cost == attack_cost(ws[weapon])
    assert policy_cost(s.state.fighters["Kira"], ws[weapon]) == cost


def test_an_enemy_pays_its_attacks_with_maneuvers_not_vigor():
    """R7: the simulator's cost of an enemy attack is 0 Vigor."""
    s, _ = weapons()
    gorm = s.state.fighters["Gorm"]
    assert policy_cost(gorm, gorm.spec.weapons[0]) == 0


@pytest.mark.parametrize("weapon, types, why", [
    ("Awl", ("Piercing",), "Penetrating"),  # ch20 step 4: Penetrating skips Guard
    ("Sword", (), "untyped"),  # R9: untyped damage is not soaked
    ("Sword", ("Slashing",), ""),
])
def test_unsoaked(weapon, types, why):
    _, ws = weapons()
    assert damage.unsoaked(ws[weapon], types) == why
