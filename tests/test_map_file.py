"""The encounter's ``map:`` block (issue 13, docs/encounter-format.md "Map"): rows and
legend into a Board, where each combatant starts (``at:`` or a ``mark:`` in the rows),
and every mistake reported once, located ``FILE:LINE:COL: field: message``."""

from __future__ import annotations

import textwrap

import pytest

from momenta_cli.encounter.loader import load_text
from momenta_cli.engine.geometry import parse_square


def problems(text: str) -> list[str]:
    loaded = load_text(textwrap.dedent(text), name="yard.yaml")
    return loaded.problems


def spec(text: str):
    loaded = load_text(textwrap.dedent(text), name="yard.yaml")
    assert loaded.problems == []
    return loaded.spec


def one(text: str) -> str:
    found = problems(text)
    assert len(found) == 1, found
    return found[0]


YARD = """\
    name: Yard
    map:
      rows: |
        #######
        #.G...#
        #.=~~.#
        #..3..#
        ###+###
    combatants:
      - {name: Gorm, side: adversaries, mark: G}
      - {name: Kira, side: allies, at: E2}
    """


def test_rows_and_the_default_legend_make_the_board():
    s = spec(YARD)
    b = s.board
    assert (b.width, b.height) == (7, 5)
    assert b.at(parse_square("A1")).kind == "wall" and b.at(parse_square("A1")).solid
    low = b.at(parse_square("C3"))
    assert low.kind == "low" and low.obstructs  # R34 cover
    assert b.at(parse_square("D3")).kind == "water"
    pit = b.at(parse_square("D4"))
    assert (pit.kind, pit.height) == ("pit", 3)  # R36: a digit is a pit that deep
    door = b.at(parse_square("D5"))
    assert door.kind == "door" and not door.open and door.solid
    assert b.at(parse_square("C2")).kind == "floor"  # a mark stands on floor


def test_at_and_a_mark_place_the_combatants():
    s = spec(YARD)
    where = {c.name: c.position for c in s.combatants}
    assert where == {"Gorm": parse_square("C2"), "Kira": parse_square("E2")}


def test_without_a_map_there_is_no_board_and_no_position():
    s = spec("""\
        name: Plain
        combatants:
          - {name: Kira, side: allies}
        """)
    assert s.board is None and s.combatants[0].position is None


def test_a_list_of_rows_and_a_legend_of_its_own():
    s = spec("""\
        name: Yard
        map:
          rows:
            - "#####"
            - "#.X.#"
            - "#.T/#"
            - "#####"
          legend:
            X: {kind: pit, height: 12}
            T: {kind: difficult}
            "/": {kind: door, open: false}
        combatants:
          - {name: Kira, side: allies, at: B2}
        """)
    b = s.board
    assert (b.at(parse_square("C2")).kind, b.at(parse_square("C2")).height) == ("pit", 12)
    assert b.at(parse_square("C3")).kind == "difficult"
    assert b.at(parse_square("D3")).solid  # the legend changed the default open door


def test_count_copies_take_their_marks_in_reading_order():
    s = spec("""\
        name: Yard
        map:
          rows: |
            ..k.
            k...
            ...k
        combatants:
          - {name: Knife, side: adversaries, count: 3, mark: k}
        """)
    assert [(c.name, c.position) for c in s.combatants] == [
        ("Knife-1", parse_square("C1")), ("Knife-2", parse_square("A2")),
        ("Knife-3", parse_square("D3"))]


def test_count_copies_take_a_list_of_squares():
    s = spec("""\
        name: Yard
        map: {rows: "....\\n...."}
        combatants:
          - {name: Knife, side: adversaries, count: 2, at: [a1, D2]}
        """)
    assert [c.position for c in s.combatants] == [parse_square("A1"), parse_square("D2")]


@pytest.mark.parametrize("drawn", ["OO\n    OO", "O.\n    .."])
def test_a_2x2_creature_is_drawn_as_four_letters_or_its_top_left(drawn):
    # R31: SIZE 2 takes 2 x 2 squares; its position is the top-left one.
    s = spec(f"""\
        name: Yard
        map:
          rows: |
            ....
            .{drawn.splitlines()[0]}.
            .{drawn.splitlines()[1].strip()}.
        combatants:
          - {{name: Ogre, side: adversaries, mark: O, attributes: {{SIZE: 2}}}}
        """)
    assert s.combatants[0].position == parse_square("B2")


# --- problems, one per mistake, located ---------------------------------------------


