"""Steering a walk on the map (issue 13, item 6 of what was left): ``move NAME to C5 via
B3 D4`` goes through the waypoints in order, each leg the cheapest, the whole within the
budget (R32, R36); of equally cheap paths the tracker takes the one entering fewer enemy
reaches (R35: fewer reactive attacks), so it walks round a reach when it can.

The trigger yard (tests/trigger_yard.py): Wren at D1 holds a Spear (Melee 2, Reflexive)
and a Rapier; Kira a Longsword; Gorm and Nix are the adversaries."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from momenta_cli.engine.core.session import replay
from momenta_cli.engine.geometry import parse_square, step_cost
from momenta_cli.engine.movement import MoveTo, plan_walk, triggers
from momenta_cli.errors import MomentaError
from momenta_cli.language import move_line, parse_line
from momenta_cli.language.unparsing import path_line
from momenta_cli.render import path_doc, path_lines
from tests.engine_helpers import log_text, refused, run
from tests.test_geometry_paths import bfs_cost, flat
from tests.test_move_map import OPEN, moved, on_map, where
from tests.trigger_yard import yard

GORMS_TURN = ("turn kira", "end", "turn gorm")


def _route(s, who: str, square: str, via=()):
    f = s.state.get(who)
    r = plan_walk(s.state, f, square, via=via)
    return r.path.names(), [(t.reactor, t.reaction, t.square)
                            for t in triggers.route_triggers(s.state, f, r)]


# --- waypoints ----------------------------------------------------------------------


def test_a_move_via_a_square_goes_through_it_each_leg_the_cheapest():
    """R32: Kira at A1 to H1 through D4: A1 -> D4 is 3 squares (diagonals cost 1), D4 ->
    H1 4 more; 7 of SPD 5 is too far, so with SPD 5 the GM sends her to E1 via C3."""
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira", "move kira to e1 via c3")
    m = moved(s)
    assert m.path == ("B2", "C3", "D2", "E1")
    assert where(s, "Kira") == "E1"
    assert any("Kira moves A1 -> B2 -> C3 -> D2 -> E1: 4 of 5 squares" in t
               for t in log_text(s))
    assert s.state == replay(s.initial, s.entries)


def test_several_waypoints_are_passed_in_order_with_spaces_or_commas():
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira")
    spaced = parse_line("move kira to a1 via b2 c1")
    commas = parse_line("move kira to a1 via b2,c1")
    assert isinstance(spaced, MoveTo) and spaced == commas
    assert spaced.via == ("b2", "c1")
    run(s, "move kira to c2 via b2 c1")
    assert moved(s).path == ("B2", "C1", "C2")


def test_waypoints_over_the_budget_are_refused_with_the_squares_left():
    """The whole walk is within SPD (R32): never searched beyond it, refused with why."""
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira")
    why = refused(s, "move kira to h1 via d4")
    assert why.startswith("Kira cannot Move to H1 via D4: no way from D4 to H1 within the "
                          "2 squares left (SPD: 5 squares in all, 3 to reach D4)")
    assert where(s, "Kira") == "A1"
    assert refused(s, "move kira to e1 via g4").startswith(
        "Kira cannot Move to E1 via G4: no way to G4 within 5 squares (SPD)")
    assert "nothing is left to go on from F1" in refused(s, "move kira to f2 via f1")


def test_a_waypoint_may_be_an_allys_square_but_not_an_enemys_or_a_wall():
    """R32: allies' squares are crossed, not ended in; enemies' never entered."""
    s = on_map("""
        ....
        #...
    """, kira="A1", mira="B1", gorm="C2")
    run(s, "turn kira")
    assert refused(s, "move kira to d1 via c2").endswith("C2 is occupied by Gorm")
    assert refused(s, "move kira to d1 via a2").endswith("A2 is a wall")
    assert "already at A1" in refused(s, "move kira to d1 via a1")
    assert "already at B1 there" in refused(s, "move kira to d1 via b1 b1")
    run(s, "move kira to c1 via b1")
    assert moved(s).path == ("B1", "C1")


def test_a_shift_may_be_steered_too():
    """ch19 Shift: half SPD, through the waypoints."""
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira", "shift kira to a1 via b2", "shift kira to a3 via b2")
    # half SPD 5 = 2: A1 -> B2 -> A1 and then A1 -> B2 -> A3
    assert moved(s).path == ("B2", "A3")
    run(s, "end", "turn gorm")
    assert "within the 0 squares left" not in refused(s, "shift gorm to h4 via g3 g2")


def test_a_climbing_move_passes_no_waypoint():
    """ch19 Climb: a Move that climbs goes 1 square, so nothing lies on the way."""
    s = on_map("""
        .^..
        ....
    """, kira="A2", gorm="D2")
    run(s, "turn kira")
    assert "a Move that climbs goes 1 square" in refused(s, "move kira to b1 via a1")


def test_path_previews_a_steered_walk_and_changes_nothing():
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira")
    before = s.state
    meta = parse_line("path kira e1 via c3")
    assert meta.command.via == ("c3",)
    assert path_lines(s.state, meta)[0] == "path: Kira moves A1 -> B2 -> C3 -> D2 -> E1"
    assert path_doc(s.state, meta.command) == {"cost": 4, "path": ["B2", "C3", "D2", "E1"],
                                             "triggers": []}
    assert s.state == before
    assert parse_line("path kira e1 via c3 d2 shift").command == MoveTo(
        "kira", "e1", "Shift", via=("c3", "d2"))


@pytest.mark.parametrize("line, why", [
    ("move kira to e1 via", "'via' needs the squares to pass through, like via B3 or via "
                            "B3 D4 (usage: move [NAME] to SQUARE [via SQUARE ...]"),
    ("move kira to e1 via banana", "'via' needs the squares to pass through, like via B3 "
                                   "or via B3 D4, got 'banana'"),
    ("move kira to e1 via c3 banana", "unexpected 'banana' after the square (intercept "
                                      "NAME, forestall NAME or no-reactions) (usage: move "
                                      "[NAME] to SQUARE"),
    ("path kira e1 via", "'via' needs the squares"),
    ("path kira e1 via c3 d9 x", "unexpected 'x' after the squares of 'via'"),
    ("path kira banana", "'banana' is not a square"),
])
def test_a_bad_waypoint_line_says_what_is_wrong_with_the_map_usage(line, why):
    s = on_map(OPEN, kira="A1", gorm="H4")
    run(s, "turn kira")
    assert refused(s, line).startswith(why)


@pytest.mark.parametrize("line", [
    "move Kira to E1 via C3",
    "move Kira to E1 via C3 D2 no-reactions",
    'move "Big Gorm" to C2 via B2 intercept Wren with Spear roll 6,2',
    "shift to A3 via B2",
    "move to G2 via C2 forestall Wren roll 1s intercept Wren with Rapier",
])
def test_a_steered_move_line_is_written_back_exactly(line):
    """The writer (language/unparsing.py ``move_line``) is the parser's inverse: the line
    the journal and ``log --format script`` keep reads back as the same command."""
    cmd = parse_line(line)
    assert move_line(cmd) == line
    assert parse_line(move_line(cmd)) == cmd


@pytest.mark.parametrize("line", ["path Kira E1", "path Kira E1 via C3 D2 shift",
                                  "path E1 via C3"])
def test_a_path_line_is_written_back_exactly(line):
    meta = parse_line(line)
    assert path_line(meta.command) == line


# --- the tie-break: round a reach ---------------------------------------------------


def test_of_equally_cheap_paths_the_one_round_a_reach_is_taken():
    """R35: Gorm at A3 to G3 (6 squares either way): along row 3 he would come into the
    Spear's reach (Wren at D1, Melee 2) at B3; row 4 is 3 from Wren, so the tracker walks
    him along it and nothing triggers."""
    s = yard(gorm="A3")
    run(s, *GORMS_TURN)
    assert _route(s, "Gorm", "g3") == (["B4", "C4", "D4", "E4", "F4", "G3"], [])


def test_with_no_cheap_way_round_the_reach_is_entered_and_the_cost_never_grows():
    """R32 first: Gorm at A3 to G2 costs 6 whatever he does, and every 6-square way
    enters Wren's reach: the straightest is taken, and the Intercept is where it is."""
    s = yard(gorm="A3")
    run(s, *GORMS_TURN)
    squares, found = _route(s, "Gorm", "g2")
    assert len(squares) == 6 and squares[-1] == "G2"
    assert [(who, what) for who, what, _ in found] == [("Wren", "Intercept")]


