"""Short names at the table (issue 11, item 4): a numbered copy (``count:`` or ``add``)
answers to its number after any unambiguous prefix of its base name, or to the bare
number when only one group has it; a name or verb that matches nothing gets "did you
mean ...?" with the closest one or two; ambiguity is still refused with the candidates."""

from __future__ import annotations

import json

import pytest

from momenta_cli.engine.core import find_fighter
from momenta_cli.engine.core.session import replay
from momenta_cli.errors import CommandError, RuleError
from momenta_cli.journal import FightFile
from momenta_cli.language import lookup
from tests.conftest import fight_of, invoke, one_line_error, started
from tests.engine_helpers import refused, run, session_from

CREW = """
name: Deck
combatants:
  - {name: Halden, side: allies, attributes: {POW: 2, AGI: 1}}
  - {name: Harl, side: allies, attributes: {POW: 1, AGI: 1}}
  - {name: Deckhand, side: adversaries, threat: Grunt, count: 4}
  - {name: Loft Lookout, side: adversaries, threat: Grunt, count: 2}
"""

ONE_GROUP = """
name: Deck
combatants:
  - {name: Halden, side: allies, attributes: {POW: 2, AGI: 1}}
  - {name: Deckhand, side: adversaries, threat: Grunt, count: 3}
"""


def hindered(session, line: str) -> str:
    """Who the condition line ``line`` gave Hindered to."""
    run(session, line)
    return next(e.name for e in session.entries[-1].events if e.kind == "condition_changed")


@pytest.mark.parametrize("typed", ["d3", "deck3", "deckhand3", "deckhand-3", "Deck-3",
                                   "DECKHAND 3", "deckhand_3"])
def test_a_numbered_copy_answers_to_a_prefix_and_its_number(typed):
    s = session_from(CREW)
    assert hindered(s, f'cond "{typed}" hindered') == "Deckhand-3"


@pytest.mark.parametrize("typed, who", [("lookout2", "Loft Lookout-2"),
                                        ("loft-lookout-1", "Loft Lookout-1"),
                                        ("loftlook1", "Loft Lookout-1"),
                                        ("l1", "Loft Lookout-1")])
def test_a_prefix_of_any_word_of_the_base_name_works(typed, who):
    assert find_fighter(session_from(CREW).state, typed).name == who


def test_the_number_matches_whole_not_as_a_prefix():
    s = session_from(CREW.replace("count: 4", "count: 12"))
    assert hindered(s, "cond d1 hindered") == "Deckhand-1"
    assert hindered(s, "cond d12 hindered") == "Deckhand-12"


def test_a_bare_number_when_only_one_group_is_numbered():
    s = session_from(ONE_GROUP)
    assert hindered(s, "cond 3 hindered") == "Deckhand-3"


def test_a_bare_number_two_groups_share_is_ambiguous_and_lists_them():
    s = session_from(CREW)
    msg = refused(s, "cond 2 hindered", "ambiguous", "Deckhand-2", "Loft Lookout-2")
    assert "Halden" not in msg
    assert hindered(s, "cond 4 hindered") == "Deckhand-4"  # only the deckhands have a 4


def test_a_prefix_shared_by_two_groups_is_ambiguous():
    s = session_from(CREW.replace("Loft Lookout", "Deck Officer"))
    refused(s, "cond deck1 hindered", "ambiguous", "Deckhand-1", "Deck Officer-1")
    assert hindered(s, "cond deckh1 hindered") == "Deckhand-1"


def test_a_number_no_copy_has_is_refused_as_before():
    s = session_from(CREW)
    refused(s, "cond d9 hindered", "no combatant called 'd9'")


def test_short_names_work_for_turns_attacks_and_overrides():
    """One lookup path (engine/core/names.py ``find``) serves every verb that takes a combatant."""
    s = session_from(ONE_GROUP)
    run(s, "turn halden", "attack 1 with unarmed roll 5,5")
    attacked = [e for e in s.entries[-1].events if e.kind == "attack_rolled"]
    assert attacked and attacked[0].target == "Deckhand-1"
    run(s, "end", "turn d2")
    assert s.state.active == "Deckhand-2"
    run(s, "dmg deck3 4")
    assert s.state.fighters["Deckhand-3"].vitality == 6
    run(s, "defeat 3", "revive d3", "remove deckhand2")
    assert s.state.fighters["Deckhand-2"].removed


def test_a_bare_number_before_a_number_is_the_name():
    """``move 3 2``: two leading numbers are the copy and the squares (ch19 Move)."""
    s = session_from(ONE_GROUP)
    run(s, "turn halden", "end", "turn 3", "move 3 2")
    moved = [e for e in s.entries[-1].events if e.kind == "moved"]
    assert moved and moved[0].name == "Deckhand-3"
    run(s, "move 2")  # one number: the squares of whoever is acting
    assert [e.name for e in s.entries[-1].events if e.kind == "moved"] == ["Deckhand-3"]


