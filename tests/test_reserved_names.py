"""Names made up at the table (``add NAME``, ``add copy NAME as NEW``, ``as NEW``) are
never words the command language reads as its own: ``add with`` would make a With that
``attack With`` reads as a missing target and ``cond From hindered`` cuts at ``from``.
The engine keeps the list (engine/core/names.py COMMAND_WORDS, it may not import the command
language); these tests keep it in step with the command language's own tables."""

from __future__ import annotations

import pytest

from momenta_cli.engine.core import command_word
from momenta_cli.engine.core.names import COMMAND_WORDS
from momenta_cli.language import attack_verbs, trigger_words, turn_verbs
from tests.engine_helpers import refused, run, session_from

pytestmark = pytest.mark.usefixtures("home")

SMALL = """
name: Deck
stat_blocks:
  - {name: Marine, side: adversaries, threat: Grunt}
combatants:
  - {name: Halden, side: allies, attributes: {POW: 2, AGI: 1}}
  - {name: Knife, side: adversaries, threat: Grunt, count: 2}
"""

TABLES = sorted(attack_verbs.KEYWORDS | turn_verbs.KEYWORDS
                | {*trigger_words.REACTION_WORDS, trigger_words.NONE_WORD})


def test_every_keyword_of_the_command_language_is_reserved():
    assert set(TABLES) <= COMMAND_WORDS, set(TABLES) - COMMAND_WORDS


@pytest.mark.parametrize("word", TABLES)
def test_no_keyword_of_the_command_language_names_a_newcomer(word):
    s = session_from(SMALL)
    as_names = (f"add marine as {word}", f"add gob as {word.title()}",
                f"add copy halden as {word}")
    # `add copy`, `add COPY x2`: the grammar reads copy itself, and refuses them for that
    plain = () if word == "copy" else (f"add {word}", f"add {word.upper()} x2")
    for line in (*plain, *as_names):
        msg = refused(s, line)
        assert "read as their own" in msg, msg
    if word == "copy":
        refused(s, "add copy")
        refused(s, "add COPY x2")
    assert set(s.state.fighters) == {"Halden", "Knife-1", "Knife-2"}


@pytest.mark.parametrize("word", ["x2", "X10", "+1", "-1", "=2", "+", "-", "=", "-all",
                                  "+1d", "-2d"])
def test_no_count_stacks_or_dice_word_names_a_newcomer(word):
    s = session_from(SMALL)
    refused(s, f"add gob as {word}", "cannot name a combatant")


@pytest.mark.parametrize("word", ["a=b", "deflect=buckler", "hindered=1s"])
def test_a_name_with_an_equals_sign_is_refused(word):
    s = session_from(SMALL)
    refused(s, f"add {word}", "holds '='")


def test_with_from_as_side_x2_vit_are_refused_and_longer_words_are_fine():
    s = session_from(SMALL)
    for word in ("with", "from", "as", "side", "x2", "vit"):
        refused(s, f"add {word}", f"{word} is a word the commands read as their own")
    run(s, "add withers", "add fromm", "add x", "add sider")  # not keywords: fine
    assert {"Withers", "Fromm", "X", "Sider"} <= set(s.state.fighters)
    run(s, "cond withers hindered", "cond fromm hindered")
    assert s.state.fighters["Fromm"].stacks("Hindered") == 1


def test_a_stat_block_keeps_its_files_name():
    """The check is for names typed at the table: a file's stat block called Guard is
    the file's business (its own rule of names)."""
    s = session_from(SMALL.replace("Marine", "Guard"))
    run(s, "add guard")
    assert "Guard-1" in s.state.fighters
    assert command_word("Guard") is not None


def test_dice_is_reserved_for_the_clause_that_pins_a_lines_rolls():
    """``attack gorm dice 5,2`` pins the attack's faces (momenta_cli/text/words.py): a
    combatant called Dice could never be named before a clause."""
    from momenta_cli.text import DICE_WORD

    assert DICE_WORD in COMMAND_WORDS
    s = session_from(SMALL)
    for line in ("add dice", "add DICE x2", "add marine as Dice", "add copy halden as dice"):
        assert "read as their own" in refused(s, line)
    assert set(s.state.fighters) == {"Halden", "Knife-1", "Knife-2"}
