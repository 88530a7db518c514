"""Reactions met by attacks (ch19 Reactions; R7, R21, R24, R27): Dodge, Deflect, enemy
scripted defenses, Counterattack, Brace, Intercept, Forestall. Dice: a Counterattack's
first, then the attack's, then the defense's (tests/attack_yard.py)."""

from __future__ import annotations

from tests.attack_yard import pool_parts, rolled, yard
from tests.engine_helpers import log_text, run
from tests.test_maneuver_support import refused


def gorms_turn(rules: str = ""):
    s = yard(rules)
    run(s, "turn kira", "end", "turn gorm")
    return s


# --- Dodge ---------------------------------------------------------------------------------


def test_dodge_costs_two_vigor_and_opposes_with_agi_less_armour():
    # ch19 Dodge: 2 Vigor, AGI; reference numbers: the armour AGI penalty applies to Dodge.
    s = gorms_turn()
    run(s, "attack kira dodge", faces=[5, 6, 1, 5])
    r = rolled(s)
    assert dict(r.defense_pool) == {"AGI": 2, "armour": -1}
    assert (r.defense, r.net) == ("Dodge", 1)
    assert s.state.get("Kira").vigor == 7 - 2


def test_dodge_without_enough_vigor_is_refused():
    # R24: a reaction costing more than current Vigor is refused.
    s = gorms_turn()
    run(s, "set kira vigor 1")
    refused(s, "attack kira dodge", "Vigor", "R24")


def test_surprised_or_broken_targets_cannot_dodge():
    # Condition table: Surprised and Broken forbid reactions.
    s = gorms_turn()
    run(s, "cond kira broken")
    refused(s, "attack kira dodge", "Broken")
    s = gorms_turn()
    run(s, "surprise wren")
    refused(s, "attack wren dodge", "Surprised")


def test_enemies_cannot_dodge_deflect_counter_or_brace():
    # R7: enemies take no reactions (only their scripted defenses).
    s = yard()
    run(s, "turn kira")
    for line in ("attack gorm dodge", "attack gorm deflect", "attack gorm counter",
                 "attack gorm brace"):
        refused(s, line, "enemy")


def test_indefensible_attacks_cannot_be_dodged_or_deflected():
    # ch19 Indefensible Attacks: no reactive defense.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack wren with lash dodge", "Indefensible")
    refused(s, "attack wren with lash deflect", "Indefensible")


# --- Deflect --------------------------------------------------------------------------------


def test_deflect_costs_one_vigor_and_rolls_the_weapons_attribute():
    # ch19 Deflect: 1 Vigor; oppose with the deflecting weapon's attribute (Rapier: AGI).
    s = yard()
    run(s, "turn kira", "attack wren with dagger deflect=rapier", faces=[5, 6, 1, 5, 1, 1])
    assert rolled(s).defense == "Deflect (Rapier)"
    assert dict(rolled(s).defense_pool) == {"AGI": 3}
    assert s.state.get("Wren").vigor == 7 - 1
    assert s.state.get("Wren").deflected == ["Rapier"]


def test_a_deflect_weapon_must_weigh_as_much_as_the_attacking_one():
    # ch19 Deflect: a Deflect weapon's weight class must equal or exceed the attacker's.
    s = gorms_turn()  # Cudgel: Medium; Rapier: Light
    refused(s, "attack wren deflect=rapier", "lighter")


def test_a_shield_deflects_any_weight_and_is_picked_when_nothing_else_can():
    # ch19 Deflect: the Shield tag needs no weight match.
    s = gorms_turn()
    run(s, "attack wren deflect", faces=[1, 1, 1, 5, 1])
    assert rolled(s).defense == "Deflect (Buckler)"
    assert dict(rolled(s).defense_pool) == {"POW": 0}  # shields roll POW (Tracker calls)


def test_each_weapon_deflects_once_until_its_wielders_next_turn():
    # R27: a weapon that Deflected cannot Deflect again until its wielder's turn starts.
    s = gorms_turn()
    run(s, "attack wren deflect=buckler", faces=[1, 1, 1, 1, 1])
    refused(s, "attack wren deflect=buckler", "R27")
    run(s, "end", "turn wren")
    assert s.state.get("Wren").deflected == []


