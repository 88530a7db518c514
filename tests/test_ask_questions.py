"""The table's questions about an attack, without a terminal (momenta_cli/questions/): the
line is decided once and the engine stops where the rules give someone a choice: the
target's reaction when it is targeted (ch19 Reactions, R27), each roll's dice once its
pool is known (ch20 step 1, R1, R2, R7), Brace once the damage is known (ch19 Brace),
and the entry keeps the one complete line. A scripted ``Table`` answers."""

from __future__ import annotations

import pytest

from momenta_cli.engine.core import SeededRoller
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.errors import MomentaError
from momenta_cli.language import parse_line
from momenta_cli.play import run_line
from momenta_cli.questions import Cancelled, TableAsking
from momenta_cli.questions.table_decider import HOW_DICE, VOID
from momenta_cli.render.state_json import state_doc
from tests.attack_yard import yard


class Table:
    """Answers from a list; ``None`` in it cancels. Keeps what was told, asked and
    refused, in order."""

    def __init__(self, *answers: str | None):
        self.answers = list(answers)
        self.told: list[str] = []
        self.prompts: list[str] = []
        self.wrongs: list[str] = []
        self.notes: list[str] = []

    def tell(self, text: str) -> None:
        self.told.append(text)

    def ask(self, prompt, words=()):
        self.prompts.append(prompt)
        assert self.answers, f"asked {prompt!r} with no answer left"
        return self.answers.pop(0)

    def wrong(self, message: str) -> None:
        self.wrongs.append(message)

    def note(self, text: str) -> None:
        self.notes.append(text)


def turn_of(name: str, rules: str = ""):
    """The yard with ``name``'s turn running (after Kira's, for an adversary)."""
    s = yard(rules)
    run_line(s, "turn kira", SeededRoller(0))
    if name != "kira":
        run_line(s, f"next {name}", SeededRoller(0))
    return s


def gorms_turn(rules: str = ""):
    return turn_of("gorm", rules)


def ask_line(s, line, table, roller=None):
    """``line`` run at the prompt on ``s`` with ``table`` answering: its entry (the
    complete line, its dice), or None when the GM cancelled (nothing done)."""
    try:
        return run_line(s, line, roller or SeededRoller(3), asking=TableAsking(table)).entry
    except Cancelled:
        return None


def settle(s, line, *answers, roller=None):
    t = Table(*answers)
    out = ask_line(s, line, t, roller)
    assert not t.answers, f"answers left over: {t.answers}"
    return out, t


def reaction_line(t: Table) -> str:
    return next(x for x in t.told if "'s reaction:" in x)


# --- the reaction ---------------------------------------------------------------------


def test_the_target_is_asked_its_reaction_with_only_the_legal_options():
    """ch19 Reactions: Dodge 2 Vigor with AGI; Deflect 1 Vigor with a Shield (any
    weight) or a Deflect weapon no lighter than the attacking one, so Wren's Light
    Rapier cannot Deflect the Medium Cudgel; Counterattack 2 Vigor with a melee
    weapon. The attacker's pool is told with the question."""
    s = gorms_turn()
    out, t = settle(s, "attack wren roll 1,1,1", "", "n")
    text = reaction_line(t)
    assert text.startswith("Gorm attacks Wren with Cudgel, 3d. Wren's reaction: ")
    assert "dodge 3d (2 Vigor)" in text
    assert "deflect Buckler" in text and "(1 Vigor)" in text
    assert "deflect Rapier" not in text
    assert "counter 3d (2 Vigor): Rapier or Unarmed Attack" in text
    assert text.rstrip().endswith("none (Enter: none; Ctrl-C cancels)")
    assert t.prompts[0] == "reaction> "
    assert out.line == "attack wren roll 1,1,1"  # Enter: none, the line as typed


def test_a_hindered_target_is_not_offered_dodge_and_an_indefensible_attack_only_counter():
    """Condition table: Hindered forbids Dodge; ch19 Indefensible Attacks: no Dodge or
    Deflect, a Counterattack still allowed."""
    s = gorms_turn()
    run_line(s, "cond wren hindered", SeededRoller(0))
    _, t = settle(s, "attack wren roll 1,1,1,1", "", "n")  # +1d on a Hindered target
    assert "dodge" not in reaction_line(t) and "deflect Buckler" in reaction_line(t)

    s = turn_of("kira")
    _, t = settle(s, "attack wren with lash roll 1", "")
    text = reaction_line(t)
    assert "dodge" not in text and "deflect" not in text and "counter 3d (2 Vigor): Rapier" in text