def test_waypoints_can_steer_a_walk_into_a_reach_on_purpose():
    """The GM decides: via C2 walks Gorm into the Spear's reach, and the Intercept it
    triggers is answered on the line as ever (R35)."""
    s = yard(gorm="A3")
    run(s, *GORMS_TURN)
    squares, found = _route(s, "Gorm", "g3", via=("c2",))
    assert "C2" in squares and found[0][:2] == ("Wren", "Intercept")
    run(s, "move gorm to g3 via c2 intercept wren", faces=[6, 2])
    assert where(s, "Gorm") == "G3"
    assert any("stops at" in t and "Wren's Intercept" in t for t in log_text(s))


def test_a_shift_ignores_reaches_it_triggers_nothing():
    """ch19 Shift triggers no reactive attacks: its path is the plain cheapest."""
    s = yard(gorm="A3")
    run(s, *GORMS_TURN)
    f = s.state.get("Gorm")
    assert plan_walk(s.state, f, "c3", "Shift").path.names() == ["B3", "C3"]


# --- properties ---------------------------------------------------------------------

SQUARES = [f"{c}{r}" for c in "ABCD" for r in "1234"]  # near: most walks fit SPD 5


@pytest.mark.slow  # property
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from("...#:3~"), min_size=24, max_size=24),
       st.sampled_from(SQUARES[1:]), st.sampled_from(SQUARES[1:]),
       st.sampled_from(SQUARES[1:]))
