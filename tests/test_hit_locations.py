"""Hit locations and cover (ch20 Hit Locations, Cover; R19, R20): Mass, Edge and Mark,
locations a stat block adds or leaves out, and the locations every ally has."""

from __future__ import annotations

from tests.attack_yard import ENCOUNTER, mace_yard, pool_parts, yard
from tests.engine_helpers import log_text, run, session_from
from tests.test_maneuver_support import refused


def test_an_edge_hit_costs_two_dice_and_hinders_on_a_net_success():
    # R19: Edge -2d; with 1+ net successes the target becomes Hindered.
    s = yard()
    run(s, "turn kira", "attack gorm at edge", faces=[5])
    assert pool_parts(s) == {"POW": 3, "Edge": -2}
    g = s.state.get("Gorm")
    assert g.has("Hindered") and g.conditions["Hindered"].source == "Kira"


def test_an_edge_hit_without_net_successes_does_not_hinder():
    # R19: "1+ net success makes the target Hindered" - none, no Hindered.
    s = yard()
    run(s, "turn kira", "attack gorm at edge", faces=[4])
    assert not s.state.get("Gorm").has("Hindered")


def test_a_mark_hit_costs_three_dice_and_doubles_the_damage():
    # R19: Mark -3d and the target gains weakness to the attack.
    s = yard()
    run(s, "turn kira", "attack vessa at mark", faces=[5, 6])  # 0d: keep lowest 5 -> 1s
    assert pool_parts(s) == {"POW": 3, "Mark": -3}
    assert s.state.get("Vessa").vitality == 24 - (6 - 3) * 2


def test_a_mark_hit_that_wounds_breaks_the_target():
    # R19 + R10: a Mark hit that fills a Wound slot also makes the target Broken.
    s = yard()
    run(s, "set vessa vitality 4", "turn kira", "attack vessa at mark", faces=[5, 6])
    v = s.state.get("Vessa")
    assert v.wounds == ["Impaired"] and v.has("Broken") and v.vitality == 24 - 2


def test_an_enemy_wound_takes_the_hit_locations_wound_effect():
    # R10: an enemy's Wound gives the hit location's Wound effect (Gorm's Edge: Hindered).
    s = session_from(ENCOUNTER.replace("    max_vitality: 22\n",
                                       "    max_vitality: 22\n    wound_slots: 1\n"))
    run(s, "set gorm vitality 3", "turn kira", "attack gorm at edge", faces=[5])
    assert s.state.get("Gorm").wounds == ["Hindered"]


def test_imprecise_attacks_aim_at_mass_only():
    # R19: Imprecise attacks may target Mass only.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack gorm with maul at edge", "Imprecise", "R19")


def test_an_unknown_hit_location_is_refused_with_the_choices():
    # R19: stat blocks decide their locations.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack gorm at tail", "Mass, Edge, Mark")


def test_a_ranged_attack_on_a_target_in_cover_cannot_aim_at_mass():
    # R20 / ch20 Cover: Mass cannot be targeted; Edge or Mark can; melee ignores cover.
    s = yard()
    run(s, "turn kira")
    refused(s, "attack gorm with shortbow cover", "cover", "R20")
    run(s, "attack gorm with shortbow cover at edge", faces=[5, 6])  # -1d: keep lowest
    run(s, "attack gorm with longsword cover", faces=[1, 1, 1, 1])  # Gorm now Hindered


# --- every ally has Mass, Edge and Mark (ch20 Hit Locations, R19) -------------------------

ALLY_LOCATIONS = """
name: Allies' locations
stat_blocks:
  - {name: Jelly, side: adversaries, max_vitality: 20, hit_locations: [Mass]}
combatants:
  - {name: Kira, side: allies, attributes: {POW: 3}, hit_locations: [Mass]}
  - name: Rook
    side: allies
    attributes: {POW: 3}
    hit_locations: [Mass, {name: Mark, penalty: 4}, {name: Visor, penalty: 1}]
  - {name: Blob, side: adversaries, max_vitality: 20, hit_locations: [Mass]}
"""


def test_an_ally_listing_only_mass_still_has_edge_and_mark():
    # ch20 Hit Locations: "All player characters will have Mass, Edge, and Mark" (R19).
    s = session_from(ALLY_LOCATIONS)
    kira = s.state.get("Kira").spec
    assert [(x.name, x.penalty) for x in kira.locations] == [("Mass", 0), ("Edge", 2),
                                                              ("Mark", 3)]
    run(s, "turn kira", "end", "turn blob", "attack kira at edge roll 1,1")
    assert [e.location for e in s.entries[-1].events if e.kind == "attack_rolled"] == ["Edge"]


def test_an_ally_keeps_what_it_says_about_the_three_and_may_add_more():
    # R19: an ally's list may change the three's numbers and add locations of its own.
    s = session_from(ALLY_LOCATIONS)
    rook = s.state.get("Rook").spec
    assert [(x.name, x.penalty) for x in rook.locations] == [
        ("Mass", 0), ("Edge", 2), ("Mark", 4), ("Visor", 1)]


def test_an_enemy_may_be_all_mass():
    # ch20 Hit Locations: "Some creatures may not have Edge or Mark locations."
    s = session_from(ALLY_LOCATIONS)
    assert [x.name for x in s.state.get("Blob").spec.locations] == ["Mass"]
    run(s, "turn kira")
    refused(s, "attack blob at edge", "Blob has no hit location", "(has: Mass)")


def test_a_reinforcement_joining_the_allies_has_edge_and_mark():
    # ch20 Hit Locations via R17: a stat block brought in on the allies' side is an ally.
    s = session_from(ALLY_LOCATIONS)
    run(s, "add jelly as Friend side allies")
    assert [x.name for x in s.state.get("Friend").spec.locations] == ["Mass", "Edge", "Mark"]
    run(s, "add jelly as Foe")
    assert [x.name for x in s.state.get("Foe").spec.locations] == ["Mass"]


def test_custom_hit_location_uses_its_penalty():
    # ch20 Hit Locations: stat blocks may declare other valid targets (R19).
    s = mace_yard()
    run(s, "turn kira", "attack wyrm at tail roll 5,6,1")  # POW 4 - Tail 1 = 3 dice
    assert any("Tail -1 = 3d [5,6,1] 2s" in t for t in log_text(s))
    assert s.state.get("Wyrm").vitality == 80 - 13


def test_mark_on_a_mass_only_target_is_refused():
    # ch20 Hit Locations: some creatures have no Edge or Mark.
    s = mace_yard()
    run(s, "turn kira")
    refused(s, "attack blob at mark roll 5", "Blob has no hit location", "(has: Mass)")
