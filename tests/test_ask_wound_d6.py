"""The PC Wound table's d6 asked at the table (R10: a PC filling a Wound or Burden slot
rolls a d6 for its condition: 1 Impaired, 2 Hindered, 3 Exhausted, 4 Slowed, 5
Shrouded, 6 Broken; an enemy takes its hit location's effect and rolls nothing). With
``ask_dice`` on, each such d6 is asked where the engine rolls it, once the hit is shown
(after Brace, which changes the damage): a face typed is the one the engine uses and
the journal keeps (``Entry.dice``), Enter lets the tracker roll. A scripted ``Table``
answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from momenta_cli.engine.core import SeededRoller
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.play import run_line
from momenta_cli.questions.table_decider import VOID
from momenta_cli.render.state_json import state_doc
from tests.conftest import fight_of, invoke
from tests.engine_helpers import session_from
from tests.test_ask_questions import gorms_turn, settle, turn_of
from tests.trigger_yard import yard_text

WOUND = "Wren's Wound d6 (R10)> "


def wounds(entry) -> list[tuple[str, str, int | None]]:
    return [(e.name, e.condition, e.face) for e in entry.events if e.kind == "wound_taken"]


def low(s, name: str, vitality: int = 3):
    run_line(s, f"set {name} vitality {vitality}", SeededRoller(0))
    return s


def test_a_basic_attack_that_wounds_a_pc_asks_the_wound_d6_and_uses_the_face():
    """R10: Wren (Vitality 3) takes 16 from Gorm's 3 successes: a Wound slot fills; the
    d6 is the players', typed 4: Slowed. The Brace question does not show the tracker's
    d6 (it is asked next), and the damage is shown before the d6 is asked; the face
    typed is on the journal's dice."""
    s = low(gorms_turn(), "wren")
    entry, t = settle(s, "attack wren", "", "6,6,6", "n", "4")
    assert t.prompts == ["reaction> ", "Gorm rolls 3d> ", "Brace? [y/N] ", WOUND]
    brace = next(x for x in t.told if x.startswith("Wren: 16 to Vitality"))
    assert "Wound 1/3 (d6 asked next)" in brace
    assert t.told[-3:] == ["Wren: 17 damage, Guard soaks 1, 16 to Vitality",
                           "Wren: Guard 1->0 (Cudgel)",
                           "Wound d6 (R10) for Wren's Wound: 1 Impaired, 2 Hindered, "
                           "3 Exhausted, 4 Slowed, 5 Shrouded, 6 Broken. Type each face "
                           "(1-6); Enter: the tracker rolls."]
    assert entry.line == "attack wren roll 6,6,6"
    assert wounds(entry) == [("Wren", "Slowed", 4)]
    assert entry.dice == (4,)
    assert entry.script_line == "attack wren roll 6,6,6 dice 4"
    fresh = low(gorms_turn(), "wren")  # the journal's line, its dice pinned, replays
    run_line(fresh, entry.script_line, QueueRoller([]))
    assert state_doc(fresh.state) == state_doc(s.state)


def test_enter_at_the_wound_d6_lets_the_tracker_roll_it():
    s = low(gorms_turn(), "wren")
    entry, t = settle(s, "attack wren", "", "6,6,6", "n", "", roller=QueueRoller([2]))
    assert t.prompts[-1] == WOUND
    assert wounds(entry) == [("Wren", "Hindered", 2)]  # the tracker's d6
    assert entry.dice == (2,)


def test_a_wrong_wound_d6_is_asked_again_with_the_reason():
    s = low(gorms_turn(), "wren")
    out, t = settle(s, "attack wren", "", "6,6,6", "n", "7", "five", "0", "\ufeff 6 ")
    assert t.prompts.count(WOUND) == 4
    assert t.wrongs == [
        "a Wound table roll is one d6 face from 1 to 6, got '7'; type it again (Enter: "
        "the tracker rolls)",
        "a Wound table roll is one d6 face from 1 to 6, got 'five'; type it again "
        "(Enter: the tracker rolls)",
        "a Wound table roll is one d6 face from 1 to 6, got '0'; type it again (Enter: "
        "the tracker rolls)"]
    assert wounds(out) == [("Wren", "Broken", 6)]


@pytest.mark.parametrize("cancel", [None, "quit"])
def test_cancelling_at_the_wound_d6_does_nothing(cancel):
    s = low(gorms_turn(), "wren")
    before = state_doc(s.state)
    out, t = settle(s, "attack wren", "", "6,6,6", "n", cancel)
    assert out is None and t.prompts[-1] == WOUND
    assert state_doc(s.state) == before and len(s.entries) == 3