def test_who_may_not_react_is_not_asked():
    """R7: an enemy takes no reactions (the GM writes its scripted defense); Broken and
    Surprised combatants cannot react (condition table); a reaction written on the line
    is not asked again."""
    s = turn_of("kira")
    out, t = settle(s, "attack gorm with longsword roll 5,5,1")
    assert t.prompts == [] and out.line == "attack gorm with longsword roll 5,5,1"
    s = gorms_turn()
    run_line(s, "cond wren broken", SeededRoller(0))
    out, t = settle(s, "attack wren roll 1,1,1")
    assert t.prompts == []
    s = gorms_turn()
    out, t = settle(s, "attack wren dodge roll 1,1,1 def 1,1,1", "n")
    assert not any("reaction" in x for x in t.told)


def test_a_reaction_answer_goes_into_the_line_and_a_wrong_one_is_asked_again():
    s = gorms_turn()
    out, t = settle(s, "attack wren roll 1,1,1", "d", "zz", "deflect", "", "n")
    assert t.wrongs[0] == "'d' is dodge or deflect: type more of it"
    assert t.wrongs[1].startswith("'zz' is not one of: dodge 3d")
    assert out.line == "attack wren roll 1,1,1 deflect=Buckler"
    assert parse_line(out.line).defense_with == "Buckler"


def test_a_counter_answer_asks_which_weapon_by_its_words():
    """ch19 Counterattack: the target answers with a melee weapon of its own; resolved
    before the attack (R27), so its dice are asked first."""
    s = gorms_turn()
    out, t = settle(s, "attack wren roll 1,1,1", "counter sp", "6,6", "n")
    assert out.line == "attack wren roll 1,1,1 counter with Spear roll 6,6"
    assert HOW_DICE in t.told
    assert t.prompts[1] == "Wren's Counterattack 0d (2d6 keep lowest)> "


# --- the dice -------------------------------------------------------------------------


def test_each_roll_is_asked_with_its_pool_in_the_order_it_is_rolled():
    """ch20 step 1: the pool is fixed before the roll; the GM types faces or successes,
    or Enter for the tracker (R1); how to answer is told once."""
    s = gorms_turn()
    out, t = settle(s, "attack wren dodge", "5 6 2", "1s", "n")
    assert t.told.count(HOW_DICE) == 1
    assert t.prompts[:2] == ["Gorm rolls 3d> ", "Wren's Dodge 3d> "]
    assert out.line == "attack wren roll 5,6,2 dodge def 1s"


def test_a_wrong_count_is_asked_again_with_the_reason():
    """R2: a pool of N dice rolls N faces; a success count cannot pass the pool."""
    s = gorms_turn()
    out, t = settle(s, "attack wren dodge", "5,6", "7,1,1", "9s", "5,6,2", "", "n")
    assert t.wrongs[0] == ("expected 3 faces from 1 to 6 for 3d, got 5,6; type them again "
                           "(Enter: the tracker rolls)")
    assert "expected 3 faces from 1 to 6" in t.wrongs[1]
    assert t.wrongs[2].startswith("9 successes is impossible with 3d")
    assert t.prompts.count("Gorm rolls 3d> ") == 4
    assert out.line == "attack wren roll 5,6,2 dodge"


def test_a_grunt_is_never_asked_its_dice():
    """R7: a Grunt always scores 1 success and never rolls."""
    s = turn_of("footpad")
    _, t = settle(s, "attack wren dodge", "4,4,4", "n")
    assert t.prompts[0] == "Wren's Dodge 3d> "


def test_the_ask_dice_setting_off_never_asks_for_dice():
    s = gorms_turn("{ask_dice: false}")
    out, t = settle(s, "attack wren dodge", "n", roller=QueueRoller([6, 6, 6, 1, 1, 1]))
    assert HOW_DICE not in t.told
    assert t.prompts == ["Brace? [y/N] "]  # the tracker rolled: 3s against 0s
    assert out.line == "attack wren dodge"


