"""Damage (ch20 Attacking steps 3-4, Damage Types, Resistance and Weakness; R3, R8, R9):
tiers by net successes, Guard before Vitality, resistance and weakness, damage types."""

from __future__ import annotations

import pytest

from momenta_cli.engine.harm import reaching, resist_weak, soak
from tests.attack_yard import mace_yard, rolled, yard
from tests.engine_helpers import log_text, run, session_from
from tests.test_maneuver_support import refused

AXE = """
name: Axe
weapons:
  - name: Holy Flaming Axe
    weight: Heavy
    tags: [Slashing, Radiant, Fire, Melee 1]
    damage: {0s: 20, 1s: 20, 2s: 20, 3+: 20}
combatants:
  - {name: Kira, side: allies, attributes: {POW: 3}, weapons: [Holy Flaming Axe]}
  - {name: Plain, side: adversaries, max_vitality: 60, max_guard: 5}
  - {name: Fireproof, side: adversaries, max_vitality: 60, max_guard: 5,
     resistances: [Fire]}
  - {name: Holyweak, side: adversaries, max_vitality: 60, max_guard: 5,
     weaknesses: [Radiant]}
  - {name: Both, side: adversaries, max_vitality: 60, max_guard: 5, resistances: [Fire],
     weaknesses: [Radiant]}
"""


@pytest.mark.parametrize("target, lost", [("Plain", 15), ("Fireproof", 7),
                                          ("Holyweak", 30), ("Both", 15)])
def test_chapter_20_axe_example(target, lost):
    # ch20 Resistance and Weakness, Kira's example: 20 damage against 5 Guard puts 15 past
    # Guard; resistance to Fire only halves it to 7, weakness to Radiant only doubles it to
    # 30, both cancel (R9). Solid Hit is off here (faces without a pair).
    s = session_from(AXE)
    run(s, "turn kira", f"attack {target} roll 1,2,3")
    t = s.state.get(target)
    assert t.guard == 0 and 60 - t.vitality == lost


def test_mace_tiers_open_ended_at_three_plus():
    # ch20 Attacking, the mace stat block: 2 / 7 / 13 / 20, and 3+ covers four successes.
    s = mace_yard()
    run(s, "turn kira", "attack wyrm roll 5,5,6,6")  # 4 successes (pairs -> Solid Hit)
    hit = [e for e in s.entries[-1].events if e.kind == "attack_damage"][0]
    assert hit.tier == 20


def test_chapter_20_axe_example_arithmetic():
    # ch20 Resistance and Weakness: 20 damage vs 5 Guard -> 15 past Guard; resistance only
    # halves (R4 rounds down), weakness only doubles, both cancel out (R9).
    past = 20 - soak(5, 20)
    assert past == 15
    assert resist_weak(past, True, False) == 7
    assert resist_weak(past, False, True) == 30
    assert resist_weak(past, True, True) == 15
    assert resist_weak(past, False, False) == 15


def test_soak_never_exceeds_the_damage_or_the_guard():
    # ch20 step 4: Guard absorbs first, up to its value; no Guard absorbs nothing.
    assert soak(5, 3) == 3
    assert soak(2, 9) == 2
    assert soak(0, 9) == 0
    assert soak(-1, 9) == 0


def test_guard_soaks_damage_before_vitality():
    # ch20 step 4 / R8: Guard first, only the rest reaches Vitality.
    s = yard()
    run(s, "turn kira", "end", "turn gorm", "attack kira", faces=[5, 1, 2])  # 1s: 6
    k = s.state.get("Kira")
    assert (k.guard, k.vitality) == (0, 21 - 4)


def test_resistance_halves_only_what_gets_past_guard():
    # ch20 Resistance and Weakness: applied to the Vitality portion only (R8 order).
    s = yard()
    run(s, "turn kira", "attack vessa with firebolt", faces=[5, 6])  # 2s: 10
    assert s.state.get("Vessa").guard == 0
    assert s.state.get("Vessa").vitality == 24 - (10 - 3) // 2


def test_weakness_doubles_and_resistance_with_weakness_cancel():
    # ch20 multiple damage types / R9: some weakness, no resistance doubles; both cancel.
    s = yard()
    run(s, "turn kira", "attack gorm with shock", faces=[5, 1])  # Lightning, 1s: 5
    assert s.state.get("Gorm").vitality == 22 - 10
    s = yard()
    run(s, "turn kira", "attack vessa with flame", faces=[5, 1, 2])  # Fire + Radiant
    assert s.state.get("Vessa").vitality == 24 - (9 - 3)
    assert any("resistance (Fire) and weakness (Radiant) cancel" in t for t in log_text(s))


def test_penetrating_attacks_skip_guard():
    # R8 / R21: Guard does not soak a Penetrating attack.
    s = yard()
    run(s, "turn kira", "attack vessa with awl", faces=[5, 1, 2])  # 1s: 4
    v = s.state.get("Vessa")
    assert (v.guard, v.vitality) == (3, 24 - 4)


def test_strain_attacks_skip_guard_and_resistance_and_fill_strain():
    # ch20: Strain ignores Guard; R9: and resistance, weakness, locations, Solid Hit.
    s = yard()
    run(s, "turn kira", "attack vessa with mind", faces=[5, 5])  # 2s: 6 Strain
    v = s.state.get("Vessa")
    assert (v.strain, v.guard, v.vitality) == (6, 3, 24)


def test_untyped_damage_skips_guard():
    # R8, R23: Guard does not soak untyped damage (a fall, or the GM's 'dmg ... untyped');
    # every attack has a damage type (ch20 Damage Types), checked when the file loads.
    s = yard()
    run(s, "dmg vessa 4 untyped")
    v = s.state.get("Vessa")
    assert (v.guard, v.vitality) == (3, 24 - 4)


def test_an_either_or_tag_takes_the_type_the_attacker_names():
    # Tracker calls: of Slashing/Piercing the attacker picks one per attack.
    s = yard()
    run(s, "turn kira", "attack gorm as piercing", faces=[1, 1, 2])
    assert rolled(s).types == ("Piercing",)


def test_a_thrown_dagger_is_piercing():
    # Tracker calls: a thrown Dagger is Piercing.
    s = yard()
    run(s, "turn kira", "attack gorm with dagger thrown", faces=[1, 1, 1])  # POW 3
    assert rolled(s).types == ("Piercing",) and rolled(s).mode == "ranged"
    refused(s, "attack gorm with dagger thrown as slashing", "Piercing")


def test_a_type_the_weapon_lacks_is_refused():
    # ch20 Damage Types: the weapon sets its types.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack gorm with awl as fire", "Piercing")


@pytest.mark.parametrize("tier, bonus, guard, flags, expected", [
    # R9: Strain is the tier alone, whatever the Guard, Solid Hit, sides or Brace
    (6, 4, 5, dict(resisted=True, weak=False, brace=True, strain=True), (0, 6, False)),
    # ch20 step 4, R5: Guard soaks the tier and Solid Hit together, then R9 halves
    (6, 4, 3, dict(resisted=True, weak=False, brace=False, strain=False), (3, 3, False)),
    # ch19 Brace: a resistance only when damage is left after Guard
    (6, 0, 6, dict(resisted=False, weak=False, brace=True, strain=False), (6, 0, False)),
    (6, 0, 2, dict(resisted=False, weak=True, brace=True, strain=False), (2, 4, True)),
])
def test_reaching_is_the_one_damage_arithmetic(tier, bonus, guard, flags, expected):
    assert reaching(tier, bonus, guard, **flags) == expected
