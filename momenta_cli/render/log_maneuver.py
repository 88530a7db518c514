"""Log lines for the maneuver, movement, grab and map events (engine/actions/maneuvers.py,
engine/movement/movement_events.py, engine/movement/grabs.py, engine/battlefield/positions.py and
doors.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from momenta_cli.engine.actions import ConsumableUsed, HideRolled, Surged
from momenta_cli.engine.battlefield import DoorSet, PlacedAt
from momenta_cli.engine.core import Reminder, roll_text
from momenta_cli.engine.movement import (
    Dragged,
    Fell,
    GrabEnded,
    Halted,
    MoveAnswered,
    Moved,
    Shoved,
    TerrainSet,
)
from momenta_cli.render.log_harm import Ledger
from momenta_cli.render.log_lines import GROUPERS, formats
from momenta_cli.render.map_walk import route_text
from momenta_cli.text import squares_text

_TERRAIN = {"": "ground", "climb": "climbing", "swim": "swimming"}


@formats("moved")
def _moved(e: Moved) -> str:
    if e.path and e.goes_on:  # the rest of it, after a reactive attack (R35)
        cost = e.squares + e.difficult
        diff = f", {e.difficult} more for difficult ground" if e.difficult else ""
        more = f"{cost} more square" if cost == 1 else f"{cost} more squares"
        return (f"{e.name} goes on {route_text(e.start, e.path, e.jumped)}: {more} of "
                f"{e.budget}{diff}")
    if e.path:  # on the map (engine/movement/walk.py)
        cost = e.squares + e.difficult
        diff = f", {e.difficult} more for difficult ground" if e.difficult else ""
        medium = f", {_TERRAIN[e.terrain]}" if e.terrain else ""
        jumps = f", jumping {', '.join(e.jumped)}" if e.jumped else ""
        return (f"{e.name} {e.how.lower()}s {route_text(e.start, e.path, e.jumped)}: "
                f"{cost} of {squares_text(e.budget)}{diff}{medium}{jumps}")
    if e.jump:
        return f"{e.name} jumps {squares_text(e.squares)} up (max {e.budget})"
    diff = f", {e.difficult} difficult" if e.difficult else ""
    medium = f", {_TERRAIN[e.terrain]}" if e.terrain else ""
    return (f"{e.name} {e.how.lower()}s {squares_text(e.squares)} of {e.budget}{diff}"
            f"{medium}")


@formats("halted")
def _halted(e: Halted) -> str:
    made = " and ".join(f"{who}'s {what}" for who, what in e.reactions)
    return f"{e.name} stops at {e.square} for {made} (R35)"


@formats("dragged")
def _dragged(e: Dragged) -> str:
    to = f" to {e.path[-1]}" if e.path else ""
    return f"{e.name} is dragged {squares_text(e.squares)}{to} by {e.by} (forced movement)"


@formats("shoved")
def _shoved(e: Shoved) -> str:
    if e.goes_on:  # the rest of a push a reactive attack stopped (R35)
        went = f" on {route_text(e.start, e.path)}" if e.path else " no further"
        stop = f", stopped by {e.stopped}" if e.stopped and "pit" not in e.stopped else \
            f", into {e.stopped}" if e.stopped else ""
        return f"{e.name} is pushed{went}{stop} (forced movement)"
    if not e.path and not e.stopped:
        return (f"{e.name} is shoved {squares_text(e.squares)} away by {e.by} "
                "(forced movement)")
    went = f" {route_text(e.start, e.path) if e.start else ' -> '.join(e.path)}" \
        if e.path else " nowhere"
    stop = f", stopped by {e.stopped}" if e.stopped and "pit" not in e.stopped else \
        f", into {e.stopped}" if e.stopped else ""
    return (f"{e.name} is shoved {len(e.path)} of {squares_text(e.squares)} away by "
            f"{e.by}:{went}{stop} (forced movement)")


def _terrain_after_a_fall(events: Sequence[Any], i: int, ledger: Ledger | None
                          ) -> tuple[list[str], int] | None:
    """One struck down during its movement and left off the wall (or out of the water)
    is not "back on the ground": it is no longer climbing, as it is Defeated (or Lost)."""
    e = events[i]
    if e.after:
        return None
    down = None
    for x in events[:i]:
        if getattr(x, "name", None) == e.name and x.kind in ("fighter_down",
                                                            "fighter_revived"):
            down = x if x.kind == "fighter_down" else None
    if down is None:
        return None
    return [f"{e.name} is no longer {_TERRAIN[e.before]} "
            f"({'Lost' if down.lost else 'Defeated'})"], 1


GROUPERS["terrain_set"] = _terrain_after_a_fall


@formats("terrain_set")
def _terrain(e: TerrainSet) -> str:
    if e.after == "swim":
        return f"{e.name} is swimming: every Vigor cost doubles"
    if e.after == "climb":
        return f"{e.name} is climbing: 1 square per Move, no Shift"
    return f"{e.name} is back on the ground (was {_TERRAIN[e.before]})"


@formats("move_answered")
def _move_answered(e: MoveAnswered) -> None:
    return None  # bookkeeping only: the reactive attack has its own lines


@formats("grab_ended")
def _grab_ended(e: GrabEnded) -> str:
    stacks = f", Grabbed {e.stacks} removed" if e.stacks else ""
    if not e.grabber:  # a Grabbed whose grabber is unknown (set by hand with no source)
        return f"{e.target} is no longer Grabbed ({e.reason}{stacks})"
    return f"{e.grabber}'s grab on {e.target} ends ({e.reason}{stacks})"


@formats("surged")
def _surged(e: Surged) -> str:
    return (f"{e.name} surges: Vigor {e.vigor_from}->{e.vigor_to} for {e.strain} Strain")


@formats("consumable_used")
def _consumable(e: ConsumableUsed) -> str:
    effect = f": {e.effect}" if e.effect else " (the GM applies its effect)"
    return f"{e.name} uses {e.item}{effect}; consumables {e.before}->{e.after}"


@formats("hide_rolled")
def _hide(e: HideRolled) -> str:
    return f"{e.name} tries to hide: {roll_text(e.roll)} -> " + \
        ("hidden" if e.hidden else "not hidden")


@formats("reminder")
def _reminder(e: Reminder) -> str:
    return f"Reminder for {e.name}: {e.text}"


@formats("fell")
def _fell(e: Fell) -> str:
    left = "" if e.counted is None else f" leaves {e.counted}"
    return (f"{e.name} falls {squares_text(e.squares)}; AGI {e.agi}{left}: "
            f"{e.damage} untyped damage")


@formats("placed_at")
def _placed(e: PlacedAt) -> str:
    if e.was is None:
        return f"{e.name} comes in at {e.square}"
    return f"{e.name} is placed at {e.square} (was {e.was})"


@formats("door_set")
def _door(e: DoorSet) -> str:
    return f"the door at {e.square} {'opens' if e.open else 'closes'}"
