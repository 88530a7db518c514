"""Which function decides which command: each rules module registers its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from momenta_cli.engine.core.commands import Command
from momenta_cli.engine.core.dice import Roller
from momenta_cli.engine.core.events import Event
from momenta_cli.engine.core.state import Fight

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
