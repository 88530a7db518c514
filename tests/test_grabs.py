"""Grabs (ch19 Grab, Shove; R11, R29, R30, R31): taking hold, who may move and who is
dragged (SIZE), and every way a grab ends: released, shaken or rolled off, moved apart,
shoved, the grabber or the target out of the fight."""

from __future__ import annotations

import pytest

from tests.attack_yard import rolled, yard as attack_yard
from tests.engine_helpers import kinds, log_text, refused, run, session_from
from tests.test_maneuver_support import yard

ENC = """
name: Grapple
combatants:
  - {name: Holder, side: allies, attributes: {POW: 2}}
  - {name: Held, side: adversaries, attributes: {POW: 0, AGI: 1}, max_vitality: 20}
  - {name: Boss, side: adversaries, threat: Elite, max_vitality: 20}
"""


def test_grab_set_by_hand_ends_when_the_grabber_is_defeated():
    # ch19 Grab: "If the grabber becomes Defeated, the grab also ends".
    s = session_from(ENC)
    run(s, "cond held grabbed +2 from Holder", "defeat holder")
    assert not s.state.get("Held").has("Grabbed")
    assert any(e.kind == "grab_ended" for e in s.entries[-1].events)


def test_grabber_killed_by_damage_releases_the_grab():
    # R11 / ch19 Grab: a Defeated grabber holds no one.
    s = session_from(ENC)
    run(s, "cond held grabbed +1 from Holder", "dmg holder 100")
    assert s.state.get("Holder").defeated
    assert not s.state.get("Held").has("Grabbed")


def test_rolling_off_every_grabbed_stack_ends_the_grab():
    # ch19 Grab: once all stacks are removed the target is no longer grabbed.
    s = session_from(ENC)
    run(s, "cond held grabbed +1 from Holder", "turn holder", "end", "turn held")
    run(s, "end", faces=[6])  # AGI 1 beats POW 0: one die, one success
    assert not s.state.get("Held").has("Grabbed")
    assert s.state.get("Holder").grabbing == []
    assert any(e.kind == "grab_ended" for e in s.entries[-1].events)


def test_elite_sheds_its_last_grabbed_stack_by_class():
    # R30: an Elite loses one stack of each roll-to-clear condition instead of rolling.
    s = session_from(ENC)
    run(s, "cond boss grabbed +1 from Holder", "turn holder", "end", "turn boss", "end")
    assert not s.state.get("Boss").has("Grabbed")
    assert any(e.kind == "grab_ended" for e in s.entries[-1].events)


# --- who may move while grabbed (ch19 Grab), in the maneuver yard -----------------------


def _grabbed_kira():
    s = yard()
    run(s, "cond kira grabbed +2 from Thug")
    return s


def test_grabbed_cannot_move_when_not_bigger():
    # ch19 Grab: while grabbed, neither target nor attacker may Move or Shift.
    s = _grabbed_kira()
    run(s, "turn kira")
    refused(s, "move 2", "Grabbed by Thug", "neither is bigger (both SIZE 1M)")
    refused(s, "shift 1", "Grabbed by Thug")
    run(s, "end", "turn thug")
    refused(s, "move 2", "holds Kira")


def test_bigger_side_of_a_grab_drags_the_smaller():
    # ch19 Grab: the bigger creature moves freely and drags the smaller (forced movement).
    s = yard()
    run(s, "cond kira grabbed +1 from ogre", "turn mira", "end", "turn ogre", "move 3")
    assert kinds(s) == ["maneuver_taken", "moved", "dragged"]
    assert s.state.get("Kira").stacks("Grabbed") == 1  # the grab holds


def test_shake_it_off_last_grabbed_stack_ends_the_grab():
    # ch19 Grab / R29: once all Grabbed stacks are removed, the grab ends.
    s = _grabbed_kira()
    run(s, "turn kira", "shake grabbed")
    assert s.state.get("Kira").stacks("Grabbed") == 1
    assert kinds(s) == ["maneuver_taken", "condition_changed"]
    run(s, "shake kira grabbed")
    assert not s.state.get("Kira").has("Grabbed")
    assert kinds(s) == ["maneuver_taken", "grab_ended"]
    run(s, "move 2")  # free to move again


def test_shake_it_off_ends_a_linked_grab_in_the_grabbers_list():
    # ch19 Grab: the attack's Grab links grabber.grabbing; the last stack unlinks it.
    s = yard()
    s.state.get("Thug").grabbing.append("Kira")  # as the attack helper's Grab leaves it
    s.initial.get("Thug").grabbing.append("Kira")
    run(s, "cond kira grabbed +1 from Thug", "turn kira", "shake grabbed")
    assert s.state.get("Thug").grabbing == []


