"""Wracked (draft 22 condition table; R9, R30): damage of its type at the end of its
bearer's turn, skipping Guard, meeting resistance and weakness, shed by class."""

from __future__ import annotations

from tests.engine_helpers import run, session_from
from tests.rules_arena import arena

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


def test_wracked_deals_damage_past_guard_then_fades():
    # Condition table, Wracked: 2 x stacks damage, skipping Guard, then lose a stack.
    s = session_from("""
        name: Burn
        combatants:
          - {name: P, side: allies, max_vitality: 20, max_guard: 5}
          - {name: X, side: adversaries}
    """)
    run(s, "cond p wracked +2 from Fire", "turn p", "end")
    p = s.state.get("P")
    assert (p.vitality, p.guard, p.stacks("Wracked")) == (16, 5, 1)


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
