"""What happens when damage reaches Vitality or Strain rises: Wounds, Burdens, Defeated and
Lost (R10, R11). Guard, resistance and weakness are worked out before this (see attacks)."""

from __future__ import annotations

from momenta_cli.dice import Roller
from momenta_cli.engine import conditions as cond
from momenta_cli.engine.events import Event, FighterDown, ResourceSet, WoundTaken, apply_all
from momenta_cli.engine.state import Fight, Fighter


def goes_down(fight: Fight, f: Fighter, *, lost: bool = False, reason: str = ""
               ) -> list[Event]:
    """Events for ``f`` being Defeated (or Lost): first every grab it holds ends (ch19
    Grab: a Defeated grabber's grabs end with all their stacks), then it falls (R11)."""
    from momenta_cli.engine.movement import end_grab, held_by

    events: list[Event] = [end_grab(fight, f, t, "grabber down") for t in held_by(fight, f)]
    return [*events, FighterDown(f.name, lost=lost, reason=reason)]


def _slot_condition(fight: Fight, f: Fighter, roller: Roller, wound_effect: str | None
                    ) -> tuple[str, int | None]:
    """The condition a new Wound or Burden gives (R10): an enemy's location effect, else
    the setting; a PC rolls d6 on the table."""
    s = fight.settings
    if f.spec.is_enemy:
        return (wound_effect or s.enemy_wound_condition), None
    face = roller.roll(1)[0]
    return s.pc_wound_table[face - 1], face


def harm(
    fight: Fight,
    f: Fighter,
    amount: int,
    roller: Roller,
    *,
    reason: str = "damage",
    wound_effect: str | None = None,
    mark: bool = False,
) -> list[Event]:
    """Events for ``amount`` damage reaching ``f``'s Vitality (after Guard and resistances).

    R10: each time Vitality would reach 0 or below with a Wound slot free, the slot fills,
    Vitality refills to max and the excess carries over; no slot left means Defeated (R11).
    A Mark hit that causes a Wound also makes the target Broken (R19).
    """
    if amount <= 0 or f.out:
        return []
    events: list[Event] = []
    # R10: several slots filled by one hit add their stacks up, so each gain is worked out
    # on a scratch copy that already holds the previous ones (the fight itself is untouched)
    scratch = fight.clone()
    me = scratch.get(f.name)

    def add(new: list[Event]) -> None:
        apply_all(scratch, new)
        events.extend(new)

    v = f.vitality - amount
    slots_free = f.spec.wound_slots - len(f.wounds)
    wounded = False
    while v <= 0 and fight.settings.wounds and slots_free > 0:
        slots_free -= 1
        wounded = True
        name, face = _slot_condition(fight, f, roller, wound_effect)
        add([WoundTaken(f.name, name, burden=False, face=face)])
        add(cond.gain(scratch, me, name, 1, source="Wound", reason="wound"))
        if slots_free == 0:
            add(cond.gain(scratch, me, "Faltering", 1, source="last Wound", reason="wound"))
        v += f.spec.max_vitality
    if v <= 0:
        events.append(ResourceSet(f.name, "vitality", f.vitality, 0, reason))
        events += goes_down(fight, f, reason="Vitality 0, no Wound slot")
        return events
    events.insert(0, ResourceSet(f.name, "vitality", f.vitality, v, reason))
    if wounded and mark and fight.settings.mark_wound_breaks:
        events += cond.gain(scratch, me, "Broken", 1, source="Mark hit", reason="wound")
    return events


def add_strain(
    fight: Fight, f: Fighter, amount: int, roller: Roller, *, reason: str = "strain"
) -> list[Event]:
    """Events for ``f`` taking ``amount`` Strain (R10 Burdens, Lost).

    Strain reaching Max Strain fills a Burden slot and resets to the excess; with no slot
    left the fighter is Lost (an enemy, Defeated). The last slot gives Unraveling 1.
    """
    if amount <= 0 or f.out:
        return []
    events: list[Event] = []
    scratch = fight.clone()  # R10: stacks from several Burdens add up (see harm)
    me = scratch.get(f.name)

    def add(new: list[Event]) -> None:
        apply_all(scratch, new)
        events.extend(new)

    s = f.strain + amount
    top = max(f.spec.max_strain, 1)
    slots_free = f.spec.burden_slots - len(f.burdens)
    while s >= top and fight.settings.wounds and slots_free > 0:
        slots_free -= 1
        name, face = _slot_condition(fight, f, roller, None)
        add([WoundTaken(f.name, name, burden=True, face=face)])
        add(cond.gain(scratch, me, name, 1, source="Burden", reason="burden"))
        if slots_free == 0:
            add(cond.gain(scratch, me, "Unraveling", 1, source="last Burden",
                          reason="burden"))
        s -= top
    if s >= top:
        events.append(ResourceSet(f.name, "strain", f.strain, top, reason))
        events += goes_down(fight, f, lost=True, reason="Strain at max, no Burden slot")
        return events
    events.insert(0, ResourceSet(f.name, "strain", f.strain, s, reason))
    return events