def test_deflect_answers_melee_attacks_only():
    # ch19 Deflect: "when you are targeted by a melee attack".
    s = yard()
    run(s, "turn kira")
    refused(s, "attack wren with shortbow deflect", "melee")


def test_only_a_shield_deflects_a_spell():
    # ch19 Deflect, spell attacks: only weapons with the Shield tag.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack wren with shock deflect=rapier", "Shield")
    run(s, "attack wren with shock deflect=buckler", faces=[1, 1, 1, 1])


def test_cumbersome_deflect_costs_three():
    # R21: reactions with a Cumbersome weapon cost 3 Vigor.
    s = yard()
    run(s, "turn wren", "end", "turn gorm", "attack kira deflect=pavise",
        faces=[1, 1, 1, 1, 1, 1])
    assert s.state.get("Kira").vigor == 7 - 3


# --- enemies' scripted defenses (R7, Tracker calls) --------------------------------------------


def test_a_scripted_defense_opposes_its_kind_of_attack_with_its_pool():
    # R7: e.g. Parry 3d6 against melee; no Vigor.
    s = yard()
    run(s, "turn kira", "attack vessa defend", faces=[5, 6, 1, 5, 1, 2])
    r = rolled(s)
    assert (r.defense, dict(r.defense_pool), r.net) == ("Parry", {"pool": 3}, 1)
    assert s.state.get("Vessa").defense_uses == {"Parry": 1}
    assert "Vessa defends: Parry (1 of 1 this round)" in log_text(s)


def test_scripted_defenses_have_uses_per_round():
    # R7: usable a set number of times per round; a new round gives them back.
    s = yard()
    run(s, "turn kira", "attack vessa defend", faces=[1, 1, 1, 1, 1, 1])
    refused(s, "attack vessa defend", "used up", "R7")
    run(s, "end", "turn gorm", "end", "turn wren", "end", "turn vessa", "end",
        "turn footpad", "end", "turn kira")
    assert s.state.round == 2
    run(s, "attack vessa defend=par", faces=[1, 1, 1, 1, 1, 1])


def test_a_melee_defense_does_not_stop_a_ranged_attack():
    # R7: scripted defenses oppose only the kinds of attack in `against`.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack vessa with shortbow defend", "melee")


def test_a_grunts_defense_scores_one_success_without_rolling():
    # R7: a Grunt never rolls.
    s = yard()
    run(s, "turn kira", "attack footpad defend", faces=[5, 6, 1])
    assert rolled(s).defense_roll.how == "auto" and rolled(s).net == 1


def test_only_enemies_have_scripted_defenses_and_not_while_surprised():
    # R7; Tracker calls: what forbids reactions forbids scripted defenses.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack wren defend", "only enemies")
    run(s, "surprise vessa")
    refused(s, "attack vessa defend", "Surprised")


# --- one reaction per trigger (R27) ----------------------------------------------------------


def test_a_counterattack_and_a_defense_cannot_answer_the_same_attack():
    # R27: Dodge, Deflect and Counterattack share the "targeted" trigger.
    s = gorms_turn()
    refused(s, "attack wren dodge counter", "R27")


def test_a_defense_roll_without_a_defense_is_refused():
    s = gorms_turn()
    refused(s, "attack wren def=5", "no defense")


# --- Counterattack -----------------------------------------------------------------------------


def test_a_counterattack_resolves_first_then_the_attack_in_full():
    # ch19 Counterattack: 2 Vigor, a Basic Attack on the attacker, resolved first.
    s = gorms_turn()
    run(s, "attack wren counter with rapier", faces=[5, 6, 1, 5, 1, 2])
    counter, attack = rolled(s, 0), rolled(s, 1)
    assert (counter.maneuver, counter.attacker, counter.target) == ("Counterattack",
                                                                     "Wren", "Gorm")
    assert attack.attacker == "Gorm" and attack.net == 1
    assert s.state.get("Gorm").vitality == 22 - 10
    assert s.state.get("Wren").vitality == 19 - (6 - 1)
    assert s.state.get("Wren").vigor == 7 - 2


