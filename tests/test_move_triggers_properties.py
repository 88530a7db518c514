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
    spots = draw(st.lists(st.sampled_from(SQUARES), min_size=5, max_size=5, unique=True))
    return dict(zip(("kira", "wren", "gorm", "nix", "goal"), spots, strict=True))


def _reach(fight, reactor: str) -> dict[str, int]:
    return {w.name: w.melee for w in fight.get(reactor).spec.weapons if w.melee is not None}


@pytest.mark.slow  # property
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.sampled_from(["Move", "Shift"]))
def test_each_trigger_found_is_where_the_rules_put_it(at, how):
    s = yard(kira=at["kira"], wren=at["wren"], gorm=at["gorm"], nix=at["nix"])
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
    seq = [route.path.start, *route.path.squares]
    for t in found:
        mine = squares_of(fight.get(t.reactor))
        reach = _reach(fight, t.reactor)
        if t.reaction == "Forestall":
            assert t.step == triggers.START
            assert all(within(footprint(seq[0], 1), mine, reach[w]) for w in t.weapons)
            continue
        step = t.step
        assert parse_square(t.square) == route.path.squares[step]
        for w in t.weapons:
            assert within(footprint(route.path.squares[step], 1), mine, reach[w])
            # from outside it: at the step before (or over a jumped pit, two before)
            before = seq[step] if seq[step] not in route.path.jumped else seq[step - 1]
            assert not within(footprint(before, 1), mine, reach[w]) or \
                route.path.squares[step - 1] in route.path.jumped
    # every reactor that may react and whose reach the path enters is found
    for reactor in ("Kira", "Wren"):
        mine = squares_of(fight.get(reactor))
        steps = list(zip(seq, seq[1:], strict=False))
        enters = any(not within(footprint(a, 1), mine, r) and within(footprint(b, 1), mine, r)
                     for r in _reach(fight, reactor).values() for a, b in steps)
        assert enters == any(t.reactor == reactor and t.reaction == "Intercept"
                             for t in found)
        flex = any(within(footprint(seq[0], 1), mine, w.melee)
                   for w in fight.get(reactor).spec.weapons
                   if w.melee is not None and w.has("Reflexive"))
        assert flex == any(t.reactor == reactor and t.reaction == "Forestall" for t in found)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.lists(st.integers(1, 6), min_size=40, max_size=40))
def test_a_move_answered_with_every_reaction_ends_at_its_goal_or_where_it_fell(at, faces):
    s = yard(kira=at["kira"], wren=at["wren"], gorm=at["gorm"], nix=at["nix"])
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
