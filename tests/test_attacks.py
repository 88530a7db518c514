"""Attack resolution (ch20 Attacking; R2-R9, R18-R21; ch19 Basic Attack, Feint, Grab,
Shove). Dice: the attack's faces first, then the defense's (tests/attack_yard.py)."""

from __future__ import annotations

import pytest

from momenta_cli.errors import MomentaError
from tests.attack_yard import MACE_YARD, mace_yard, pool_parts, rolled, yard
from tests.engine_helpers import log_text, run
from tests.test_maneuver_support import refused

# --- the basic flow: pool, tier, Guard, Vitality, Vigor -----------------------------------


def test_basic_attack_rolls_pow_and_deals_the_tier_of_its_successes():
    # ch20 steps 1-3: pool = POW for a POW weapon; 2 successes -> the 2s tier (11).
    # ch19 Basic Attack: 2 Vigor.
    s = yard()
    run(s, "turn kira", "attack gorm with longsword", faces=[5, 6, 1])
    assert pool_parts(s) == {"POW": 3}
    assert rolled(s).net == 2
    assert s.state.get("Gorm").vitality == 22 - 11
    assert s.state.get("Kira").vigor == 7 - 2


def test_the_first_weapon_listed_is_used_when_none_is_named():
    # ch19 Basic Attack: "an equipped weapon"; the tracker takes the first listed.
    s = yard()
    run(s, "turn kira", "attack gorm", faces=[1, 1, 2])
    assert rolled(s).weapon == "Longsword"


def test_enemy_attacks_roll_the_printed_pool_and_pay_no_vigor():
    # R7: enemies roll their printed pool and pay with their maneuver count, not Vigor.
    s = yard()
    run(s, "turn kira", "end", "turn gorm", "attack wren", faces=[1, 1, 1])
    assert pool_parts(s) == {"pool": 3}
    assert s.state.get("Gorm").maneuvers == 1


def test_a_grunt_never_rolls_and_scores_one_success():
    # R7: a Grunt's attack always has exactly 1 success; no die is rolled.
    s = yard()
    run(s, "turn kira", "end", "turn footpad", "attack kira", faces=[])
    assert rolled(s).roll.how == "auto" and rolled(s).net == 1
    assert s.state.get("Kira").vitality == 21 - (4 - 2)  # Shiv 1s = 4, Guard 2


def test_typing_a_grunts_roll_is_refused():
    # R7: a Grunt never rolls.
    s = yard()
    run(s, "turn kira", "end", "turn footpad")
    refused(s, "attack kira roll=6,6", "Grunt", "R7")


def test_cumbersome_weapons_cost_three_vigor():
    # R21: each attack with a Cumbersome weapon costs 3 Vigor.
    s = yard()
    run(s, "turn kira", "attack gorm with great maul", faces=[1, 2, 3])
    assert s.state.get("Kira").vigor == 7 - 3
    assert s.state.get("Gorm").vitality == 22 - 6  # 0s tier still hits


def test_an_attack_costing_more_vigor_than_left_is_refused():
    # R24: cost above current Vigor -> refused, nothing changes.
    s = yard()
    run(s, "turn kira", "set kira vigor 1")
    refused(s, "attack gorm", "Vigor", "R24")


def test_attacks_are_maneuvers_on_ones_own_turn():
    # ch19 Maneuvers: taken during one's turn.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack wren gorm", "own turn")


def test_an_enemy_gets_its_maneuvers_per_turn_and_no_more():
    # R7: a Move plus `maneuvers` others per turn (Gorm has 2).
    s = yard()
    run(s, "turn kira", "end", "turn gorm", "attack wren", "attack wren",
        faces=[1, 1, 1, 1, 1, 1])
    refused(s, "attack wren", "R7")


def test_a_defeated_or_hidden_target_cannot_be_attacked_nor_oneself():
    # R11 Defeated is out of the fight; R20 a Hidden target cannot be targeted.
    s = yard()
    run(s, "defeat footpad", "cond vessa hidden", "turn kira")
    refused(s, "attack footpad", "Defeated")
    refused(s, "attack vessa", "Hidden", "R20")
    refused(s, "attack kira", "itself")


# --- opposed rolls, pool floor, typed results -----------------------------------------------


def test_net_successes_subtract_the_defense_and_never_go_below_zero():
    # R3: net = attacker - defender, minimum 0.
    s = yard()
    run(s, "turn kira", "end", "turn gorm", "attack wren dodge", faces=[5, 1, 1, 5, 6, 1])
    assert rolled(s).net == 0
    assert s.state.get("Wren").vitality == 19 - (2 - 1)  # 0s tier 2, Guard 1


