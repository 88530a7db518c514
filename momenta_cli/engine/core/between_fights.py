"""Between fights (R38, ours): what an ally takes from the end of one fight into the next,
and how it starts the next from it.

Kept: Vitality, Strain, Wounds and Burdens with their conditions, the conditions that stay
until lifted, Resolve and consumable points, and whether it went down (Defeated or Lost).
Not kept: Vigor and Guard, which start full (ch18), the conditions that clear at the end
of a turn, and Hidden, which was about where one stood on the last battlefield.

The carried state is plain data, an ally's entry of a party file: ``momenta party save``
writes it (encounter/party_file.py), an encounter's ``party:`` reads it back, and the
simulator carries it between chained fights (simulate/chain.py). Long rests and healing
between fights are the GM's (a command or the file).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from momenta_cli.engine.core.specs import CombatantSpec
    from momenta_cli.engine.core.state import Fight, Fighter

# Said by ``down`` (Defeated, Lost), or not carried at all (Hidden): never among an
# ally's carried conditions.
NOT_CARRIED = ("Defeated", "Lost", "Hidden")
# The numbers an ally starts the next fight with, each at most the maximum named beside
# it in its stat block.
CARRIED_NUMBERS = (("vitality", "max_vitality"), ("strain", "max_strain"),
                   ("resolve", "max_resolve"), ("consumables", "consumables"))


def persistent_conditions(fight: Fight) -> set[str]:
    """The conditions of ``fight`` that stay until lifted (R38: carried): the
    catalogue's, the encounter's own and those made up at the table (always
    persistent)."""
    from momenta_cli.rules import conditions

    out = {n for n, c in conditions().items() if c.clear == "persistent"}
    out |= {c[0] for c in fight.encounter.extra_conditions if c[2] == "persistent"}
    return out | set(fight.table_conditions)


def carried(f: Fighter, persistent: set[str]) -> dict[str, Any]:
    """What ``f`` takes into the next fight (R38), as its party-file entry;
    ``persistent``: ``persistent_conditions`` of its fight."""
    conds = {n: c.stacks for n, c in f.conditions.items()
             if n in persistent and n not in NOT_CARRIED and c.stacks > 0}
    out: dict[str, Any] = {
        "name": f.name, "vitality": f.vitality, "strain": f.strain, "resolve": f.resolve,
        "consumables": f.consumables, "wounds": list(f.wounds), "burdens": list(f.burdens),
        "conditions": conds}
    if f.lost or f.defeated:
        out["down"] = "Lost" if f.lost else "Defeated"
    return out


def start_carried(spec: CombatantSpec, entry: dict[str, Any]) -> CombatantSpec:
    """``spec`` starting the fight as ``entry`` (a party-file entry: ``carried``, or a file
    the GM wrote) left it (R38): each number given at most its maximum, as many Wounds
    and Burdens as it has slots, its conditions, down if it went down. Vigor and Guard
    are not in it: they start full (ch18)."""
    start = {key: min(entry[key], getattr(spec, most)) for key, most in CARRIED_NUMBERS
             if entry.get(key) is not None}
    return dataclasses.replace(
        spec, start={**spec.start, **start},
        conditions=tuple(dict(entry.get("conditions") or {}).items()),
        wounds=tuple((entry.get("wounds") or ())[:spec.wound_slots]),
        burdens=tuple((entry.get("burdens") or ())[:spec.burden_slots]),
        down=entry.get("down") or "")
