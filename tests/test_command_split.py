"""The command language's word splitting: the quick path for lines without quotes,
escapes or comments gives exactly shlex's words (README "Commands")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from momenta_cli.commands import language

LETTERS = st.sampled_from(list("abcXYZ019-+=.:,;!?()[]{}<>/|~`@$%^&*") +
                          [" ", "\t", "\r", "\n", "\u00a0", "\u2003", "\x0b", "\x0c",
                           "é", "Ｊ", "\"", "'", "\\", "#", "\ufeff"])


@settings(max_examples=400, deadline=None)
@given(st.lists(LETTERS, max_size=30).map("".join))
def test_splitting_gives_shlexs_words(line):
    try:
        want = language._lex(line, "\"'")
    except ValueError:
        try:
            want = language._lex(line, '"')
        except ValueError:
            return  # an unclosed quote: refused either way
    assert language.split(line) == want


def test_a_plain_line_splits_at_shlex_whitespace_only():
    assert language.split("attack gorm\u00a0x  with\tlongsword") == [
        "attack", "gorm\u00a0x", "with", "longsword"]
