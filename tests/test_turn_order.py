"""Zipper initiative and the round (ch18 The Shape of a Fight, R12-R17)."""

from __future__ import annotations

import pytest

from momenta_cli.engine.turns import zipper
from momenta_cli.errors import MomentaError
from tests.engine_helpers import order, run, session_from

BOSS = """
name: Boss fight
combatants:
  - {name: A, side: allies}
  - {name: B, side: allies}
  - {name: Boss, side: adversaries, threat: Champion, max_vitality: 40}
"""


def test_boss_example_interleaves_turns():
    # ch18 Taking Multiple Turns: A -> Boss 1 -> B -> Boss 2 is correct.
    s = session_from(BOSS)
    run(s, "turn a", "end")
    assert [f.name for f in zipper.may_act(s.state)] == ["Boss"]
    run(s, "turn boss", "end")
    # A, Boss 1, Boss 2, B is incorrect: the allies are due.
    with pytest.raises(MomentaError, match="allies' pick"):
        run(s, "turn boss")
    run(s, "turn b", "end", "turn boss", "end")
    assert order(s) == ["A", "Boss", "B", "Boss#2", "R2"]


def test_suggestion_interleaves_a_two_turn_boss():
    # R14: the suggestion is only taken by an explicit command (`turn` with no name).
    s = session_from(BOSS)
    for _ in range(4):
        run(s, "turn", "end")
    assert order(s) == ["A", "Boss", "B", "Boss#2", "R2"]


def test_next_round_starts_with_the_side_that_did_not_end_the_round():
    # ch18 End of the Round: Boss took the final turn, so the allies start round 2 ...
    s = session_from(BOSS)
    for _ in range(4):
        run(s, "next")
    run(s, "end")
    assert s.state.round == 2 and s.state.first_side == "allies"
    # ... and when an ally ends the round, the adversaries start the next.
    s2 = session_from("""
        name: Two on one
        combatants:
          - {name: A, side: allies}
          - {name: B, side: allies}
          - {name: X, side: adversaries}
    """)
    run(s2, "turn a", "end", "turn x", "end", "turn b", "end")
    assert s2.state.round == 2
    assert zipper.side_due(s2.state) == "adversaries"
    assert [f.name for f in zipper.may_act(s2.state)] == ["X"]


def test_all_allies_surprised_adversaries_go_first():
    # ch18 Turn Order: if everyone on the allies side is Surprised, adversaries go first.
    s = session_from("""
        name: Ambush
        combatants:
          - {name: A, side: allies, conditions: [Surprised]}
          - {name: B, side: allies, conditions: [Surprised]}
          - {name: X, side: adversaries}
    """)
    assert zipper.side_due(s.state) == "adversaries"
    with pytest.raises(MomentaError, match="Slowed"):
        run(s, "turn a")
    run(s, "turn x", "end")
    # R12: the Surprised allies act in the Slowed phase, after every non-Slowed combatant.
    assert zipper.current_phase(s.state) == 2
    assert {f.name for f in zipper.may_act(s.state)} == {"A", "B"}


def test_one_surprised_ally_does_not_hand_the_first_turn_over():
    s = session_from("""
        name: Half ambush
        combatants:
          - {name: A, side: allies, conditions: [Surprised]}
          - {name: B, side: allies}
          - {name: X, side: adversaries}
    """)
    assert zipper.side_due(s.state) == "allies"
    assert [f.name for f in zipper.may_act(s.state)] == ["B"]


def test_slowed_acts_after_everyone_on_both_sides():
    # ch18 Special cases: Slowed combatants act after every non-Slowed one, either side.
    s = session_from("""
        name: Slow
        combatants:
          - {name: Slowpoke, side: allies, conditions: {Slowed: 1}}
          - {name: B, side: allies}
          - {name: X, side: adversaries}
          - {name: Y, side: adversaries}
    """)
    for _ in range(4):
        run(s, "next")
    run(s, "end")
    assert order(s) == ["B", "X", "Y", "Slowpoke", "R2"]


def test_independents_last_even_after_slowed():
    # ch18 Special cases: independents always last, regardless of Slowed (R12 phase 3).
    s = session_from("""
        name: Wild
        combatants:
          - {name: Wolf, side: independents}
          - {name: A, side: allies, conditions: {Slowed: 1}}
          - {name: X, side: adversaries}
    """)
    assert zipper.PHASE_NAMES[zipper.current_phase(s.state)] == "main"
    for _ in range(3):
        run(s, "next")
    run(s, "end")
    assert order(s) == ["X", "A", "Wolf", "R2"]


def test_slowed_independents_act_after_the_other_independents():
    # ch18 Special cases and R12 (corrected): independents act last, and a Slowed one only
    # after every non-Slowed independent.
    s = session_from("""
        name: Wild
        combatants:
          - {name: Bear, side: independents, conditions: {Slowed: 1}}
          - {name: Wolf, side: independents}
          - {name: A, side: allies}
    """)
    run(s, "turn a", "end")
    assert [f.name for f in zipper.may_act(s.state)] == ["Wolf"]
    with pytest.raises(MomentaError, match="Bear is Slowed and acts after the other "
                       "independents"):
        run(s, "turn bear")
    run(s, "turn wolf", "end")
    assert zipper.PHASE_NAMES[zipper.current_phase(s.state)] == "slowed independents"
    run(s, "turn bear", "end")
    assert order(s) == ["A", "Wolf", "Bear", "R2"]


