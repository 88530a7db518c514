"""Start and end of turn (ch18 Taking a Turn, Taking Multiple Turns; R15, R16, R30;
condition table)."""

from __future__ import annotations

import pytest

from momenta_cli.errors import MomentaError
from tests.engine_helpers import log_text, refused, run, session_from
from tests.rules_arena import ENCOUNTER, arena

PARTY = """
name: Refresh
combatants:
  - name: Twice
    side: allies
    turns: 2
    attributes: {POW: 2, AGI: 2}
    max_guard: 3
    start: {vigor: 0, guard: 0}
    conditions: {Impaired: 2}
  - {name: X, side: adversaries}
"""


def test_two_turns_refresh_twice_but_clear_once():
    # ch18 Taking Multiple Turns: resources at every turn, end-of-turn effects once.
    s = session_from(PARTY)
    f = lambda: s.state.get("Twice")  # noqa: E731
    run(s, "turn twice")
    assert (f().vigor, f().guard) == (5, 3)  # 3 + BODY 4 / 2 = 5; Guard back to max
    run(s, "set twice vigor 1", "guard twice 0", "end")
    assert f().stacks("Impaired") == 2  # not the last turn: nothing clears
    run(s, "turn x", "end", "turn twice")
    assert (f().vigor, f().guard) == (6, 3)
    run(s, "end")
    assert f().stacks("Impaired") == 1  # auto-clear: one stack, once


def test_forgoing_extra_turns_makes_this_the_last():
    # ch18: a combatant may forgo extra turns; it must take at least one.
    s = session_from(PARTY)
    run(s, "turn twice", "end forgo")
    assert s.state.get("Twice").turns_left == 0
    assert s.state.get("Twice").stacks("Impaired") == 1  # end-of-turn effects ran
    run(s, "turn x", "end")
    assert s.state.round == 2 and s.state.get("Twice").turns_left == 2


def test_vigor_refresh_is_capped_and_carries_over():
    # ch18 Taking a Turn: 3 + BODY/2 rounded down (R4), never above Max Vigor; unspent
    # Vigor is kept.
    s = session_from("""
        name: Cap
        combatants:
          - {name: P, side: allies, attributes: {POW: 3, AGI: 2}, start: {vigor: 2}}
          - {name: X, side: adversaries}
    """)
    run(s, "turn p")
    assert s.state.get("P").vigor == 7  # 2 + (3 + 5 // 2) = 7 = Max Vigor
    run(s, "set p vigor 6", "end", "turn x", "end", "turn p")
    assert s.state.get("P").vigor == 7  # 6 + 5 capped at 7


def test_over_guard_is_kept():
    # ch18 Taking a Turn: Over-Guard does not reset down to Max Guard.
    s = session_from("""
        name: Over
        combatants:
          - {name: P, side: allies, max_guard: 2}
          - {name: X, side: adversaries}
    """)
    run(s, "guard p 8", "turn p")
    assert s.state.get("P").guard == 8


def test_exhausted_halves_the_refresh():
    # Condition table: Exhausted halves the Vigor refresh (minimum 1).
    s = session_from("""
        name: Tired
        combatants:
          - {name: P, side: allies, attributes: {POW: 2, AGI: 2}, start: {vigor: 0},
             conditions: {Exhausted: 1}}
          - {name: X, side: adversaries}
    """)
    run(s, "turn p")
    assert s.state.get("P").vigor == 2  # (3 + 2) // 2


def test_roll_to_clear_rolls_the_attribute_and_loses_a_stack_per_success():
    # ch18 Taking a Turn / condition table: Hindered rolls POW or AGI (the better).
    s = session_from("""
        name: Roll
        combatants:
          - {name: P, side: allies, attributes: {POW: 1, AGI: 3}, conditions: {Slowed: 3}}
          - {name: X, side: adversaries}
    """)
    run(s, "turn x", "end", "turn p")
    run(s, "end", faces=[6, 5, 2])  # AGI 3 dice, two successes
    assert s.state.get("P").stacks("Slowed") == 1
    assert any("Slowed 3->1" in t and "AGI 3d [6,5,2] 2s" in t for t in log_text(s))


def test_gm_can_type_the_clear_result():
    s = session_from("""
        name: Typed
        combatants:
          - {name: P, side: allies, attributes: {AGI: 2}, conditions: {Hindered: 1}}
          - {name: X, side: adversaries}
    """)
    run(s, "turn p", "end hind=1s")
    assert not s.state.get("P").has("Hindered")
    with pytest.raises(MomentaError, match="no roll-to-clear condition"):
        run(s, "turn x", "end", "turn p", "end hind=1s")


def test_persistent_conditions_stay():
    s = session_from("""
        name: Persist
        combatants:
          - {name: P, side: allies, conditions: {Vulnerable: 2}}
          - {name: X, side: adversaries}
    """)
    run(s, "turn p", "end")
    assert s.state.get("P").stacks("Vulnerable") == 2


