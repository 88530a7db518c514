"""The non-movement maneuvers of ch19 and the action economy's lockouts (R7, R24-R26,
R29)."""

from __future__ import annotations

import pytest

from momenta_cli.engine.actions import economy
from momenta_cli.errors import RuleError
from tests.engine_helpers import log_text
from tests.test_maneuver_support import kinds, refused, run, yard

# --- Surge ----------------------------------------------------------------------------


def test_surge_gains_vigor_for_two_strain_each():
    # ch19 Surge: up to MIND Vigor, 2 Strain per point.
    s = yard()
    run(s, "turn kira", "set kira vigor 3", "surge 2")
    k = s.state.get("Kira")
    assert (k.vigor, k.strain, k.surged) == (5, 4, True)


def test_surge_capped_by_mind():
    # ch19 Surge: at most MIND Vigor (Kira MIND = REA 1 + INS 1 = 2).
    s = yard()
    run(s, "turn kira", "set kira vigor 0")
    refused(s, "surge 3", "MIND = 2")
    run(s, "surge")  # default: as much as allowed
    assert s.state.get("Kira").vigor == 2


def test_surge_capped_by_max_vigor():
    # ch19 Surge: cannot raise Vigor above Max Vigor.
    s = yard()
    run(s, "turn kira", "set kira vigor 6")
    refused(s, "surge 2", "above Max Vigor 7", "gain 1")
    run(s, "surge")
    k = s.state.get("Kira")
    assert (k.vigor, k.strain) == (7, 2)


def test_surge_refused_at_max_vigor():
    s = yard()
    run(s, "turn kira")
    refused(s, "surge", "at Max Vigor")


def test_surge_once_until_next_turn():
    # R26: once until the start of the next turn.
    s = yard()
    run(s, "turn kira", "set kira vigor 0", "surge 1")
    refused(s, "surge 1", "already Surged", "R26")
    run(s, "end", "turn ogre", "end", "turn mira", "end", "turn thug", "end", "turn nul",
        "end", "turn ogre", "end", "turn kira")  # round 2: adversaries first (R13)
    assert not s.state.get("Kira").surged


def test_surge_only_on_own_turn():
    # R26: Surge during one's own turn only.
    s = yard()
    run(s, "set kira vigor 0", "turn mira")
    refused(s, "surge kira 1", "own turn")


def test_surge_refused_with_mind_zero():
    # ch19 Surge: a character with MIND 0 cannot Surge.
    s = yard()
    run(s, "turn kira", "end", "turn ogre", "end", "turn nul", "set nul vigor 0")
    refused(s, "surge 1", "MIND 0")


def test_surge_strain_goes_through_burdens():
    # ch19 Surge + R10: the Strain fills a Burden slot at Max Strain.
    s = yard()
    run(s, "strain kira 9", "turn kira", "set kira vigor 0")
    run(s, "surge 1", faces=[3])  # 2 Strain: 11 >= 10 -> Burden (d6 3 = Exhausted), Strain 1
    k = s.state.get("Kira")
    assert (k.vigor, k.strain, k.burdens) == (1, 1, ["Exhausted"])


def test_enemies_cannot_surge():
    # R7: enemies have no Vigor.
    s = yard()
    run(s, "turn kira", "end", "turn ogre")
    refused(s, "surge", "no Vigor")


# --- full-turn maneuvers (R25) ----------------------------------------------------------


def test_catch_your_breath_heals_half_max_vitality_for_one_resolve():
    # ch19 Catch Your Breath: 1 Resolve, half Max Vitality (21 // 2 = 10).
    s = yard()
    run(s, "dmg kira 15", "turn kira", "breath")
    k = s.state.get("Kira")
    assert (k.vitality, k.resolve, k.full_turn, k.vigor) == (16, 11, True, 7)


def test_catch_your_breath_does_not_heal_above_max():
    s = yard()
    run(s, "dmg kira 3", "turn kira", "breath")
    assert s.state.get("Kira").vitality == 21


def test_catch_your_breath_without_resolve_is_refused():
    # ch19 Catch Your Breath spends 1 Resolve: none left, refused.
    s = yard()
    run(s, "set kira resolve 0", "turn kira")
    refused(s, "breath", "no Resolve")


def test_steady_yourself_clears_half_max_strain():
    # ch19 Steady Yourself: clear half Max Strain (10 // 2 = 5), never below 0.
    s = yard()
    run(s, "strain kira 7", "turn kira", "steady")
    assert s.state.get("Kira").strain == 2