def test_a_surprised_combatant_is_told_it_is_surprised():
    # Refusals name the real reason (ch18 Surprise): Surprised, not "Slowed".
    s = session_from("""
        name: Ambush
        combatants:
          - {name: A, side: allies, conditions: [Surprised]}
          - {name: B, side: allies}
          - {name: X, side: adversaries}
    """)
    with pytest.raises(MomentaError, match="A is Surprised and acts after everyone who "
                       "is not Slowed"):
        run(s, "turn a")


def test_side_with_no_turns_left_lets_the_other_side_finish():
    # ch18 Turn Order: the other side freely takes all their remaining turns in sequence.
    s = session_from("""
        name: Outnumbered
        combatants:
          - {name: Hero, side: allies}
          - {name: X, side: adversaries}
          - {name: Y, side: adversaries}
          - {name: Z, side: adversaries}
    """)
    run(s, "turn hero", "end", "turn x", "end")
    assert zipper.side_due(s.state) == "adversaries"
    run(s, "turn z", "end", "turn y", "end")
    assert order(s) == ["Hero", "X", "Z", "Y", "R2"]
    # Hero took the first turn; Y (adversaries) the last, so allies start round 2.
    assert s.state.first_side == "allies"


def test_defeated_mid_round_loses_its_turns():
    # R17: Defeated or removed combatants lose their remaining turns.
    s = session_from(BOSS)
    run(s, "turn a", "end", "turn boss", "end", "defeat b")
    assert zipper.side_due(s.state) == "adversaries"
    run(s, "turn boss", "end")
    assert s.state.round == 2
    assert "B" not in [f.name for f in zipper.may_act(s.state)]


def test_removing_the_last_waiting_combatant_ends_the_round():
    s = session_from(BOSS)
    run(s, "next", "next", "next", "next", "end", "turn a", "end", "turn boss", "end",
        "turn b", "end")
    assert s.state.round == 2
    run(s, "remove boss")
    assert s.state.round == 3


def test_reinforcement_joins_the_current_round():
    # R17: combatants added mid-fight join the current round.
    s = session_from("""
        name: Reinforced
        stat_blocks:
          - {name: Guard Dog, side: adversaries, threat: Grunt}
        combatants:
          - {name: A, side: allies}
          - {name: B, side: allies}
          - {name: X, side: adversaries}
    """)
    run(s, "turn a", "end", "turn x", "end", "add guard x2")
    assert {"Guard Dog-1", "Guard Dog-2"} <= set(s.state.fighters)
    run(s, "turn b", "end")
    assert [f.name for f in zipper.may_act(s.state)] == ["Guard Dog-1", "Guard Dog-2"]
    run(s, "next", "next", "end")
    assert s.state.round == 2


def test_combat_may_end_when_every_adversary_is_defeated():
    # ch18 Ending the Combat.
    s = session_from(BOSS)
    assert zipper.combat_may_end(s.state) is None
    run(s, "defeat boss")
    assert zipper.combat_may_end(s.state) == "every adversary is Defeated"
    run(s, "over victory")
    assert s.state.over
    with pytest.raises(MomentaError, match="combat is over"):
        run(s, "turn a")
    run(s, "undo")
    assert not s.state.over


def test_combat_may_end_when_every_ally_is_down():
    s = session_from(BOSS)
    run(s, "defeat a", "defeat b")
    assert zipper.combat_may_end(s.state) == "every ally is Defeated or Lost"


def test_names_match_by_prefix_and_ambiguity_is_explained():
    s = session_from("""
        name: Goblins
        combatants:
          - {name: Hero, side: allies}
          - {name: goblin, side: adversaries, threat: Grunt, count: 2}
    """)
    with pytest.raises(MomentaError, match="goblin is ambiguous: goblin-1, goblin-2"):
        run(s, "defeat goblin")
    run(s, "defeat GOBLIN-2")
    assert s.state.get("goblin-2").defeated


def test_refused_command_changes_nothing():
    s = session_from(BOSS)
    run(s, "turn a")
    before = s.state.clone()
    n = len(s.entries)
    for bad in ["turn b", "turn boss", "defeat nobody", "cond a frobbed", "end hindered=1s"]:
        with pytest.raises(MomentaError):
            run(s, bad)
        assert s.state == before
        assert len(s.entries) == n


def test_stat_blocks_match_with_hyphens_for_spaces():
    # R17 reinforcements, typed the way names are typed at the table.
    s = session_from("""
        name: Thugs
        stat_blocks:
          - {name: Bandit Thug, side: adversaries, threat: Grunt}
        combatants:
          - {name: A, side: allies}
    """)
    run(s, "add bandit-thug as Latecomer")
    assert "Latecomer" in s.state.fighters
    run(s, "add ogre")  # no stat block by that name: made up at the table (issue 11)
    assert s.state.fighters["Ogre"].spec.notes == "improvised at the table"