def test_an_area_weapon_is_asked_its_roll_once_for_every_target():
    """R22 (ours): an Area weapon rolls once for all its targets."""
    s = turn_of("kira")
    out, t = settle(s, "attack gorm with firebomb dist 3 for vessa", "5,5,1")
    assert t.prompts == ["Kira rolls 3d for every target> "]
    assert out.line == "attack gorm with firebomb dist 3 roll 5,5,1 for vessa"


def test_an_area_spell_is_asked_one_roll_per_target():
    """R22 (ours): a spell rolls for each target; each answer goes to that target's
    ``for NAME roll ...``."""
    s = turn_of("kira")
    out, t = settle(s, "attack gorm with fireball dist 3 for vessa", "5,1", "6,6")
    assert t.prompts == ["Kira rolls 2d at Gorm> ", "Kira rolls 2d at Vessa> "]
    assert out.line == "attack gorm with fireball dist 3 roll 5,1 for vessa roll 6,6"


# --- Brace ----------------------------------------------------------------------------


def test_brace_is_asked_with_the_amount_both_ways_and_the_answer_is_in_the_line():
    """ch19 Brace: taken when about to take damage, after hearing how much; it halves
    the damage (a resistance) and leaves the target Broken."""
    s = gorms_turn()
    out, t = settle(s, "attack wren", "", "6,6,5", "y")
    assert "Gorm -> Wren: Cudgel (Crushing) pool 3d [6,6,5] 3s = 3s" in t.told
    assert "Wren: 16 to Vitality (19->3); Brace: 8 to Vitality (19->11), Broken." in t.told
    assert t.prompts[-1] == "Brace? [y/N] "
    assert out.line == "attack wren roll 6,6,5 brace"


def test_no_brace_when_guard_takes_it_all_against_strain_or_without_damage():
    """ch19 Brace answers damage: a hit Guard soaks whole reaches no Vitality; Strain
    is not damage Brace helps against (ch20); Grab, Shove and Feint deal none."""
    s = gorms_turn()
    run_line(s, "guard wren 5", SeededRoller(0))
    _, t = settle(s, "attack wren roll 0s", "")  # 2 damage, all soaked
    assert t.prompts == ["reaction> "]
    s = turn_of("kira")
    _, t = settle(s, "attack wren with mind spike roll 6,6")  # nor any reaction: ranged
    assert t.prompts == []
    s = gorms_turn()
    _, t = settle(s, "shove wren roll 6,6", "")
    assert t.prompts == ["reaction> "]


def test_the_tracker_dice_shown_before_brace_are_the_dice_used():
    """One decision: the roll shown before Brace is the roll kept."""
    s = gorms_turn()
    out, t = settle(s, "attack wren", "", "", "n", roller=SeededRoller(11))
    told = next(x for x in t.told if x.startswith("Gorm -> Wren"))
    assert out.line == "attack wren"
    rolled = next(e for e in out.events if e.kind == "attack_rolled")
    assert f"[{','.join(map(str, rolled.roll.faces))}]" in told
    assert out.dice == rolled.roll.faces


def test_the_final_state_equals_the_one_line_command_with_the_same_answers():
    asked = gorms_turn()
    out, _ = settle(asked, "attack wren", "dodge", "6,6,5", "2,1,1", "y")
    assert out.line == "attack wren roll 6,6,5 dodge def 2,1,1 brace"
    typed = gorms_turn()
    run_line(typed, "attack wren dodge roll 6,6,5 def 2,1,1 brace", QueueRoller([]))
    assert state_doc(asked.state) == state_doc(typed.state)
    assert asked.entries[-1] == out


def test_cancelling_at_any_question_does_nothing():
    for answers in ([None], ["", None], ["", "6,6,5", None]):
        s = gorms_turn()
        before = state_doc(s.state)
        out, _ = settle(s, "attack wren", *answers)
        assert out is None
        assert state_doc(s.state) == before and len(s.entries) == 2


def test_lines_that_leave_nothing_open_ask_nothing():
    """Other verbs, previews and pinned dice run as typed; a refused attack is refused
    before anything is asked."""
    for line in ("dmg wren 3", "attack wren ?", "attack wren dice 5,5,5", "odds wren"):
        s = gorms_turn()
        t = Table()
        ask_line(s, line, t)
        assert t.prompts == [] and not t.told, line
        assert s.entries[-1].script_line in (line, "next gorm")
    s = gorms_turn()  # all said but Brace (the ``?`` is the comment's)
    out, t = settle(s, "attack wren dodge roll 1,1,1 def 1,1,1 # all said ?", "n")
    assert t.prompts == ["Brace? [y/N] "]
    assert out.line == "attack wren dodge roll 1,1,1 def 1,1,1 # all said ?"
    t = Table()
    with pytest.raises(MomentaError, match="nobody"):
        ask_line(gorms_turn(), "attack nobody", t)
    assert t.prompts == []