def test_the_attack_resolves_even_if_the_counterattack_defeated_the_attacker():
    # R27 (ours): the triggering attack resolves in full even if its attacker is Defeated.
    s = gorms_turn()
    run(s, "set gorm vitality 5", "attack wren counter with rapier",
        faces=[5, 6, 1, 5, 1, 2])
    assert s.state.get("Gorm").defeated
    assert s.state.get("Wren").vitality == 19 - (6 - 1)


def test_a_counterattack_answers_melee_and_must_reach():
    # ch19 Counterattack: targeted by a melee attack; the melee weapon must reach.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack wren with shortbow counter", "melee")
    refused(s, "attack wren with lash dist 2 counter with rapier", "reaches 1")
    run(s, "attack wren with lash dist 2 counter with spear", faces=[1, 1, 1])


def test_the_counterattack_takes_its_own_options():
    # The words after 'counter' describe the Counterattack: location, dice, defense.
    s = yard()
    run(s, "turn wren", "end", "turn vessa",
        "attack wren counter with rapier at edge roll 5 defend def 1,1,1", faces=[1, 1, 1, 1])
    counter = rolled(s, 0)
    assert counter.location == "Edge" and counter.defense == "Parry" and counter.net == 1
    assert s.state.get("Vessa").has("Hindered")


# --- Brace -----------------------------------------------------------------------------------


def test_brace_halves_the_damage_and_breaks_the_bracer_for_free():
    # ch19 Brace: free; resistance to the attack; the bracer becomes Broken.
    s = gorms_turn()
    run(s, "attack wren brace", faces=[5, 6, 1])
    w = s.state.get("Wren")
    assert w.vitality == 19 - (11 - 1) // 2 and w.has("Broken") and w.vigor == 7


def test_brace_may_follow_a_dodge_and_meets_indefensible_attacks():
    # R27: Brace is another trigger, so it can follow a Dodge; ch19: allowed vs Indefensible.
    s = gorms_turn()
    run(s, "attack wren dodge brace", faces=[5, 6, 1, 1, 1, 1])
    assert s.state.get("Wren").has("Broken") and s.state.get("Wren").vigor == 5
    s = yard()
    run(s, "turn kira", "attack wren with lash brace", faces=[5])
    assert s.state.get("Wren").has("Broken")


def test_brace_and_weakness_cancel():
    # R9: Brace (resistance) and a Mark hit (weakness) cancel out.
    s = yard()
    run(s, "turn kira", "attack wren at mark brace", faces=[5, 6])  # 0d: keep 5 -> 1s
    assert s.state.get("Wren").vitality == 19 - (6 - 1)


def test_no_brace_when_no_damage_reaches_vitality():
    # ch19 Brace: "about to take damage"; all of it soaked by Guard leaves nothing to Brace.
    s = gorms_turn()
    run(s, "attack kira roll=0s brace", faces=[])  # 0s: 2, Guard 2
    assert not s.state.get("Kira").has("Broken")


def test_brace_is_refused_against_grabs():
    # ch19 Brace: about to take damage; Grab, Shove and Feint deal none. (Against Strain
    # it is accepted and does nothing: tests/test_strain_locations.py.)
    s = yard()
    run(s, "turn kira")
    refused(s, "grab wren brace", "deals none")


# --- the first reason that applies (refusals name the real reason) -----------------------


def test_a_broken_defender_hears_it_is_broken_before_its_weapons_are_judged():
    # ch19 Brace / condition table: Broken takes no reactions; that is the reason to give,
    # not that its buckler already deflected (R27).
    s = gorms_turn()
    run(s, "attack wren deflect=buckler", faces=[1, 1, 1, 1, 1])
    run(s, "cond wren broken")
    msg = refused(s, "attack wren deflect=buckler", "Wren is Broken")
    assert "already" not in msg
    refused(s, "attack wren dodge", "Wren is Broken")
    refused(s, "attack wren brace", "Wren is Broken")


