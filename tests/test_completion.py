"""Tab completion that knows the command language (cli/completion/completer.py through the
prompt_toolkit completer of cli/prompt.py): a completed word carries its trailing space,
and after each word only what the grammar allows there, from the live state."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from momenta_cli.cli.completion import quote
from momenta_cli.cli.completion.completer import split_before
from momenta_cli.cli.completion.grammar import shape
from momenta_cli.cli.prompt import make_completer
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Session
from momenta_cli.language.parsing import VERBS
from tests.conftest import ROOT
from tests.engine_helpers import refused, run, session_from


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
    assert offered(duel, "") == [v.name + " " for v in VERBS.values()] + ["seat "]
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
    oren = offered(duel, "attack oren ")
    assert {"dodge ", "brace "} <= set(oren)
    assert not any(w.startswith(("deflect", "defend")) for w in oren)  # no Deflect weapon
    assert "counter " not in oren  # R37: Oren is no Warrior
    kira = offered(duel, "attack oren kira with dagger ")  # a Warrior (R37)
    assert {"dodge ", "brace ", "counter ", "deflect "} <= set(kira)
    # an enemy has no reactions, only its scripted defenses (R7)
    warden = offered(duel, "attack warden ")
    assert "defend " in warden and 'defend="Haft Block" ' in warden
    assert not {"dodge ", "brace ", "counter "} & set(warden)
    # one reactive defense per attack (R27): after dodge, no other
    assert not {"dodge ", "deflect "} & set(offered(duel, "attack oren dodge "))
    # a Feint is a melee attack: its target may Counterattack (ch19 Counterattack), and
    # the engine takes `feint oren kira counter`; it deals no damage, so no Brace
    feint = set(offered(duel, "feint oren kira "))
    assert "counter " in feint and "brace " not in feint


def test_after_odds_its_own_grammar(duel):
    # odds previews one attack over every roll (odds/from_fight.py): Brace is offered where
    # the engine allows it (ch19 Brace), a Counterattack, typed rolls and further Area
    # targets are not, as odds refuses them
    run(duel, "turn kira")
    words = set(offered(duel, "odds oren "))
    assert {"dodge ", "brace ", "with ", "at ", "dist ", "cover ", "obscured ",
            "thrown ", "+1d "} <= words
    assert not {"counter ", "roll ", "def ", "for "} & words
    assert "brace " not in offered(duel, "odds oren brace ")
    # the attack keeps its whole grammar (Kira, a Warrior, may Counterattack, R37)
    assert {"counter ", "roll ", "for "} <= set(offered(duel, "attack oren kira with "
                                                           "dagger "))


def test_reactions_follow_the_engines_lockouts():
    s = session_from("""
        name: Yard
        combatants:
          - {name: Kira, side: allies, weapons: [Longsword, Buckler], archetype: Warrior}
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
    assert offered(duel, "dmg kira 3 ") == ["untyped ", "? "]
    assert offered(duel, "cond kira hindered ") == ["from ", "? "]  # Hindered is known: no new
    assert offered(duel, "cond kira soaked ") == ["from ", "new ", "? "]
    assert offered(duel, "cond kira hindered from o") == ["Oren "]
    assert offered(duel, "zzz ") == []  # an unknown verb: nothing


def test_end_offers_the_actors_conditions_to_type_a_roll_to_clear(duel):
    run(duel, "turn kira", "cond kira hindered")
    assert offered(duel, "end ") == ["forgo ", "hindered="]  # a key=: no space after it


def test_end_and_next_offer_only_the_conditions_the_engine_rolls_to_clear(duel):
    # R15 / engine/turns/clearing.py: only a roll-to-clear condition takes a typed result; a
    # made-up one is persistent (a reminder), refused by `end soaked=1s`
    run(duel, "turn kira", "cond kira hindered", "cond kira soaked +1 new")
    assert offered(duel, "end ") == ["forgo ", "hindered="]
    assert offered(duel, "next ") == ['"The Warden" ', '"Ford Hound" ', "forgo ",
                                      "hindered="]
    assert offered(duel, "next warden ") == ["forgo ", "hindered=", "? "]  # still Kira's
    assert offered(duel, "end hindered=1s ") == ["forgo ", "? "]  # typed once
    refused(duel, "end soaked=1s", "no roll-to-clear condition")


def test_cond_results_wait_for_the_last_turn_and_skip_an_enemy_shedding_by_class():
    # R15: conditions clear at the end of the last turn of the round, so the Warden's
    # first of two turns takes none unless 'forgo' gives up the second; R30: by_class
    ford = """
        name: Ford
        {rules}
        combatants:
          - {{name: Kira, side: allies}}
          - {{name: The Warden, side: adversaries, threat: Champion, turns: 2}}
    """
    s = session_from(ford.format(rules="rules: {enemy_clearing: roll}"))
    run(s, "turn kira", "next warden", "cond warden hindered")
    assert offered(s, "end ") == ["forgo "]
    refused(s, "end hindered=1s", "last turn of the round")
    assert offered(s, "end forgo ") == ["hindered=", "? "]
    by_class = session_from(ford.format(rules=""))  # the default: enemies shed by class
    run(by_class, "turn kira", "next warden", "cond warden hindered")
    assert offered(by_class, "end forgo ") == ["? "]
    refused(by_class, "end forgo hindered=1s", "does not roll to clear")


# --- add: stat blocks, copies, a combatant made up at the table (engine/gm/reinforce.py) ----


