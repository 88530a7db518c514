"""Commands: what the GM asked for, already parsed, not yet checked against the rules.

The command language (``momenta_cli.language``) turns a typed line into one of these;
``decide`` checks it against the state and turns it into events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from momenta_cli.engine.core.rolls import Typed


@dataclass(frozen=True)
class Command:
    """Base of all commands."""


@dataclass(frozen=True)
class StartTurn(Command):
    """Start a turn for ``name``, or for the suggestion when ``name`` is None (R14)."""

    name: str | None = None


@dataclass(frozen=True)
class EndTurn(Command):
    """End the active turn; ``forgo`` gives up remaining extra turns (ch18). ``typed``
    holds GM-typed results of roll-to-clear checks, by condition name (or prefix)."""

    forgo: bool = False
    typed: dict[str, Typed] = field(default_factory=dict)


@dataclass(frozen=True)
class NextTurn(Command):
    """End the active turn (if any) and start the next one: a shortcut for the table."""

    name: str | None = None
    forgo: bool = False
    typed: dict[str, Typed] = field(default_factory=dict)


@dataclass(frozen=True)
class ChangeCondition(Command):
    """Add (``+``), remove (``-``) or set (``=``) stacks; ``n`` None with ``-`` = all.
    ``new``: a condition not in the catalogue may be made up (persistent, cap 3)."""

    target: str
    condition: str
    op: str = "+"
    n: int | None = 1
    source: str | None = None
    new: bool = False


@dataclass(frozen=True)
class Surprise(Command):
    target: str


@dataclass(frozen=True)
class Defeat(Command):
    target: str


@dataclass(frozen=True)
class Revive(Command):
    target: str
    at: str | None = None  # on a map: the square it stands up on (its own when None)


@dataclass(frozen=True)
class Remove(Command):
    target: str


@dataclass(frozen=True)
class AddFighter(Command):
    """A reinforcement (R17): from stat block ``block``; with ``copy``, a copy of the
    fighter ``block`` names; when no stat block is called ``block``, a combatant made up
    at the table, called ``block``, with the stats given (``vitality``, ``guard``,
    ``pool``, ``threat``; None: the defaults). ``count`` of them, named ``name`` (numbered
    when several) or after the block; on a map, coming in at the square ``at``."""

    block: str
    name: str | None = None
    side: str | None = None
    count: int = 1
    copy: bool = False
    vitality: int | None = None
    guard: int | None = None
    pool: int | None = None
    threat: str | None = None
    at: str | None = None


@dataclass(frozen=True)
class EndCombat(Command):
    reason: str = "the GM ended the combat"


@dataclass(frozen=True)
class AddNote(Command):
    text: str


@dataclass(frozen=True)
class Adjust(Command):
    """A GM override of a resource: ``how`` is damage, heal, strain, relieve, guard or set.

    ``damage`` goes through Guard unless ``untyped``; ``guard`` sets Guard (above max is
    Over-Guard); ``set`` sets ``resource`` to ``amount``.
    """

    target: str
    how: str
    amount: int
    resource: str | None = None
    untyped: bool = False