def test_a_comment_typed_after_the_attack_stays_at_the_end_of_the_line():
    s = gorms_turn()
    out, _ = settle(s, "attack wren # the bruiser swings", "dodge", "5,5,1", "1,1,1", "n")
    assert out.line == "attack wren roll 5,5,1 dodge def 1,1,1 # the bruiser swings"


def test_a_roll_written_with_the_wrong_count_is_asked_again_with_its_pool_breakdown():
    """ch20 step 1, R2: a Hindered target gives the attacker +1d, so ``roll 5,6,2`` is
    one die short of 4d; at the prompt that roll is asked again (the reason, then the
    pool's breakdown), and the reaction, written nowhere, is still asked first."""
    s = gorms_turn()
    run_line(s, "cond wren hindered", SeededRoller(0))
    out, t = settle(s, "attack wren roll 5,6,2", "", "5,6,2", "5,6,2,1", "n")
    assert t.prompts[:2] == ["reaction> ", "Gorm rolls 4d> "]
    assert t.wrongs[0] == ("expected 4 faces from 1 to 6 for 4d, got 5,6,2; type them "
                           "again (Enter: the tracker rolls)")
    assert "Gorm rolls: pool 3, target Hindered +1 = 4d" in t.told
    assert t.wrongs[1].startswith("expected 4 faces")  # the retyped 5,6,2: asked again
    assert out.line == "attack wren roll 5,6,2,1"


def test_a_wrong_roll_on_the_line_is_asked_even_when_the_tracker_rolls_the_rest():
    """With ``ask_dice: false`` nothing else is asked for dice, but a roll the GM wrote
    with the wrong count is theirs to type again."""
    s = gorms_turn("{ask_dice: false}")
    out, t = settle(s, "attack wren dodge roll 5,6", "5,6,1", "n",
                    roller=QueueRoller([1, 1, 1]))
    assert t.prompts == ["Gorm rolls 3d> ", "Brace? [y/N] "]
    assert out.line == "attack wren roll 5,6,1 dodge"


def test_answers_that_cannot_be_put_together_run_nothing_and_say_so(monkeypatch):
    """Never the typed line without the GM's answers: a failure after the questions
    (unexpected) is an error and nothing runs."""
    from momenta_cli.errors import RuleError
    from momenta_cli.questions import ASKERS, ask_line as asking_module

    def broken(*args, **kwargs):
        raise RuleError("boom")

    s = gorms_turn()
    before = state_doc(s.state)
    monkeypatch.setitem(ASKERS, "brace", broken)
    with pytest.raises(MomentaError, match="boom"):
        ask_line(s, "attack wren", Table("dodge", "", ""))
    monkeypatch.undo()

    def unwritable(cmd):
        raise ValueError("no line")

    monkeypatch.setattr(asking_module, "unparse", unwritable)
    with pytest.raises(MomentaError, match="nothing was done"):
        ask_line(s, "attack wren", Table("dodge", "", "", "n"))
    assert state_doc(s.state) == before and len(s.entries) == 2


def test_options_with_the_same_pool_and_cost_are_listed_once():
    """ch19 Counterattack: any melee weapon may answer; those that roll the same pool at
    the same cost are one option with the weapons named."""
    s = gorms_turn()
    _, t = settle(s, "attack wren roll 1,1,1", "", "n")
    text = reaction_line(t)
    assert ("counter 3d (2 Vigor): Rapier or Unarmed Attack / counter 0d (2d6 keep "
            "lowest) (2 Vigor): Buckler or Spear / none") in text
    assert "deflect Buckler 0d (2d6 keep lowest) (1 Vigor)" in text  # one weapon: named


def test_a_bare_kind_with_several_weapons_takes_the_first_offered_and_says_it():
    """``counter`` alone with several melee weapons (ch19 Counterattack): the first
    offered is taken, the GM is told which, and the line names it."""
    s = gorms_turn()
    out, t = settle(s, "attack wren roll 1,1,1", "counter", "6,6,6", "n")
    assert "Wren: counter with Rapier (the tracker's pick)" in t.told
    assert out.line == "attack wren roll 1,1,1 counter with Rapier roll 6,6,6"