def test_copies_brought_in_by_add_answer_too():
    s = session_from(ONE_GROUP + """
stat_blocks:
  - {name: Marine, side: adversaries, threat: Grunt}
""")
    run(s, "add marine x2")
    assert hindered(s, "cond m2 hindered") == "Marine-2"
    refused(s, "cond 2 hindered", "ambiguous", "Deckhand-2", "Marine-2")


def test_a_typo_gets_did_you_mean_not_the_roster():
    s = session_from(CREW)
    msg = refused(s, "cond hlad hindered", "did you mean Halden?")
    assert "Deckhand" not in msg and "there are" not in msg


def test_did_you_mean_offers_two_when_two_are_as_close():
    s = session_from(CREW)
    msg = refused(s, "cond harld hindered", "did you mean")
    assert "Halden" in msg and "Harl" in msg


def test_nothing_close_still_lists_the_roster():
    s = session_from(CREW)
    refused(s, "cond zzz hindered", "there are:", "Halden", "Deckhand-1")


def test_a_mistyped_condition_and_weapon_get_did_you_mean():
    s = session_from(CREW)
    refused(s, "cond halden hindred", "unknown condition 'hindred'", "did you mean Hindered?")
    run(s, "turn halden")
    refused(s, "attack d1 with unarmd", "did you mean Unarmed Attack?")


def test_a_mistyped_verb_gets_did_you_mean():
    with pytest.raises(CommandError, match=r"unknown command 'atack': did you mean attack\?"):
        lookup("atack")
    with pytest.raises(CommandError, match="did you mean cond"):
        lookup("cnod")
    with pytest.raises(CommandError) as err:
        lookup("zzqx")
    assert "did you mean" not in str(err.value)


def test_ambiguous_prefixes_are_still_refused_with_the_candidates():
    s = session_from(CREW)
    refused(s, "cond ha hindered", "ambiguous", "Halden", "Harl")
    refused(s, "cond deck hindered", "ambiguous", "Deckhand-1", "Deckhand-4")
    with pytest.raises(CommandError, match="ambiguous"):
        lookup("re")  # redo, relieve, release, remove, revive


@pytest.mark.usefixtures("home")
def test_the_journal_holds_the_resolved_name_so_resume_is_stable(enc):
    """``attack k1`` is recorded with its events, which name Knife-1; resuming re-applies
    those events (it never re-reads the typed line), so copies added later cannot change
    who was hit."""
    fight = started(enc, "turn brannoc", "attack k1 with longsword roll 5,5,5", "end",
                    "add footpad as Knife x2", "quit")
    rows = [json.loads(x) for x in fight.read_text().splitlines()[1:]]
    attack = next(r for r in rows if r["cmd"].startswith("attack"))
    assert attack["cmd"] == "attack k1 with longsword roll 5,5,5"  # as typed
    hit = [e for e in attack["events"] if e["kind"] == "attack_rolled"]
    assert hit and hit[0]["target"] == "Knife-1"
    assert "Knife-3" in invoke("status", fight).output  # new copies, numbered on
    back = FightFile.open(fight)  # resume: the events again, nothing re-parsed
    assert back.session.state.fighters["Knife-1"].vitality == 0
    assert back.session.state == replay(back.session.initial, back.session.entries)


@pytest.mark.usefixtures("home")
def test_do_refuses_a_typo_in_one_line_with_the_suggestion(enc):
    started(enc, "quit")
    line = one_line_error(invoke("do", fight_of(enc), "cond brannco hindered"))
    assert "did you mean Brannoc?" in line
    line = one_line_error(invoke("do", fight_of(enc), "atack gorm"))
    assert "did you mean attack?" in line


def test_refusals_are_rule_errors_for_names():
    s = session_from(CREW)
    with pytest.raises(RuleError):
        run(s, "cond 2 hindered")


def test_a_typo_of_one_word_of_a_name_gets_a_suggestion():
    # bad input never hurts: `vesa` is a typo of the second word of Captain Vessa
    from momenta_cli.engine.core import closest_names

    names = ["Brannoc", "Captain Vessa", "Sack Bruiser-1"]
    assert closest_names("vesa", names) == ["Captain Vessa"]
    assert closest_names("zzzz", ["Brannoc", "Captain Vessa"]) == []


def test_a_pasted_page_gets_no_suggestion_and_no_wait(monkeypatch):
    # bad input never hurts: difflib's cost grows with the length; nothing that long is a
    # typo, so a 100,000-character word is refused without comparing it to anything
    from momenta_cli.engine.core import names

    def no_difflib(*args, **kwargs):
        raise AssertionError("compared a pasted page with a name")

    monkeypatch.setattr(names, "SequenceMatcher", no_difflib)
    assert names.closest_names("a" * 100_000, ["Brannoc", "Captain Vessa"]) == []


def test_a_pasted_page_is_echoed_short_in_the_refusal():
    # bad input never hurts: the refusal of a 3,900-character name (as long as a line may
    # be: text.LINE_MAX) stays readable
    s = session_from(CREW)
    msg = refused(s, "cond halden " + "c" * 3900)
    assert len(msg) < 400 and "…" in msg
