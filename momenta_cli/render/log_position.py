"""Log lines for the map's events (engine/battlefield/positions.py)."""

from __future__ import annotations

from momenta_cli.engine.battlefield import DoorSet, PlacedAt
from momenta_cli.render.log_lines import formats


@formats("placed_at")
def _placed(e: PlacedAt) -> str:
    if e.was is None:
        return f"{e.name} comes in at {e.square}"
    return f"{e.name} is placed at {e.square} (was {e.was})"


@formats("door_set")
def _door(e: DoorSet) -> str:
    return f"the door at {e.square} {'opens' if e.open else 'closes'}"
