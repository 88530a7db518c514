"""The command language's word splitting: the quick path for lines without quotes,
escapes or comments gives exactly shlex's words (docs/commands.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from momenta_cli.text import words

LETTERS = st.sampled_from(list("abcXYZ019-+=.:,;!?()[]{}<>/|~`@$%^&*") +
                          [" ", "\t", "\r", "\n", "\u00a0", "\u2003", "\x0b", "\x0c",
                           "é", "Ｊ", "\"", "'", "\\", "#", "\ufeff"])


@settings(max_examples=400, deadline=None)
@given(st.lists(LETTERS, max_size=30).map("".join))
def test_splitting_gives_shlexs_words(line):
    try:
        want = words._lex(line, "\"'")
    except ValueError:
        try:
            want = words._lex(line, '"')
        except ValueError:
            return  # an unclosed quote: refused either way
    assert words.split(line) == want


def test_a_plain_line_splits_at_shlex_whitespace_only():
    assert words.split("attack gorm\u00a0x  with\tlongsword") == [
        "attack", "gorm\u00a0x", "with", "longsword"]


NAME_LETTERS = st.one_of(LETTERS.filter(lambda c: c != "\ufeff"),
                         st.characters(blacklist_categories=("Cs",),
                                       blacklist_characters="\ufeff"))


@pytest.mark.slow  # property
@settings(max_examples=400, deadline=None)
@given(st.lists(NAME_LETTERS, max_size=20).map("".join))
def test_quote_word_is_the_inverse_of_split(name):
    """A name from a file, quoted, reads back as that one word (a BOM aside: every line
    drops it); so does a line of several quoted names."""
    assert words.split(words.quote_word(name)) == [name]
    line = " ".join(words.quote_word(w) for w in ("attack", name, "'Big Gorm'", name))
    assert words.split(line) == ["attack", name, "'Big Gorm'", name]


def test_quote_word_keeps_plain_names_bare_and_quotes_both_quotes():
    assert words.quote_word("Gorm") == "Gorm"
    assert words.quote_word("Tower Shield") == '"Tower Shield"'
    assert words.quote_word('The "Axe"') == "'The \"Axe\"'"
    both = "Kira's \"Axe\""
    assert words.split(words.quote_word(both)) == [both]
