"""Fixes from the rules review: each test cites its rule and fails without the fix."""

from __future__ import annotations

from momenta_cli.dice import QueueRoller
from momenta_cli.engine import damage
from tests.attack_yard import pool_parts, rolled
from tests.attack_yard import yard as attack_yard
from tests.engine_helpers import run, session_from
from tests.test_maneuver_support import refused
from tests.test_maneuver_support import yard as maneuver_yard

ENCOUNTER = """
name: Rules fixes
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


def arena():
    return session_from(ENCOUNTER)


# --- 1. R10: several slots filled by one hit add up their stacks ----------------------------


def test_two_wounds_of_one_condition_give_two_stacks():
    # R10: each Wound slot filled gives its condition; two Impaired Wounds -> Impaired 2.
    s = arena()
    run(s, "dmg kira 25", faces=[1, 1])  # 10 -> -15 -> -5 -> 5: two Wounds, both Impaired
    k = s.state.get("Kira")
    assert k.wounds == ["Impaired", "Impaired"]
    assert k.stacks("Impaired") == 2
    assert k.vitality == 5


def test_mark_hit_broken_adds_to_a_wound_rolled_broken():
    # R10 + R19: a Wound that rolled Broken (d6 6) and the Mark hit's Broken make Broken 2.
    s = arena()
    fight = s.state
    events = damage.harm(fight, fight.get("Kira"), 12, QueueRoller([6]), mark=True)
    broken = [e for e in events if getattr(e, "condition", None) == "Broken"
              and e.kind == "condition_changed"]
    assert [(e.before, e.after) for e in broken] == [(0, 1), (1, 2)]
    assert not fight.get("Kira").has("Broken")  # harm never changes the fight it is given


def test_two_burdens_of_one_condition_give_two_stacks():
    # R10: Burdens work like Wounds: two Impaired Burdens -> Impaired 2.
    s = arena()
    run(s, "strain kira 11", faces=[1, 1])  # Max Strain 5: two Burdens, Strain 1
    k = s.state.get("Kira")
    assert k.burdens == ["Impaired", "Impaired"]
    assert k.stacks("Impaired") == 2
    assert k.strain == 1


# --- 2. condition sources match combatants without case -----------------------------------


def test_provoked_source_typed_in_lower_case_matches_the_combatant():
    # Condition table, Provoked: -2d on attacks against anyone but the source.
    s = arena()
    run(s, "cond kira provoked from orc")
    assert s.state.get("Kira").conditions["Provoked"].source == "Orc"
    run(s, "turn kira", "attack orc with club", faces=[1, 1, 1])  # POW 3: no -2d
    roll = [e for e in s.entries[-1].events if e.kind == "attack_rolled"][0]
    assert "Provoked" not in dict(roll.pool)


def test_provoked_check_ignores_case_of_a_stored_source():
    # Condition table, Provoked; a source stored in another case (an older journal) still
    # names the provoker.
    s = arena()
    run(s, "cond kira provoked from orc")
    s.state.get("Kira").conditions["Provoked"].source = "ORC"
    run(s, "turn kira", "attack orc with club", faces=[1, 1, 1])
    roll = [e for e in s.entries[-1].events if e.kind == "attack_rolled"][0]
    assert "Provoked" not in dict(roll.pool)


def test_provoked_still_penalises_attacks_on_others():
    # Condition table, Provoked: -2d against anyone else.
    s = arena()
    run(s, "cond kira provoked from troll", "turn kira", "attack orc with club", faces=[1])
    roll = [e for e in s.entries[-1].events if e.kind == "attack_rolled"][0]
    assert dict(roll.pool)["Provoked"] == -2


def test_a_source_that_names_nobody_is_kept_as_typed():
    s = arena()
    run(s, "cond kira hindered from falling rocks")
    assert s.state.get("Kira").conditions["Hindered"].source == "falling rocks"


# --- 4. R16 Surprise on multi-turn combatants ----------------------------------------------


def test_surprise_in_turn_one_of_two_clears_at_the_end_of_turn_two():
    # R16: Surprise lasts to the end of the fighter's next turn; for a fighter with two
    # turns, inflicted during turn 1 it ends with turn 2 (the round's last end of turn).
    s = arena()
    run(s, "turn kira", "end", "turn troll", "surprise troll")
    assert not s.state.get("Troll").conditions["Surprised"].hold
    run(s, "end", "turn orc", "end", "turn troll", "end")
    assert not s.state.get("Troll").has("Surprised")


def test_surprise_in_the_last_turn_is_held_to_the_next_round():
    # R16: inflicted during its last turn of the round, it survives that end of turn.
    s = arena()
    run(s, "turn kira", "end", "turn troll", "end", "turn orc", "end", "turn troll",
        "surprise troll", "end")
    assert s.state.get("Troll").has("Surprised")


def test_cond_surprised_set_to_one_goes_through_surprise():
    # R16: "cond NAME surprised =1" mid-turn is a Surprise like any other: held.
    s = arena()
    run(s, "turn kira", "cond kira surprised =1")
    assert s.state.get("Kira").conditions["Surprised"].hold
    run(s, "end")
    assert s.state.get("Kira").has("Surprised")
    refused(s, "cond kira surprised =1", "already")


# --- 3. Wracked's damage type: any case, Physical, R9 -----------------------------------------


def _wracked(source: str, resist: str = "[]", weak: str = "[]") -> tuple[int, str | None]:
    """Damage Ash takes from Wracked 2 (4 before resistance) of ``source`` at the end of its
    turn, and the source as stored."""
    s = session_from(f"""
        name: Wracked
        combatants:
          - name: Ash
            side: allies
            attributes: {{POW: 2, AGI: 2, SPD: 5, SEN: 10, SIZE: 1M}}
            max_vitality: 30
            max_guard: 0
            resistances: {resist}
            weaknesses: {weak}
          - name: Orc
            side: adversaries
            threat: Regular
            attributes: {{POW: 3, SPD: 5, SEN: 10, SIZE: 1M}}
            max_vitality: 30
        """)
    run(s, f"cond ash wracked +2 from {source}")
    stored = s.state.get("Ash").conditions["Wracked"].source
    run(s, "turn ash", "end")
    return 30 - s.state.get("Ash").vitality, stored


def test_wracked_type_meets_resistance_in_any_case():
    # Condition table, Wracked (type) + R9: a resisted type halves (4 -> 2).
    assert _wracked("fire", resist="[Fire]") == (2, "Fire")


def test_wracked_type_meets_weakness_in_any_case():
    # R9: a weakness doubles (4 -> 8).
    assert _wracked("FIRE", weak="[Fire]") == (8, "Fire")


def test_wracked_physical_resisted_through_any_physical_type():
    # ch20 Resistance and Weakness: Physical is Slashing + Piercing + Crushing; R9: any
    # resistance and no weakness halves.
    assert _wracked("physical", resist="[Slashing]") == (2, "Physical")
    assert _wracked("Physical", weak="[Crushing]") == (8, "Physical")


def test_wracked_resistance_and_weakness_cancel():
    # R9: both cancel.
    assert _wracked("fire", resist="[Fire]", weak="[Fire]") == (4, "Fire")
    assert _wracked("physical", resist="[Piercing]", weak="[Crushing]") == (4, "Physical")


def test_wracked_source_is_never_taken_for_a_combatant():
    # Wracked's source is its damage type, even when a combatant's name starts the same.
    assert _wracked("or", resist="[Fire]") == (4, "or")


# --- 5. R30: a Nemesis sheds Wracked too -----------------------------------------------------

NEMESIS = """
name: Nemesis
combatants:
  - name: Kira
    side: allies
    attributes: {POW: 3, AGI: 2, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 20
  - name: Lich
    side: adversaries
    threat: Nemesis
    turns: 1
    attributes: {POW: 3, AGI: 2, INS: 4, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 50
    max_guard: 3
"""


def test_nemesis_takes_wracked_damage_then_sheds_every_stack():
    # R30: a Nemesis sheds every auto and roll-to-clear condition at the end of its turn;
    # Wracked (condition table) deals its damage first (2 x 3, skipping Guard).
    s = session_from(NEMESIS)
    run(s, "cond lich wracked +3 from fire", "cond lich hindered", "turn kira", "end",
        "turn lich", "end")
    lich = s.state.get("Lich")
    assert lich.vitality == 50 - 6
    assert not lich.has("Wracked") and not lich.has("Hindered")


def test_champion_still_sheds_one_wracked_stack():
    # R30: Elites and Champions shed 1 stack of each (Wracked is auto-clear anyway).
    s = arena()
    run(s, "cond troll wracked +3 from fire", "turn kira", "end", "turn troll", "end",
        "turn orc", "end", "turn troll", "end")
    troll = s.state.get("Troll")
    assert troll.stacks("Wracked") == 2 and troll.vitality == 60 - 6


# --- 7. R30: enemies that do not roll to clear refuse a typed result --------------------------


def test_typed_clear_result_for_a_regular_is_refused():
    # R30: Grunts and Regulars never roll to clear; a typed result is a mistake.
    s = arena()
    run(s, "cond orc hindered", "turn kira", "end", "turn orc")
    refused(s, "end hindered=2s", "Orc is a Regular", "does not roll to clear", "R30")
    run(s, "end")
    assert s.state.get("Orc").has("Hindered")


def test_typed_clear_result_for_a_champion_is_refused():
    # R30: Elites, Champions and Nemeses shed by class rather than roll.
    s = arena()
    run(s, "cond troll hindered", "turn kira", "end", "turn troll", "end", "turn orc",
        "end", "turn troll")
    refused(s, "end hindered=2s", "Troll is a Champion", "does not roll to clear", "R30")


def test_typed_clear_result_for_an_enemy_that_rolls_is_used():
    # R30 setting enemy_clearing: roll -> enemies roll like PCs, so the typed result counts.
    s = session_from(ENCOUNTER.replace("name: Rules fixes\n",
                                       "name: Rules fixes\nrules: {enemy_clearing: roll}\n"))
    run(s, "cond orc hindered", "turn kira", "end", "turn orc", "end hindered=1s")
    assert not s.state.get("Orc").has("Hindered")


# --- 6. R20: a Hidden attacker is revealed by attacking, so it can be Counterattacked ------


def test_a_hidden_attacker_can_be_counterattacked():
    # R20: attacking reveals the Hidden attacker; ch19 Counterattack answers the attack.
    s = attack_yard()
    run(s, "turn kira", "end", "turn gorm", "cond gorm hidden")
    run(s, "attack wren counter with rapier", faces=[5, 6, 1, 5, 1, 2, 1, 1])
    counter = rolled(s, 0)
    assert (counter.maneuver, counter.attacker, counter.target) == ("Counterattack",
                                                                     "Wren", "Gorm")
    assert pool_parts(s, 1) == {"pool": 3, "Hidden": 2}  # the bonus is kept (R20)
    assert not s.state.get("Gorm").has("Hidden")
    assert s.state.get("Gorm").vitality == 22 - 10


# --- 8. R25: no full-turn maneuver after a Surge --------------------------------------------


def test_full_turn_maneuver_refused_after_a_surge():
    # R25: a full-turn maneuver only when nothing but the free Move was taken this turn;
    # ch19 Surge is a maneuver (a free one).
    s = maneuver_yard()
    run(s, "set kira vigor 0", "turn kira", "surge kira 1")
    assert s.state.get("Kira").surged
    refused(s, "breath", "full turn", "R25")
    refused(s, "steady", "full turn", "R25")
    s2 = maneuver_yard()
    run(s2, "set kira vigor 0", "turn kira", "breath")  # without a Surge it is allowed
    assert s2.state.get("Kira").full_turn


# --- 9. R7: an enemy's second Move is one of its other maneuvers -----------------------------


def test_enemy_second_move_counts_as_one_of_its_maneuvers():
    # R7: an enemy's turn is a Move plus N other maneuvers; a second Move may be one of them.
    s = maneuver_yard()
    run(s, "turn kira", "end", "turn thug", "move 2", "move 3")  # Thug: 2 maneuvers
    t = s.state.get("Thug")
    assert (t.moves, t.maneuvers, t.vigor) == (2, 1, 0)
    run(s, "hide")
    refused(s, "move 1", "already moved", "used its 2", "R7")
    refused(s, "shift 1", "used its 2", "R7")


def test_enemy_second_move_after_its_maneuvers_is_refused():
    # R7: with its N maneuvers used, no second Move is left.
    s = maneuver_yard()
    run(s, "turn kira", "end", "turn ogre", "hide", "move 2")  # the Move itself stays
    refused(s, "move 1", "used its 1", "R7")
    s2 = maneuver_yard()
    run(s2, "turn kira", "end", "turn ogre", "move 2", "move 1")  # Ogre: 1 maneuver
    refused(s2, "hide", "used its 1", "R7")
