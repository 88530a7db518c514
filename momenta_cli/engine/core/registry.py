"""Which function decides which command: each rules module registers its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from momenta_cli.engine.core.commands import Command
from momenta_cli.engine.core.events import Event
from momenta_cli.engine.core.rollers import Roller
from momenta_cli.engine.core.state import Fight

# The modules whose functions decide commands (each registers its own with ``handles``):
# plain data, imported by deciding.py, so that reading a journal imports none of them.
# tests/test_layering.py checks that it names every module that uses ``handles``.
HANDLER_MODULES = (
    "momenta_cli.engine.actions.maneuvers",
    "momenta_cli.engine.attack.resolution",
    "momenta_cli.engine.battlefield.doors",
    "momenta_cli.engine.battlefield.positions",
    "momenta_cli.engine.gm.overrides",
    "momenta_cli.engine.gm.reinforce",
    "momenta_cli.engine.movement.grabs",
    "momenta_cli.engine.movement.move_shift",
    "momenta_cli.engine.movement.walk",
    "momenta_cli.engine.schedule.firing",
    "momenta_cli.engine.turns.taking",
)

Handler = Callable[[Fight, Command, Roller], list[Event]]
HANDLERS: dict[type[Command], Handler] = {}

C = TypeVar("C", bound=Command)


def handles(cmd_type: type[C]) -> Callable[[Callable[[Fight, C, Roller], list[Event]]],
                                           Callable[[Fight, C, Roller], list[Event]]]:
    """Register the decorated function as the decider of ``cmd_type``."""

    def deco(fn: Callable[[Fight, C, Roller], list[Event]]
             ) -> Callable[[Fight, C, Roller], list[Event]]:
        HANDLERS[cmd_type] = fn  # type: ignore[assignment]
        return fn

    return deco
