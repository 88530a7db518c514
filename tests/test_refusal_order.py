"""A refusal gives the deciding reason first (issue 26 item 10): for a reactive attack
(ch19 Counterattack, Intercept, Forestall) that may not be made at all, the reactor's
lockout (Broken, condition table; not a Warrior, R37) comes before its weapon's reach,
and no Vigor (R24) or no reach comes before the attack being "a melee Basic Attack":
a weapon with both a reach and a Range, used past its reach, would be thrown, which no
Counterattack is, but the reason it cannot answer is the reach (or the Vigor)."""

from __future__ import annotations

from tests.attack_yard import yard
from tests.engine_helpers import refused, run, session_from

# Gorm's pike reaches Kira 2 squares away; Kira's knife reaches 1 (and is thrown to 5)
PIKE_YARD = """
name: Pike yard
weapons:
  - {name: Pike, weight: Heavy, tags: [Piercing, Melee 2], damage: {0s: 1, 1s: 2, 2s: 3, 3+: 4}}
  - {name: Knife, weight: Light, tags: [Slashing, Melee 1, Range 5],
     damage: {0s: 1, 1s: 2, 2s: 3, 3+: 4}}
map:
  rows: |
    .....
    .....
combatants:
  - {name: Kira, side: allies, weapons: [Knife], archetype: Warrior, at: A1}
  - {name: Gorm, side: adversaries, weapons: [Pike], at: C1}
"""


def pike_yard():
    s = session_from(PIKE_YARD)
    run(s, "turn kira", "end", "turn gorm")
    return s


def test_out_of_vigor_comes_before_the_counterattack_being_melee():
    """R24 before ch19 Reactions: with no Vigor, that is why Kira cannot answer."""
    s = pike_yard()
    run(s, "set kira vigor 0")
    msg = refused(s, "attack kira counter with knife",
                  "Counterattack (Knife) costs 2 Vigor; Kira has 0 (R24)")
    assert "melee Basic Attack" not in msg


def test_out_of_reach_comes_before_the_counterattack_being_melee():
    """ch19 Counterattack: "your melee weapon must be able to reach the attacker": the
    knife reaches 1 square and the map says 2, which is the reason."""
    s = pike_yard()
    msg = refused(s, "attack kira counter with knife",
                  "Knife reaches 1 square, the target is 2 away: no Counterattack")
    assert "melee Basic Attack" not in msg


def test_broken_comes_before_reach():
    """Condition table, Broken: no reactions at all, whatever the reach: said first, for
    a Counterattack out of reach on the map and an Intercept past the rapier's reach."""
    s = pike_yard()
    run(s, "cond kira broken")
    msg = refused(s, "attack kira counter with knife", "Kira is Broken and cannot react")
    assert "reaches" not in msg
    s = yard()
    run(s, "turn kira", "end", "turn gorm", "move 3", "cond wren broken")
    msg = refused(s, "intercept wren gorm with rapier dist 3",
                  "Wren is Broken and cannot react")
    assert "reaches" not in msg


def test_not_a_warrior_comes_before_reach():
    """R37: an ally without the Warrior's reactions hears that, not its weapon's reach."""
    s = session_from(PIKE_YARD.replace(", archetype: Warrior", ""))
    run(s, "turn kira", "end", "turn gorm")
    msg = refused(s, "attack kira counter with knife",
                  "Kira cannot Counterattack: only a Warrior may (R37)")
    assert "reaches" not in msg
