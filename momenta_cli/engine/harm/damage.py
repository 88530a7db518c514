"""What happens when damage reaches Vitality or Strain rises: Wounds, Burdens, Defeated and
Lost (R10, R11), and the arithmetic before it: Guard soak and resistance/weakness (R9)."""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.core import (
    TAPE,
    Ask,
    Event,
    Fight,
    Fighter,
    FighterDown,
    ResourceSet,
    Roller,
    WeaponSpec,
    WoundTaken,
    apply_all,
    take_die,
)
from momenta_cli.engine.harm import conditions


def unsoaked(weapon: WeaponSpec, types: tuple[str, ...]) -> str:
    """ch20 step 4, R9: why Guard soaks nothing of an attack with ``weapon`` dealing
    damage ``types``: "Penetrating", "untyped" (no damage type), or "" when Guard soaks
    as usual. The attack command, ``odds`` and the simulator all ask this."""
    if weapon.has("Penetrating"):
        return "Penetrating"
    return "" if types else "untyped"


def soak(guard: int, amount: int) -> int:
    """ch20 step 4: how much of ``amount`` damage a Guard of ``guard`` absorbs."""
    return min(max(guard, 0), max(amount, 0))


def resist_weak(amount: int, resisted: bool, weak: bool) -> int:
    """R9 (ch20 Resistance and Weakness): any resistance and no weakness halves (R4: round
    down), any weakness and no resistance doubles, both cancel out."""
    if resisted and not weak:
        return amount // 2
    if weak and not resisted:
        return amount * 2
    return amount


def sides(t: Fighter, types: tuple[str, ...], location: str) -> tuple[list[str], list[str]]:
    """R9, R19: what ``t`` resists and is weak to among an attack's damage ``types``, a hit
    on the Mark counting as a weakness."""
    resisted = sorted(t.spec.resistances.intersection(types))
    weak = sorted(t.spec.weaknesses.intersection(types))
    if location == "Mark":
        weak.append("Mark")
    return resisted, weak


def amount_after(total: int, guard: int, *, resisted: bool, weak: bool, brace: bool
                 ) -> tuple[int, int, bool]:
    """ch20 step 4, R9, ch19 Brace: of ``total`` damage (tier and Solid Hit), what a
    Guard of ``guard`` soaks (0 for Penetrating or untyped damage), then resistance or
    weakness on the rest; a Brace counts as a resistance when damage is left to reach
    Vitality. Returns ``(soaked, amount, braced)``; the engine and ``odds`` both use it."""
    soaked = soak(guard, total)
    rest = total - soaked
    braced = brace and rest > 0
    return soaked, resist_weak(rest, resisted or braced, weak), braced


@dataclass(frozen=True)
class Meets:
    """What an attack's damage meets on its target before any dice: ``unsoaked`` (why
    Guard soaks nothing, or ""), the ``guard`` that soaks (0 when unsoaked), what the
    target ``resisted`` and is ``weak`` to (R9, a Mark hit a weakness, R19), and whether
    the attack deals ``strain`` (which skips all of it, R9)."""

    unsoaked: str
    guard: int
    resisted: tuple[str, ...]
    weak: tuple[str, ...]
    strain: bool


def meets(weapon: WeaponSpec, types: tuple[str, ...], location: str, t: Fighter) -> Meets:
    """ch20 step 4, R9, R19: what an attack with ``weapon`` dealing damage ``types`` at
    ``location`` meets on ``t``. The attack command, ``odds`` and the simulator all ask
    this, then ``reaching``."""
    why = unsoaked(weapon, types)
    resisted, weak = sides(t, types, location)
    return Meets(why, 0 if why else t.guard, tuple(resisted), tuple(weak), weapon.strain)


def reaching(tier: int, bonus: int, guard: int, *, resisted: bool, weak: bool, brace: bool,
             strain: bool) -> tuple[int, int, bool]:
    """ch20 steps 3-4, R5, R9, ch19 Brace: the damage of one hit of tier ``tier`` plus
    Solid Hit ``bonus`` that reaches its target, as ``(soaked, amount, braced)``. A
    Strain attack (R9) is the tier alone, straight to Strain: no Solid Hit, Guard,
    resistance, weakness or Brace. Otherwise ``amount_after`` of the total. The one
    arithmetic of the attack command, ``odds`` and the simulator's estimate."""
    if strain:
        return 0, tier, False
    return amount_after(tier + bonus, guard, resisted=resisted, weak=weak, brace=brace)


def wounds_from(vitality: int, max_vitality: int, free_slots: int, amount: int,
                wounds_on: bool = True) -> tuple[int, int]:
    """R10, R11: ``amount`` damage to a Vitality of ``vitality``: each time it would reach
    0 or below with a Wound slot free, the slot fills, Vitality refills to
    ``max_vitality`` and the excess carries over. Returns ``(slots filled, Vitality
    after)``; 0 or below after means Defeated (no slot left)."""
    v = vitality - amount
    n = 0
    while v <= 0 and wounds_on and n < free_slots:
        n += 1
        v += max_vitality
    return n, v


def burdens_from(strain: int, max_strain: int, free_slots: int, amount: int,
                 wounds_on: bool = True) -> tuple[int, int, bool]:
    """R10: ``amount`` Strain on top of ``strain``: reaching Max Strain fills a Burden slot
    and resets to the excess. Returns ``(slots filled, Strain after, lost)``; lost means
    Strain at max with no slot left (R11: Lost)."""
    s = strain + amount
    top = max(max_strain, 1)
    n = 0
    while s >= top and wounds_on and n < free_slots:
        n += 1
        s -= top
    return n, s, s >= top