def test_ragged_rows_point_at_the_short_row():
    msg = one("""\
        name: Yard
        map:
          rows: |
            ....
            ...
        combatants:
          - {name: Kira, side: allies, at: A1}
        """)
    assert msg == ("yard.yaml:5:5: map.rows: row 2 is 3 squares wide and row 1 is 4: "
                   "every row needs the same number of squares")


def test_an_unknown_character_is_located_to_its_column():
    msg = one("""\
        name: Yard
        map:
          rows:
            - "...."
            - "..Z."
            - "Z..."
        combatants:
          - {name: Kira, side: allies, at: A1}
        """)
    # line 5, the Z after the quote at column 7: `    - "..Z."`
    assert msg.startswith("yard.yaml:5:10: map.rows[1]: unknown map character 'Z' at C2 "
                          "(and 1 more): the legend has . floor, # wall")
    assert "no combatant has mark: Z" in msg


def test_a_space_in_a_row_says_how_to_write_floor():
    msg = one("""\
        name: Yard
        map: {rows: [".. ."]}
        combatants:
          - {name: Kira, side: allies, at: A1}
        """)
    assert "unknown map character ' ' at C1" in msg and "write . for floor" in msg


@pytest.mark.parametrize("at, why", [
    ("Z9", "Kira cannot stand at Z9: Z9 is off the map (5 columns, A-E, by 3 rows, 1-3)"),
    ("A1", "Kira cannot stand at A1: A1 is a wall"),
    ("D2", "Kira cannot stand at D2: D2 is a pit (2 deep: a creature there falls)"),
    ("E2", "Kira cannot stand at E2: E2 is a closed door"),
    ("B2", "Kira cannot stand at B2: B2 is taken by Gorm"),
    ("5C", "'5C' is not a square: a square is a column letter and a row number, like C5"),
])
def test_a_square_that_cannot_hold_a_creature(at, why):
    msg = one(f"""\
        name: Yard
        map:
          rows: |
            #####
            #G.2+
            #####
        combatants:
          - {{name: Gorm, side: adversaries, mark: G}}
          - {{name: Kira, side: allies, at: "{at}"}}
        """)
    assert msg.startswith("yard.yaml:9:") and f"combatants[1].at: {why}" in msg, msg


def test_a_footprint_that_does_not_fit():
    # R31: a SIZE 2 creature at B2 takes B2 to C3; C3 is a wall.
    msg = one("""\
        name: Yard
        map: {rows: "....\\n..#."}
        combatants:
          - {name: Ogre, side: adversaries, at: B1, attributes: {SIZE: 2}}
        """)
    assert msg.endswith("combatants[0].at: Ogre cannot stand at B1: a 2x2 creature at B1 "
                        "takes B1 to C2, and C2 is a wall")


def test_two_creatures_in_one_square_through_a_footprint():
    msg = one("""\
        name: Yard
        map: {rows: "....\\n...."}
        combatants:
          - {name: Ogre, side: adversaries, at: A1, attributes: {SIZE: 2}}
          - {name: Kira, side: allies, at: B2}
        """)
    assert msg.endswith("combatants[1].at: Kira cannot stand at B2: B2 is taken by Ogre")


def test_a_mark_that_cannot_stand_is_located_where_it_is_drawn():
    msg = one("""\
        name: Yard
        map:
          rows: |
            ....
            ..O#
        combatants:
          - {name: Ogre, side: adversaries, mark: O, attributes: {SIZE: 2}}
        """)
    assert msg.startswith("yard.yaml:5:7: map.rows: Ogre (mark 'O') cannot stand at C2: "
                          "a 2x2 creature at C2 takes C2 to D3, and D2 is a wall")


@pytest.mark.parametrize("entry, field, why", [
    ("XY: {kind: wall}", "map.legend.XY", "a legend key is one visible character"),
    ("P: {kind: pit}", "map.legend.P", "a pit needs its depth in squares (height: 3)"),
    ("Q: {kind: floor, height: 2}", "map.legend.Q.height", "only kind: pit has one"),
    ("R: {kind: wall, open: true}", "map.legend.R.open", "only kind: door has one"),
    ("S: {kind: lava}", "map.legend.S.kind", "should be 'floor', 'wall'"),
])
def test_legend_mistakes(entry, field, why):
    msg = one(f"""\
        name: Yard
        map:
          rows: ["..."]
          legend:
            {entry}
        combatants:
          - {{name: Kira, side: allies, at: A1}}
        """)
    assert msg.startswith("yard.yaml:5:") and f"{field}: " in msg and why in msg, msg


