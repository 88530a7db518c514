"""Properties of movement on the map (R31, R32, R36, ch19): whatever moves, shifts,
shoves, grabs, turns and undos are typed, no two creatures in the fight share a square,
none stands on a wall or off the map (a pit only after falling into it), a refused line
changes nothing, every walk costs no more than its budget, and the state is the replay
of its journal."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import SeededRoller
from momenta_cli.engine.core.session import replay
from momenta_cli.errors import MomentaError
from momenta_cli.play import run_line
from tests.engine_helpers import session_from

YARD = """
    name: Walk yard
    map:
      rows: |
        #########
        #...=..2#
        #.~~..5.#
        #.:..#..#
        #.^.....#
        #########
    combatants:
      - {name: Gorm, side: adversaries, threat: Regular, at: B2, attributes: {POW: 3}}
      - {name: Kira, side: allies, at: H5, attributes: {POW: 2, AGI: 2, SPD: 4}}
      - {name: Mira, side: allies, at: F5, attributes: {AGI: 3, SPD: 5}}
      - {name: Ogre, side: adversaries, threat: Regular, at: C4,
         attributes: {POW: 4, SIZE: 2, SPD: 4}}
"""
SQUARES = [f"{c}{r}" for c in "ABCDEFGHI" for r in range(1, 7)]
NAMES = ["gorm", "kira", "mira", "ogre"]


def lines():
    name, sq = st.sampled_from(NAMES), st.sampled_from(SQUARES)
    return st.one_of(  # mostly the acting combatant's own moves: most are then allowed
        st.builds(lambda s: f"move to {s}", sq),
        st.builds(lambda s: f"shift to {s}", sq),
        st.builds(lambda n, s: f"move {n} to {s}", name, sq),
        st.builds(lambda t, k: f"shove {t} roll {k}s", name, st.integers(0, 3)),
        st.builds(lambda a, t: f"grab {a} {t} roll 1s", name, name),
        st.builds(lambda n: f"turn {n}", name),
        st.builds(lambda n: f"cond {n} hindered", name),
        st.sampled_from(["end", "undo", "redo"]),
    )


def check(fight) -> None:
    board = board_of(fight)
    seen: dict = {}
    for f in fight.fighters.values():
        for sq in squares_of(f):
            assert board.on(sq) and not board.at(sq).solid, (f.name, sq)
            if not f.out:
                assert sq not in seen, (f.name, seen.get(sq), sq)
                seen[sq] = f.name


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines(), max_size=30))
def test_movement_stays_legal_whatever_the_gm_types(script):
    s = session_from(YARD)
    roller = SeededRoller(1)
    for line in script:
        before, n = s.state.clone(), len(s.entries)
        try:
            out = run_line(s, line, roller)
        except MomentaError:
            assert s.state == before and len(s.entries) == n, line
            continue
        check(s.state)
        for e in out.entry.events if out.entry else ():
            if e.kind == "moved" and e.path:
                assert e.squares + e.difficult <= e.budget, (line, e)
    assert s.state == replay(s.initial, s.entries)
