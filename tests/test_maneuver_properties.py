"""Hypothesis properties of the maneuvers (ch19, R24-R26): over random sequences of
maneuvers and turn commands, Vigor stays within 0..Max Vigor, Strain within 0..Max Strain,
every refusal leaves the state and the journal exactly as they were, and replaying the
journal reproduces the live state."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.engine.core import SeededRoller
from momenta_cli.engine.turns import zipper
from tests.engine_helpers import check_bounds, drive
from tests.test_maneuver_support import yard

NAMES = ["Kira", "Mira", "Nul", "Ogre", "Thug"]
MANEUVERS = [
    "move 1", "move 3", "move 6", "move 2 difficult 1", "move 1 climb", "move 2 swim",
    "move 3 ground", "move 2 jump", "shift 1", "shift 3", "hide", "hide roll",
    "shake", "shake grabbed", "shake vulnerable", "breath", "steady", "surge", "surge 1",
    "surge 3", "cast 0", "cast 2", "cast 5", "limit", "use", "use healing draught",
    "use calming tonic",
]
GM = [f"terrain {n} {t}" for n in NAMES for t in ("swim", "climb", "ground")]
GM += [f"cond {n} {c} +1" for n in NAMES
       for c in ("Hindered", "Exhausted", "Vulnerable", "Broken", "Frightened")]
GM += [f"cond {n} grabbed +1 from {g}" for n in NAMES for g in NAMES if g != n]
GM += [f"{v} {n}" for v in ("release", "apart") for n in NAMES]
GM += [f"fall {n} {k}" for n in NAMES for k in (2, 6)]
GM += [f"strain {n} 3" for n in NAMES] + [f"set {n} vigor 1" for n in NAMES]
GM += ["undo", "redo"]


def _line(data: st.DataObject, fight) -> str:
    kind = data.draw(st.sampled_from(["flow", "maneuver", "maneuver", "maneuver", "gm"]))
    if kind == "flow":
        options = ["next", "end"] + [f"turn {f.name}" for f in zipper.may_act(fight)]
        return data.draw(st.sampled_from(options))
    if kind == "maneuver":
        line = data.draw(st.sampled_from(MANEUVERS))
        if data.draw(st.booleans()):  # name the actor explicitly, sometimes the wrong one
            verb, _, rest = line.partition(" ")
            line = f"{verb} {data.draw(st.sampled_from(NAMES))} {rest}".strip()
        return line
    return data.draw(st.sampled_from(GM))


def _check_bounds(fight) -> None:
    check_bounds(fight)
    for f in fight.fighters.values():
        assert f.terrain in ("", "climb", "swim")
        for held in f.grabbing:
            assert held in fight.fighters


@pytest.mark.slow  # property
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**16))
def test_random_maneuvers_keep_resources_in_bounds_and_refusals_change_nothing(data, seed):
    # R24 and every lockout: a refused command changes nothing at all; the state is
    # always the replay of its journal.
    drive(yard(), lambda state: _line(data, state), data.draw(st.integers(10, 70)),
          SeededRoller(seed), _check_bounds)
