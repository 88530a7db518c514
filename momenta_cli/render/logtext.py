"""Log lines: each event rendered as one plain-text line (no markup; names stay literal).

Rules modules' events register a formatter here by ``kind``; Rich, Markdown and JSON
renderers all start from these lines or from the events themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from momenta_cli.engine import events as ev
from momenta_cli.text import one_line

Formatter = Callable[[Any], str | None]
FORMATTERS: dict[str, Formatter] = {}
# A grouper may fold several consecutive events into one line (an attack and the damage
# it does): it gets the events and an index and returns (lines, events used) or None.
Grouper = Callable[[Sequence[Any], int], tuple[list[str], int] | None]
GROUPERS: dict[str, Grouper] = {}


def formats(kind: str) -> Callable[[Formatter], Formatter]:
    def deco(fn: Formatter) -> Formatter:
        FORMATTERS[kind] = fn
        return fn

    return deco


def dice_text(roll: dict[str, Any]) -> str:
    """``AGI 2d [5,1] 1s``: attribute, pool, faces (or how it was decided), successes."""
    parts = []
    if roll.get("attribute"):
        parts.append(str(roll["attribute"]))
    pool = roll.get("pool", 0)
    parts.append(f"{pool}d" if pool > 0 else f"{pool}d->2d6 low")
    if roll.get("how") == "auto":
        parts.append("(auto)")
    elif roll.get("faces"):
        parts.append("[" + ",".join(str(x) for x in roll["faces"]) + "]")
    elif roll.get("how") == "typed":
        parts.append("(typed)")
    parts.append(f"{roll.get('successes', 0)}s")
    return " ".join(parts)


def line(event: ev.Event) -> str | None:
    """The log line for one event, or None for events that need no line."""
    fmt = FORMATTERS.get(event.kind)
    if fmt is not None:
        return fmt(event)
    return f"{event.kind}: " + ", ".join(f"{k}={v}" for k, v in event.to_dict().items()
                                         if k != "kind")


def lines(events: tuple[ev.Event, ...] | list[ev.Event]) -> list[str]:
    """The log lines of a command's events, grouped where a grouper applies. Each is one
    line whatever the names in it hold (momenta_cli/text.py escapes the rest)."""
    out = []
    i = 0
    while i < len(events):
        grouper = GROUPERS.get(events[i].kind)
        grouped = grouper(events, i) if grouper else None
        if grouped is not None:
            out += [one_line(t) for t in grouped[0]]
            i += grouped[1]
            continue
        text = line(events[i])
        if text:
            out.append(one_line(text))
        i += 1
    return out


@formats("turn_started")
def _turn_started(e: ev.TurnStarted) -> str:
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
def _turn_ended(e: ev.TurnEnded) -> str:
    extra = f", forgoing {e.forgone} extra turn{'s' if e.forgone > 1 else ''}" \
        if e.forgone else ""
    return f"{e.name} ends the turn{extra}"


@formats("round_started")
def _round(e: ev.RoundStarted) -> str:
    return f"-- Round {e.round}: {e.first_side} first --"


@formats("combat_ended")
def _over(e: ev.CombatEnded) -> str:
    return f"Combat over: {e.reason}"


@formats("note")
def _note(e: ev.Note) -> str:
    return f"Note: {e.text}"


@formats("condition_changed")
def _cond(e: ev.ConditionChanged) -> str:
    why = {"gm": "", "auto-clear": " (auto-clear)", "class": " (enemy class clears)",
           "held": " (held until its next turn ends)", "wound": "", "burden": ""}
    roll = ""
    if e.roll:
        if "d6" in e.roll:
            r = e.roll
            roll = f" (check d6 [{r['d6']}] vs {r['stacks']}"
            if "luck" in r:
                roll += f"; LUCK {dice_text(r['luck'])}"
            roll += ")"
        else:
            roll = f" (roll {dice_text(e.roll)})"
    src = f" from {e.source}" if e.source and e.before == 0 and e.source != "encounter" else ""
    if e.before == 0:
        return f"{e.name} gains {e.condition} {e.after}{src}{roll}"
    if e.after == 0:
        return f"{e.name} clears {e.condition}{why.get(e.reason, '')}{roll}"
    return f"{e.name}: {e.condition} {e.before}->{e.after}{why.get(e.reason, '')}{roll}"


@formats("resource_set")
def _res(e: ev.ResourceSet) -> str:
    return f"{e.name}: {e.resource.capitalize()} {e.before}->{e.after} ({e.reason})"


@formats("wound_taken")
def _wound(e: ev.WoundTaken) -> str:
    what = "Burden" if e.burden else "Wound"
    face = f" (d6 {e.face})" if e.face else ""
    return f"{e.name} takes a {what}{face}: {e.condition}"


@formats("fighter_down")
def _down(e: ev.FighterDown) -> str:
    return f"{e.name} is {'Lost' if e.lost else 'Defeated'} ({e.reason})"


@formats("fighter_revived")
def _revived(e: ev.FighterRevived) -> str:
    return f"{e.name} is back in the fight"


@formats("fighter_added")
def _added(e: ev.FighterAdded) -> str:
    return f"{e.name} ({e.block}) joins the {e.side}"


@formats("fighter_removed")
def _removed(e: ev.FighterRemoved) -> str:
    return f"{e.name} is removed from the fight"


@formats("maneuver_taken")
def _maneuver(e) -> str:
    cost = f" ({e.cost} Vigor: {e.vigor_from}->{e.vigor_to})" if e.cost else " (free)"
    return f"{e.name}: {e.maneuver}{cost}"


@formats("reaction_taken")
def _reaction(e) -> str:
    cost = f" ({e.cost} Vigor: {e.vigor_from}->{e.vigor_to})" if e.cost else " (free)"
    return f"{e.name} reacts: {e.reaction}{cost}"


from momenta_cli.render import attack_lines, maneuver_log  # noqa: E402,F401