def test_release_is_a_free_action_at_any_time():
    # ch19 Grab: the grabber may release as a free action at any time.
    s = _grabbed_kira()
    run(s, "turn kira", "release thug")
    assert not s.state.get("Kira").has("Grabbed")
    assert s.state.get("Kira").vigor == 7 and s.state.get("Thug").maneuvers == 0
    refused(s, "release thug", "not holding")


def test_release_names_the_target():
    s = _grabbed_kira()
    refused(s, "release thug mira", "not holding Mira")
    run(s, "release thug kira")
    assert not s.state.get("Kira").has("Grabbed")


def test_moved_apart_ends_the_grab():
    # ch19 Grab: if the two are moved apart, the grab ends and the stacks are removed.
    s = _grabbed_kira()
    refused(s, "apart kira mira", "not in a grab")
    run(s, "apart kira thug")
    assert not s.state.get("Kira").has("Grabbed")
    refused(s, "apart kira", "not in a grab")


def test_apart_from_itself_is_refused_and_ends_no_grab():
    # ch19 Grab: the grab between two fighters moved apart ends; a fighter named twice
    # is moved apart from no one (bad input never hurts: nothing changes)
    s = _grabbed_kira()
    refused(s, "apart kira kira", "apart from itself")
    assert s.state.get("Kira").has("Grabbed")


def test_grab_ends_when_the_grabber_is_defeated():
    # ch19 Grab / R11: if the grabber becomes Defeated, the grab ends.
    s = yard()
    s.state.get("Thug").grabbing.append("Kira")
    s.initial.get("Thug").grabbing.append("Kira")
    run(s, "cond kira grabbed +2 from Thug", "defeat thug")
    assert not s.state.get("Kira").has("Grabbed")
    assert s.state.get("Thug").grabbing == []


# --- the Grab maneuver (ch19 Grab) and Shove, in the attack yard ----------------------


def test_grab_gives_grabbed_and_records_the_grabber():
    # ch19 Grab: an Unarmed Attack; Grabbed N = successes (max 3); the attacker holds it.
    s = attack_yard()
    run(s, "turn kira", "grab gorm", faces=[5, 6, 6])
    g, k = s.state.get("Gorm"), s.state.get("Kira")
    assert rolled(s).weapon == "Unarmed Attack"
    assert g.stacks("Grabbed") == 3 and g.conditions["Grabbed"].source == "Kira"
    assert k.grabbing == ["Gorm"] and g.vitality == 22


def test_grab_with_no_net_success_grabs_nothing():
    # ch19 Grab: N = successes; zero means no Grabbed.
    s = attack_yard()
    run(s, "turn kira", "grab gorm", faces=[1, 2, 3])
    assert not s.state.get("Gorm").has("Grabbed") and s.state.get("Kira").grabbing == []
    assert log_text(s)[-1].endswith("no grip")


def test_grab_and_shove_use_the_unarmed_attack_only():
    # ch19 Shove, Grab: made with the Unarmed Attack.
    s = attack_yard()
    run(s, "turn kira")
    refused(s, "grab gorm with longsword", "Unarmed")


def test_shove_pushes_and_ends_a_grab_between_the_two():
    # ch19 Shove: push N squares (forced movement); ch19 Grab: moved apart, the grab ends.
    s = attack_yard()
    run(s, "turn kira", "grab gorm", "shove gorm", faces=[5, 1, 1, 5, 6, 1])
    assert "shoved" in kinds(s) and "grab_ended" in kinds(s)
    assert not s.state.get("Gorm").has("Grabbed") and s.state.get("Kira").grabbing == []
    assert "Gorm is shoved 2 squares away by Kira (forced movement)" in log_text(s)


# --- a grab ends when either side is shoved away by anyone (ch19 Grab, Shove) ------------

THREE = """
name: Three in a knot
combatants:
  - {name: Kira, side: allies, attributes: {POW: 3}}
  - {name: Mira, side: allies, attributes: {POW: 2}}
  - {name: Thug, side: adversaries, threat: Regular, attributes: {POW: 2}, max_vitality: 20,
     attacks: [{name: Cudgel, pool: 3, tags: [Crushing, Melee 1],
                damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}]}
"""


def _thug_holds_kira():
    s = session_from(THREE)
    run(s, "turn kira", "end", "turn thug", "grab kira roll 5,1", "end")
    assert s.state.get("Thug").grabbing == ["Kira"]
    return s


def test_a_third_party_shoving_the_grabbed_one_ends_the_grab():
    # ch19 Grab: "If the attacker and target are ever moved so that the distance between
    # the two increases, the grab ends immediately": Mira shoves Kira out of Thug's hold.
    s = _thug_holds_kira()
    run(s, "turn mira", "shove kira roll 5,1")
    assert "grab_ended" in kinds(s)
    assert not s.state.get("Kira").has("Grabbed") and s.state.get("Thug").grabbing == []
    assert "Thug's grab on Kira ends (shoved apart, Grabbed 1 removed)" in log_text(s)


