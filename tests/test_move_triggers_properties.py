"""Properties of the movement triggers (R35, ch19 Intercept, Forestall, Shift): wherever
the reactors stand and wherever the mover goes, each Intercept found is where the mover
first comes into a weapon's reach from outside it, each Forestall is a Move that starts
within a Reflexive weapon's reach, a Shift meets neither; and a Move answered with every
reaction it meets ends at its goal unless a reaction took the mover out, the state being
the replay of its journal."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.engine.battlefield import squares_of
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.engine.core.session import replay
from momenta_cli.engine.geometry import footprint, parse_square, square_name, within
from momenta_cli.engine.movement import plan_walk, triggers
from momenta_cli.errors import MomentaError
from momenta_cli.play import run_line
from tests.engine_helpers import run
from tests.trigger_yard import yard

SQUARES = [f"{c}{r}" for c in "ABCDEFG" for r in range(1, 5)]


@st.composite
def layouts(draw):
    """Where everyone stands and where the mover goes; in most yards a moat of pits
    3 deep down one column, to be jumped on the way (ch19 Horizontal Jump, R36)."""
    moat = draw(st.sampled_from([None, "C", "D", "E"]))
    spots = draw(st.lists(st.sampled_from([q for q in SQUARES if q[0] != moat]),
                          min_size=5, max_size=5, unique=True))
    return {**dict(zip(("kira", "wren", "gorm", "nix", "goal"), spots, strict=True)),
            "moat": moat}


def _rows(moat: str | None) -> str:
    """The yard's rows, with a pit 3 deep in every square of column ``moat`` (or none)."""
    row = "".join("3" if c == moat else "." for c in "ABCDEFG")
    return "\n".join(f"    {row}" for _ in range(4))


def _reach(fight, reactor: str) -> dict[str, int]:
    return {w.name: w.melee for w in fight.get(reactor).spec.weapons if w.melee is not None}


@pytest.mark.slow  # property
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.sampled_from(["Move", "Shift"]))
def test_each_trigger_found_is_where_the_rules_put_it(at, how):
    """R35: each Intercept is at the first position where the mover comes into a
    weapon's reach from outside it, each Forestall a Move starting within a Reflexive
    one's, a Shift meets neither; a pit jumped on the way (ch19 Horizontal Jump) is one
    step from take-off to landing: nothing is met in the air, reach is checked at the
    landing (R35, ours)."""
    s = yard(_rows(at["moat"]), kira=at["kira"], wren=at["wren"], gorm=at["gorm"],
             nix=at["nix"])
    run(s, "turn kira", "end", "turn gorm")
    fight = s.state
    gorm = fight.get("Gorm")
    try:
        route = plan_walk(fight, gorm, at["goal"], how)
    except MomentaError:
        return
    found = triggers.route_triggers(fight, gorm, route)
    if how == "Shift":
        assert found == []  # ch19 Shift: no reactive attacks
        return
    p = route.path
    # the positions the mover stands on, each with its index in the path (the start:
    # START); a square crossed in the air is none of them
    ground = [(triggers.START, p.start), *((i, q) for i, q in enumerate(p.squares)
                                            if q not in p.jumped)]
    for t in found:
        mine = squares_of(fight.get(t.reactor))
        reach = _reach(fight, t.reactor)
        if t.reaction == "Forestall":
            assert t.step == triggers.START
            assert all(within(footprint(p.start, 1), mine, reach[w]) for w in t.weapons)
            continue
        k = [i for i, _ in ground].index(t.step)  # never a square in the air
        assert k > 0 and parse_square(t.square) == p.squares[t.step]
        for w in t.weapons:
            assert within(footprint(ground[k][1], 1), mine, reach[w])
            assert not within(footprint(ground[k - 1][1], 1), mine, reach[w])
    # every reactor that may react and whose reach the path enters is found
    for reactor in ("Kira", "Wren"):
        mine = squares_of(fight.get(reactor))
        steps = list(zip(ground, ground[1:], strict=False))
        enters = any(not within(footprint(a, 1), mine, r) and within(footprint(b, 1), mine, r)
                     for r in _reach(fight, reactor).values() for (_, a), (_, b) in steps)
        assert enters == any(t.reactor == reactor and t.reaction == "Intercept"
                             for t in found)
        flex = any(within(footprint(p.start, 1), mine, w.melee)
                   for w in fight.get(reactor).spec.weapons
                   if w.melee is not None and w.has("Reflexive"))
        assert flex == any(t.reactor == reactor and t.reaction == "Forestall" for t in found)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.lists(st.integers(1, 6), min_size=40, max_size=40))
def test_a_move_answered_with_every_reaction_ends_at_its_goal_or_where_it_fell(at, faces):
    s = yard(_rows(at["moat"]), kira=at["kira"], wren=at["wren"], gorm=at["gorm"],
             nix=at["nix"])
    run(s, "turn kira", "end", "turn nix")
    nix = s.state.get("Nix")
    try:
        route = plan_walk(s.state, nix, at["goal"])
    except MomentaError:
        return
    found = triggers.route_triggers(s.state, nix, route)
    words = " ".join(f"{t.reaction.lower()} {t.reactor}" for t in found)
    line = f"move nix to {at['goal']} {words}".strip()
    before = s.state.clone()
    try:
        run_line(s, line, QueueRoller(faces))
    except MomentaError:
        assert s.state == before  # refused (a reactor out of Vigor): nothing changed
        return
    after = s.state.get("Nix")
    assert after.out or square_name(after.position) == at["goal"].upper()
    assert [e.kind for e in s.entries[-1].events].count("halted") == len(
        {t.step for t in found}) or after.out
    assert s.state == replay(s.initial, s.entries)