def test_a_pool_of_zero_rolls_two_dice_and_keeps_the_lowest():
    # R2: 0 or fewer dice -> roll 2d6, keep the lowest.
    s = yard()
    run(s, "turn wren", "attack gorm with spear", faces=[6, 4])
    r = rolled(s).roll
    assert r.pool == 0 and r.kept == (4,) and r.successes == 0


def test_typed_successes_and_faces_replace_the_roll():
    # R1: the GM may type the faces or just the successes.
    s = yard()
    run(s, "turn kira", "attack gorm roll 2s", faces=[])
    assert rolled(s).roll.how == "typed" and rolled(s).net == 2
    refused(s, "attack gorm roll=5,5", "expected 3 faces")


# --- Solid Hit (R5) ---------------------------------------------------------------------------


def test_a_pair_of_equal_faces_adds_its_face_to_an_allys_damage():
    # R5: 1+ net successes and a pair of equal faces N adds N (default: allies only).
    s = yard()
    run(s, "turn kira", "attack gorm", faces=[5, 5, 1])
    assert s.state.get("Gorm").vitality == 22 - (11 + 5)


def test_each_pair_adds_and_a_die_counts_in_one_pair_only():
    # R5: each die in one pattern only: 6,6,6 is one pair of 6s; 5,5,6,6 two pairs.
    s = yard()
    run(s, "turn kira", "attack vessa", faces=[6, 6, 6])
    assert _damage(s).solid == 6
    run(s, "cond vessa vulnerable", "attack vessa", faces=[5, 5, 6, 6])
    assert _damage(s).solid == 11


def _damage(s):
    return next(e for e in s.entries[-1].events if e.kind == "attack_damage")


def test_no_solid_hit_without_faces_or_without_net_successes():
    # R5: typed successes show no pattern; 0 net successes get no bonus.
    s = yard()
    run(s, "turn kira", "attack gorm roll=2s", faces=[])
    assert s.state.get("Gorm").vitality == 22 - 11
    run(s, "attack vessa defend", faces=[5, 5, 1, 5, 6, 1])  # 2 - 2 = 0 net
    assert s.state.get("Vessa").vitality == 24 - 0  # 0s: 2, all soaked by Guard 3


def test_solid_hit_is_for_allies_unless_the_setting_says_everyone():
    # R5 setting solid_hit: default allies; "everyone" gives enemies the bonus too.
    s = yard()
    run(s, "turn kira", "end", "turn gorm", "attack wren", faces=[6, 6, 1])
    assert s.state.get("Wren").vitality == 19 - (11 - 1)
    s = yard("{solid_hit: everyone}")
    run(s, "turn kira", "end", "turn gorm", "attack wren", faces=[6, 6, 1])
    assert s.state.get("Wren").vitality == 19 - (11 + 6 - 1)


# --- resistance, weakness, Penetrating, Strain ----------------------------------------------


# --- damage types (ch20 Damage Types, Tracker calls) -----------------------------------------


# --- ranges, cover, obscured, hidden (R18, R20) ------------------------------------------------


def test_ranged_penalties_by_distance():
    # R18: adjacent -1d; up to SEN none; beyond SEN -1d; beyond the maximum no attack.
    s = yard()
    run(s, "turn kira", "attack gorm with shortbow adjacent", faces=[1, 1])
    assert pool_parts(s) == {"AGI": 2, "armour": -1, "adjacent": -1}
    run(s, "attack gorm with shortbow dist 12", faces=[1])
    assert pool_parts(s) == {"AGI": 2, "armour": -1}
    run(s, "set kira vigor 7", "attack gorm with shortbow dist 15", faces=[1, 1])
    assert pool_parts(s)["beyond SEN"] == -1
    refused(s, "attack gorm with shortbow dist 21", "Range 20", "R18")


def test_when_sen_covers_the_range_there_is_no_penalty_adjacent_included():
    # ch20 Melee vs. Ranged Attacks, R18: SEN >= the maximum range -> no penalty at any
    # distance within it, adjacent included (Kira: SEN 12, dagger Range 5).
    s = yard()
    run(s, "turn kira", "attack gorm with dagger dist 5", faces=[1, 1, 1])
    assert "beyond SEN" not in pool_parts(s)
    run(s, "attack gorm with dagger thrown adjacent", faces=[1, 1, 1])
    assert "adjacent" not in pool_parts(s)


def test_the_older_adjacent_penalty_call_is_a_setting():
    # R18 setting adjacent_penalty_when_sen_covers: the earlier call keeps -1d adjacent.
    s = yard("{adjacent_penalty_when_sen_covers: true}")
    run(s, "turn kira", "attack gorm with dagger thrown adjacent", faces=[1, 1])
    assert pool_parts(s)["adjacent"] == -1


