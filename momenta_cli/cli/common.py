"""Helpers shared by the CLI commands: consoles and turning errors into one line."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console

from momenta_cli.errors import EncounterError, MomentaError
from momenta_cli.text import one_line


def make_console(*, stderr: bool = False, no_color: bool = False, width: int | None = None
                 ) -> Console:
    """A Rich console honouring ``--no-color`` and ``NO_COLOR``; markup is off so that
    names from files are printed literally."""
    color = not no_color and "NO_COLOR" not in os.environ
    return Console(
        stderr=stderr,
        no_color=not color,
        color_system="auto" if color else None,
        markup=False,
        emoji=False,
        highlight=False,
        width=width,
        file=sys.stderr if stderr else sys.stdout,
    )


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``message`` on stderr (plain, no markup) and return an Exit to raise."""
    typer.echo(message, err=True)
    return typer.Exit(code)


@contextmanager
def guarded() -> Iterator[None]:
    """Turn a ``MomentaError`` into its one-line message(s) on stderr and exit code 1."""
    try:
        yield
    except EncounterError as err:
        for line in err.problems:
            typer.echo(one_line(line), err=True)
        raise typer.Exit(1) from None
    except MomentaError as err:
        # One line, whatever a name or a file's bytes inside the message hold.
        raise fail(one_line(str(err))) from None