def test_a_third_party_shoving_the_grabber_ends_the_grab():
    # ch19 Grab: moving either side apart ends it.
    s = _thug_holds_kira()
    run(s, "turn mira", "shove thug roll 6,1")
    assert not s.state.get("Kira").has("Grabbed") and s.state.get("Thug").grabbing == []


def test_a_shove_the_gm_says_kept_them_together_leaves_the_grab():
    # ch19 Grab (the GM adjudicates the geometry without a map, R28): 'together'.
    s = _thug_holds_kira()
    run(s, "turn mira", "shove kira together roll 5,1")
    assert "grab_ended" not in kinds(s) and s.state.get("Kira").stacks("Grabbed") == 1
    refused(s, "attack thug together", "together", "Shove")


def test_a_shove_with_no_success_moves_nobody_and_keeps_the_grab():
    # ch19 Shove: N = successes; zero moves nobody, so the distance does not grow.
    s = _thug_holds_kira()
    run(s, "turn mira", "shove kira roll 1,1")
    assert s.state.get("Kira").stacks("Grabbed") == 1


# --- out of the fight, out of the grab (ch19 Grab, R11) -----------------------------------


def test_a_defeated_target_is_no_longer_grabbed():
    # R11: Defeated is out of the fight; its grabber's hold ends and its Grabbed goes.
    s = _thug_holds_kira()
    run(s, "defeat kira")
    k, t = s.state.get("Kira"), s.state.get("Thug")
    assert not k.has("Grabbed") and t.grabbing == []
    assert "Thug's grab on Kira ends (out of the fight, Grabbed 1 removed)" in log_text(s)
    run(s, "revive kira")
    assert not s.state.get("Kira").has("Grabbed")  # revived, still free


def test_a_target_taken_down_by_damage_is_no_longer_grabbed():
    # R11 via R10: a Regular has no Wound slot, so Vitality 0 is Defeated; Kira's grab ends.
    s = session_from(THREE)
    run(s, "turn kira", "grab thug roll 5,6,1", "dmg thug 50")
    assert s.state.get("Thug").defeated and not s.state.get("Thug").has("Grabbed")
    assert s.state.get("Kira").grabbing == []


def test_a_removed_target_is_no_longer_grabbed():
    # R17: removed from the fight; nobody holds it any more.
    s = _thug_holds_kira()
    run(s, "remove kira")
    assert not s.state.get("Kira").has("Grabbed") and s.state.get("Thug").grabbing == []


def test_a_grabbed_set_by_hand_without_a_grabber_goes_when_its_bearer_is_defeated():
    # R11: a Defeated combatant keeps no Grabbed stacks, whoever (if anyone) held it.
    s = session_from(THREE)
    run(s, "cond kira grabbed +2", "defeat kira")
    assert not s.state.get("Kira").has("Grabbed")
    assert "Kira is no longer Grabbed (out of the fight, Grabbed 2 removed)" in log_text(s)


# --- "bigger" follows the draft's SIZE order (ch19 Grab, R31) ----------------------------

SIZES = """
name: Sizes
combatants:
  - {name: Pip, side: allies, attributes: {SIZE: 1S}}
  - {name: Hal, side: allies, attributes: {SIZE: 1}}
  - {name: Minos, side: adversaries, attributes: {SIZE: 1L}}
  - {name: Ogg, side: adversaries, attributes: {SIZE: 2}}
"""


@pytest.mark.parametrize("bigger, smaller", [("Hal", "Pip"), ("Minos", "Hal"),
                                             ("Ogg", "Minos")])
def test_the_bigger_by_the_drafts_order_drags_the_smaller(bigger, smaller):
    # R31: 1T < 1S < 1M < 1L < 2 < 3 ...; ch19 Grab: the bigger one moves and drags.
    s = session_from(SIZES)
    run(s, f"cond {smaller} grabbed from {bigger}")
    if s.state.get(bigger).side == "adversaries":
        run(s, "turn pip", "end")
    run(s, f"turn {bigger}", "move 2")
    assert kinds(s)[-2:] == ["moved", "dragged"]


def test_the_smaller_is_told_who_is_bigger_and_may_move():
    # ch19 Grab: the smaller one may not move; the refusal names the bigger one.
    s = session_from(SIZES)
    run(s, "cond pip grabbed from hal", "turn pip")
    refused(s, "move 1", "Pip is Grabbed by Hal", "Hal is bigger (SIZE 1M vs 1S)",
            "only Hal may move, dragging Pip")
