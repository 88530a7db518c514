"""``map NAME`` (issue 13 item 7): the squares NAME can reach this Move (R32, R36) and
the ones it sees (R33) marked over the battlemap, each by its own character with a key
(readable without colour), at 80 columns, names shown literally, sight bounded on a big
map; ``momenta map FILE --for NAME``; and the players' view, which draws the map under
the table and never gives a Hidden enemy away."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from momenta_cli.render import map_meta
from tests.conftest import invoke, started
from tests.engine_helpers import run, session_from

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "encounters" / "yard-with-a-map.yaml"


def render(obj, *, width: int = 80) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, markup=False, emoji=False,
            highlight=False).print(obj)
    return buf.getvalue()


CORNER = """
    name: Corner
    map:
      rows: |
        .........
        .A.#.....
        ...#.T...
        ...#.....
        :.=......
    combatants:
      - {name: Archer, side: allies, mark: A, attributes: {SPD: 4}}
      - {name: Target, side: adversaries, mark: T}
"""


def test_map_name_marks_reach_and_sight_each_by_its_own_character():
    """R32: 4 squares of SPD, diagonals 1, difficult and low walls 2; R33: behind the
    wall E3 and E4 are out of sight but reachable round its top (o); G1 and G2 are seen
    along the map's top edge but out of reach ('); A5 and C5 keep their ground."""
    out = [x.rstrip() for x in render(map_meta(session_from(CORNER).state, "arch"))
           .splitlines()]
    assert out[:7] == [
        "  A B C D E F G H I",
        "1 * * * * * * ' ' '",
        "2 * Ar* ##* * ' ' '",
        "3 * * * ##o Ta. . .",
        "4 * * * ##o . . . .",
        "5 :** =** * . . . .",
        "  A B C D E F G H I",
    ]
    assert out[7] == "Ar Archer  Ta Target (4 away, out of sight)"
    key = "\n".join(out[8:])
    assert "Archer: Moves up to 4 squares (SPD)" in key
    assert "* can reach this Move and sees" in key
    assert "o can reach, out of sight" in key
    assert "' sees, out of reach" in key


def test_plain_map_has_no_marks_and_a_bad_name_is_one_bang_line():
    s = session_from(CORNER)
    plain = render(map_meta(s.state, None))
    assert "*" not in plain and "can reach" not in plain
    assert render(map_meta(s.state, "zed")).startswith("! no combatant called 'zed'")


def test_the_notes_say_distance_sight_and_cover():
    """R34: the Knife between them gives the Target cover; R32 distances."""
    s = session_from("""
        name: Cover
        map:
          rows: |
            .....
            A.K.T
            .....
        combatants:
          - {name: Archer, side: allies, mark: A}
          - {name: Target, side: adversaries, mark: T}
          - {name: Knife, side: adversaries, mark: K}
        """)
    out = render(map_meta(s.state, "archer"))
    assert "Ta Target (4 away, in sight, cover)" in out
    assert "Kn Knife (2 away, in sight)" in out


def test_a_hindered_or_stuck_mover_says_why_in_the_key():
    s = session_from(CORNER)
    run(s, "cond archer hindered")
    assert "Archer: Moves up to 2 squares (half SPD while Hindered)" in \
        render(map_meta(s.state, "archer"))


def test_a_defeated_combatant_reaches_nothing():
    s = session_from(CORNER)
    run(s, "defeat archer")
    out = render(map_meta(s.state, "archer"))
    assert "Archer: Defeated: it does not move" in out
    assert "*" not in out.split("Ar Archer")[0] and "o " not in out.split("Ar Archer")[0]


def test_a_2x2_creature_marks_every_square_it_can_stand_on():
    """R31: SIZE 2 takes 2x2 squares; with SPD 1 it ends one square further at most:
    right (column C), down (row 3) or both, never column D."""
    out = render(map_meta(session_from("""
        name: Big
        map:
          rows: |
            OO....
            OO....
            ......
        combatants:
          - {name: Ogre, side: adversaries, mark: O, attributes: {SIZE: 2, SPD: 1}}
        """).state, "ogre")).splitlines()
    assert out[1].rstrip() == "1 OgOg* ' ' '"
    assert out[2].rstrip() == "2 OgOg* ' ' '"
    assert out[3].rstrip() == "3 * * * ' ' '"
    assert "Ogre: Moves up to 1 square (SPD) (moved by its top-left square: it takes " \
        "2x2)" in "\n".join(out)


def test_names_are_shown_literally_in_the_marks_and_notes():
    out = render(map_meta(session_from("""
        name: Odd
        map:
          rows: |
            A...B
        combatants:
          - {name: "[red]x[/red]", side: allies, mark: A}
          - {name: "Bo[b]", side: adversaries, mark: B}
        """).state, "[red]"))
    assert "[red]x[/red]: Moves up to" in out
    assert "Bo[b] (4 away, in sight)" in out


def test_the_yard_overlay_fits_80_columns_for_everyone():
    from momenta_cli.cli.common import read_fight

    fight = read_fight(SAMPLE, "map draws encounters and saved fights")
    for who in fight.fighters:
        out = render(map_meta(fight, who)).splitlines()
        assert max(len(x) for x in out) <= 80, who
        assert any("can reach this Move" in x for x in out), who


def big_fight():
    rows = "".join(
        f'\n            - "{"#" * 60 if r in (0, 59) else "#" + "." * 58 + "#"}"'
        for r in range(60))
    return session_from(f"""
        name: Plain
        map:
          rows:{rows}
        combatants:
          - {{name: Kira, side: allies, at: AX30}}
          - {{name: Gorm, side: adversaries, at: C3}}
        """)


def test_on_a_big_map_sight_is_worked_out_for_a_bounded_number_of_squares(monkeypatch):
    """Exact sight is one search a square (sight.visible): a 39x40 window is cut to
    MAX_TESTS squares around the creature, and the key says how far."""
    from momenta_cli.engine.geometry import sight
    from momenta_cli.render import map_overlay

    calls = []
    real = sight.line_of_sight
    monkeypatch.setattr(sight, "line_of_sight", lambda *a: calls.append(1) or real(*a))
    out = render(map_meta(big_fight().state, "kira")).splitlines()
    assert max(len(x) for x in out) <= 80
    assert len(calls) <= map_overlay.MAX_TESTS
    assert any(x.startswith("(sight worked out to 16 squares away)") for x in out)
    assert "Go Gorm (47 away, in sight)" in "\n".join(out)  # open ground: seen


# --- momenta map --for ---------------------------------------------------------------


def test_momenta_map_for_marks_what_the_name_reaches_and_sees():
    r = invoke("map", SAMPLE, "--for", "tamsin", "--no-color", "--width", "80")
    assert r.exit_code == 0, r.output
    out = r.output.splitlines()
    assert out[5].startswith(" 5 ##* Ta* * * * ##")
    assert "Tamsin: Moves up to 5 squares (SPD)" in r.output
    assert "Go Gorm (16 away, out of sight)" in r.output
    assert max(len(x) for x in out) <= 80
    r = invoke("map", SAMPLE, "--for", "zed")
    assert r.exit_code == 1 and "no combatant called 'zed'" in r.output


# --- the players' view ---------------------------------------------------------------


def test_the_players_view_draws_the_map_under_the_table_without_hidden_enemies(enc):
    fight = started(enc.with_name(SAMPLE.name), "turn brannoc", "cond gorm hidden",
                    "quit")
    players = invoke("status", fight, "--players", "--no-color", "--width", "80")
    assert players.exit_code == 0, players.output
    out = players.output
    assert "Knife-1    Unhurt" in out  # the players' table...
    assert "Br Brannoc (acting)" in out and " 1 #####" in out  # ...and the map
    assert "Go Gorm" not in out and "Go" not in "".join(
        x for x in out.splitlines() if x[:3].strip().isdigit())
    assert max(len(x) for x in out.splitlines()) <= 80
    gm = invoke("status", fight, "--no-color")
    assert "Br Brannoc" not in gm.output  # the GM's table alone, as before


def test_the_players_do_see_the_map_in_do_and_never_learn_of_a_hidden_enemy(enc):
    """R20 (Hidden): in the players' view ``map knife-1`` of a Hidden Knife-1 is refused
    exactly as a name nobody has (same line, same exit 1), and ``map mira`` draws the
    map without it."""
    fight = started(enc.with_name(SAMPLE.name), "turn mira", "cond knife-1 hidden",
                    "quit")
    hidden = invoke("do", fight, "map knife-1", "--players", "--no-color")
    nobody = invoke("do", fight, "map knife-9", "--players", "--no-color")
    assert hidden.exit_code == nobody.exit_code == 1
    assert hidden.output.replace("knife-1", "NAME") == nobody.output.replace("knife-9",
                                                                             "NAME")
    assert "Knife-1" not in hidden.output and "Knife-2" in hidden.output
    r = invoke("do", fight, "map mira", "--players", "--no-color")
    assert r.exit_code == 0, r.output
    assert "K1" not in r.output and "Knife-1" not in r.output
    # Knife-1's square (I7) is marked as the players believe it: open, within reach
    row7 = next(x for x in r.output.splitlines() if x.startswith(" 7 "))
    assert row7[3 + 2 * 8:3 + 2 * 9] == "* "
    gm = invoke("do", fight, "map mira", "--no-color")
    row7 = next(x for x in gm.output.splitlines() if x.startswith(" 7 "))
    assert row7[3 + 2 * 8:3 + 2 * 9] == "K1"
    assert "K1 Knife-1 (5 away, in sight, Hidden)" in gm.output