def test_sen_short_of_the_range_keeps_the_adjacent_penalty():
    # R18: with SEN below the maximum range, adjacent -1d still applies (Kira SEN 12,
    # shortbow Range 20).
    s = yard()
    run(s, "turn kira", "attack gorm with shortbow adjacent", faces=[1, 1])
    assert pool_parts(s)["adjacent"] == -1


def test_shrouded_attackers_see_one_square():
    # Condition table, Shrouded: SEN counts as 1 (so any ranged shot past 1 is beyond SEN).
    s = yard()
    run(s, "cond kira shrouded", "turn kira", "attack gorm with shortbow dist 3", faces=[1, 1])
    assert pool_parts(s)["beyond SEN"] == -1


def test_melee_attacks_need_reach():
    # ch20 Melee N: any target within the reach; R28: the GM states the distance.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack gorm with longsword dist 2", "reaches 1")
    run(s, "attack gorm with lash dist 2", faces=[1])


def test_obscured_targets_cost_two_dice_and_hidden_attackers_gain_two():
    # R20: obscured -2d; a Hidden attacker +2d and the attack reveals it.
    s = yard()
    run(s, "cond kira hidden", "turn kira", "attack gorm obscured", faces=[1, 1, 1])
    assert pool_parts(s) == {"POW": 3, "Hidden": 2, "obscured": -2}
    assert not s.state.get("Kira").has("Hidden")


# --- conditions that change pools (condition table) ---------------------------------------------


def test_impaired_and_hindered_attackers_lose_dice():
    # Condition table: Impaired -1d per stack on every roll; Hindered -1d own attacks.
    s = yard()
    run(s, "cond kira impaired +2", "cond kira hindered", "turn kira", "attack gorm",
        faces=[1, 1])
    assert pool_parts(s) == {"POW": 3, "Impaired": -2, "Hindered": -1}


def test_attacks_against_hindered_targets_gain_a_die():
    # Condition table, Hindered: +1d to attacks against it.
    s = yard()
    run(s, "cond gorm hindered", "turn kira", "attack gorm", faces=[1, 1, 1, 1])
    assert pool_parts(s)["target Hindered"] == 1


def test_vulnerable_adds_a_die_per_stack_to_the_next_roll_then_clears():
    # Condition table, Vulnerable: the next attack that rolls against it gets +1d per
    # stack, then every stack clears.
    s = yard()
    run(s, "cond gorm vulnerable +2", "turn kira", "attack gorm", faces=[1, 1, 1, 1, 1])
    assert pool_parts(s)["target Vulnerable"] == 2
    assert not s.state.get("Gorm").has("Vulnerable")


def test_a_grunts_attack_does_not_use_up_vulnerable():
    # Vulnerable waits for an attack that rolls; a Grunt never rolls (R7).
    s = yard()
    run(s, "cond kira vulnerable", "turn kira", "end", "turn footpad", "attack kira",
        faces=[])
    assert s.state.get("Kira").has("Vulnerable")


def test_provoked_attackers_lose_two_dice_against_anyone_but_the_provoker():
    # Condition table, Provoked: -2d on hostile rolls against anyone but the provoker.
    s = yard()
    run(s, "cond kira provoked from Vessa", "turn kira", "attack gorm", faces=[1])
    assert pool_parts(s)["Provoked"] == -2
    run(s, "attack vessa", faces=[1, 1, 1])
    assert "Provoked" not in pool_parts(s)


# --- Feint, Grab, Shove (ch19) --------------------------------------------------------------------


def test_feint_gives_vulnerable_equal_to_net_successes_instead_of_damage():
    # ch19 Feint: Vulnerable N, N = successes (max 3); no damage.
    s = yard()
    run(s, "turn kira", "feint gorm", faces=[5, 6, 1])
    g = s.state.get("Gorm")
    assert g.stacks("Vulnerable") == 2 and g.vitality == 22
    assert s.state.get("Kira").vigor == 5


def test_feint_needs_a_melee_weapon():
    # ch19 Feint: a Basic Attack with a melee weapon.
    s = yard()
    run(s, "turn kira")
    refused(s, "feint gorm with shortbow", "melee")


def test_a_frightened_attacker_is_reminded_of_its_fear():
    # Condition table, Frightened: may not melee-attack the source (a reminder for the GM).
    s = yard()
    run(s, "cond kira frightened from Gorm", "turn kira", "attack vessa", faces=[1, 1, 1])
    assert any(e.kind == "reminder" and "Frightened" in e.text
               for e in s.entries[-1].events)


