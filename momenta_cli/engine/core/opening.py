"""Building the opening state of a fight from an encounter (ch18: full Vigor and Guard
unless the file says otherwise)."""

from __future__ import annotations

from dataclasses import replace

from momenta_cli.engine.core.specs import CombatantSpec, EncounterSpec, ally_locations
from momenta_cli.engine.core.state import Cond, Fight, Fighter, other_side
from momenta_cli.rules import Settings


def respec(block: CombatantSpec, name: str, side: str | None, settings: Settings
           ) -> CombatantSpec:
    """A copy of a stat block under a new name (and side) for a reinforcement; one that
    joins the allies has Mass, Edge and Mark like every ally (ch20 Hit Locations)."""
    # A copy of a combatant on the map does not stand in its square: it comes in where
    # the GM says (``add ... at C5``, engine/gm/reinforce.py).
    spec = replace(block, name=name, side=side or block.side, position=None)
    if spec.side == "allies":
        spec = replace(spec, locations=ally_locations(
            spec.locations, settings.edge_penalty, settings.mark_penalty))
    return spec


def fighter_from_spec(spec: CombatantSpec) -> Fighter:
    """A fighter at its starting values: maxima unless ``start`` lowers them."""
    s = spec.start
    f = Fighter(
        spec=spec,
        vitality=s.get("vitality", spec.max_vitality),
        guard=s.get("guard", spec.max_guard),
        vigor=s.get("vigor", spec.max_vigor),
        strain=s.get("strain", 0),
        resolve=s.get("resolve", spec.max_resolve),
        consumables=s.get("consumables", spec.consumables),
        turns_allowed=spec.turns,
        position=spec.position,
    )
    for cond, stacks in spec.conditions:
        if stacks > 0:
            f.conditions[cond] = Cond(stacks, source="encounter")
    # R38: an ally carried in from the last fight keeps its filled slots, and comes in
    # Defeated or Lost if it left that fight so (the GM revives it, or edits the file)
    f.wounds, f.burdens = list(spec.wounds), list(spec.burdens)
    if spec.down:
        f.defeated = True
        f.lost = spec.down == "Lost"
        f.vitality = 0 if spec.down == "Defeated" else f.vitality
    return f


def first_side_of_round_one(fighters: dict[str, Fighter]) -> str:
    """ch18 Turn Order: allies first, unless every ally is Surprised."""
    allies = [f for f in fighters.values() if f.side == "allies" and not f.out]
    if allies and all(f.has("Surprised") for f in allies):
        return "adversaries"
    return "allies"


def new_fight(encounter: EncounterSpec) -> Fight:
    """The state before any command: round 1, nobody acting yet."""
    fighters = {c.name: fighter_from_spec(c) for c in encounter.combatants}
    board = encounter.board
    if board is not None:  # one who starts in the water swims from the start (R36, ch19)
        from momenta_cli.engine.battlefield import medium, squares_of

        for f in fighters.values():
            f.terrain = medium(board, squares_of(f))
    first = first_side_of_round_one(fighters)
    return Fight(
        encounter=encounter,
        fighters=fighters,
        round=1,
        first_side=first,
        last_side=other_side(first),
    )
