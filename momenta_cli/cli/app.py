"""The ``momenta`` Typer application: global options and command registration."""

from __future__ import annotations

from typing import Annotated

import typer

from momenta_cli import __version__
from momenta_cli.cli import encounter_cmds, fight_cmds, oneshot_cmds, session_cmds, view_cmds

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


def main() -> None:
    """Console-script entry point."""
    app()