def test_a_steered_path_is_legal_within_spd_and_its_legs_the_cheapest(cells, gorm, via, to):
    """R32, R36: a walk through a waypoint never costs more than SPD, never enters a
    wall or the enemy's square, passes the waypoint, jumps a pit only when it finishes
    on flat ground, and costs what the two cheapest legs cost (an independent
    breadth-first search, tests/test_geometry_paths.py: both legs may jump only when the
    Move ends on floor); when there is none within SPD, the line is refused with the
    reason and nothing moves."""
    assume(gorm not in (via, to) and via != to)

    def index(square: str) -> int:
        return (int(square[1]) - 1) * 6 + "ABCDEF".index(square[0])

    for square in ("A1", gorm, via, to):  # Kira's and Gorm's squares; no end in a pit
        if square in ("A1", gorm) or cells[index(square)] == "3":
            cells[index(square)] = "."
    rows = ["".join(cells[r * 6:(r + 1) * 6]) for r in range(4)]
    s = on_map("\n".join(rows), kira="A1", gorm=gorm)
    run(s, "turn kira")
    f = s.state.get("Kira")
    board, enemy = s.state.encounter.board, frozenset({parse_square(gorm)})
    jumps = flat(board, parse_square(to))
    legs = (bfs_cost(board, parse_square("A1"), parse_square(via), enemy, frozenset(),
                     jumps=jumps),
            bfs_cost(board, parse_square(via), parse_square(to), enemy, frozenset()))
    try:
        r = plan_walk(s.state, f, to, via=(via,))
    except MomentaError as err:
        assert str(err).startswith(f"Kira cannot Move to {to} via {via}: ")
        assert None in legs or sum(legs) > 5  # type: ignore[arg-type]
        return
    seq = [parse_square("A1"), *r.path.squares]
    assert r.path.cost <= 5 and parse_square(via) in r.path.squares and seq[-1] == parse_square(to)
    assert all(not board.at(q).solid and q not in enemy for q in r.path.squares)
    assert r.path.cost == sum(step_cost(board, a, b) for a, b in zip(seq, seq[1:],
                                                                     strict=False))
    assert not r.path.jumped or jumps
    assert r.path.cost == sum(legs)  # type: ignore[arg-type]