ENEMIES = """
name: Classes
combatants:
  - {name: P, side: allies}
  - {name: Reg, side: adversaries, threat: Regular, max_vitality: 20,
     conditions: {Hindered: 1, Impaired: 2}}
  - {name: Eli, side: adversaries, threat: Elite, max_vitality: 20,
     conditions: {Slowed: 2, Impaired: 2}}
  - {name: Nem, side: adversaries, threat: Nemesis, max_vitality: 20, turns: 1,
     conditions: {Slowed: 2, Impaired: 2}}
"""


def test_enemy_clearing_by_class():
    # R30: Regulars never roll (auto still clears); Elites lose 1 of each; a Nemesis clears
    # every auto and roll-to-clear condition.
    s = session_from(ENEMIES)
    run(s, "turn p", "end", "turn reg", "end", "turn eli", "end", "turn nem", "end")
    st = s.state
    assert (st.get("Reg").stacks("Hindered"), st.get("Reg").stacks("Impaired")) == (1, 1)
    assert (st.get("Eli").stacks("Slowed"), st.get("Eli").stacks("Impaired")) == (1, 1)
    assert st.get("Nem").conditions == {}


def test_enemy_clearing_setting_roll_makes_enemies_roll():
    # R30 is a setting: `enemy_clearing: roll` makes enemies roll like PCs.
    s = session_from(ENEMIES.replace("name: Classes", "name: Classes\nrules: "
                                     "{enemy_clearing: roll}"))
    run(s, "turn p", "end", "turn reg")
    # Reg rolls for Hindered: POW 0, Impaired -2 -> 2d6 keep the lowest (R2).
    run(s, "end", faces=[1, 6])
    assert s.state.get("Reg").stacks("Hindered") == 1


def test_surprised_clears_at_end_of_turn_and_keeps_a_separate_slowed():
    # R16: Surprised clears at the end of the turn (and its Slowed with it); a Slowed from
    # another source stays.
    s = session_from("""
        name: Surprise
        combatants:
          - {name: P, side: allies, attributes: {AGI: 0}, conditions: {Surprised: 1, Slowed: 1}}
          - {name: X, side: adversaries}
    """)
    run(s, "turn x", "end", "turn p")
    run(s, "end", faces=[1, 1])  # the separate Slowed rolls AGI 0 -> 2d6 keep lowest
    p = s.state.get("P")
    assert not p.has("Surprised") and p.has("Slowed")


def test_surprise_after_acting_lasts_to_the_end_of_the_next_turn():
    # R16 / ch18 Surprise: inflicted mid-combat after the combatant acted.
    s = session_from("""
        name: Late surprise
        combatants:
          - {name: P, side: allies}
          - {name: X, side: adversaries}
    """)
    run(s, "turn p", "end", "surprise p", "turn x", "end")
    p = s.state.get("P")
    assert p.has("Surprised") and s.state.round == 2
    # Round 2: P is Surprised, so it is in the Slowed phase: X acts first ...
    run(s, "turn x", "end", "turn p")
    assert s.state.get("P").has("Surprised")
    run(s, "end")  # ... and it clears at the end of that next turn.
    assert not s.state.get("P").has("Surprised")


def test_surprise_during_own_turn_outlives_that_turn():
    # R16: inflicted after it acted (here: mid-turn) -> lasts to the end of its next turn.
    s = session_from("""
        name: Mid-turn surprise
        combatants:
          - {name: P, side: allies}
          - {name: X, side: adversaries}
    """)
    run(s, "turn p", "surprise p", "end")
    assert s.state.get("P").has("Surprised")
    run(s, "turn x", "end", "turn x", "end", "turn p", "end")
    assert not s.state.get("P").has("Surprised")


def test_surprise_before_acting_clears_at_the_end_of_this_round():
    s = session_from("""
        name: Early surprise
        combatants:
          - {name: P, side: allies}
          - {name: Q, side: allies}
          - {name: X, side: adversaries}
    """)
    run(s, "surprise p", "turn q", "end", "turn x", "end", "turn p", "end")
    assert not s.state.get("P").has("Surprised")
    assert s.state.round == 2


def test_faltering_check_failure_defeats():
    # Condition table, Faltering: d6 not above the stacks -> LUCK roll; 0 successes Defeated.
    s = session_from("""
        name: Falter
        combatants:
          - {name: P, side: allies, attributes: {LUCK: 1}, conditions: {Faltering: 2}}
          - {name: X, side: adversaries}
    """)
    run(s, "turn p")
    run(s, "end", faces=[2, 3])  # d6 2 <= 2 stacks; LUCK 1d [3] 0 successes
    assert s.state.get("P").defeated


def test_faltering_check_success_adds_a_stack():
    s = session_from("""
        name: Falter
        combatants:
          - {name: P, side: allies, attributes: {LUCK: 1}, conditions: {Faltering: 1}}
          - {name: X, side: adversaries}
    """)
    run(s, "turn p")
    run(s, "end", faces=[4])  # d6 4 > 1 stack: add a stack
    assert s.state.get("P").stacks("Faltering") == 2 and not s.state.get("P").defeated


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
    s = session_from(ENCOUNTER.replace("name: Rules arena\n",
                                       "name: Rules arena\nrules: {enemy_clearing: roll}\n"))
    run(s, "cond orc hindered", "turn kira", "end", "turn orc", "end hindered=1s")
    assert not s.state.get("Orc").has("Hindered")
