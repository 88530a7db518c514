"""Tab completion that knows the command language (cli/completion.py through the
prompt_toolkit completer of cli/prompt.py): a completed word carries its trailing space,
and after each word only what the grammar allows there, from the live state."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from momenta_cli.cli.completion import split_before
from momenta_cli.cli.grammar import shape
from momenta_cli.cli.prompt import make_completer
from momenta_cli.commands.language import VERBS
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.session import Session
from tests.conftest import ROOT
from tests.engine_helpers import run, session_from


def offered(session: Session, text: str) -> list[str]:
    """The words the prompt's completer offers with the cursor after ``text``."""
    completer = make_completer(lambda: session.state)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]


def replaced(session: Session, text: str) -> list[int]:
    completer = make_completer(lambda: session.state)
    return [c.start_position for c in completer.get_completions(Document(text),
                                                                  CompleteEvent())]


@pytest.fixture
def duel() -> Session:
    """Kira (Longsword, Deflect) and Oren (Shortbow, Dagger) against The Warden (an Elite
    with the scripted defense Haft Block) and the Ford Hound."""
    return Session(load_encounter(ROOT / "encounters" / "duel-at-the-ford.yaml"))


def test_a_completed_verb_carries_its_trailing_space(duel):
    assert offered(duel, "tu") == ["turn "]  # `tu<Tab>x` reads `turn x`, never `turnx`
    assert offered(duel, "turn") == ["turn "]


def test_at_the_start_the_verbs_then_the_aliases_once_a_letter_is_typed(duel):
    assert offered(duel, "") == [v.name + " " for v in VERBS.values()]
    assert "t " in offered(duel, "t") and "turn " in offered(duel, "t")


def test_after_turn_only_those_who_may_act_now(duel):
    # R13: the allies are due in round 1; the adversaries may not be picked
    assert offered(duel, "turn ") == ["Kira ", "Oren "]
    assert offered(duel, "turn o") == ["Oren "]
    run(duel, "turn kira")
    assert offered(duel, "turn ") == []  # Kira's turn runs: nobody may start one


def test_after_next_those_who_may_act_once_the_turn_has_ended(duel):
    run(duel, "turn kira")
    assert offered(duel, "next ") == ['"The Warden" ', '"Ford Hound" ', "forgo "]


def test_after_with_only_the_actors_own_weapons(duel):
    run(duel, "turn oren")
    assert offered(duel, "attack warden with ") == ["Shortbow ", "Dagger ",
                                                    '"Unarmed Attack" ']
    assert offered(duel, "attack warden with s") == ["Shortbow "]
    # a named attacker: its weapons; in the Counterattack, the target's (ch19)
    assert offered(duel, "attack kira hound with ") == ["Longsword ", '"Unarmed Attack" ']
    assert offered(duel, "attack kira oren counter with ") == ["Shortbow ", "Dagger ",
                                                              '"Unarmed Attack" ']


def test_after_cond_name_the_conditions(duel):
    words = offered(duel, "cond kira ")
    assert "Hindered " in words and "Frightened " in words
    assert not {"Kira ", "Longsword ", "with "} & set(words)
    assert offered(duel, "cond kira fri") == ["Frightened "]
    assert offered(duel, "cond ")[:2] == ["Kira ", "Oren "]  # first the combatant


def test_after_an_attacks_target_its_legal_reactions(duel):
    run(duel, "turn kira")
    kira = offered(duel, "attack oren ")
    assert {"dodge ", "brace ", "counter "} <= set(kira)
    assert not any(w.startswith(("deflect", "defend")) for w in kira)  # no Deflect weapon
    # an enemy has no reactions, only its scripted defenses (R7)
    warden = offered(duel, "attack warden ")
    assert "defend " in warden and 'defend="Haft Block" ' in warden
    assert not {"dodge ", "brace ", "counter "} & set(warden)
    # one reactive defense per attack (R27): after dodge, no other
    assert not {"dodge ", "deflect "} & set(offered(duel, "attack oren dodge "))