def test_reaction_answers_take_the_lines_spellings_and_echo_short():
    for said in ("counter with rapier", "counter rapier", "\ufeffcounter=rapier"):
        out, _ = settle(gorms_turn(), "attack wren roll 1,1,1", said, "6,6,6", "n")
        assert out.line == "attack wren roll 1,1,1 counter with Rapier roll 6,6,6", said
    out, _ = settle(gorms_turn(), "attack wren roll 1,1,1", "deflect=buckler", "1,1", "n")
    assert out.line == "attack wren roll 1,1,1 deflect=Buckler def 1,1"
    out, t = settle(gorms_turn(), "attack wren roll 1,1,1", "x" * 100_000, "", "n")
    assert len(t.wrongs[0]) < 400 and "…" in t.wrongs[0]


def test_dice_answers_are_echoed_as_typed_and_short_with_the_count_in_good_grammar():
    """R2: one die for a 1d pool; a success count past the pool is impossible."""
    s = gorms_turn()
    run_line(s, "cond wren hindered", SeededRoller(0))  # no Dodge: Deflect then
    out, t = settle(s, "attack wren", "", "2s 1", "99999999999999999999s", "5,6",
                    "5" * 1000, "1s", "n")
    assert "'2s 1'" in t.wrongs[0] and "2s,1" not in t.wrongs[0]
    assert t.wrongs[1].startswith("99999999999999999999 successes is impossible with 4d")
    assert t.wrongs[2].startswith("expected 4 faces")
    assert len(t.wrongs[3]) < 300
    s = turn_of("kira")
    _, t = settle(s, "attack wren with lash", "", "1,1", "")
    assert t.wrongs[0].startswith("expected 1 face from 1 to 6 for 1d, got 1,1")


RESISTING = """
name: Resisting
combatants:
  - {name: Sal, side: allies, attributes: {POW: 1, AGI: 1}, max_vitality: 20, max_guard: 0,
     max_vigor: 7, resistances: [Fire]}
  - name: Imp
    side: adversaries
    threat: Regular
    attributes: {POW: 1, AGI: 1}
    max_vitality: 10
    attacks:
      - {name: Hex, pool: 3, tags: [Fire, Range 10], damage: {0s: 2, 1s: 6, 2s: 11, 3+: 14}}
"""


def test_brace_is_not_offered_when_it_would_spare_nothing():
    """R9: resistances are a set of sources and do not stack, so Brace (a resistance,
    ch19 Brace) spares a Fire-resistant target nothing against Fire: not asked."""
    from tests.engine_helpers import session_from

    s = session_from(RESISTING)
    run_line(s, "turn sal", SeededRoller(0))
    run_line(s, "next imp", SeededRoller(0))
    out, t = settle(s, "attack sal with hex roll 5,5,5", "")
    assert "Brace? [y/N] " not in t.prompts
    assert out.line == "attack sal with hex roll 5,5,5"


def test_the_engine_says_which_area_attacks_roll_once():
    """R22 (ours): a weapon rolls once for its area, a spell once per target; one
    function of the engine says so, for the engine and the questions alike."""
    from momenta_cli.engine.attack import rolls_once
    from momenta_cli.engine.core import WeaponSpec, actor

    kira = actor(turn_of("kira").state, None)
    spec = {w.name: w for w in kira.spec.weapons}
    assert rolls_once(spec["Firebomb"], 2) and not rolls_once(spec["Firebomb"], 1)
    assert not rolls_once(spec["Fireball"], 2)
    assert isinstance(spec["Fireball"], WeaponSpec)


def test_cancelling_at_brace_says_the_tracker_dice_shown_are_void():
    """Nothing is kept of a cancelled command, its dice neither: said, so no one takes
    the shown roll for the one the retyped line will use."""
    s = gorms_turn()
    out, t = settle(s, "attack wren", "", "", None)
    assert out is None
    assert t.told[-1] == VOID
    out, t = settle(s, "attack wren", "", "6,6,5", None)  # typed: nothing void
    assert not any("void" in x for x in t.told)


def test_brace_answers_drop_a_bom_and_echo_short():
    s = gorms_turn()
    out, t = settle(s, "attack wren", "", "6,6,5", "z" * 5000, "\ufeffy")
    assert len(t.wrongs[0]) < 120 and out.line == "attack wren roll 6,6,5 brace"


