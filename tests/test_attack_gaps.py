"""Attack and condition rules the audit found untested (ch19, ch20, R3, R9, R19, R21)."""

from __future__ import annotations

import pytest

from momenta_cli.errors import MomentaError
from tests.engine_helpers import log_text, run, session_from

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


YARD = """
name: Yard
weapons:
  - name: Mace
    weight: Medium
    tags: [Crushing, Melee 1]
    damage: {0s: 2, 1s: 7, 2s: 13, 3+: 20}
combatants:
  - {name: Kira, side: allies, attributes: {POW: 4, AGI: 1}, weapons: [Mace]}
  - name: Wyrm
    side: adversaries
    max_vitality: 80
    hit_locations:
      - Mass
      - {name: Tail, penalty: 1, wound_effect: Hindered}
  - {name: Blob, side: adversaries, max_vitality: 80, hit_locations: [Mass]}
"""


def test_weapon_not_carried_is_refused_without_change():
    # ch19 Basic Attack: "an equipped weapon".
    s = session_from(YARD)
    run(s, "turn kira")
    before = s.state.clone()
    with pytest.raises(MomentaError, match="no weapon"):
        run(s, "attack wyrm with greataxe")
    assert s.state == before


def test_custom_hit_location_uses_its_penalty():
    # ch20 Hit Locations: stat blocks may declare other valid targets (R19).
    s = session_from(YARD)
    run(s, "turn kira", "attack wyrm at tail roll 5,6,1")  # POW 4 - Tail 1 = 3 dice
    assert any("Tail -1 = 3d [5,6,1] 2s" in t for t in log_text(s))
    assert s.state.get("Wyrm").vitality == 80 - 13


def test_mark_on_a_mass_only_target_is_refused():
    # ch20 Hit Locations: some creatures have no Edge or Mark.
    s = session_from(YARD)
    run(s, "turn kira")
    with pytest.raises(MomentaError):
        run(s, "attack blob at mark roll 5")


def test_free_gm_modifier_changes_the_pool():
    # Issue 4: "a free modifier the GM types", listed in the log.
    s = session_from(YARD)
    run(s, "turn kira", "attack wyrm +1d roll 5,6,1,1,1")  # POW 4 + 1 = 5 dice
    assert any("= 5d [5,6,1,1,1] 2s" in t for t in log_text(s))
    with pytest.raises(MomentaError):
        run(s, "attack wyrm -2d roll 5,6,1,1")  # 2 dice wanted, 4 typed: refused


def test_mace_tiers_open_ended_at_three_plus():
    # ch20 Attacking, the mace stat block: 2 / 7 / 13 / 20, and 3+ covers four successes.
    s = session_from(YARD)
    run(s, "turn kira", "attack wyrm roll 5,5,6,6")  # 4 successes (pairs -> Solid Hit)
    hit = [e for e in s.entries[-1].events if e.kind == "attack_damage"][0]
    assert hit.tier == 20


def test_grab_feint_shove_cap_at_three():
    # ch19 Grab/Feint/Shove: N = successes, maximum 3; Grab adds up to 3 on later turns.
    s = session_from(YARD.replace("attributes: {POW: 4, AGI: 1}", "attributes: {POW: 5, AGI: 5}"))
    run(s, "turn kira", "feint wyrm with mace roll 5,5,5,5,6")
    assert s.state.get("Wyrm").stacks("Vulnerable") == 3
    run(s, "grab blob roll 5,6,1,1,1")
    assert s.state.get("Blob").stacks("Grabbed") == 2
    run(s, "end", "turn wyrm", "end", "turn blob", "end")  # Blob is an enemy: no roll (R30)
    run(s, "turn kira", "grab blob roll 5,6,5,1,1")
    assert s.state.get("Blob").stacks("Grabbed") == 3


@pytest.mark.parametrize("line, stacks", [("+5", 3), ("-1", 1), ("=1", 1), ("-all", 0)])
def test_condition_commands_respect_caps(line, stacks):
    # Condition table: stacks cap at 3 unless noted.
    s = session_from(YARD)
    run(s, "cond wyrm impaired +2")
    run(s, f"cond wyrm impaired {line}")
    assert s.state.get("Wyrm").stacks("Impaired") == stacks


def test_hindered_has_one_stack_and_faltering_no_cap():
    s = session_from(YARD)
    run(s, "cond wyrm hindered +3", "cond wyrm faltering +7")
    w = s.state.get("Wyrm")
    assert w.stacks("Hindered") == 1 and w.stacks("Faltering") == 7


def test_an_immune_combatant_does_not_gain_the_condition():
    # Stat blocks may be immune to conditions (REFERENCE-NUMBERS: the hierophant is immune
    # to Shrouded); gaining one changes nothing, and the GM is told.
    s = session_from("""
        name: Immune
        combatants:
          - {name: Kira, side: allies}
          - {name: Cantor, side: adversaries, threat: Regular, max_vitality: 20,
             immunities: [Shrouded]}
    """)
    before = s.state.clone()
    with pytest.raises(MomentaError, match="immune to Shrouded"):
        run(s, "cond cantor shrouded +1")
    assert s.state == before
