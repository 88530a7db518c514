"""Movement on the map (issue 13 item 3): ``move NAME to C5`` and ``shift NAME to C5``
walk the cheapest legal path within SPD (ch19 Movement, R32, R36), the path and its cost
in the log; climbing, swimming, a one-square jump and a walk into a pit; refusals with
the reason; undo and replay. Shoves and drags are in test_move_map_forced.py."""

from __future__ import annotations

import textwrap

import pytest

from momenta_cli.engine.core.session import replay
from momenta_cli.engine.geometry import parse_square
from tests.engine_helpers import kinds, log_text, refused, run, session_from

HEROES = """
  - name: Kira
    side: allies
    attributes: {POW: 2, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 20
    max_vigor: 8
  - name: Mira
    side: allies
    attributes: {POW: 1, AGI: 3, REA: 2, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 18
    max_vigor: 8
  - name: Nul
    side: allies
    attributes: {POW: 1, AGI: 1, SPD: 1, SEN: 10, SIZE: 1M}
    max_vitality: 12
    max_vigor: 8
  - name: Gorm
    side: adversaries
    threat: Regular
    attributes: {POW: 3, AGI: 1, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 20
  - name: Ogre
    side: adversaries
    threat: Regular
    attributes: {POW: 5, AGI: 0, SPD: 4, SEN: 8, SIZE: 2}
    max_vitality: 30
"""


def on_map(rows: str, **at: str):
    """A session on ``rows`` (the default legend) with those of the combatants above
    named in ``at``, each standing on the square given for it."""
    body = textwrap.indent(textwrap.dedent(rows).strip("\n"), "    ")
    blocks = {b.split("\n")[0].strip().lower(): "  - name: " + b.rstrip("\n")
              for b in HEROES.split("  - name: ")[1:]}
    combatants = "".join(f"{blocks[who]}\n    at: {sq}\n" for who, sq in at.items())
    return session_from(f"name: Map\nmap:\n  rows: |\n{body}\ncombatants:\n{combatants}")


def where(s, who: str) -> str | None:
    from momenta_cli.engine.geometry import square_name

    pos = s.state.get(who).position
    return None if pos is None else square_name(pos)


def moved(s):
    return [e for e in s.entries[-1].events if e.kind == "moved"][-1]


OPEN = """
    ........
    ........
    ........
    ........
"""


# --- the path and its cost ----------------------------------------------------------


def test_a_diagonal_step_costs_one_square():
    """ch19 Movement / R32: diagonals cost 1, like straight steps."""
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira", "move kira to d4")
    e = moved(s)
    assert (e.start, e.path, e.squares, e.difficult) == ("A1", ("B2", "C3", "D4"), 3, 0)
    assert where(s, "Kira") == "D4"
    assert log_text(s)[-1] == "Kira moves A1 -> B2 -> C3 -> D4: 3 of 5 squares"


def test_the_first_move_is_free_and_the_next_costs_two_as_without_a_map():
    """ch19 Move: the first Move each turn is free, every other one 2 Vigor."""
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira", "move to b1", "move to c1")
    assert s.state.get("Kira").vigor == 6
    assert s.state.get("Kira").moves == 2


def test_difficult_ground_counts_double_and_the_cheaper_way_round_is_taken():
    """ch19 Movement / R32: entering difficult terrain costs 2."""
    s = on_map("""
        .:...
        .:...
        .:...
        .....
    """, kira="A1", gorm="E1")
    run(s, "turn kira", "move to c1")  # round the bottom is 6: through B1 is 1 + 2
    e = moved(s)
    assert (e.path, e.squares, e.difficult) == (("B1", "C1"), 2, 1)
    assert log_text(s)[-1] == ("Kira moves A1 -> B1 -> C1: 3 of 5 squares, 1 more for "
                               "difficult ground")


def test_one_square_of_movement_cannot_enter_difficult_ground():
    """ch19 Movement: with 1 square of movement a difficult square cannot be entered."""
    s = on_map("""
        .:.
        ...
    """, nul="A1", gorm="C2")
    run(s, "turn nul")
    refused(s, "move to b1", "Nul cannot Move to B1: no way to B1 within 1 square (SPD)")
    run(s, "move to b2")
    assert where(s, "Nul") == "B2"


def test_hindered_moves_half_spd():
    """ch19 Movement / condition table: Hindered moves up to half SPD (R4, min 1)."""
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "cond kira hindered", "turn kira")
    refused(s, "move to d1", "no way to D1 within 2 squares (half SPD while Hindered)")
    run(s, "move to c1")
    assert where(s, "Kira") == "C1"