# --- why a question is not asked --------------------------------------------------------


def test_a_target_not_asked_its_reaction_is_told_why_in_the_engines_words():
    """Condition table: Broken cannot react; the reason is the engine's refusal, said
    once; an enemy (R7: the GM writes its scripted defense) gets no such line."""
    s = gorms_turn()
    run_line(s, "cond wren broken", SeededRoller(0))
    _, t = settle(s, "attack wren roll 1,1,1")
    assert t.notes == ["(no reaction asked: Wren is Broken and cannot react)"]
    s = turn_of("kira")
    _, t = settle(s, "attack gorm with longsword roll 5,5,1")
    assert t.notes == []


def test_a_target_brace_would_spare_nothing_is_told_why():
    """R9: Brace spares a resisting target nothing against its resistance (they do not
    stack): not asked, and said."""
    from tests.engine_helpers import session_from

    s = session_from(RESISTING)
    run_line(s, "turn sal", SeededRoller(0))
    run_line(s, "next imp", SeededRoller(0))
    _, t = settle(s, "attack sal with hex roll 5,5,5", "")
    assert t.notes == ["(no Brace for Sal: it would spare nothing, R9)"]


def test_a_reaction_not_offered_is_refused_with_the_engines_reason():
    """R24: a reaction costs Vigor the target must have; Counterattack costs 2, so with
    1 left Wren is not offered it, and asking for it says why, not just "not one of"."""
    s = gorms_turn()
    run_line(s, "set wren vigor 1", SeededRoller(0))
    out, t = settle(s, "attack wren roll 1,1,1", "counter", "", "n")
    assert t.wrongs[0].startswith("Wren may not counter: Counterattack (Rapier) costs 2 "
                                  "Vigor; Wren has 1 (R24); one of: deflect")
    assert out.line == "attack wren roll 1,1,1"


def test_brace_at_the_reaction_question_declares_it_and_it_is_not_asked_again():
    """ch19 Brace: declared with the reaction (as ``brace`` on the line), Brace is then
    not asked once the damage is known; ``dodge brace`` is both."""
    s = gorms_turn()
    out, t = settle(s, "attack wren roll 6,6,5", "brace")
    assert out.line == "attack wren roll 6,6,5 brace"
    assert "Brace? [y/N] " not in t.prompts and t.wrongs == []
    s = gorms_turn()
    out, t = settle(s, "attack wren roll 6,6,5", "dodge brace", "1,1,1")
    assert out.line == "attack wren roll 6,6,5 dodge def 1,1,1 brace"
    assert "Brace? [y/N] " not in t.prompts


def test_the_guide_writes_a_pool_below_zero_as_the_tracker_tells_it():
    """R1: a pool of 0 or less rolls 2d6 and keeps the lower; the guide quotes the
    tracker's own words for it, below zero too."""
    from pathlib import Path

    from momenta_cli.engine.core import dice_text

    guide = " ".join((Path(__file__).parents[1] / "docs/at-the-table.md").read_text()
                     .split())
    assert f"`{dice_text(0)}`" in guide and f"`{dice_text(-1)}`" in guide


# --- the refusals the table reads --------------------------------------------------------


def test_maneuver_and_movement_refusals_count_in_good_grammar():
    """R7: an enemy's Move plus its maneuvers; ch19 Movement / condition table: Hindered
    moves half SPD, difficult squares count double; ch19 Shift: half SPD; ch19 Vertical
    Jump. The refusals say 1 maneuver, 1 square, 2 squares: never "(s)"."""
    from tests.test_maneuver_support import refused, run, yard as arena

    s = arena()
    run(s, "turn kira", "end", "turn ogre", "move 4", "hide")
    msg = refused(s, "cast 0", "used its 1 maneuver this turn")
    assert "(s)" not in msg
    msg = refused(s, "move 1", "already moved and used its 1 maneuver this turn")
    assert "(s)" not in msg
    s = arena()
    run(s, "cond kira hindered", "turn kira")
    msg = refused(s, "move 3")
    assert msg.startswith("Kira can Move 2 squares (half SPD while Hindered); 3 squares "
                          "would need 3"), msg
    msg = refused(s, "move 2 difficult 1")
    assert "2 squares (1 difficult, counted double) would need 3" in msg, msg