# --- Area attacks (R22, Tracker calls) ------------------------------------------------------


def test_an_area_weapon_rolls_once_and_each_target_defends_on_its_own():
    # R22 (ours): one attack roll for a weapon; each target's net and damage on its own.
    s = yard()
    run(s, "turn kira", "attack gorm with firebomb for vessa for wren dodge",
        faces=[5, 6, 1, 5, 1, 1])
    rolls = [e for e in s.entries[-1].events if e.kind == "attack_rolled"]
    assert [r.target for r in rolls] == ["Gorm", "Vessa", "Wren"]
    assert all(r.roll.faces == (5, 6, 1) for r in rolls)
    assert [r.net for r in rolls] == [2, 2, 1]
    assert s.state.get("Gorm").vitality == 22 - 8
    assert s.state.get("Vessa").vitality == 24 - (8 - 3) // 2  # Guard, then Fire resisted
    assert s.state.get("Wren").vitality == 19 - (5 - 1)
    assert s.state.get("Kira").vigor == 7 - 2  # one maneuver for the whole area


def test_an_area_spell_rolls_for_each_target():
    # R22 (ours, draft 24): spells roll per target; a target's own roll may be typed.
    s = yard()
    run(s, "turn kira", "attack gorm with fireball for vessa roll 0s", faces=[5, 6])
    rolls = [e for e in s.entries[-1].events if e.kind == "attack_rolled"]
    assert [r.net for r in rolls] == [2, 0]


def test_an_area_attack_reaches_hidden_creatures_and_ignores_cover_but_not_edges():
    # R20: area attacks still reach Hidden targets; Tracker calls: Area is Imprecise and
    # Seeking (Mass only, cover ignored).
    s = yard()
    run(s, "cond gorm hidden", "turn kira", "attack gorm with firebomb cover", faces=[1, 1, 1])
    refused(s, "attack gorm with firebomb at edge", "Imprecise")


def test_one_area_roll_leaves_out_each_targets_own_bonuses():
    # R22 (ours): a shared roll takes no target's Hindered or Vulnerable dice, and uses up
    # no Vulnerable.
    s = yard()
    run(s, "cond gorm vulnerable +2", "cond vessa hindered", "turn kira",
        "attack gorm with firebomb for vessa", faces=[1, 1, 1])
    assert pool_parts(s, 0) == {"POW": 3}
    assert s.state.get("Gorm").stacks("Vulnerable") == 2


def test_several_targets_need_an_area_attack_and_a_weapon_area_is_typed_once():
    # R22: only an Area attack affects several creatures; a weapon's one roll is typed once.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack gorm for vessa", "not an Area attack")
    refused(s, "attack gorm with firebomb for vessa roll 2s", "once")
    refused(s, "attack gorm with firebomb for gorm", "twice")


def test_weapon_not_carried_is_refused_without_change():
    # ch19 Basic Attack: "an equipped weapon".
    s = mace_yard()
    run(s, "turn kira")
    before = s.state.clone()
    with pytest.raises(MomentaError, match="no weapon"):
        run(s, "attack wyrm with greataxe")
    assert s.state == before


def test_free_gm_modifier_changes_the_pool():
    # R2: a free +Nd/-Nd the GM types joins the pool and is listed in the log.
    s = mace_yard()
    run(s, "turn kira", "attack wyrm +1d roll 5,6,1,1,1")  # POW 4 + 1 = 5 dice
    assert any("= 5d [5,6,1,1,1] 2s" in t for t in log_text(s))
    with pytest.raises(MomentaError):
        run(s, "attack wyrm -2d roll 5,6,1,1")  # 2 dice wanted, 4 typed: refused


def test_grab_feint_shove_cap_at_three():
    # ch19 Grab/Feint/Shove: N = successes, maximum 3; Grab adds up to 3 on later turns.
    s = mace_yard(MACE_YARD.replace("attributes: {POW: 4, AGI: 1}",
                                    "attributes: {POW: 5, AGI: 5}"))
    run(s, "turn kira", "feint wyrm with mace roll 5,5,5,5,6")
    assert s.state.get("Wyrm").stacks("Vulnerable") == 3
    run(s, "grab blob roll 5,6,1,1,1")
    assert s.state.get("Blob").stacks("Grabbed") == 2
    run(s, "end", "turn wyrm", "end", "turn blob", "end")  # Blob is an enemy: no roll (R30)
    run(s, "turn kira", "grab blob roll 5,6,5,1,1")
    assert s.state.get("Blob").stacks("Grabbed") == 3