def test_positions_without_a_map_are_refused():
    found = problems("""\
        name: Plain
        combatants:
          - {name: Gorm, side: adversaries, mark: G}
          - {name: Kira, side: allies, at: A1}
        """)
    assert found == [
        "yard.yaml:3:37: combatants[0].mark: mark: is a letter drawn in the map's rows, "
        "and this encounter has no map: block",
        "yard.yaml:4:32: combatants[1].at: at: is a square of the map, and this "
        "encounter has no map: block"]


def test_with_a_map_every_combatant_needs_a_square():
    msg = one("""\
        name: Yard
        map: {rows: ["..."]}
        combatants:
          - {name: Kira, side: allies}
        """)
    assert msg.endswith("combatants[0].name: the encounter has a map: give Kira a square "
                        "(at: C5) or a mark: drawn in the rows")


@pytest.mark.parametrize("who, why", [
    ("{name: Kira, side: allies, mark: '#'}",
     "mark: '#' is the map's wall character: a mark needs one the legend does not use"),
    ("{name: Kira, side: allies, mark: K, at: B1}", "mark: give at: or mark:, not both"),
    ("{name: Kira, side: allies, mark: Q}", "mark: mark 'Q' is drawn nowhere in the rows, "
                                            "but it stands for one"),
    ("{name: Kira, side: allies, count: 2, mark: K}",
     "mark: mark 'K' is drawn 1 time(s), but count: 2 makes 2"),
    ("{name: Kira, side: allies, count: 2, at: A1}",
     "at: count: 2 makes 2 combatants: give at: a list of 2 squares, one each (it has 1)"),
    ("{name: Kira, side: allies, at: {A: 1}}",
     "at: expected a square like C5, or a list of squares (one per copy)"),
])
def test_mark_and_at_mistakes(who, why):
    drawn = "K" if "mark: K" in who else "."
    msg = one(f"""\
        name: Yard
        map: {{rows: ["{drawn}.#"]}}
        combatants:
          - {who}
        """)
    assert msg.startswith("yard.yaml:4:") and f"combatants[0].{why}" in msg, msg


def test_two_entries_may_not_share_a_mark():
    msg = one("""\
        name: Yard
        map: {rows: ["K.."]}
        combatants:
          - {name: Kira, side: allies, mark: K}
          - {name: Kaz, side: allies, mark: K}
        """)
    assert msg.endswith("combatants[1].mark: mark 'K' already stands for Kira")


def test_a_stat_block_has_no_square():
    found = problems("""\
        name: Yard
        map: {rows: ["..."]}
        stat_blocks:
          - {name: Footpad, side: adversaries, at: A1}
        combatants:
          - {name: Knife, stat_block: Footpad, at: B1}
        """)
    assert len(found) == 1 and "stat_blocks[0].at: unknown key 'at'" in found[0], found


def test_a_map_row_of_digits_must_be_text():
    msg = one("""\
        name: Yard
        map: {rows: [123]}
        combatants:
          - {name: Kira, side: allies, at: A1}
        """)
    assert "map.rows[0]: " in msg and "string" in msg, msg


def test_the_sample_encounter_with_a_map_loads():
    from pathlib import Path

    from momenta_cli.encounter import load_encounter

    s = load_encounter(Path(__file__).resolve().parent.parent / "encounters" /
                       "yard-with-a-map.yaml")
    kinds = {t.kind for row in s.board.squares for t in row}
    assert {"wall", "low", "water", "pit", "door", "climb", "difficult"} <= kinds
    ogre = next(c for c in s.combatants if c.name == "Ogre")
    assert ogre.size == "2" and ogre.position == parse_square("L7")
    assert all(c.position is not None for c in s.combatants)


def test_the_encounter_cache_keeps_the_map_and_the_positions():
    from pathlib import Path

    from momenta_cli.encounter import load_encounter_cached
    from momenta_cli.encounter.cache import _hit

    path = Path(__file__).resolve().parent.parent / "encounters" / "yard-with-a-map.yaml"
    fresh = load_encounter_cached(path)
    kept = _hit(path)  # read back through the cache's allow-list (Board, Terrain)
    assert kept is not None and kept == fresh and kept.board == fresh.board
    assert [c.position for c in kept.combatants] == [c.position for c in fresh.combatants]
