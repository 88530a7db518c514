"""The prompt's questions are the engine's decision points, asked while the command is
decided once (issue 23 items 2 and 4): a line is parsed once and decided once, each
question put where the engine stops (ch19 Reactions, ch19 Brace, R7, R10, R15), and a
cancel at any of them changes nothing. A scripted ``Table`` answers
(tests/test_ask_questions.py)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from momenta_cli.engine.core import Ask, SeededRoller
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.play import run_line
from momenta_cli.questions import ASKERS, Cancelled, TableAsking, TableDecider
from momenta_cli.render.state_json import state_doc
from tests.attack_yard import yard
from tests.conftest import fight_of, invoke
from tests.test_ask_questions import Table, ask_line, gorms_turn, settle, turn_of


def wrens_turn(rules: str = "", *conditions: str):
    """The yard with Wren's turn running, ``conditions`` on her."""
    s = yard(rules)
    run_line(s, "turn wren", SeededRoller(0))
    for c in conditions:
        run_line(s, f"cond wren {c}", SeededRoller(0))
    return s


def test_an_attack_typed_at_the_prompt_is_parsed_once_and_decided_once(enc, monkeypatch):
    """Issue 23 Must show: ``attack brannoc`` typed at the prompt (``run --ask``) with
    every question answered (ch19 Reactions: dodge; the dice; ch19 Brace: no; R10: the
    Wound d6) is parsed once and decided once: no look-ahead decides it again."""
    from momenta_cli.engine.attack import Attack
    from momenta_cli.engine.core.registry import HANDLERS
    from momenta_cli.engine.core.session import Session
    from momenta_cli.language import VERBS

    counts: Counter[str] = Counter()
    handler, verb, session_decide = HANDLERS[Attack], VERBS["attack"], Session.decide

    def decided(*args, **kwargs):
        counts["attack decided"] += 1
        return handler(*args, **kwargs)

    def parsed(words):
        counts["attack parsed"] += 1
        return verb.parse(words)

    def session_decided(self, command, *args, **kwargs):
        counts[f"{type(command).__name__} session"] += 1
        return session_decide(self, command, *args, **kwargs)

    monkeypatch.setitem(HANDLERS, Attack, decided)
    monkeypatch.setitem(VERBS, "attack", replace(verb, parse=parsed))
    monkeypatch.setattr(Session, "decide", session_decided)
    lines = ["turn wren", "next gorm", "set brannoc vitality 3",
             "attack brannoc", "dodge", "6,6,5", "1", "n", "4", "quit"]
    r = invoke("run", enc, "--new", "--seed", "1", "--ask",
               input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "Brace? [y/N] n" in out and "Brannoc's Wound d6 (R10)> 4" in out
    assert (counts["attack parsed"], counts["attack decided"], counts["Attack session"]) \
        == (1, 1, 1)
    last = json.loads(fight_of(enc).read_text().splitlines()[-1])
    assert (last["cmd"], last["dice"]) == ("attack brannoc roll 6,6,5 dodge def 1", [4])


# --- cancelled at any question, nothing changes ---------------------------------------


@pytest.mark.parametrize("answered", range(4))
def test_ctrl_c_at_any_question_of_an_attack_changes_nothing_and_journals_nothing(
        tmp_path, answered):
    """Ctrl-C (None) at the reaction, the dice, Brace or the Wound d6 (R10): the whole
    command is cancelled, the fight file and the state are as they were."""
    from momenta_cli.encounter import load_encounter
    from momenta_cli.journal import FightFile
    from tests.attack_yard import ENCOUNTER

    enc = tmp_path / "yard.yaml"
    enc.write_text(ENCOUNTER)
    ff = FightFile.create(tmp_path / "yard.fight.jsonl", enc, load_encounter(enc))
    for line in ("turn kira", "next gorm", "set wren vitality 3"):
        ff.run(line, SeededRoller(0))
    saved, before = ff.path.read_bytes(), state_doc(ff.session.state)
    answers = ["", "6,6,6", "n", "4"][:answered] + [None]
    t = Table(*answers)
    with pytest.raises(Cancelled):
        ff.run("attack wren", SeededRoller(3), asking=TableAsking(t))
    assert t.prompts[-1] == ["reaction> ", "Gorm rolls 3d> ", "Brace? [y/N] ",
                             "Wren's Wound d6 (R10)> "][answered]
    assert ff.path.read_bytes() == saved
    assert state_doc(ff.session.state) == before and len(ff.session.entries) == 3


def test_ctrl_c_at_a_clear_roll_or_a_defense_offer_changes_nothing():
    """R15 and R7: the same for the end of a turn and an enemy's defense."""
    s = wrens_turn("", "hindered")
    before = state_doc(s.state)
    assert settle(s, "end", None)[0] is None
    assert state_doc(s.state) == before and s.entries[-1].line == "cond wren hindered"
    s = turn_of("kira")
    before = state_doc(s.state)
    out, t = settle(s, "attack vessa", None)
    assert out is None and t.prompts == ["Vessa: Parry 3d (1 of 1 left)? [y/N] "]
    assert state_doc(s.state) == before


# --- R15: a PC's roll to clear a condition ------------------------------------------------


def test_r15_a_pcs_clear_roll_is_asked_and_written_on_the_end_line():
    """R15: at the end of Wren's last turn of the round, Hindered clears on an AGI roll
    her player makes: asked with its pool, the faces written on the line, which replays
    the same fight."""
    s = wrens_turn("", "hindered")
    out, t = settle(s, "end", "5,6,1")
    assert t.prompts == ["Wren clears Hindered? roll AGI 3d> "]
    assert out.line == "end Hindered=5,6,1" and out.dice == ()
    typed = wrens_turn("", "hindered")
    run_line(typed, "end Hindered=5,6,1", QueueRoller([]))
    assert state_doc(typed.state) == state_doc(s.state)


def test_r15_next_asks_the_clear_roll_of_the_turn_it_ends_and_enter_rolls():
    """R15: ``next`` ends the running turn first; Enter lets the tracker roll, and the
    line is then the one typed (its dice on the tape)."""
    s = wrens_turn("", "hindered")
    out, t = settle(s, "next gorm", "", roller=QueueRoller([6, 6, 6]))
    assert t.prompts == ["Wren clears Hindered? roll AGI 3d> "]
    assert out.line == "next gorm" and out.dice == (6, 6, 6)
    assert not s.state.get("Wren").has("Hindered")


def test_r30_an_enemys_clear_roll_and_ask_dice_off_are_rolled_by_the_tracker():
    """R30: an enemy clears by its class (or rolls: the GM's dice, never asked); with
    ``ask_dice: false`` a PC's roll is the tracker's too."""
    s = turn_of("gorm", "{enemy_clearing: roll}")
    run_line(s, "cond gorm hindered", SeededRoller(0))
    _, t = settle(s, "end")
    assert t.prompts == []
    s = wrens_turn("{ask_dice: false}", "hindered")
    out, t = settle(s, "end")
    assert t.prompts == [] and out.line == "end"


# --- R10: the Wound or Burden d6, after the hit -------------------------------------------


def test_r10_a_burden_d6_from_strain_is_asked_after_the_hit_is_shown():
    """R10 and ch20 Resistance and Weakness: Mind Spike's Strain is never Braced; its
    hit is shown before the Burden d6 is asked, not after."""
    s = turn_of("kira")
    run_line(s, "set wren strain 9", SeededRoller(0))
    _, t = settle(s, "attack wren with mind spike", "6,6", "5")
    hit = next(i for i, x in enumerate(t.told) if x.startswith("Kira -> Wren: Mind Spike"))
    table = next(i for i, x in enumerate(t.told) if x.startswith("Wound d6 (R10) for "
                                                                 "Wren's Burden"))
    assert hit < table and "Strain" in t.told[hit]
    assert t.prompts == ["Kira rolls 2d> ", "Wren's Burden d6 (R10)> "]


# --- R7: an enemy's scripted defense ------------------------------------------------------


def test_r7_an_enemys_scripted_defense_is_offered_with_its_pool_and_uses_left():
    """R7: Vessa's Parry (3d, once a round, against melee) is offered to the GM when the
    line names no defense; taken, its dice are asked after the attack's and the line
    writes it; the next melee attack this round is not offered it (used up)."""
    s = turn_of("kira")
    out, t = settle(s, "attack vessa with longsword", "y", "5,5,1", "6,1,1")
    assert t.prompts == ["Vessa: Parry 3d (1 of 1 left)? [y/N] ", "Kira rolls 3d> ",
                         "Vessa's Parry 3d> "]
    assert out.line == "attack vessa with longsword roll 5,5,1 defend=Parry def 6,1,1"
    _, t = settle(s, "attack vessa roll 0s")  # Kira again, this round
    assert t.prompts == [] and t.notes == []


def test_r7_a_ranged_attack_is_not_offered_a_melee_parry_nor_a_line_that_names_one():
    s = turn_of("kira")
    _, t = settle(s, "attack vessa with shortbow dist 5 roll 0s")
    assert t.prompts == []
    s = turn_of("kira")
    _, t = settle(s, "attack vessa defend def 1,1,1 roll 1,1,1")
    assert t.prompts == []


def test_the_offer_enemy_defense_setting_off_never_offers_it():
    """The setting ``offer_enemy_defense: false``: the GM writes ``defend`` on the line."""
    s = turn_of("kira", "{offer_enemy_defense: false}")
    out, t = settle(s, "attack vessa roll 1,1,1")
    assert t.prompts == [] and out.line == "attack vessa roll 1,1,1"


SEVERAL = """
name: Two guards
weapons:
  - {name: Longsword, weight: Medium, attribute: POW, tags: [Slashing, Melee 1],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
combatants:
  - {name: Ana, side: allies, attributes: {POW: 3, AGI: 2}, max_vitality: 20,
     max_guard: 0, max_vigor: 7, weapons: [Longsword]}
  - name: Sallow
    side: adversaries
    threat: Elite
    attributes: {POW: 2, AGI: 1}
    max_vitality: 20
    attacks:
      - {name: Hook, pool: 3, tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
    defenses:
      - {name: Tolling Ward, pool: 4, against: any, uses: 1}
      - {name: Parry, pool: 2, against: melee, uses: 2}
"""


def test_r7_several_defenses_are_listed_and_picked_by_number_or_name():
    """R7: with two scripted defenses that can answer, each is listed with its pool and
    uses left; the GM picks one by its number or name (Enter: none)."""
    from tests.engine_helpers import session_from

    for answers, written in ((["1", "1,1,1,1"], 'defend="Tolling Ward" def 1,1,1,1'),
                             (["zz", "par", "1,1"], "defend=Parry def 1,1"),
                             ([""], "")):
        s = session_from(SEVERAL)
        run_line(s, "turn ana", SeededRoller(0))
        out, t = settle(s, "attack sallow roll 1,1,1", *answers)
        assert ("Sallow's defense: 1 Tolling Ward 4d (1 of 1 left) / 2 Parry 2d (2 of 2 "
                "left) / none (Enter: none)") in t.told[0]
        assert t.prompts[0] == "defense> "
        assert out.line == f"attack sallow roll 1,1,1 {written}".strip()
        if answers[0] == "zz":
            assert t.wrongs == ["'zz' is not one of: 1 Tolling Ward, 2 Parry, none"]


# --- the dispatch, and the look-ahead the prompt does not need ------------------------------


def test_a_kind_no_asker_knows_takes_its_default():
    """A decision point of a kind not (yet) asked at the prompt (a made-up kind here):
    the default, asked nothing."""
    s = gorms_turn()
    t = Table()
    d = TableDecider(s.state, None, SeededRoller(0), t)
    assert "omen" not in ASKERS
    assert d.answer(Ask("omen", "Wren", False, ("omen", 0))) is None  # type: ignore[arg-type]
    assert t.prompts == [] and not t.told


def test_a_preview_and_a_pinned_line_ask_nothing_and_decide_through_no_table():
    s = gorms_turn()
    t = Table()
    ask_line(s, "attack wren ?", t)
    ask_line(s, "attack wren dice 5,5,5", t)
    assert t.prompts == [] and s.entries[-1].script_line == "attack wren dice 5,5,5"