def test_cancelling_at_the_wound_d6_after_the_tracker_rolled_says_its_dice_are_void():
    """The tracker's roll was shown at Brace; cancelled, a retyped line rolls afresh."""
    s = low(gorms_turn(), "wren")
    out, t = settle(s, "attack wren", "", "", "n", None, roller=QueueRoller([6, 6, 6, 2]))
    assert out is None and t.prompts[-1] == WOUND
    assert "Gorm -> Wren: Cudgel (Crushing) pool 3d [6,6,6] 3s = 3s" in t.told
    assert t.told[-1] == VOID


def test_brace_decides_whether_the_wound_d6_is_asked():
    """ch19 Brace halves the damage: Wren (Vitality 9) takes 16, or 8 braced: no slot
    fills, so no d6 is asked."""
    s = low(gorms_turn(), "wren", 9)
    _, t = settle(s, "attack wren", "", "6,6,6", "y")
    assert t.prompts[-1] == "Brace? [y/N] "
    s = low(gorms_turn(), "wren", 9)
    _, t = settle(s, "attack wren", "", "6,6,6", "n", "1")
    assert t.prompts[-1] == WOUND


def test_a_counterattack_wound_is_asked_and_its_d6_comes_before_the_attack_roll():
    """R27: Wren's Counterattack resolves first and wounds Kira (Vitality 2); R10: Kira
    rolls the Wound d6 then, asked right after the counter's hit (Brace first), so on
    the tape the typed 6 (Broken) comes before the tracker's faces for Kira's own roll,
    asked after it: the replay takes them in that order."""
    s = low(turn_of("kira"), "kira", 2)
    entry, t = settle(s, "attack wren", "counter rapier", "", "6,6,6", "n", "6", "", "n",
                      roller=QueueRoller([5, 5, 2]))
    assert t.prompts == ["reaction> ", "reaction> ", "Wren's Counterattack 3d> ",
                         "Brace? [y/N] ", "Kira's Wound d6 (R10)> ", "Kira rolls 3d> ",
                         "Brace? [y/N] "]
    assert entry.line == "attack wren counter with Rapier roll 6,6,6"
    assert wounds(entry) == [("Kira", "Broken", 6)]
    assert entry.dice == (6, 5, 5, 2)
    kira = next(e for e in entry.events if e.kind == "attack_rolled" and e.attacker == "Kira")
    assert kira.roll.faces == (5, 5, 2)
    fresh = low(turn_of("kira"), "kira", 2)
    run_line(fresh, entry.script_line, QueueRoller([]))
    assert state_doc(fresh.state) == state_doc(s.state)


BLAST = """
name: Blast yard
combatants:
  - {name: Ana, side: allies, attributes: {POW: 1, AGI: 2}, max_vitality: 10, max_guard: 0}
  - {name: Bo, side: allies, attributes: {POW: 1, AGI: 2}, max_vitality: 10, max_guard: 0}
  - name: Bomber
    side: adversaries
    attributes: {POW: 2, AGI: 1}
    max_vitality: 20
    attacks:
      - {name: Blast, pool: 3, tags: [Fire, Range 10, Area],
         damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
"""


def _bombers_turn():
    s = session_from(BLAST)
    run_line(s, "turn ana", SeededRoller(0))
    run_line(s, "next bomber", SeededRoller(0))
    return low(s, "ana", 2)


def test_an_area_attack_asks_each_wounded_pc_its_d6_in_order():
    """R22: the Blast rolls once for Ana and Bo; Ana dodges with the tracker's dice;
    R10: both fill a Wound slot, each asked as the blast lands on them in turn: Ana's
    Brace and d6 (typed 3: Exhausted), then Bo's Brace and d6 (Enter: the tracker's 1,
    Impaired). The tape: Ana's Dodge, Ana's d6, Bo's d6."""
    s = _bombers_turn()
    entry, t = settle(s, "attack ana dist 3 for bo", "dodge", "", "6,6", "", "n", "3", "n",
                      "", roller=QueueRoller([2, 1, 1]))
    assert t.prompts[-5:] == ["Ana's Dodge 2d> ", "Brace? [y/N] ", "Ana's Wound d6 (R10)> ",
                              "Brace? [y/N] ", "Bo's Wound d6 (R10)> "]
    assert any(x.startswith("Wound d6 (R10) for Bo's Wound: 1 Impaired") for x in t.told)
    assert wounds(entry) == [("Ana", "Exhausted", 3), ("Bo", "Impaired", 1)]
    assert entry.dice == (2, 1, 3, 1)
    fresh = _bombers_turn()
    run_line(fresh, entry.script_line, QueueRoller([]))
    assert state_doc(fresh.state) == state_doc(s.state)


