"""Loading good encounter files: derived values, stat blocks, includes, weapons."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter, load_encounter_text
from momenta_cli.engine.core import DamageTable, Weight
from momenta_cli.errors import EncounterError

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def party():
    return load_encounter(FIXTURES / "party.yaml")


def by_name(enc, name):
    return next(c for c in enc.combatants if c.name == name)


def test_source_is_the_path_as_given(party):
    assert party.source == str(FIXTURES / "party.yaml")
    assert party.description.startswith("The PCs")


def test_pc_derivations(party):
    # R6 and REFERENCE-NUMBERS "Characters": BODY = POW + AGI, MIND = REA + INS,
    # SOUL = PRE + LUCK; Vitality (BODY+3)x3, Strain MIND+SOUL+3, Resolve SOUL+8, Vigor 7.
    kira = by_name(party, "Kira")
    assert (kira.attr("BODY"), kira.attr("MIND"), kira.attr("SOUL")) == (5, 2, 3)
    assert (kira.attr("SPD"), kira.attr("SEN"), kira.size) == (5, 12, "1M")  # R31 default
    assert kira.max_vitality == (5 + 3) * 3
    assert kira.max_strain == 2 + 3 + 3
    assert kira.max_resolve == 3 + 8
    assert (kira.max_vigor, kira.consumables, kira.burden_slots) == (7, 2, 3)
    assert kira.wound_slots == 4  # R10 setting pc_wound_slots, overridden in rules:
    assert kira.max_guard == 2 and kira.armor_penalty == 1
    assert kira.threat is None and kira.turns == 1 and not kira.is_enemy


def test_given_values_override_derivations(party):
    # R6: pregenerated sheets differ from the formulas; BODY given directly wins.
    pregen = by_name(party, "Pregen")
    assert pregen.attr("BODY") == 3
    assert pregen.max_vitality == 21
    assert pregen.max_resolve == 12


def test_grunt_defaults(party):
    # R7: a Grunt has 10 Vitality, 4 Strain, no Vigor, no Wound slots, one turn.
    grunt = by_name(party, "Footpad-1")
    assert grunt.is_enemy and grunt.threat == "Grunt"
    assert (grunt.max_vitality, grunt.max_strain, grunt.max_vigor) == (10, 4, 0)
    assert (grunt.wound_slots, grunt.burden_slots, grunt.max_resolve) == (0, 0, 0)
    assert (grunt.turns, grunt.maneuvers, grunt.consumables) == (1, 1, 0)


def test_champion_takes_two_turns_and_uses_pc_formulas(party):
    # R7: Champion 2 turns, 2 Wound slots; Vitality given, Strain from the formula.
    cantor = by_name(party, "The Cantor")
    assert cantor.threat == "Champion"
    assert (cantor.turns, cantor.wound_slots) == (2, 2)
    assert cantor.max_vitality == 26
    assert cantor.max_strain == (2 + 4) + (4 + 2) + 3
    assert cantor.side == "independents"
    assert cantor.defenses[0].against == "any" and cantor.defenses[0].uses == 1


@pytest.mark.parametrize("threat,turns,wounds",
                         [("Regular", 1, 0), ("Elite", 1, 1), ("Nemesis", 3, 3)])
def test_threat_class_defaults(threat, turns, wounds):
    # R7: turns 1/1/1/2/3 and Wound slots 0/0/1/2/3 by threat class.
    enc = load_encounter_text(f"name: T\ncombatants:\n  - {{name: E, side: adversaries, "
                              f"threat: {threat}}}\n")
    enemy = enc.combatants[0]
    assert (enemy.turns, enemy.wound_slots, enemy.max_vigor) == (turns, wounds, 0)


def test_count_stamps_out_numbered_names(party):
    names = [c.name for c in party.combatants]
    assert names[2:5] == ["Footpad-1", "Footpad-2", "Footpad-3"]


def test_stat_block_with_overrides(party):
    thug = by_name(party, "Thug")
    assert thug.threat == "Regular" and thug.side == "adversaries"
    assert thug.max_vitality == 18  # overridden
    assert thug.max_strain == 6  # from the block
    assert thug.weapon("mace") is not None
    assert [loc.name for loc in thug.locations] == ["Mass", "Edge", "Lantern"]


def test_physical_expands_to_the_three_physical_types(party):
    # ch20 Resistance and Weakness: Physical = Slashing, Piercing, Crushing.
    assert by_name(party, "Thug").resistances == {"Slashing", "Piercing", "Crushing"}


def test_encounter_damage_types_and_conditions(party):
    kira = by_name(party, "Kira")
    assert kira.weaknesses == {"Sonic"}
    assert kira.conditions == (("Slowed", 1),)
    assert by_name(party, "The Cantor").conditions == (("Bleeding", 2),)
    assert party.extra_conditions == (
        ("Bleeding", 3, "auto", (), "lose 2 Vitality at end of turn"),)


def test_start_values_allow_over_guard(party):
    assert by_name(party, "Kira").start == {"vitality": 15, "guard": 5}


def test_hit_locations(party):
    # R19: default Mass, Edge -2d, Mark -3d; Mass is added when a list omits it.
    kira = by_name(party, "Kira")
    assert [(loc.name, loc.penalty) for loc in kira.locations] == [
        ("Mass", 0), ("Edge", 2), ("Mark", 3)]
    lantern = by_name(party, "Thug").location("Lantern")
    assert lantern is not None and lantern.penalty == 1 and lantern.wound_effect == "Bleeding"


def test_edge_penalty_follows_the_rules_block():
    enc = load_encounter_text("name: T\nrules: {edge_penalty: 1}\n"
                              "combatants: [{name: A, side: allies}]\n")
    assert enc.combatants[0].location("Edge").penalty == 1
    assert enc.settings.edge_penalty == 1


def test_mace_from_chapter_20():
    # ch20 Attacking: Mace (Crushing, Melee 1), Medium, POW, 0s 2 / 1s 7 / 2s 13 / 3+ 20.
    mace = load_encounter(FIXTURES / "party.yaml").weapons["Mace"]
    assert mace.damage == DamageTable((2, 7, 13, 20))
    assert (mace.weight, mace.attribute, mace.melee, mace.range) == (Weight.Medium, "POW", 1,
                                                                      None)
    assert mace.damage_types == ("Crushing",)
    assert [mace.damage.damage(n) for n in range(6)] == [2, 7, 13, 20, 20, 20]


def test_damage_table_with_overflow(party):
    # R3: the last tier is open-ended, plus overflow per success above it.
    spear = by_name(party, "Pregen").weapon("Spear")
    assert spear.damage == DamageTable((2, 6, 11), overflow=3)
    assert spear.damage.damage(4) == 11 + 3 * 2
    assert spear.melee == 2


def test_weapon_tags(party):
    # R21: Melee N, Range N, flags, damage type options, other tags kept as text.
    longsword = party.weapons["Longsword"]
    assert longsword.type_options == ("Slashing", "Piercing")
    assert longsword.damage_types == () and longsword.has("Deflect")
    bow = party.weapons["Shortbow"]
    assert (bow.melee, bow.range, bow.attribute) == (None, 20, "AGI")
    shield = party.weapons["Heater Shield"]
    assert shield.has("Shield") and shield.attribute == "POW" and shield.melee == 1
    enc = load_encounter_text("name: T\nweapons:\n  - {name: Hook, tags: [Piercing, Melee 2, "
                              "Range 4, Telegraphed, penetrating], damage: {0s: 1, 1+: 2}}\n"
                              "combatants: [{name: A, side: allies, weapons: [Hook]}]\n")
    hook = enc.weapons["Hook"]
    assert (hook.melee, hook.range, hook.damage_types) == (2, 4, ("Piercing",))
    assert hook.other_tags == ("Telegraphed",) and hook.flags == {"Penetrating"}


def test_unarmed_attack_is_carried_by_everyone(party):
    for c in party.combatants:
        unarmed = c.weapon("Unarmed Attack")
        assert unarmed is not None
        assert unarmed.damage.tiers == (1, 3, 6, 9) and unarmed.weight is Weight.Light
    kira = by_name(party, "Kira")
    assert [w.name for w in kira.weapons] == ["Longsword", "Heater Shield", "Unarmed Attack"]


def test_unarmed_attack_can_be_replaced():
    enc = load_encounter_text(
        "name: T\ncombatants:\n  - name: Monk\n    side: allies\n    weapons:\n"
        "      - {name: Unarmed Attack, tags: [Crushing], damage: {0s: 2, 1+: 5}}\n")
    assert [w.damage.tiers for w in enc.combatants[0].weapons] == [(2, 5)]


def test_enemy_attacks_have_a_pool():
    enc = load_encounter(FIXTURES / "ambush.yaml")
    archer = enc.combatants[0]
    assert archer.weapon("Bite").pool == 3
    assert archer.weapon("Shortbow").pool is None


def test_include_used_by_two_files(party):
    ambush = load_encounter(FIXTURES / "ambush.yaml")
    assert ambush.weapons["Mace"] == party.weapons["Mace"]
    assert set(ambush.stat_blocks) == set(party.stat_blocks) == {"Bandit", "Cantor"}


def test_include_in_text_uses_base_dir():
    enc = load_encounter_text("name: T\ninclude: [lib/shared.yaml]\n"
                              "combatants: [{name: A, side: allies, weapons: [Mace]}]\n",
                              base_dir=FIXTURES)
    assert enc.source == "<string>"
    assert enc.combatants[0].weapon("Mace") is not None


def test_stat_blocks_load(party):
    bandit = party.stat_blocks["Bandit"]
    assert bandit.name == "Bandit" and bandit.max_vitality == 22
    assert party.stat_blocks["Cantor"].side == "adversaries"  # no side in the block


def test_rules_block_overrides_settings(party):
    assert party.settings.solid_hit == "everyone"
    assert party.settings.success_face == 5


def test_aliases_are_allowed():
    enc = load_encounter_text("name: T\ncombatants:\n"
                              "  - {name: A, side: allies, resistances: &r [Fire, Cold]}\n"
                              "  - {name: B, side: allies, resistances: *r}\n")
    assert enc.combatants[1].resistances == {"Fire", "Cold"}


def test_text_problems_name_the_given_name():
    with pytest.raises(EncounterError) as info:
        load_encounter_text("name: T\ncombatants: [{name: A}]\n", name="inline.yaml")
    assert info.value.problems == [
        "inline.yaml:2:14: combatants[0].side: required field is missing "
        "(give it here or in the stat block)"]


@pytest.mark.parametrize("written, size", [("1T", "1T"), ("1s", "1S"), ("1M", "1M"),
                                           ("1L", "1L"), ("1", "1M"), ("2", "2"),
                                           ("'3'", "3"), ("12", "12")])
def test_size_is_read_as_the_draft_writes_it(written, size):
    # R31 (draft 05): 1T < 1S < 1M < 1L < 2 < 3 ...; a bare 1 reads as 1M.
    enc = load_encounter_text("name: T\ncombatants:\n  - {name: A, side: allies, "
                              f"attributes: {{SIZE: {written}}}}}\n")
    assert enc.combatants[0].size == size


def test_size_shows_as_written():
    # R31: `show` prints SIZE the way the draft writes it.
    from rich.console import Console

    from momenta_cli.render import encounter_view

    enc = load_encounter_text("name: T\ncombatants:\n  - {name: Ogg, side: adversaries, "
                              "attributes: {SIZE: 2}}\n  - {name: Pip, side: allies, "
                              "attributes: {SIZE: 1s}}\n")
    c = Console(width=80, file=io.StringIO(), markup=False)
    c.print(encounter_view(enc))
    out = c.file.getvalue()
    assert "SPD 5 SEN 10 SIZE 2" in out and "SPD 5 SEN 10 SIZE 1S" in out
