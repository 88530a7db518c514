"""The ``momenta`` Typer application: global options and command registration.

``momenta COMMAND ...`` imports only the module that defines COMMAND (``COMMANDS``): each
module's Typer signatures cost a few milliseconds to import, and a GM feels every one of
them on ``status``. Anything else (``--help``, a mistyped command, tests) gets the whole
application, ``app``.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from typing import Annotated, Any

import typer

from momenta_cli import __version__
from momenta_cli.text import one_line

# Each command and the module of momenta_cli.cli that registers it, in the order of
# ``momenta --help``. tests/test_startup_imports.py checks it against what each module
# registers, so it cannot go stale.
COMMANDS: dict[str, str] = {
    "validate": "encounter_cmds", "show": "encounter_cmds", "schema": "encounter_cmds",
    "rules": "encounter_cmds",
    "replay": "replay_cmd",
    "run": "session_cmds", "resume": "session_cmds",
    "do": "oneshot_cmds", "undo": "oneshot_cmds", "redo": "oneshot_cmds",
    "status": "view_cmds", "log": "view_cmds", "repair": "repair_cmd",
    "serve": "serve_cmd",
    "odds": "odds_cmd",
    "map": "map_cmd",
    "los": "query_cmds", "path": "query_cmds",
    "simulate": "simulate_cmd",
    "party": "party_cmd",
}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"momenta {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Combat tracker for the Momenta tabletop RPG."""


def build(command: str | None = None) -> typer.Typer:
    """The application with every command, or with only the commands of the module that
    registers ``command`` (a name in ``COMMANDS``)."""
    application = typer.Typer(
        name="momenta",
        help="Combat tracker for the Momenta tabletop RPG.",
        no_args_is_help=True,
        add_completion=False,
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    application.callback()(_root)
    modules = [COMMANDS[command]] if command in COMMANDS else dict.fromkeys(COMMANDS.values())
    for name in modules:
        import_module(f"momenta_cli.cli.{name}").register(application)
    return application


def __getattr__(name: str) -> Any:
    # ``app``: the whole application, built the first time it is asked for.
    if name == "app":
        globals()["app"] = application = build()
        return application
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console-script entry point. A usage mistake (a missing argument, ``--width 0``) is
    one line on stderr and exit code 2, like every other refusal: the command's ``-h``
    has the details. Ctrl-C that no command handles (in its first instants, while it
    loads) ends it quietly with exit code 130, never with a traceback."""
    _no_collection_at_exit()
    if sys.stdout is None:  # started with standard output closed (`momenta status F >&-`)
        if sys.stderr is not None:
            sys.stderr.write("momenta: cannot write the output: standard output is closed\n")
        sys.exit(1)
    _plain_encodings()
    try:
        _main()
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)


def _plain_encodings() -> None:
    """A standard stream whose encoding cannot write every character (``LANG=C`` on an
    old system, PYTHONIOENCODING=ascii) shows ``?`` for what it cannot encode (the
    status table's bars, a name's accents) rather than failing mid-table with a
    traceback."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if stream is not None and encoding not in ("utf8", "utf8sig"):
            try:
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]
            except (AttributeError, ValueError):  # not a text stream of io's
                pass


def _no_collection_at_exit() -> None:
    """Have the interpreter's shutdown leave this process's objects to the OS: ``gc.freeze``
    as the last exit handler (registered first, so it runs after every handler a command
    registers).

    As it shuts down, the interpreter clears every module and runs the cyclic garbage
    collector to take apart what they held, object by object: about 8 ms of any command
    (Typer's, Rich's and click's objects), about 25 ms once pydantic's models are built
    (a first `validate`: docs/speed.md). Frozen, they are not collected; the process is
    ending and the OS takes its memory back whole. Nothing written is lost: standard
    output and standard error are flushed as before, our files are closed (and fsynced)
    where they are written, and every exit handler has run by then."""
    import atexit
    import gc

    atexit.register(gc.freeze)


def _main() -> None:
    import typer.core

    # The click Typer runs on: its own copy in newer Typers, the click package before.
    click = getattr(typer.core, "_click", None) or typer.core.click  # type: ignore[attr-defined]
    aborts = (typer.Abort, getattr(click.exceptions, "Abort", typer.Abort))
    # The whole application when this process already has it (tests); else only the
    # command asked for, when the first argument names one.
    application = globals().get("app") or build(sys.argv[1] if len(sys.argv) > 1 else None)
    try:
        code = application(standalone_mode=False)
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
        from momenta_cli.storage import why

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