def test_hindered_cannot_shift_and_a_shift_goes_half_spd():
    """ch19 Movement: Hindered characters cannot Shift; ch19 Shift: half SPD, 2 Vigor."""
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira")
    refused(s, "shift to d1", "no way to D1 within 2 squares (half SPD)")
    run(s, "shift to c1")
    e = moved(s)
    assert (e.how, where(s, "Kira"), s.state.get("Kira").vigor) == ("Shift", "C1", 6)
    run(s, "cond kira hindered")
    refused(s, "shift to d1", "Kira is Hindered and cannot Shift (ch19 Movement)")


def test_climbing_goes_one_square_a_move():
    """ch19 Climb / R36: a Move while climbing goes 1 square at most, and no Shift."""
    s = on_map("""
        .^.
        .^.
        .^.
    """, kira="B3", gorm="C1")
    run(s, "turn kira")
    refused(s, "move to b1", "Kira cannot Move to B1: no way to B1 within 1 square "
                             "(climbing: 1 square per Move)")
    refused(s, "shift to b2", "climbing and cannot Shift")
    run(s, "move to b2")
    assert (where(s, "Kira"), moved(s).terrain, s.state.get("Kira").terrain) == \
        ("B2", "climb", "climb")
    run(s, "move to a1")  # off the wall: the Move that leaves it is a climbing one too
    assert where(s, "Kira") == "A1" and s.state.get("Kira").terrain == ""
    assert log_text(s)[-1] == "Kira is back on the ground (was climbing)"


def test_getting_onto_a_climbable_square_is_a_climbing_move_of_one_square():
    """ch19 Climb (R36): the Move that climbs onto the wall goes that 1 square only."""
    s = on_map("""
        ..^..
    """, kira="A1", gorm="E1")
    run(s, "turn kira")
    refused(s, "move to c1", "C1 is climbable: climbing onto it is a Move of 1 square")
    run(s, "move to b1", "move to c1")
    assert s.state.get("Kira").terrain == "climb"
    assert log_text(s)[-3:] == ["Kira is climbing: 1 square per Move, no Shift",
                                "Kira: Move (2 Vigor: 8->6)",
                                "Kira moves B1 -> C1: 1 of 5 squares, climbing"]


def test_leaving_a_pit_is_a_climb_of_one_square_a_move_and_no_shift():
    """Ours (R36, ch19 Climb): a creature at the bottom of a pit at least 1 square deep
    climbs out: a Move of 1 square onto the edge, no Shift; ``path`` says so too."""
    from momenta_cli.render import path_lines

    s = on_map("""
        ..5...
        ......
    """, gorm="A1", mira="B1")
    run(s, "turn mira", "end", "turn gorm", "shove gorm mira roll 1s", "end",
        "turn mira")
    assert where(s, "Mira") == "C1"
    refused(s, "shift mira to d1", "Mira is at the bottom of the pit at C1 (5 deep) and "
                                   "cannot Shift: climbing out is a Move of 1 square")
    refused(s, "move mira to e1", "(climbing out of a pit: 1 square per Move)")
    out = run(s, "path mira d2")
    assert path_lines(s.state, out.meta)[1:3] == [
        "  cost 1 of 1 square (climbing out of a pit: 1 square per Move)",
        "  climbing: 1 square per Move, no Shift (ch19 Climb)"]
    run(s, "move mira to d2")
    assert where(s, "Mira") == "D2" and s.state.get("Mira").terrain == ""


def test_a_climbable_square_out_of_one_step_is_refused_for_the_climbing_rule():
    """ch19 Climb / R36: climbing onto a climbable square is a Move of its own, 1 square
    from a square next to it; from further away the refusal says so, not "no way"."""
    s = on_map("""
        .....
        .....
        ...^.
    """, kira="A3", gorm="E1")
    run(s, "turn kira")
    refused(s, "move to d3", "Kira cannot Move to D3: D3 is climbable: climbing onto it "
                             "is a Move of 1 square from a square next to it (ch19 Climb)")
    run(s, "move to c3", "move to d3")
    assert where(s, "Kira") == "D3"