def test_a_broken_combatant_cannot_counter_whatever_its_weapon():
    # ch19 Reactions: a Broken one cannot react, before any question of reach.
    s = gorms_turn()
    run(s, "cond wren broken")
    refused(s, "attack wren counter with spear dist 5", "Wren is Broken")


def test_an_enemy_that_is_broken_hears_it_before_the_attack_kind():
    # R7 and Tracker calls: no scripted defenses while Broken, whatever the attack.
    s = yard()
    run(s, "cond vessa broken", "turn kira")
    refused(s, "attack vessa with shortbow defend", "Vessa is Broken")


# --- Intercept and Forestall ---------------------------------------------------------------------


def test_intercept_is_a_two_vigor_reactive_basic_attack():
    # ch19 Intercept: 2 Vigor, a Basic Attack with an equipped melee weapon.
    s = gorms_turn()
    run(s, "move 3", "intercept wren gorm with rapier", faces=[5, 1, 2])
    assert rolled(s).maneuver == "Intercept" and s.state.get("Wren").vigor == 5
    assert s.state.get("Gorm").vitality == 22 - 5


def test_forestall_needs_a_reflexive_melee_weapon():
    # ch19 Forestall: an equipped Reflexive melee weapon.
    s = gorms_turn()
    run(s, "move 2")
    refused(s, "forestall wren gorm with rapier", "Reflexive")
    run(s, "forestall wren gorm with spear dist 2", faces=[6, 6])
    assert pool_parts(s) == {"POW": 0}


def test_the_mover_may_defend_against_a_reactive_attack():
    # Intercept is an attack like any other: the enemy mover may use its defense.
    s = yard()
    run(s, "turn wren", "end", "turn vessa", "move 3", "intercept kira vessa defend",
        faces=[5, 6, 1, 5, 5, 6])
    assert rolled(s).net == 0


def test_reactive_attacks_name_both_sides():
    s = gorms_turn()
    refused(s, "intercept gorm", "both")


# --- what can trigger Intercept and Forestall (ch19 Movement, Reactions; R35) --------------


def test_no_reactive_attack_at_a_combatant_that_has_not_moved():
    # ch19 Reactions: Intercept answers a combatant moving into reach, Forestall one that
    # attempts to move; R35: the tracker refuses what cannot have triggered.
    s = gorms_turn()
    refused(s, "intercept wren gorm with rapier", "Gorm has not moved this turn",
            "Intercept")
    refused(s, "forestall wren gorm with spear", "Gorm has not moved or tried to move")


def test_a_shift_triggers_neither_intercept_nor_forestall():
    # ch19 Shift: "Does not trigger reactive attacks" (R35).
    s = yard()
    run(s, "turn kira", "shift 2")
    refused(s, "intercept wren kira", "Kira's last movement was a Shift", "ch19 Shift")
    refused(s, "forestall wren kira with spear", "last movement was a Shift")


def test_after_a_move_then_a_shift_the_shift_is_what_was_last():
    # ch19 Shift, R35: the reaction answers the movement just made; Kira Moved, then
    # Shifted, so the refusal says the last one was a Shift (a Move's Intercept is made
    # during the Move).
    s = yard()
    run(s, "turn kira", "move 1", "shift 1")
    refused(s, "intercept wren kira", "Kira's last movement was a Shift")


def test_forced_movement_triggers_intercept_but_never_forestall():
    # ch19 Movement: forced movement does not trigger Forestall, but can trigger
    # Intercept ("shoving an enemy into an ally's reach is a legitimate setup play").
    s = yard()
    run(s, "turn kira", "shove gorm roll 5,6,1")
    refused(s, "forestall wren gorm with spear", "forced", "never triggers Forestall")
    run(s, "intercept wren gorm with rapier", faces=[1, 1, 1])
    assert rolled(s).maneuver == "Intercept"


