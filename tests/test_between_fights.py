"""R38 (between fights, ours) as the engine states it (engine/core/between_fights.py):
what an ally carries out of a fight, and how it starts the next from that. `party save`,
an encounter's `party:` and chained `simulate` all go through these two functions."""

from __future__ import annotations

from dataclasses import replace

from momenta_cli.engine.core import (
    SeededRoller,
    Session,
    carried,
    persistent_conditions,
    start_carried,
)
from momenta_cli.play import run_line
from tests.engine_helpers import session_from

ENCOUNTER = """
name: Between
combatants:
  - name: Wren
    side: allies
    attributes: {POW: 1, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 10}
    max_vitality: 19
    max_guard: 1
    max_vigor: 7
    resolve: 2
    consumables: 3
    wound_slots: 2
  - {name: Gorm, side: adversaries, threat: Regular, max_vitality: 20}
"""


def fight_out() -> Session:
    s = session_from(ENCOUNTER)
    for line in ("turn wren", "cond wren faltering", "cond wren hindered", "cond wren hidden",
                 "dmg wren 30"):
        run_line(s, line, SeededRoller(1))
    return s


def test_r38_keeps_harm_and_persistent_conditions_and_drops_the_rest():
    s = fight_out()
    wren = s.state.get("Wren")
    entry = carried(wren, persistent_conditions(s.state))
    assert entry["vitality"] == wren.vitality and entry["strain"] == wren.strain
    assert entry["wounds"] == list(wren.wounds) and len(entry["wounds"]) == 1
    assert (entry["resolve"], entry["consumables"]) == (wren.resolve, wren.consumables)
    # Faltering stays until lifted; Hindered clears at a turn's end; Hidden was about
    # the last battlefield (ours)
    assert "Faltering" in entry["conditions"]
    assert "Hindered" not in entry["conditions"] and "Hidden" not in entry["conditions"]
    assert "down" not in entry  # still up
    assert "vigor" not in entry and "guard" not in entry  # they start full (ch18)


def test_r38_starts_an_ally_as_carried_with_vigor_and_guard_full():
    s = fight_out()
    wren = s.state.get("Wren")
    spec = start_carried(wren.spec, carried(wren, persistent_conditions(s.state)))
    again = Session(replace(s.encounter, combatants=(spec, *s.encounter.combatants[1:])))
    now = again.state.get("Wren")
    assert (now.vitality, now.strain, now.wounds) == (wren.vitality, wren.strain, wren.wounds)
    assert now.vigor == spec.max_vigor and now.guard == spec.max_guard
    assert "Faltering" in now.conditions and "Hidden" not in now.conditions


def test_r38_a_carried_number_never_passes_its_maximum_nor_wounds_their_slots():
    """A party file the GM edited, or an ally whose next stat block is smaller: each
    number at most its maximum, as many Wounds as there are slots."""
    spec = session_from(ENCOUNTER).encounter.combatants[0]
    entry = {"name": "Wren", "vitality": 99, "strain": 99, "resolve": 9, "consumables": 9,
             "wounds": ["Hindered", "Impaired", "Exhausted"], "burdens": [],
             "conditions": {}, "down": "Defeated"}
    got = start_carried(spec, entry)
    assert got.start["vitality"] == spec.max_vitality
    assert got.start["resolve"] == spec.max_resolve
    assert got.start["consumables"] == spec.consumables
    assert got.wounds == ("Hindered", "Impaired") and got.down == "Defeated"