def test_swimming_doubles_the_vigor_of_a_move():
    """ch19 Swim / R24: while swimming every maneuver costs double Vigor (a free Move
    stays free), and no Shift."""
    s = on_map("""
        ..~~
        ..~~
    """, kira="A1", gorm="A2")
    run(s, "turn kira", "move to b1")
    assert s.state.get("Kira").vigor == 8
    run(s, "move to c1")  # into the water: a swimming Move, 2 x 2 Vigor
    assert (s.state.get("Kira").vigor, s.state.get("Kira").terrain) == (4, "swim")
    assert kinds(s) == ["terrain_set", "maneuver_taken", "moved"]
    refused(s, "shift to d1", "Kira is swimming and cannot Shift (ch19 Swim)")
    run(s, "move to b1")  # out again: still swimming as it starts, 4 Vigor
    assert (s.state.get("Kira").vigor, s.state.get("Kira").terrain) == (0, "")
    refused(s, "move to a1", "Move costs 2 Vigor; Kira has 0 (R24)")


def test_a_one_square_pit_is_jumped_during_a_move():
    """ch19 Horizontal Jump / R36: a gap of one square is crossed when the Move ends on
    stable ground; the jumped square is marked in the path."""
    s = on_map("""
        #####
        .5...
        #####
    """, kira="A2", gorm="E2")
    run(s, "turn kira", "move to c2")
    e = moved(s)
    assert (e.path, e.jumped, where(s, "Kira")) == (("B2", "C2"), ("B2",), "C2")
    assert log_text(s)[-1] == "Kira moves A2 -> (B2) -> C2: 2 of 5 squares, jumping B2"
    assert not any(ev.kind == "fell" for ev in s.entries[-1].events)


def test_a_two_by_two_ogre_steps_over_a_one_square_gap():
    """Ours (docs/rulings.md Terrain, R36, R31): a creature falls only when its whole
    footprint is over pits: the Ogre's 2x2 footprint walks over a one-square-wide gap,
    half of it on the ground at every step: no jump, no fall (ch19 Horizontal Jump is
    not needed)."""
    s = on_map("""
        ...5....
        ...5....
    """, ogre="A1", kira="H2")
    run(s, "turn kira", "end", "turn ogre", "move ogre to e1")
    e = moved(s)
    assert (e.path, e.jumped, where(s, "Ogre")) == (("B1", "C1", "D1", "E1"), (), "E1")
    assert not any(ev.kind == "fell" for ev in s.entries[-1].events)


def test_a_reach_entered_over_a_gap_a_2x2_straddles_stops_it_there():
    """R35, R31 and ours (docs/rulings.md Terrain): a 2x2 creature half over a gap
    stands (it is not in the air), so an Intercept met there stops it there."""
    from momenta_cli.render import path_lines

    s = on_map("""
        ...5....
        ...5....
        ........
    """, ogre="A1", kira="E3")
    run(s, "turn kira", "end", "turn ogre")
    out = run(s, "path ogre e1")
    assert "  Kira may Intercept at C1 (Unarmed Attack): 'intercept Kira' (R35)" in \
        path_lines(s.state, out.meta)


def test_a_shift_cannot_jump():
    """ch19 Horizontal Jump: the jump is part of a Move, not a Shift."""
    s = on_map("""
        #####
        .5...
        #####
    """, kira="A2", gorm="E2")
    run(s, "turn kira")
    refused(s, "shift to c2", "no way to C2")


def test_walking_into_a_pit_falls_with_r23_damage():
    """R36: walking into a pit of depth H falls H squares; R23: 2 untyped damage a square
    after AGI (Mira: 5 squares, AGI 3, 4 damage), untyped skips Guard."""
    s = on_map("""
        .5.
    """, mira="A1", gorm="C1")
    run(s, "turn mira", "move to b1")
    assert [e.kind for e in s.entries[-1].events][1:3] == ["moved", "fell"]
    assert (where(s, "Mira"), s.state.get("Mira").vitality) == ("B1", 14)
    assert "Mira falls 5 squares; AGI 3 leaves 2: 4 untyped damage" in log_text(s)


def test_a_2x2_creature_walks_by_its_top_left_square_and_needs_room():
    """R31: SIZE 2 takes 2x2 squares, named by its top-left; R32: every square entered
    must be free of walls, so the gap one square wide at D3 lets it through nowhere: it
    is told it does not fit, not that its SPD is short (issue 26 item 10)."""
    s = on_map("""
        ......
        ......
        ###.##
        ......
        ......
    """, ogre="A1", kira="F5")
    run(s, "turn kira", "end", "turn ogre")
    refused(s, "move ogre to c4", "Ogre cannot Move to C4: a 2x2 creature does not fit "
            "through the gap at D3, nor by any other way there")
    run(s, "move ogre to e1")
    assert where(s, "Ogre") == "E1"
    refused(s, "move ogre to f1", "a 2x2 creature does not fit at F1")