def test_full_turn_refused_after_a_two_vigor_maneuver():
    # R25: only if nothing but the free Move was taken this turn (a Basic Attack is a
    # 2-Vigor maneuver like Shift).
    s = yard()
    run(s, "turn kira", "shift 1")
    refused(s, "breath", "full turn", "R25")
    refused(s, "steady", "R25")
    refused(s, "limit", "R25")


def test_full_turn_refused_after_a_paid_move():
    s = yard()
    run(s, "turn kira", "move 1", "move 1")
    refused(s, "steady", "R25")


def test_full_turn_allowed_after_the_free_move_and_leaves_only_the_free_move():
    # R25: afterwards only the free Move is left.
    s = yard()
    run(s, "turn kira", "limit -- blade storm")
    # a full-turn maneuver costs no Vigor, but the turn: not "(free)" (issue 26 item 10)
    assert "Kira: Limit Break (blade storm) (full turn, R25)" in log_text(s)
    refused(s, "shift 1", "full-turn")
    refused(s, "hide", "full-turn")
    run(s, "move 3")  # the free Move
    refused(s, "move 1", "full-turn")


def test_full_turn_blocks_reactions_until_next_turn():
    # R25: no reactions until the start of the next turn.
    s = yard()
    run(s, "turn kira", "steady")
    k = s.state.get("Kira")
    with pytest.raises(RuleError, match="R25"):
        economy.pay_reaction(k, "Dodge", 2)


def test_full_turn_maneuver_refused_after_a_surge():
    # R25: a full-turn maneuver only when nothing but the free Move was taken this turn;
    # ch19 Surge is a maneuver (a free one).
    s = yard()
    run(s, "set kira vigor 0", "turn kira", "surge kira 1")
    assert s.state.get("Kira").surged
    refused(s, "breath", "full turn", "R25")
    refused(s, "steady", "full turn", "R25")
    s2 = yard()
    run(s2, "set kira vigor 0", "turn kira", "breath")  # without a Surge it is allowed
    assert s2.state.get("Kira").full_turn


def test_full_turn_refused_after_a_basic_attack():
    # R25: Catch Your Breath only if nothing but the free Move was taken this turn.
    s = yard()
    run(s, "turn kira", "move 1", "attack ogre roll=6,1,1")
    assert s.state.get("Kira").vigor == 5
    refused(s, "breath", "R25")
    refused(s, "steady", "R25")


# --- other maneuvers -------------------------------------------------------------------


def test_use_consumable_spends_a_point_and_one_vigor():
    # ch19 Use Consumable: 1 Vigor and a consumable point.
    s = yard()
    run(s, "dmg kira 10", "turn kira", "use kira healing draught")
    k = s.state.get("Kira")
    assert (k.vigor, k.consumables, k.vitality) == (6, 1, 17)
    run(s, "use calming")  # the active fighter; an item name prefix
    assert s.state.get("Kira").consumables == 0
    refused(s, "use smoke bomb", "no consumable points")


def test_use_unknown_item_is_logged_for_the_gm():
    s = yard()
    run(s, "turn kira", "use smoke bomb")
    assert "Kira uses smoke bomb (the GM applies its effect); consumables 2->1" in log_text(s)


def test_hide_when_the_gm_confirms():
    # ch19 Hide: 1 Vigor, Hidden.
    s = yard()
    run(s, "turn kira", "hide")
    k = s.state.get("Kira")
    assert (k.vigor, k.stacks("Hidden")) == (6, 1)
    refused(s, "hide", "already Hidden")


def test_hide_with_an_agi_roll():
    # ours (docs): `hide roll` rolls AGI; 1+ success hides; the Vigor is spent either way.
    s = yard()
    run(s, "turn kira")
    run(s, "hide roll", faces=[4, 2])
    assert not s.state.get("Kira").has("Hidden") and s.state.get("Kira").vigor == 6
    run(s, "hide roll 6,1")
    assert s.state.get("Kira").has("Hidden")


def test_shake_it_off_clears_one_stack():
    # ch19 Shake It Off / R29: 2 Vigor, one stack.
    s = yard()
    run(s, "cond kira vulnerable +3", "turn kira", "shake")
    k = s.state.get("Kira")
    assert (k.vigor, k.stacks("Vulnerable")) == (5, 2)


@pytest.mark.parametrize("cond", ["Exhausted", "Grabbed", "Hindered", "Vulnerable"])
def test_shake_it_off_each_listed_condition(cond):
    # R29: Exhausted, Grabbed, Hindered or Vulnerable.
    s = yard()
    run(s, f"cond mira {cond} +1", "turn mira", f"shake {cond.lower()[:4]}")
    assert not s.state.get("Mira").has(cond)


