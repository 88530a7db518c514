"""Damage and Strain that fill Wound or Burden slots, told in the order they happen (R10,
R11): ``Vitality 11->0: Wound 1/3 (Hindered), Vitality refilled to 15, 4 carried over ->
11``.

The events hold the values before and after, the slots' conditions and who went down, but
not a fighter's maximum or how many slots were full before: a ``Ledger`` (built from a
state of the fight) supplies them. Without one the line says what the events alone tell.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from momenta_cli.engine.core import Fight


@dataclass(frozen=True)
class Facts:
    """What stays true of a fighter for the whole fight (its stat block's numbers)."""

    max_vitality: int
    max_strain: int
    wound_slots: int
    burden_slots: int


class Ledger:
    """Each fighter's maxima and slots, and the Wounds and Burdens it had before the events
    being rendered (slots only ever fill, so counting the events' ``wound_taken`` moves it
    along)."""

    def __init__(self, facts: dict[str, Facts], wounds: dict[str, int] | None = None,
                 burdens: dict[str, int] | None = None):
        self.facts = facts
        self.wounds = dict(wounds or {})
        self.burdens = dict(burdens or {})

    @classmethod
    def of(cls, fight: Fight, taken: Iterable[Any] = (), *, opening: Fight | None = None
           ) -> Ledger:
        """The ledger for events that come after ``fight``'s state (``taken`` empty), or for
        ``taken`` when ``fight`` is the state after them. With ``opening``, the counts are
        those of that state (a whole fight rendered from its start) and ``fight`` only
        gives the facts (it knows the fighters added along the way)."""
        facts = {n: Facts(f.spec.max_vitality, f.spec.max_strain, f.spec.wound_slots,
                          f.spec.burden_slots) for n, f in fight.fighters.items()}
        counted = opening or fight
        led = cls(facts, {n: len(f.wounds) for n, f in counted.fighters.items()},
                  {n: len(f.burdens) for n, f in counted.fighters.items()})
        for e in taken:
            if e.kind == "wound_taken":
                book = led.burdens if e.burden else led.wounds
                book[e.name] = book.get(e.name, 0) - 1
        return led

    def copy(self) -> Ledger:
        return Ledger(self.facts, self.wounds, self.burdens)

    def advance(self, events: Iterable[Any]) -> None:
        for e in events:
            if e.kind == "wound_taken":
                book = self.burdens if e.burden else self.wounds
                book[e.name] = book.get(e.name, 0) + 1


@dataclass
class _Slot:
    condition: str
    face: int | None = None  # a PC's d6 on the Wound table
    stacks: int = 0  # the condition's stacks after the slot (0: no change recorded)
    last: str = ""   # Faltering / Unraveling when it was the last slot


_DOWN_REASONS = ("Vitality 0", "Strain at max")


def _slots(events: Sequence[Any], j: int, name: str, burden: bool
           ) -> tuple[list[_Slot], int]:
    """The run of slots filled from ``events[j]`` on (each ``wound_taken`` with the
    condition changes it gave), and the index after it."""
    out: list[_Slot] = []
    while j < len(events) and events[j].kind == "wound_taken" \
            and events[j].name == name and events[j].burden == burden:
        slot = _Slot(events[j].condition, events[j].face)
        j += 1
        what = "burden" if burden else "wound"
        while j < len(events) and events[j].kind == "condition_changed" \
                and events[j].name == name and events[j].reason == what \
                and events[j].source in ("Wound", "Burden", "last Wound", "last Burden"):
            c = events[j]
            if c.source.startswith("last"):
                slot.last = c.condition
            elif c.condition == slot.condition:
                slot.stacks = c.after
            j += 1
        out.append(slot)
    return out, j


def _skip_grab_ends(events: Sequence[Any], j: int) -> int:
    while j < len(events) and events[j].kind == "grab_ended":
        j += 1
    return j


@dataclass
class Harm:
    """One run of harm events read back: the text, how many events it used, and the
    events inside it that keep lines of their own (grabs ending as one goes down)."""

    text: str
    used: int
    inner: list[Any]
    name: str


def read_harm(events: Sequence[Any], i: int, ledger: Ledger | None, *, name: str | None = None,
         amount: int | None = None) -> Harm | None:
    """The harm run starting at ``events[i]``: a Vitality (or Strain) change with the
    slots it filled, or slots filled and then a fall (Defeated or Lost); None when
    ``events[i]`` starts neither, or is a plain change with nothing after it (its own
    line says it). ``amount``: the damage (or Strain) as the attack line knows it; else
    the one the resource change carries (None in journals written before it did)."""
    e = events[i]
    if e.kind == "resource_set" and e.resource in ("vitality", "strain") \
            and (name is None or e.name == name):
        burden = e.resource == "strain"
        slots, j = _slots(events, i + 1, e.name, burden)
        k = _skip_grab_ends(events, j)
        down = events[k] if k < len(events) and events[k].kind == "fighter_down" \
            and events[k].name == e.name \
            and events[k].reason.startswith(_DOWN_REASONS) else None
        if not slots and down is None:
            return None
        inner = list(events[j:k]) if down is not None else []
        used = (k + 1 if down is not None else j) - i
        return Harm(_told(e, slots, down, ledger, amount), used, inner, e.name)
    if e.kind == "wound_taken" and (name is None or e.name == name):
        slots, j = _slots(events, i, e.name, e.burden)
        res = "strain" if e.burden else "vitality"
        if j < len(events) and events[j].kind == "resource_set" \
                and events[j].name == e.name and events[j].resource == res:
            r = events[j]
            k = _skip_grab_ends(events, j + 1)
            if k < len(events) and events[k].kind == "fighter_down" \
                    and events[k].name == e.name:
                return Harm(_told(r, slots, events[k], ledger, amount), k + 1 - i,
                            list(events[j + 1:k]), e.name)
    return None


def _gained(slot: _Slot) -> str:
    """The slot's condition: the one stack it gives, and the total when there were some
    already (``Impaired, now 2``), so the total does not read as the slot's own (R10)."""
    return f"{slot.condition}, now {slot.stacks}" if slot.stacks > 1 else slot.condition


def _top(e: Any, ledger: Ledger | None) -> int | None:
    facts = ledger.facts.get(e.name) if ledger else None
    if facts is None:
        return None
    return max(facts.max_strain, 1) if e.resource == "strain" else facts.max_vitality


def _told(r: Any, slots: list[_Slot], down: Any, ledger: Ledger | None,
          amount: int | None) -> str:
    """The words for one run: ``r`` the resource change, ``slots`` the slots filled in
    order, ``down`` the fall that ended it (or None). Each slot is a step from the level
    it started at to 0 (Strain: to its max), then the refill and what carried over."""
    strain = r.resource == "strain"
    res, what = ("Strain", "Burden") if strain else ("Vitality", "Wound")
    facts = ledger.facts.get(r.name) if ledger else None
    top = _top(r, ledger)
    full = slot_count = None
    if ledger is not None and facts is not None:
        full = (ledger.burdens if strain else ledger.wounds).get(r.name, 0)
        slot_count = facts.burden_slots if strain else facts.wound_slots
    n = len(slots)
    if amount is None:
        amount = getattr(r, "amount", None)
    if amount is None and top is not None and down is None:  # worked out from the change
        amount = (r.after - r.before if strain else r.before - r.after) + n * top
    if top is None:
        amount = None  # the carry cannot be told without the maximum
    reach = (f"{top} (max)" if top is not None else "max") if strain else "0"
    refill = "reset to 0" if strain else f"refilled to {top}" if top is not None \
        else "refilled"
    level, rem = r.before, amount
    text = f"{res} {r.before}->{reach}" if n or down is None else ""
    for idx, slot in enumerate(slots):
        if idx:
            text += f" -> {reach}"
        number = f" {full + idx + 1}/{slot_count}" if full is not None and slot_count else ""
        cond = _gained(slot)
        if slot.face:
            cond = f"d6 {slot.face}: {cond}"
        last = f" + {slot.last}" if slot.last else ""
        text += f": {what}{number} ({cond}){last}, {res + ' ' if idx == 0 else ''}{refill}"
        final = idx == n - 1
        if rem is not None and top is not None:
            rem -= (top - level) if strain else level
            level = 0 if strain else top
            if rem > 0:
                text += f", {rem} carried over"
            if final and down is None:
                level = level + rem if strain else level - rem
                if rem > 0:
                    text += f" -> {level}"
        elif final and down is None:
            text += f" -> {r.after}"
    if down is not None:
        how = "Lost" if down.lost else "Defeated"
        none_left = f"no {what} slot left" if n or slot_count else f"no {what} slot"
        if n:
            text += f" -> {reach}, {none_left}: {how}"
        else:
            end = f"{r.after} (max)" if strain else str(r.after)
            text = f"{res} {r.before}->{end}, {none_left}: {how}"
    return text
