"""Hypothesis properties of the turn engine (ch18; design: the state is the fold of the
journal): every combatant takes exactly its turns each round, resources stay in bounds,
replaying the journal reproduces the live state, undo restores the previous state."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.engine.core import SeededRoller
from momenta_cli.engine.core.session import replay
from momenta_cli.engine.turns import zipper
from momenta_cli.errors import MomentaError
from momenta_cli.play import run_line
from tests.engine_helpers import session_from

ENCOUNTER = """
name: Property brawl
stat_blocks:
  - {name: Imp, side: adversaries, threat: Grunt}
combatants:
  - {name: Ana, side: allies, attributes: {POW: 2, AGI: 3, LUCK: 1}, max_guard: 2}
  - {name: Bo, side: allies, turns: 2, attributes: {POW: 4, AGI: 1}, conditions: {Slowed: 1}}
  - {name: Cy, side: allies, conditions: [Surprised]}
  - {name: Ogre, side: adversaries, threat: Champion, max_vitality: 30}
  - {name: Rat, side: adversaries, threat: Regular, max_vitality: 8, count: 2}
  - {name: Crow, side: independents, max_vitality: 6}
"""

NAMES = ["Ana", "Bo", "Cy", "Ogre", "Rat-1", "Rat-2", "Crow"]
CONDS = ["Slowed", "Surprised", "Impaired", "Hindered", "Exhausted", "Vulnerable", "Broken"]


def _line(data: st.DataObject, session) -> str:
    fight = session.state
    options = ["next", "turn", "end", "end forgo"]
    options += [f"turn {f.name}" for f in zipper.may_act(fight)]
    options += [f"{v} {n}" for v in ("defeat", "revive", "surprise") for n in NAMES]
    options += [f"cond {n} {c} {a}" for n in NAMES for c in CONDS for a in ("+1", "-all")]
    options += [f"{v} {n} {k}" for v in ("dmg", "heal", "strain", "guard") for n in NAMES
                for k in (3, 12)]
    options += ["add imp", "undo", "redo", "turn nobody", "end hindered=1s"]
    weights = data.draw(st.sampled_from(["flow", "any"]))
    if weights == "flow":
        return data.draw(st.sampled_from(options[:4 + len(zipper.may_act(fight))]))
    return data.draw(st.sampled_from(options))


def _check_bounds(fight) -> None:
    for f in fight.fighters.values():
        s = f.spec
        assert 0 <= f.vitality <= s.max_vitality, f
        assert 0 <= f.vigor <= s.max_vigor
        assert f.guard >= 0  # above max is Over-Guard (ch18)
        assert 0 <= f.strain <= s.max_strain
        assert 0 <= f.turns_taken <= s.turns
        assert len(f.wounds) <= s.wound_slots and len(f.burdens) <= s.burden_slots
        for name, c in f.conditions.items():
            assert c.stacks > 0, name


@pytest.mark.slow  # property
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**16))
def test_random_command_sequences_keep_every_invariant(data, seed):
    s = session_from(ENCOUNTER)
    roller = SeededRoller(seed)
    for _ in range(data.draw(st.integers(5, 60))):
        line = _line(data, s)
        before = s.state.clone()
        n = len(s.entries)
        try:
            out = run_line(s, line, roller)
        except MomentaError:
            # A refused command leaves the state and the journal exactly as they were.
            assert s.state == before and len(s.entries) == n
            continue
        if out.undone is not None:
            # Undo restores the state before the undone command exactly.
            assert s.state == replay(s.initial, s.entries)
            continue
        if out.entry is None:
            continue
        for f in s.state.fighters.values():
            # Nobody takes more turns in a round than it holds (ch18, R15).
            running = 1 if s.state.active == f.name else 0
            assert f.turns_taken + running <= f.turns_allowed <= f.spec.turns
        _check_bounds(s.state)
        # The state is the fold of the journal.
        assert s.state == replay(s.initial, s.entries)
        # Undo after any command restores the state before it; redo puts it back.
        after = s.state.clone()
        s.undo()
        assert s.state == before
        s.redo()
        assert s.state == after


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**16), st.integers(1, 6))
def test_every_combatant_takes_exactly_its_turns_each_round(seed, rounds):
    # ch18 End of the Round: a round ends when every combatant has taken all its turns.
    s = session_from(ENCOUNTER)
    roller = SeededRoller(seed)
    taken: dict[str, int] = {}
    while s.state.round <= rounds:
        start_round = s.state.round
        out = run_line(s, "next", roller)
        for ev in out.entry.events:
            if ev.kind == "turn_started":
                taken[ev.name] = taken.get(ev.name, 0) + 1
        if any(ev.kind == "round_started" for ev in out.entry.events):
            live = {f.name: f.spec.turns for f in s.state.fighters.values() if not f.out}
            # The turn just started belongs to the new round; count the old one only.
            new = [ev.name for ev in out.entry.events if ev.kind == "turn_started"]
            for name in new:
                taken[name] -= 1
            assert taken == {k: v for k, v in live.items()}, (start_round, taken)
            taken = {name: 1 for name in new}
