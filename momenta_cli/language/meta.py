"""The session words of a line (``Meta``, ``Request``): undo, redo, status, help, quit and
the looks that change nothing. Apart from the verb table (parsing.py), so that a command
that only hands a ``Meta`` to the renderer (``momenta los``, ``momenta path``) loads no
verb module."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from momenta_cli.engine.core import Command


class Request(StrEnum):
    """What a session line asks for (``Meta.what``): each is its verb's name, and a
    ``StrEnum`` so that it reads, prints and compares as that word."""

    UNDO = "undo"  # take back the last command (``arg``: how many, as typed)
    REDO = "redo"  # put back the last undone command
    STATUS = "status"  # draw the status table
    HELP = "help"  # list the commands (``arg``: one of them, to explain)
    QUIT = "quit"  # leave; the rest of a script or of ``do`` is not run
    ODDS = "odds"  # the chances of ``command``, an attack, that changes nothing
    MAP = "map"  # draw the battlefield (``arg``: a combatant's reach and sight)
    PATH = "path"  # a movement's route and cost (``command``), nothing moved
    LOS = "los"  # sight, cover and distance between two squares (``command``)
    FORECAST = "forecast"  # the fight played on many times from here (``arg``: how many)


@dataclass(frozen=True)
class Meta:
    """A session-level request that is not a rules command: undo, redo, status, help, quit,
    or a look that changes nothing (``odds``, ``map``, ``path``, ``los``)."""

    what: Request
    arg: str | None = None
    command: Command | None = None