@pytest.fixture
def shrine() -> Session:
    """The cult shrine: its library's stat blocks (Footpad, Hedge Bruiser, ...) and a
    fight with Brannoc, Sister Ilse, The Cantor and the numbered Acolytes."""
    return Session(load_encounter(ROOT / "encounters" / "cult-shrine.yaml"))


def test_after_add_the_stat_blocks_then_copy(shrine):
    blocks = [quote(b) + " " for b in shrine.state.encounter.stat_blocks]
    assert "Footpad " in blocks  # from the encounter's included library
    assert offered(shrine, "add ") == blocks + ["copy "]
    assert offered(shrine, "add f") == ["Footpad "]
    assert not {"Brannoc ", "Acolyte-1 "} & set(offered(shrine, "add "))  # refused there


def test_after_add_copy_the_combatants_in_the_fight(shrine):
    words = offered(shrine, "add copy ")
    assert {"Brannoc ", '"The Cantor" ', "Acolyte-1 "} <= set(words)
    assert not {"Footpad ", "copy "} & set(words)
    assert offered(shrine, "add copy aco") == ["Acolyte-1 ", "Acolyte-2 "]


def test_a_copy_or_a_stat_block_takes_no_stats(shrine):
    # a copy and a stat block bring their own numbers: vit/guard/pool/threat are refused
    assert offered(shrine, "add copy acolyte-1 ") == ["as ", "side ", "x2 ", "? "]
    assert offered(shrine, "add footpad ") == ["as ", "side ", "x2 ", "? "]
    refused(shrine, "add copy acolyte-1 vit 5", "cannot be given")
    refused(shrine, "add footpad vit 5", "is a stat block")
    # made up at the table: every keyword, and no `copy` after the name
    assert offered(shrine, "add goblin ") == ["as ", "side ", "vit ", "guard ", "pool ",
                                              "threat ", "x2 ", "? "]
    # a keyword given is not offered again; nor a second count
    assert offered(shrine, "add goblin vit 12 x3 ") == ["as ", "side ", "guard ", "pool ",
                                                        "threat ", "? "]


def test_after_threat_the_threat_classes_and_a_count_gets_its_space(shrine):
    assert offered(shrine, "add goblin threat ") == ["Grunt ", "Regular ", "Elite ",
                                                     "Champion ", "Nemesis "]
    assert offered(shrine, "add goblin threat e") == ["Elite "]
    assert offered(shrine, "add goblin side ") == ["allies ", "adversaries ",
                                                   "independents "]
    assert offered(shrine, "add goblin x") == ["x2 "]
    assert offered(shrine, "add goblin x5") == ["x5 "]  # `x5<Tab>` gives `x5 `
    assert offered(shrine, "add goblin as ") == []  # a new name: nothing to offer
    run(shrine, "add goblin threat elite x2")
    assert {"Goblin-1", "Goblin-2"} <= set(shrine.state.fighters)


# --- nothing offered that the parser refuses -------------------------------------------


def test_an_attack_option_is_not_offered_twice(duel):
    run(duel, "turn kira")
    words = offered(duel, "attack warden with longsword ")
    assert "with " not in words and {"at ", "dist ", "adjacent "} <= set(words)
    # adjacent and dist both give the distance; thrown and ranged the mode
    assert not {"dist ", "adjacent "} & set(offered(duel, "attack warden adjacent "))
    assert "thrown " not in offered(duel, "attack warden thrown ")
    # the Counterattack's options are its own
    assert "with " in offered(duel, "attack oren with longsword counter ")
    refused(duel, "attack warden with longsword with longsword", "given twice")


def test_new_only_where_cond_would_make_the_condition_up(duel):
    # engine/gm/overrides.py: a new condition starts with +N or =N; nobody has it to take off
    assert "new " in offered(duel, "cond kira soaked +2 ")
    assert "new " in offered(duel, "cond kira soaked =2 ")
    for amount in ("-1", "-all", "=0"):
        assert "new " not in offered(duel, f"cond kira soaked {amount} ")
        refused(duel, f"cond kira soaked {amount} new")
    assert "new " not in offered(duel, "cond kira hind ")  # a prefix of Hindered
    assert "new " not in offered(duel, "cond kira soaked new ")  # once
    assert offered(duel, "cond kira soaked from oren ") == ["? "]  # `from` takes the rest


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


def test_a_candidate_holding_both_quotes_reads_back_as_itself():
    """A name may hold ' and " at once: the candidate is still one word of the line."""
    from momenta_cli.text import split

    name = "Kira's \"Tower\" Shield"
    assert split(f"attack gorm {quote(name)}") == ["attack", "gorm", name]
    assert split(quote(f"deflect={name}")) == [f"deflect={name}"]
    assert quote("hindered=") == "hindered=" and quote("deflect=Buckler") == "deflect=Buckler"


def test_reactions_follow_the_weapon_and_mode_the_engine_picks():
    # ch20 Melee vs. Ranged: a Dagger thrown (a stated distance past its reach) is a
    # ranged attack, and a Counterattack answers melee attacks only (ch19)
    s = Session(load_encounter(ROOT / "encounters" / "demo.yaml"))
    run(s, "turn tamsin")
    assert "counter " in offered(s, "attack brannoc with dagger ")  # a Warrior (R37)
    assert "counter " not in offered(s, "attack brannoc with dagger dist 3 ")
    refused(s, "attack brannoc with dagger dist 3 counter", "melee attacks only")

