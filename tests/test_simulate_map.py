"""The simulator on a map (issue 13, item 8 of what was left): the engine measures every
attack from where the two stand (R32-R34), the built-in policies list only the attacks
allowed from there and walk toward the nearest enemy when they have none, with a ``move
NAME to SQUARE`` the engine accepts (simulate/approach.py)."""

from __future__ import annotations

import random
import textwrap

from momenta_cli.encounter import load_encounter_text
from momenta_cli.engine.session import Session
from momenta_cli.simulate.approach import toward
from momenta_cli.simulate.fight import ALLIES, play
from momenta_cli.simulate.policy import BUILTIN
from momenta_cli.simulate.view import View
from tests.engine_helpers import run

SWORD = "{name: Sword, tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}"
BOW = ("{name: Bow, tags: [Piercing, Ranged, Range 10], "
       "damage: {0s: 1, 1s: 5, 2s: 9, 3+: 13}}")


def encounter(rows: str, hero: str, rat: str, weapon: str = SWORD):
    body = textwrap.indent(textwrap.dedent(rows).strip("\n"), "    ")
    return load_encounter_text(f"""
name: Yard
map:
  rows: |
{body}
combatants:
  - {{name: Ana, side: allies, attributes: {{POW: 3, AGI: 2, SPD: 5}}, weapons: [{weapon}],
     at: {hero}}}
  - name: Rat
    side: adversaries
    threat: Grunt
    attributes: {{SPD: 1}}
    attacks: [{{name: Bite, tags: [Piercing, Melee 1], damage: {{0s: 1, 1s: 3, 2+: 5}}}}]
    at: {rat}
""", "yard.yaml")


OPEN = """
    ........
    ........
"""


def test_a_hero_out_of_reach_walks_up_and_then_strikes():
    """R32: Ana at A1 is 6 from the Rat at G1; she walks (the free Move) to the square
    beside it and attacks from there, and the fight is won; every line the policy gave
    was one the engine took."""
    enc = encounter(OPEN, "A1", "G1")
    result, session = play(enc, BUILTIN["tactical"], seed=3, index=0, keep=True)
    assert result.winner == ALLIES and result.refused == 0
    assert session is not None
    lines = [e.line for e in session.entries]
    first_move = next(i for i, x in enumerate(lines) if x.startswith("move Ana to "))
    assert lines[first_move].endswith(" no-reactions")
    assert any(x.startswith("attack Ana Rat") for x in lines[first_move + 1:])


def test_the_way_goes_round_a_wall_through_the_door():
    """R32: the Rat is behind a wall with one open door at D2: Ana heads for the door,
    the way she would walk, not straight at the wall."""
    enc = encounter("""
        ...#....
        .../....
        ...#....
    """, "A3", "F3")
    s = Session(enc)
    run(s, "turn ana")
    line = toward(s.state, s.state.get("Ana"))
    assert line is not None
    square = line.split(" to ")[1].split()[0]
    assert square in ("D2", "E2", "E3", "E1")  # through the doorway, or past it


def test_an_archer_without_a_line_of_sight_steps_out_to_one():
    """R33: the Bow reaches 10, but the wall hides the Rat from Ana at A1; she goes to
    the cheapest square that sees it, and can shoot from there."""
    enc = encounter("""
        .#......
        .#......
        ........
    """, "A1", "E1", BOW)
    s = Session(enc)
    run(s, "turn ana")
    assert View(s.state, random.Random(1)).best_attack("Ana") is None  # hidden by it
    line = toward(s.state, s.state.get("Ana"))
    assert line is not None and line.endswith(" no-reactions")
    run(s, line)
    assert s.state.get("Ana").position[1] == 2  # round the end of the wall, on row 3
    assert View(s.state, random.Random(1)).best_attack("Ana") is not None


def test_on_a_map_only_the_attacks_allowed_from_here_are_listed():
    enc = encounter(OPEN, "A1", "G1")
    s = Session(enc)
    run(s, "turn ana")
    assert View(s.state, random.Random(1)).attacks("Ana") == []
    run(s, "move ana to f1 no-reactions")
    assert {o.target for o in View(s.state, random.Random(1)).attacks("Ana")} == {"Rat"}


def test_walled_off_a_combatant_stays_where_it_is():
    enc = encounter("""
        ..#....
        ..#....
    """, "A1", "F1")
    s = Session(enc)
    run(s, "turn ana")
    assert toward(s.state, s.state.get("Ana")) is None
