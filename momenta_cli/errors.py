"""One exception family whose messages are written for the GM.

The CLI turns any ``MomentaError`` into one line on stderr and exit code 1.
"""

from __future__ import annotations


class MomentaError(Exception):
    """Base of every error the GM should see as a one-line message."""


class EncounterError(MomentaError):
    """An encounter or library file is unreadable or invalid.

    ``problems`` holds every problem found, each already formatted as
    ``FILE:LINE:COL: path.to.field: message``.
    """

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class CommandError(MomentaError):
    """A command line could not be parsed (unknown verb, bad argument)."""


class RuleError(MomentaError):
    """A command is understood but the rules (or the fight's state) refuse it."""


class JournalError(MomentaError):
    """A saved fight cannot be read or written."""