def test_one_reactive_attack_per_reactor_per_movement():
    # R35: Intercept once per reactor per movement; a new movement is a new trigger.
    s = gorms_turn()
    run(s, "move 2", "intercept wren gorm with rapier", faces=[1, 1, 1])
    refused(s, "intercept wren gorm with rapier", "Wren already made an Intercept", "R35")
    run(s, "intercept kira gorm with longsword", faces=[1, 1, 1])  # another reactor may
    run(s, "move 1", "intercept wren gorm with rapier", faces=[1, 1, 1])


def test_a_movement_belongs_to_its_turn():
    # ch19 Reactions: a reaction answers its trigger at once, not a turn later.
    s = gorms_turn()
    run(s, "move 2", "end", "turn wren")
    refused(s, "intercept kira gorm with longsword", "Gorm has not moved this turn")


def test_a_hidden_attacker_can_be_counterattacked():
    # R20: attacking reveals the Hidden attacker; ch19 Counterattack answers the attack.
    s = yard()
    run(s, "turn kira", "end", "turn gorm", "cond gorm hidden")
    run(s, "attack wren counter with rapier", faces=[5, 6, 1, 5, 1, 2, 1, 1])
    counter = rolled(s, 0)
    assert (counter.maneuver, counter.attacker, counter.target) == ("Counterattack",
                                                                     "Wren", "Gorm")
    assert pool_parts(s, 1) == {"pool": 3, "Hidden": 2}  # the bonus is kept (R20)
    assert not s.state.get("Gorm").has("Hidden")
    assert s.state.get("Gorm").vitality == 22 - 10


def test_forestall_and_intercept_are_two_triggers_of_one_movement():
    # ch19 Reactions, R35: Forestall answers the start of a movement, Intercept its coming
    # into reach: one reactor may take each once.
    s = gorms_turn()
    run(s, "move 2", "forestall wren gorm with spear", faces=[1, 1])
    run(s, "intercept wren gorm with rapier", faces=[1, 1, 1])
    refused(s, "forestall wren gorm with spear", "Wren already made a Forestall")


AREA_YARD = """
name: Sweep yard
weapons:
  - {name: Sweep, weight: Medium, attribute: POW, tags: [Slashing, Melee 1, Area],
     damage: {0s: 1, 1s: 2, 2s: 3, 3+: 4}}
  - {name: Knife, weight: Light, attribute: POW, tags: [Piercing, Melee 1],
     damage: {0s: 50, 1s: 50, 2s: 50, 3+: 50}}
combatants:
  - {name: Kira, side: adversaries, attributes: {POW: 3}, max_vitality: 5, wound_slots: 0,
     weapons: [Sweep]}
  - {name: Ann, side: allies, attributes: {POW: 3}, max_vitality: 20, weapons: [Knife],
     archetype: Warrior}
  - {name: Bob, side: allies, attributes: {POW: 3}, max_vitality: 20, weapons: [Knife],
     archetype: Warrior}
"""


def test_an_area_attack_goes_on_when_its_first_counterattack_defeats_the_attacker():
    # R27 (ours): the attack resolves in full even if a Counterattack Defeated its
    # attacker; a second Counterattack (ch19 Area: each target may answer) has no one left
    # to strike and is not made, costing nothing.
    from tests.engine_helpers import session_from

    s = session_from(AREA_YARD)
    run(s, "turn ann", "end", "turn kira")
    run(s, "attack ann counter for bob counter with sweep")
    kira, bob = s.state.get("Kira"), s.state.get("Bob")
    assert kira.defeated
    assert any("Bob's Counterattack is not made: Kira is already Defeated (R27)" in line
               for line in log_text(s)), log_text(s)
    assert bob.vigor == bob.spec.max_vigor  # Bob's reaction was never paid
    assert s.state.get("Ann").vitality < 20 and bob.vitality < 20  # the Sweep landed


def test_a_reactive_attack_past_its_weapons_reach_says_so_in_the_singular():
    # ch19 Intercept: "moves into reach" of an equipped melee weapon; the GM stated 3
    # squares (R28), the rapier reaches 1 square: no Intercept, worded "1 square".
    s = gorms_turn()
    run(s, "move 3")
    refused(s, "intercept wren gorm with rapier dist 3",
            "Rapier reaches 1 square, the target is 3 away: no Intercept")
