"""The ``momenta`` Typer application: global options and command registration."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from momenta_cli import __version__
from momenta_cli.cli import (
    encounter_cmds,
    fight_cmds,
    map_cmd,
    odds_cmd,
    oneshot_cmds,
    query_cmds,
    session_cmds,
    simulate_cmd,
    view_cmds,
)
from momenta_cli.text import one_line

app = typer.Typer(
    name="momenta",
    help="Combat tracker for the Momenta tabletop RPG.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"momenta {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Combat tracker for the Momenta tabletop RPG."""


encounter_cmds.register(app)
fight_cmds.register(app)
session_cmds.register(app)
oneshot_cmds.register(app)
view_cmds.register(app)
odds_cmd.register(app)
map_cmd.register(app)
query_cmds.register(app)
simulate_cmd.register(app)


def main() -> None:
    """Console-script entry point. A usage mistake (a missing argument, ``--width 0``) is
    one line on stderr and exit code 2, like every other refusal: the command's ``-h``
    has the details."""
    import typer.core

    # The click Typer runs on: its own copy in newer Typers, the click package before.
    click = getattr(typer.core, "_click", None) or typer.core.click  # type: ignore[attr-defined]
    aborts = (typer.Abort, getattr(click.exceptions, "Abort", typer.Abort))
    try:
        code = app(standalone_mode=False)
    except click.exceptions.UsageError as err:
        if type(err).__name__ == "NoArgsIsHelpError" and err.ctx is not None:
            typer.echo(err.ctx.get_help())  # plain `momenta`: the help, as asked for
            sys.exit(0)
        where = err.ctx.command_path if err.ctx is not None else "momenta"
        typer.echo(one_line(f"{where}: {err.format_message()} (see {where} -h)"), err=True)
        sys.exit(2)
    except aborts:  # Ctrl-C or end of input at a question
        typer.echo("", err=True)
        sys.exit(1)
    except KeyboardInterrupt:  # Ctrl-C while working: no traceback for the GM
        typer.echo("", err=True)
        sys.exit(130)
    except BrokenPipeError:  # `momenta replay ... | head`: the reader has gone
        _quiet_stdout()
        sys.exit(1)
    except OSError as err:  # the output cannot be written (`> /dev/full`, a dead disk)
        from momenta_cli.files import why

        _quiet_stdout()
        typer.echo(one_line(f"momenta: cannot write the output: {why(err)}"), err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def _quiet_stdout() -> None:
    # Whatever is still buffered for the closed pipe must not fail again at exit.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