def test_reactions_follow_the_engines_lockouts():
    s = session_from("""
        name: Yard
        combatants:
          - {name: Kira, side: allies, weapons: [Longsword, Buckler]}
          - {name: Oren, side: allies}
          - {name: Gorm, side: adversaries}
        weapons:
          - {name: Longsword, weight: Medium, tags: [Slashing, Melee 1],
             damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
          - {name: Buckler, weight: Light, tags: [Crushing, Melee 1, Shield],
             damage: {0s: 1, 1s: 2, 2s: 4, 3+: 6}}
    """)
    assert {"dodge ", "deflect ", "deflect=Buckler ", "brace "} <= set(
        offered(s, "attack gorm kira "))
    run(s, "cond kira hindered")  # condition table: Hindered forbids Dodge
    assert "dodge " not in offered(s, "attack gorm kira ")
    run(s, "cond kira broken")  # Broken: no reactions at all
    assert not {"deflect ", "brace ", "counter "} & set(offered(s, "attack gorm kira "))


def test_names_with_spaces_stay_quoted(duel):
    assert offered(duel, "dmg ") == ["Kira ", "Oren ", '"The Warden" ', '"Ford Hound" ']
    assert offered(duel, "dmg war") == ['"The Warden" ']  # a word of the name
    assert offered(duel, 'dmg "The W') == ['"The Warden" ']
    assert replaced(duel, 'dmg "The W') == [-len('"The W')]  # the open quote is replaced
    assert split_before('dmg "Captain Vessa" 3 ') == (["dmg", "Captain Vessa", "3"], "", "")
    assert split_before("dmg kira's ")[0] == ["dmg", "kira's"]  # an apostrophe is a letter


def test_other_positions_of_the_grammar(duel):
    assert offered(duel, "set kira ") == ["vitality ", "guard ", "vigor ", "strain ",
                                          "resolve ", "consumables "]
    assert offered(duel, "terrain kira ") == ["ground ", "climb ", "swim "]
    assert "cond " in offered(duel, "help ")
    assert offered(duel, "dmg kira ") == []  # the amount: nothing to offer
    assert offered(duel, "dmg kira 3 ") == ["untyped "]
    assert offered(duel, "cond kira hindered ") == ["from ", "new "]
    assert offered(duel, "cond kira hindered from o") == ["Oren "]
    assert offered(duel, "zzz ") == []  # an unknown verb: nothing


def test_end_offers_the_actors_conditions_to_type_a_roll_to_clear(duel):
    run(duel, "turn kira", "cond kira hindered")
    assert offered(duel, "end ") == ["forgo ", "hindered="]  # a key=: no space after it


def test_the_grammar_is_read_from_the_verb_table():
    # the usage lines drive the completer: no second copy of the grammar
    assert shape(VERBS["cond"]).slots == (("fighter", False), ("condition", False))
    assert shape(VERBS["cond"]).keys == {"from": "fighter"}
    assert shape(VERBS["move"]).slots == (("fighter", True), ("number", False))
    assert shape(VERBS["attack"]).attack
    assert shape(VERBS["next"]).cond_results and "forgo" in shape(VERBS["next"]).flags


def test_a_completion_bug_never_ends_the_session(duel, monkeypatch):
    import momenta_cli.cli.prompt as prompt

    def broken(fight, before):
        raise ZeroDivisionError

    monkeypatch.setattr(prompt, "complete", broken)
    assert offered(duel, "turn ") == []


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=' "\'=abcdefghiklnorstuwy-+0123', max_size=40))
def test_any_line_typed_so_far_gets_an_answer_never_an_error(duel, text):
    from momenta_cli.cli.completion import complete

    current, words = complete(duel.state, text)
    assert text.endswith(current)
    assert all(w.endswith((" ", "=")) for w in words)
