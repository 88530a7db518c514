"""Map problems in the encounter file shown safely and where they are (issue 13 item 1,
docs/encounter-format.md "Map"): a control or invisible character in the rows is written
as an escape everywhere in its message, never raw, and the message stays on one line; a
problem in rows written as one quoted string points at the ``rows:`` line itself."""

from __future__ import annotations

import pytest

from tests.test_map_file import one


def rows_yaml(rows: str) -> str:
    return f"""\
        name: Yard
        map:
          rows: {rows}
        combatants:
          - {{name: Kira, side: allies, at: A1}}
        """


@pytest.mark.parametrize("code, shown", [
    ("\\0", "\\x00"), ("\\u2028", "\\u2028"), ("\\x1b", "\\x1b"), ("\\ufe0f", "\\ufe0f"),
    ("\\u200b", "\\u200b"),
])
def test_an_invisible_character_in_the_rows_is_shown_escaped(code, shown):
    msg = one(rows_yaml(f'["..{code}."]'))
    assert f"unknown map character '{shown}' at C1" in msg, msg
    assert msg.isprintable() and "\n" not in msg and "\u2028" not in msg, repr(msg)
    assert "mark:" not in msg  # it could never be a mark: no hint that it might


def test_a_visible_unknown_character_still_hints_at_a_mark():
    msg = one(rows_yaml('["..Z."]'))
    assert "no combatant has mark: Z" in msg


def test_a_quoted_string_of_rows_is_located_at_its_rows_line():
    # `rows: ".Z..\n...."`: the escapes make columns inside untrustworthy, and the
    # string is no block: the problem is on line 3, not on the combatants' line 5
    msg = one(rows_yaml('".Z..\\n...."'))
    assert msg.startswith("yard.yaml:3:"), msg
    assert "unknown map character 'Z' at B1" in msg


def test_a_quoted_list_row_with_escapes_is_located_at_its_start():
    # the \u002e before the Z is 6 characters for one: point at the row, not past it
    msg = one(rows_yaml('["\\u002e.Z."]'))
    assert msg.startswith("yard.yaml:3:10:"), msg