def test_shake_it_off_refusals():
    s = yard()
    run(s, "cond kira impaired", "turn kira")
    refused(s, "shake", "none of")
    refused(s, "shake impaired", "only")
    run(s, "cond kira hindered", "cond kira vulnerable")
    refused(s, "shake", "which one")
    refused(s, "shake exhausted", "no Exhausted")


def test_shake_it_off_with_an_empty_word_is_refused_not_a_crash():
    # R29; bad input never hurts: `shake ""` names nothing (found by a property test)
    s = yard()
    run(s, "cond kira hindered", "turn kira")
    refused(s, 'shake ""')


# --- lockouts ----------------------------------------------------------------------------


def test_cost_above_vigor_refused():
    # R24: refused, nothing changes.
    s = yard()
    run(s, "turn kira", "set kira vigor 1")
    refused(s, "shift 1", "costs 2", "has 1")
    refused(s, "shake", "none of")  # before paying: nothing to shake
    run(s, "hide")
    assert s.state.get("Kira").vigor == 0


def test_broken_allows_only_the_free_move():
    # Condition table: Broken allows no maneuvers but the free Move.
    s = yard()
    run(s, "cond kira broken", "turn kira")
    refused(s, "shift 1", "Broken")
    refused(s, "hide", "Broken")
    refused(s, "breath", "Broken")
    run(s, "move 4")
    refused(s, "move 1", "Broken")


def test_broken_blocks_reactions():
    s = yard()
    run(s, "cond kira broken")
    with pytest.raises(RuleError, match="Broken"):
        economy.pay_reaction(s.state.get("Kira"), "Dodge", 2)


def test_maneuvers_only_on_own_turn():
    s = yard()
    run(s, "turn mira")
    refused(s, "hide kira", "own turn")


def test_enemy_refused_a_third_maneuver():
    # R7: a Move plus N (default 1) other maneuvers; no Vigor.
    s = yard()
    run(s, "turn kira", "end", "turn ogre", "move 4", "hide")
    assert s.state.get("Ogre").maneuvers == 1 and s.state.get("Ogre").vigor == 0
    refused(s, "cast 0", "used its 1 maneuver", "R7")
    refused(s, "move 1", "already moved", "R7")


def test_enemy_with_two_maneuvers_and_exhausted_takes_one_fewer():
    # R7 + condition table: Exhausted enemies take one maneuver fewer.
    s = yard()
    run(s, "turn kira", "end", "turn thug", "hide", "shift 1")
    refused(s, "cast 0", "used its 2")
    s2 = yard()
    run(s2, "cond thug exhausted", "turn kira", "end", "turn thug", "hide")
    refused(s2, "shift 1", "used its 1")


def test_enemy_free_move_is_still_allowed_after_its_maneuvers():
    s = yard()
    run(s, "turn kira", "end", "turn ogre", "hide", "move 2")
    assert kinds(s)[0] == "maneuver_taken"


def test_enemies_take_no_reactions():
    # R7: enemies take no reactions, only scripted defenses.
    s = yard()
    with pytest.raises(RuleError, match="R7"):
        economy.pay_reaction(s.state.get("Ogre"), "Dodge", 2)


def test_free_actions_cost_nothing_and_need_no_turn():
    # ch19 Free Actions: release and the GM's fall/terrain/apart cost no Vigor.
    s = yard()
    run(s, "cond kira grabbed from mira", "terrain kira swim", "release mira")
    k = s.state.get("Kira")
    assert k.vigor == 7 and not k.has("Grabbed")


def test_swimming_doubles_a_dodge():
    # R24: swimming doubles every Vigor cost, reactions included.
    s = yard()
    run(s, "terrain mira swim", "turn kira", "end", "turn ogre",
        "attack mira roll=1,1,1,1,1 dodge def=1,1,1")
    assert s.state.get("Mira").vigor == 7 - 4


def test_hindered_cannot_dodge_an_attack():
    # Condition table, Hindered: no Dodge.
    s = yard()
    run(s, "cond mira hindered", "turn kira", "end", "turn ogre")
    refused(s, "attack mira roll=1,1,1,1,1 dodge def=1,1,1", "Hindered", "Dodge")


def test_after_a_full_turn_maneuver_no_dodge():
    # R25: no reactions until the start of the next turn.
    s = yard()
    run(s, "turn mira", "steady", "end", "turn ogre")
    refused(s, "attack mira roll=1,1,1,1,1 dodge def=1,1,1", "R25")