def test_allies_are_crossed_and_enemies_block():
    """R32 (ours): allies' squares may be crossed but not ended in; enemies' never."""
    s = on_map("""
        #####
        .....
        #####
    """, kira="A2", mira="B2", gorm="D2")
    run(s, "turn kira")
    refused(s, "move to b2", "Kira cannot Move to B2: B2 is occupied")
    refused(s, "move to e2", "no way to E2")  # Gorm stands in the corridor
    run(s, "move to c2")  # through Mira
    assert moved(s).path == ("B2", "C2")


@pytest.mark.parametrize("line, why", [
    ("move kira to a2", "Kira cannot Move to A2: A2 is a wall"),
    ("move kira to z9", "Kira cannot Move to Z9: Z9 is off the map"),
    ("move kira to c1", "Kira cannot Move to C1: C1 is occupied"),
    ("move kira to b1", "Kira cannot Move to B1: already at B1"),
    ("move kira to 3c", "'3c' after 'to' is not a square: a column letter and a row "
                        "number, like C5 (usage: move [NAME] to SQUARE [via SQUARE ...]"),
    ("move gorm to d1", "Move is a maneuver: only on Gorm's own turn"),
])
def test_refusals_say_why(line, why):
    s = on_map("""
        ....
        #...
    """, kira="B1", gorm="C1")
    run(s, "turn kira")
    assert refused(s, line).startswith(why)


def test_a_move_to_a_square_needs_a_map():
    s = session_from("""
        name: Plain
        combatants:
          - {name: Kira, side: allies}
        """)
    run(s, "turn kira")
    assert refused(s, "move to c5").startswith(
        "this fight has no map: 'move ... to SQUARE' walks on one; say the squares moved "
        "instead (move NAME N)")
    run(s, "move 3")  # as ever
    assert s.state.get("Kira").position is None


def test_move_n_on_a_map_keeps_working_and_leaves_the_token():
    """R28: the GM may still state the squares moved; the token stays for ``place``."""
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira", "move 3 difficult 1")
    assert where(s, "Kira") == "A1" and moved(s).path == ()


# --- path: a preview that changes nothing --------------------------------------------


def test_path_shows_the_route_and_changes_nothing():
    from momenta_cli.language import Meta
    from momenta_cli.render import path_lines

    s = on_map("""
        .:..
        ....
    """, kira="A1", gorm="D2")
    before, n = s.state.clone(), len(s.entries)
    out = run(s, "path kira c1")
    assert isinstance(out.meta, Meta) and out.entry is None
    assert s.state == before and len(s.entries) == n
    assert path_lines(s.state, out.meta) == ["path: Kira moves A1 -> B2 -> C1",
                                             "  cost 2 of 5 squares (SPD)"]
    out = run(s, "path kira c1 shift")
    assert path_lines(s.state, out.meta)[0] == "path: Kira shifts A1 -> B2 -> C1"


def test_path_in_do_prints_the_route_or_the_reason(tmp_path):
    from tests.conftest import invoke, one_line_error

    enc = tmp_path / "m.yaml"
    enc.write_text(textwrap.dedent("""
        name: M
        map:
          rows: |
            ..5..
        combatants:
          - {name: Kira, side: allies, at: A1, attributes: {AGI: 2}}
          - {name: Gorm, side: adversaries, at: E1}
        """))
    r = invoke("do", enc, "path kira d1", "path kira c1")
    assert r.exit_code == 0, r.output
    assert "path: Kira moves A1 -> B1 -> (C1) -> D1" in r.output
    assert "jumps C1 (ch19 Horizontal Jump)" in r.output
    assert "walks into a pit: falls 5 squares, AGI 2: 6 untyped damage (R23)" in r.output
    # no route is a refused line, as a refused command is (tests/test_map_queries.py)
    err = one_line_error(invoke("do", enc, "path kira d1", "path kira e1"))
    assert "'path kira e1': Kira cannot Move to E1: E1 is occupied" in err
    assert not (tmp_path / "m.fight.jsonl").exists()  # a preview starts no fight


# --- undo and replay ---------------------------------------------------------------


