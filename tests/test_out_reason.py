"""Fighter.out_reason: one wording for why a combatant is out of the fight (R11, R17)."""

from __future__ import annotations

import pytest

from momenta_cli.errors import MomentaError
from tests.engine_helpers import run, session_from

FIGHT = """
name: Out
combatants:
  - {name: A, side: allies}
  - {name: B, side: allies}
  - {name: C, side: allies}
  - {name: Boss, side: adversaries, threat: Champion, max_vitality: 40}
"""


def test_out_reason_names_lost_defeated_and_removed():
    # R11: Defeated takes no turns; R17: a removed combatant has left the fight.
    s = session_from(FIGHT)
    assert s.state.get("A").out_reason == ""
    run(s, "defeat a", "remove b")
    assert s.state.get("A").out_reason == "Defeated"
    assert s.state.get("B").out_reason == "removed"
    with pytest.raises(MomentaError, match="A is Defeated and takes no turns"):
        run(s, "turn a")
    run(s, "strain c 999")  # R10/R11: Strain at max with no Burden slot left: Lost
    assert s.state.get("C").out_reason == "Lost"
