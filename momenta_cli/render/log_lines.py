"""Log lines: each event rendered as one plain-text line (no markup; names stay literal).

Rules modules' events register a formatter here by ``kind``; Rich, Markdown and JSON
renderers all start from these lines or from the events themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from momenta_cli.engine.core import (
    CombatEnded,
    ConditionChanged,
    Event,
    FighterAdded,
    FighterDown,
    FighterRemoved,
    FighterRevived,
    Note,
    ResourceSet,
    RoundStarted,
    StackCheck,
    TurnEnded,
    TurnStarted,
    WoundTaken,
    did_you_mean,
    roll_text,
)
from momenta_cli.engine.harm import TABLE_CAP
from momenta_cli.render.log_harm import Ledger, read_harm
from momenta_cli.text import one_line

if TYPE_CHECKING:
    from momenta_cli.engine.harm import ConditionMadeUp

Formatter = Callable[[Any], str | None]
FORMATTERS: dict[str, Formatter] = {}
# A grouper may fold several consecutive events into one line (an attack and the damage
# it does): it gets the events, an index and the ledger (what the events do not say of the
# fighters: render/log_harm.py; None when not known) and returns (lines, events used) or
# None.
Grouper = Callable[[Sequence[Any], int, Ledger | None], tuple[list[str], int] | None]
GROUPERS: dict[str, Grouper] = {}


def formats(kind: str) -> Callable[[Formatter], Formatter]:
    def deco(fn: Formatter) -> Formatter:
        FORMATTERS[kind] = fn
        return fn

    return deco


def line(event: Event) -> str | None:
    """The log line for one event, or None for events that need no line."""
    fmt = FORMATTERS.get(event.kind)
    if fmt is not None:
        return fmt(event)
    return f"{event.kind}: " + ", ".join(f"{k}={v}" for k, v in event.to_dict().items()
                                         if k != "kind")


def groups(events: Sequence[Event], ledger: Ledger | None = None
           ) -> list[tuple[list[str], list[Event]]]:
    """The log lines of a command's events, each run of lines with the events it tells
    (a recap picks runs by their events). ``ledger`` describes the fighters as they were
    before ``events`` (Wound lines number their slots with it); it is not changed."""
    out: list[tuple[list[str], list[Event]]] = []
    led = ledger.copy() if ledger is not None else None
    i = 0
    while i < len(events):
        grouper = GROUPERS.get(events[i].kind)
        grouped = grouper(events, i, led) if grouper else None
        if grouped is not None:
            texts, used = [one_line(t) for t in grouped[0]], grouped[1]
        else:
            text = line(events[i])
            texts, used = ([one_line(text)] if text else []), 1
        told = list(events[i:i + used])
        if texts:
            out.append((texts, told))
        if led is not None:
            led.advance(told)
        i += used
    return out


def event_lines(events: Sequence[Event], ledger: Ledger | None = None) -> list[str]:
    """The log lines of a command's events, grouped where a grouper applies. Each is one
    line whatever the names in it hold (momenta_cli/text/literal.py escapes the rest)."""
    return [t for texts, _ in groups(events, ledger) for t in texts]


def harm_group(events: Sequence[Any], i: int, ledger: Ledger | None
               ) -> tuple[list[str], int] | None:
    """A Vitality or Strain change with the Wounds or Burdens it filled, or the fall it
    ended in, as one line in order (GM damage, falls, Wracked, Surge)."""
    h = read_harm(events, i, ledger)
    if h is None:
        return None
    r = events[i] if events[i].kind == "resource_set" else \
        next(e for e in events[i:i + h.used] if e.kind == "resource_set")
    extra = [t for t in (line(x) for x in h.inner) if t]
    return [f"{h.name} ({r.reason}): {h.text}", *extra], h.used


GROUPERS["resource_set"] = harm_group
GROUPERS["wound_taken"] = harm_group


@formats("turn_started")
def _turn_started(e: TurnStarted) -> str:
    turn = f" (turn {e.turn})" if e.turn > 1 else ""
    bits = []
    if e.vigor_from != e.vigor_to:
        ex = " halved by Exhausted" if e.exhausted else ""
        bits.append(f"Vigor {e.vigor_from}->{e.vigor_to}{ex}")
    if e.guard_from != e.guard_to:
        bits.append(f"Guard {e.guard_from}->{e.guard_to}")
    tail = f": {', '.join(bits)}" if bits else ""
    return f"{e.name}'s turn{turn}{tail}"


@formats("turn_ended")
def _turn_ended(e: TurnEnded) -> str:
    extra = f", forgoing {e.forgone} extra turn{'s' if e.forgone > 1 else ''}" \
        if e.forgone else ""
    return f"{e.name} ends the turn{extra}"


@formats("round_started")
def _round(e: RoundStarted) -> str:
    return f"-- Round {e.round}: {e.first_side} first --"


@formats("combat_ended")
def _over(e: CombatEnded) -> str:
    return f"Combat over: {e.reason}"


@formats("note")
def _note(e: Note) -> str:
    return f"Note: {e.text}"


@formats("condition_changed")
def _cond(e: ConditionChanged) -> str:
    why = {"gm": "", "auto-clear": " (auto-clear)", "class": " (enemy class clears)",
           "held": " (held until its next turn ends)", "wound": "", "burden": ""}
    roll = ""
    if isinstance(e.roll, StackCheck):
        roll = f" (check d6 [{e.roll.d6}] vs {e.roll.stacks}"
        if e.roll.luck is not None:
            luck = roll_text(e.roll.luck)  # names its attribute, once
            roll += f"; {luck}" if luck.startswith("LUCK") else f"; LUCK {luck}"
        roll += ")"
    elif e.roll is not None:
        roll = f" (roll {roll_text(e.roll)})"
    src = f" from {e.source}" if e.source and e.before == 0 and e.source != "encounter" else ""
    if e.before == 0:
        return f"{e.name} gains {e.condition} {e.after}{src}{roll}"
    if e.after == 0:
        return f"{e.name} clears {e.condition}{why.get(e.reason, '')}{roll}"
    return f"{e.name}: {e.condition} {e.before}->{e.after}{why.get(e.reason, '')}{roll}"


# What the GM makes up at the table (engine/harm/conditions.py ``ConditionMadeUp``) has a
# line of its own, not a GM note, so a recap does not list it among the notes (the stacks
# gained are a line of their own, kept as any condition gained).
@formats("condition_made_up")
def _made_up(e: ConditionMadeUp) -> str:
    typo = f"; {did_you_mean(e.near)} (undo takes it back)" if e.near else ""
    return (f"{e.condition} is made up: persistent, at most {TABLE_CAP} stacks, "
            f"a reminder only{typo}")


@formats("resource_set")
def _res(e: ResourceSet) -> str:
    return f"{e.name}: {e.resource.capitalize()} {e.before}->{e.after} ({e.reason})"


@formats("wound_taken")
def _wound(e: WoundTaken) -> str:
    what = "Burden" if e.burden else "Wound"
    face = f" (d6 {e.face})" if e.face else ""
    return f"{e.name} takes a {what}{face}: {e.condition}"


@formats("fighter_down")
def _down(e: FighterDown) -> str:
    return f"{e.name} is {'Lost' if e.lost else 'Defeated'} ({e.reason})"


@formats("fighter_revived")
def _revived(e: FighterRevived) -> str:
    return f"{e.name} is back in the fight"


@formats("fighter_added")
def _added(e: FighterAdded) -> str:
    return f"{e.name} ({e.block}) joins the {e.side}"


@formats("fighter_removed")
def _removed(e: FighterRemoved) -> str:
    return f"{e.name} is removed from the fight"


@formats("maneuver_taken")
def _maneuver(e) -> str:
    # A full-turn maneuver costs no Vigor but the rest of the turn: never "free" (R25)
    whole = getattr(e, "full_turn", False)
    if e.cost:
        cost = f" ({e.cost} Vigor: {e.vigor_from}->{e.vigor_to}{'; full turn' if whole else ''})"
    elif whole:
        cost = " (full turn, R25)"
    elif getattr(e, "extra_move", False):  # an enemy's second Move is one of its maneuvers
        cost = " (one of its maneuvers, R7)"
    else:
        cost = " (free)"
    return f"{e.name}: {e.maneuver}{cost}"


@formats("reaction_taken")
def _reaction(e) -> str:
    cost = f" ({e.cost} Vigor: {e.vigor_from}->{e.vigor_to})" if e.cost else " (free)"
    return f"{e.name} reacts: {e.reaction}{cost}"



@formats("event_fired")
def _event_fired(e) -> str:
    """A scheduled event of the encounter (engine/schedule/firing.py), with its text."""
    if e.declined:
        return f"Event {e.name} ({e.when}): the GM said no"
    said = f': "{e.say}"' if e.say else ""
    return f"Event {e.name} ({e.when}){said}"


# The modules that register their own event kinds' lines (``formats``) on import.
from momenta_cli.render import log_attack, log_maneuver  # noqa: E402,F401