def test_undo_of_a_move_puts_the_token_back_exactly_and_replay_agrees():
    s = on_map("""
        ..~..
        .....
        .5...
    """, kira="A1", gorm="E3")
    run(s, "turn kira", "move to c1", "move to d2")
    live = s.state.clone()
    assert live == replay(s.initial, s.entries)
    run(s, "undo")
    assert where(s, "Kira") == "C1" and s.state.get("Kira").terrain == "swim"
    run(s, "undo")
    assert where(s, "Kira") == "A1" and s.state.get("Kira").terrain == ""
    run(s, "redo", "redo")
    assert s.state == live
    assert s.state.get("Kira").position == parse_square("D2")


def test_path_for_tools_is_cost_and_squares_or_an_error():
    """issue 13 item 7's shape, ``{"cost": int, "path": [...]}`` (with the path's
    ``triggers``, R35) or ``{"error": ...}``."""
    from momenta_cli.engine.movement import MoveTo
    from momenta_cli.render import path_doc

    s = on_map(OPEN, kira="A1", gorm="H4")
    assert path_doc(s.state, MoveTo("kira", "c3")) == {"cost": 2, "path": ["B2", "C3"],
                                                       "triggers": []}
    assert path_doc(s.state, MoveTo("kira", "h4")) == {
        "error": "Kira cannot Move to H4: H4 is occupied by Gorm"}


def test_the_squares_a_move_reaches_are_those_within_spd():
    """R32: what ``map NAME`` can overlay: every square within SPD, walls and enemies
    left out, a Hindered mover's half."""
    from momenta_cli.engine.geometry import square_name
    from momenta_cli.engine.movement import reachable_squares

    s = on_map("""
        ....#...
        ....#...
    """, kira="A1", gorm="B2")
    reach = {square_name(q): c for q, c in reachable_squares(s.state, s.state.get("Kira")).items()}
    assert reach == {"B1": 1, "A2": 1, "C1": 2, "C2": 2, "D1": 3, "D2": 3}
    run(s, "cond kira hindered")
    reach = reachable_squares(s.state, s.state.get("Kira"))
    assert max(reach.values()) == 2
    assert reachable_squares(s.state, s.state.get("Kira"), "Shift") == {}  # Hindered


def test_journals_from_before_the_map_still_load_and_read_the_same():
    """Movement events written before they carried a path (no map) load, render as
    before and move no token."""
    from momenta_cli.engine.core import event_from_dict
    from momenta_cli.render.log_lines import line

    moved = event_from_dict({"kind": "moved", "name": "Kira", "how": "Move", "squares": 3,
                             "budget": 5, "difficult": 1, "terrain": "", "jump": False})
    assert line(moved) == "Kira moves 3 squares of 5, 1 difficult"
    shoved = event_from_dict({"kind": "shoved", "name": "Kira", "by": "Gorm", "squares": 2})
    assert line(shoved) == "Kira is shoved 2 squares away by Gorm (forced movement)"
    dragged = event_from_dict({"kind": "dragged", "name": "Kira", "by": "Ogre",
                               "squares": 3})
    assert line(dragged) == "Kira is dragged 3 squares by Ogre (forced movement)"
    s = on_map(OPEN, kira="A1", gorm="H4")
    for e in (moved, shoved, dragged):
        e.apply(s.state)
    assert where(s, "Kira") == "A1"


def test_of_paths_costing_the_same_the_straight_and_the_dry_one_is_walked():
    """Ours (docs/rulings.md, Walking): a straight walk rather than a zigzag of equal
    cost, and round the water rather than through it (a swimming Move pays double, ch19
    Swim), when either costs no more."""
    s = on_map("""
        ......
        .~~~~.
        ......
    """, kira="A2", gorm="A3")
    run(s, "turn kira", "move to f2")
    assert moved(s).path in (("B1", "C1", "D1", "E1", "F2"), ("B3", "C3", "D3", "E3", "F2"))
    assert s.state.get("Kira").terrain == ""
    run(s, "move to a1")
    assert moved(s).path == ("E1", "D1", "C1", "B1", "A1")


@pytest.mark.parametrize("line, why", [
    ("path kira", "missing square"),
    ("path", "missing square"),
    ("move kira to", "missing the square to go to after 'to' (like to C5) (usage: move "
                     "[NAME] to SQUARE"),
    ("shift kira to", "missing the square to go to after 'to' (like to C5) (usage: shift "
                      "[NAME] to SQUARE [via SQUARE ...])"),
])
def test_a_movement_line_without_its_square_says_so(line, why):
    s = on_map(OPEN, kira="A1", gorm="H4")
    assert refused(s, line).startswith(why)