def goes_down(fight: Fight, f: Fighter, *, lost: bool = False, reason: str = ""
               ) -> list[Event]:
    """Events for ``f`` being Defeated (or Lost): first every grab it is part of ends
    (ch19 Grab: a Defeated grabber's grabs end with all their stacks; a Defeated target
    is held by no one, R11), then it falls."""
    from momenta_cli.engine.movement import end_every_grab

    return [*end_every_grab(fight, f, "out of the fight"),
            FighterDown(f.name, lost=lost, reason=reason)]


def _slot_condition(fight: Fight, f: Fighter, roller: Roller, wound_effect: str | None,
                    burden: bool, lead: tuple[Event, ...]) -> tuple[str, int | None]:
    """The condition a new Wound or Burden gives (R10): an enemy's location effect, else
    the setting; a PC rolls d6 on the table, its player deciding the die (``lead``: what
    the table sees first, the hit)."""
    s = fight.settings
    if f.spec.is_enemy:
        return (wound_effect or s.enemy_wound_condition), None
    face = take_die(roller, Ask("wound_die", f.name, False, TAPE, burden=burden,
                                label=f"{f.name}'s {'Burden' if burden else 'Wound'} d6",
                                lead=lead))
    return s.pc_wound_table[face - 1], face


def _fill_slots(fight: Fight, f: Fighter, roller: Roller, n: int, *, burden: bool,
                wound_effect: str | None = None, lead: tuple[Event, ...] = ()
                ) -> tuple[list[Event], Fight]:
    """Events for ``f`` filling ``n`` free Wound (``burden``: Burden) slots (R10): each
    gives its condition, and filling the last slot gives Faltering (Unraveling).

    Several slots filled by one hit add their stacks up, so each gain is worked out on a
    scratch copy that already holds the previous ones (the fight itself is untouched); the
    copy (a draft) is returned with the events; with no slot to fill there is none
    (``fight`` is returned as it is).
    """
    if n <= 0:
        return [], fight
    scratch = fight.draft()
    me = scratch.get(f.name)
    what, last = ("Burden", "Unraveling") if burden else ("Wound", "Faltering")
    free = f.spec.burden_slots - len(f.burdens) if burden else \
        f.spec.wound_slots - len(f.wounds)
    events: list[Event] = []

    def add(new: list[Event]) -> None:
        apply_all(scratch, new)
        events.extend(new)

    for _ in range(n):
        free -= 1
        name, face = _slot_condition(fight, f, roller, wound_effect, burden,
                                     (*lead, *events))
        add([WoundTaken(f.name, name, burden=burden, face=face)])
        add(conditions.gain_condition(scratch, me, name, 1, source=what, reason=what.lower()))
        if free == 0:
            add(conditions.gain_condition(scratch, me, last, 1, source=f"last {what}",
                                          reason=what.lower()))
    return events, scratch


def deal_harm(
    fight: Fight,
    f: Fighter,
    amount: int,
    roller: Roller,
    *,
    reason: str = "damage",
    wound_effect: str | None = None,
    mark: bool = False,
    lead: tuple[Event, ...] = (),
) -> list[Event]:
    """Events for ``amount`` damage reaching ``f``'s Vitality (after Guard and resistances).

    R10: each time Vitality would reach 0 or below with a Wound slot free, the slot fills,
    Vitality refills to max and the excess carries over; no slot left means Defeated (R11).
    A Mark hit that causes a Wound also makes the target Broken (R19). The Vitality change
    carries ``amount``, so the log can tell what carried over even past a Defeat.
    """
    if amount <= 0 or f.out:
        return []
    n, v = wounds_from(f.vitality, f.spec.max_vitality, f.spec.wound_slots - len(f.wounds),
                       amount, fight.settings.wounds)
    events, scratch = _fill_slots(fight, f, roller, n, burden=False,
                                  wound_effect=wound_effect, lead=lead)
    if v <= 0:
        events.append(ResourceSet(f.name, "vitality", f.vitality, 0, reason, amount))
        events += goes_down(fight, f, reason="Vitality 0, no Wound slot")
        return events
    events.insert(0, ResourceSet(f.name, "vitality", f.vitality, v, reason, amount))
    if n and mark and fight.settings.mark_wound_breaks:
        events += conditions.gain_condition(scratch, scratch.get(f.name), "Broken", 1,
                                            source="Mark hit", reason="wound")
    return events


def add_strain(
    fight: Fight, f: Fighter, amount: int, roller: Roller, *, reason: str = "strain",
    lead: tuple[Event, ...] = ()
) -> list[Event]:
    """Events for ``f`` taking ``amount`` Strain (R10 Burdens, Lost).

    Strain reaching Max Strain fills a Burden slot and resets to the excess; with no slot
    left the fighter is Lost (an enemy, Defeated). The last slot gives Unraveling 1. The
    Strain change carries ``amount``, as in ``harm``.
    """
    if amount <= 0 or f.out:
        return []
    top = max(f.spec.max_strain, 1)
    n, s, lost = burdens_from(f.strain, f.spec.max_strain,
                              f.spec.burden_slots - len(f.burdens), amount,
                              fight.settings.wounds)
    events, _ = _fill_slots(fight, f, roller, n, burden=True, lead=lead)
    if lost:
        events.append(ResourceSet(f.name, "strain", f.strain, top, reason, amount))
        events += goes_down(fight, f, lost=True, reason="Strain at max, no Burden slot")
        return events
    events.insert(0, ResourceSet(f.name, "strain", f.strain, s, reason, amount))
    return events