def test_a_burden_from_strain_asks_its_d6_on_the_same_table():
    """R10: Burdens work as Wounds for Strain against Max Strain; Mind Spike's Strain
    (ch20, never Braced) fills Wren's Burden slot: its d6 is asked (5: Shrouded)."""
    s = turn_of("kira")
    run_line(s, "set wren strain 9", SeededRoller(0))
    entry, t = settle(s, "attack wren with mind spike roll 6,6", "5")
    assert t.prompts == ["Wren's Burden d6 (R10)> "]
    assert t.told[-1].startswith("Wound d6 (R10) for Wren's Burden: 1 Impaired")
    assert wounds(entry) == [("Wren", "Shrouded", 5)] and entry.dice == (5,)


def test_an_enemy_wound_is_never_asked():
    """R10: an enemy's Wound gives its hit location's effect (or Impaired): no d6 (the
    GM is offered Vessa's Parry, R7, and declines it)."""
    s = low(turn_of("kira"), "vessa", 2)
    entry, t = settle(s, "attack vessa roll 6,6,6", "n")
    assert t.prompts == ["Vessa: Parry 3d (1 of 1 left)? [y/N] "]
    assert wounds(entry) == [("Vessa", "Impaired", None)] and entry.dice == ()


def test_with_ask_dice_off_the_tracker_rolls_the_wound_d6():
    s = low(gorms_turn("{ask_dice: false}"), "wren")
    entry, t = settle(s, "attack wren roll 6,6,6", "", "n", roller=QueueRoller([5]))
    assert WOUND not in t.prompts
    assert wounds(entry) == [("Wren", "Shrouded", 5)]


# --- a reactive attack on a movement (R35), through ``momenta run --ask`` --------------


@pytest.fixture
def rival_yard(tmp_path) -> Path:
    """The trigger yard with Wren on the adversaries' side (a PC-style stat block, no
    threat: she takes reactions) and Kira to walk past her Spear."""
    text = yard_text(kira="A2", wren="D1", gorm="A4", nix="G4")
    text = text.replace("  - name: Wren\n    side: allies\n",
                        "  - name: Wren\n    side: adversaries\n")
    path = tmp_path / "yard.yaml"
    path.write_text(text)
    return path


@pytest.mark.usefixtures("home")
def test_an_intercept_on_a_move_that_wounds_the_mover_asks_the_d6(rival_yard):
    """R35: Kira walks into Wren's reach; Wren's Intercept (typed 6,2) wounds Kira
    (Vitality 2); R10: Kira's d6 is asked (4: Slowed) and kept on the line's dice."""
    lines = ["turn kira", "set kira vitality 2", "move kira to f2", "y", "", "6,2", "n",
             "4", "quit"]
    r = invoke("run", rival_yard, "--new", "--seed", "1", "--ask",
               input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "Kira's Wound d6 (R10)> 4" in out
    assert "Wound 1/3 (d6 4: Slowed)" in out
    assert "as: move kira to F2 intercept Wren with Spear roll 6,2 dice 4" in out
    last = json.loads(fight_of(rival_yard).read_text().splitlines()[-1])
    assert last["cmd"] == "move kira to F2 intercept Wren with Spear roll 6,2"
    assert last["dice"] == [4]


@pytest.mark.usefixtures("home")
def test_a_pc_intercepted_on_its_move_is_asked_its_reaction_with_brace(rival_yard):
    """R35, ch19 Reactions, ch19 Brace: Kira, Intercepted on her move, is asked her
    reaction to Wren's attack as to any attack; Brace declared with the Dodge is not
    asked again once the damage is known, and the line keeps both."""
    lines = ["turn kira", "move kira to f2", "y", "dodge brace", "6,6", "1,1", "quit"]
    r = invoke("run", rival_yard, "--new", "--seed", "1", "--ask",
               input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "Wren intercepts Kira with Spear, 2d. Kira's reaction: dodge 2d" in out
    assert "Brace? [y/N]" not in out
    assert "halved (Brace)" in out
    last = json.loads(fight_of(rival_yard).read_text().splitlines()[-1])
    assert last["cmd"] == "move kira to F2 intercept Wren with Spear roll 6,6 dodge def 1,1 brace"
