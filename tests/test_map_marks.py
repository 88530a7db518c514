"""What a map's marks and squares may be (issue 13 item 1, R31): a mark is one letter or
digit the GM can see (the message says which are allowed); a larger creature is drawn as
its top-left square or as exactly its whole N x N block, nothing in between; and
``add ... at`` reads its square once."""

from __future__ import annotations

import pytest

from momenta_cli.encounter.mapstart import MARK_HELP
from momenta_cli.engine.geometry import parse_square
from momenta_cli.errors import CommandError
from momenta_cli.language import parse_line
from tests.test_map_file import one, spec


def ogre(drawn: list[str], count: int | None = None) -> str:
    rows = "\n".join("            " + r for r in drawn)
    many = f", count: {count}" if count else ""
    return f"""\
        name: Yard
        map:
          rows: |
{rows}
        combatants:
          - {{name: Ogre, side: adversaries, mark: O, attributes: {{SIZE: 2}}{many}}}
        """


@pytest.mark.parametrize("drawn, what", [
    (["....", ".OO.", ".O..", "...."], "3 of its 4 squares"),  # three letters
    (["....", ".O..", "..O.", "...."], "2 of its 4 squares"),  # diagonally
    (["....", ".OO.", "....", "...."], "2 of its 4 squares"),  # half of it
])
def test_a_big_creature_drawn_as_part_of_its_block_is_refused(drawn, what):
    msg = one(ogre(drawn))
    assert msg.startswith("yard.yaml:5:"), msg  # where the top-left letter is drawn
    assert (f"Ogre (mark 'O', SIZE 2) is drawn on {what} from B2 to C3: draw its "
            "top-left square only, or the whole 2x2 block") in msg, msg


@pytest.mark.parametrize("drawn", [["....", ".OO.", ".OO.", "...."],
                                   ["....", ".O..", "....", "...."]])
def test_a_big_creature_drawn_as_its_block_or_its_top_left_is_placed(drawn):
    assert spec(ogre(drawn)).combatants[0].position == parse_square("B2")


def test_copies_of_a_big_creature_are_each_drawn_whole():
    s = spec(ogre(["OOOO", "OOOO"], count=2))
    assert [c.position for c in s.combatants] == [parse_square("A1"), parse_square("C1")]
    msg = one(ogre(["OOO.", "OOO."], count=2))
    assert "Ogre-2 (mark 'O', SIZE 2) is drawn on 2 of its 4 squares from C1 to D2" in msg


@pytest.mark.parametrize("mark, shown", [
    ("\\u0301", "'\\u0301'"),  # a combining accent: it would sit on the square before
    ("*", "'*'"),
    ("\\u200b", "'\\u200b'"),
])
def test_a_mark_is_one_visible_letter_or_digit(mark, shown):
    msg = one(f"""\
        name: Yard
        map: {{rows: ["...."]}}
        combatants:
          - {{name: Kira, side: allies, mark: "{mark}"}}
        """)
    assert msg.endswith(f"combatants[0].mark: {MARK_HELP}, not {shown}"), msg
    assert "letter or digit" in MARK_HELP and "accent" in MARK_HELP


@pytest.mark.parametrize("mark", ["K", "k", "0", "Ж", "é"])
def test_letters_and_digits_of_any_alphabet_are_marks(mark):
    s = spec(f"""\
        name: Yard
        map: {{rows: [".{mark}.."]}}
        combatants:
          - {{name: Kira, side: allies, mark: "{mark}"}}
        """)
    assert s.combatants[0].position == parse_square("B1")


@pytest.mark.parametrize("line", ["add footpad at c2 at d2", "add footpad as A as B",
                                  "add footpad x2 x3", "add footpad side allies side "
                                  "adversaries"])
def test_add_reads_each_option_once(line):
    with pytest.raises(CommandError, match="given twice"):
        parse_line(line)
