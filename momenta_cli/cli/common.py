"""Helpers shared by the CLI commands: consoles and turning errors into one line."""

from __future__ import annotations

import builtins
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from momenta_cli.errors import EncounterError, MomentaError
from momenta_cli.text import one_line

# Start-up is what a GM feels: this module is imported by every command, `--help`
# included, so Rich's console and the journal come in only when a command uses them.
if TYPE_CHECKING:
    from rich.console import Console

    from momenta_cli.engine.core import EncounterSpec, Fight
    from momenta_cli.journal import FightFile

# Options shared by the fight commands (one definition, so they read the same everywhere).
NoColor = Annotated[bool, typer.Option("--no-color", help="No colours (NO_COLOR works too).")]
Width = Annotated[int | None, typer.Option("--width", min=40, max=1000,
                                           help="Output width in columns (40-1000).")]
Players = Annotated[bool, typer.Option("--players", help="Player-facing view: adversaries "
                                       "show a health label instead of numbers.")]
Seed = Annotated[int | None, typer.Option(help="Seed for the dice (default: random).")]
# readable=False: click's own check would answer an unreadable file with its usage text;
# the fight file layer says what is wrong in one line instead.
FightArg = Annotated[Path, typer.Argument(help="Saved fight file (*.fight.jsonl).",
                                          readable=False)]


def make_console(*, stderr: bool = False, no_color: bool = False, width: int | None = None
                 ) -> Console:
    """A Rich console honouring ``--no-color`` and ``NO_COLOR``; markup is off so that
    names from files are printed literally. Output that is not a terminal gets no
    trailing spaces (cli/trim.py)."""
    from rich.console import Console

    color = not no_color and "NO_COLOR" not in os.environ
    out = sys.stderr if stderr else sys.stdout
    if not _isatty(out):  # a pipe or a file: no padding at the ends of lines
        from momenta_cli.cli.trim import Trimmed

        out = Trimmed(out)  # type: ignore[assignment]
    return Console(
        stderr=stderr,
        no_color=not color,
        color_system="auto" if color else None,
        markup=False,
        emoji=False,
        highlight=False,
        width=width,
        file=out,
    )


def plain_width(width: int | None = None) -> int | None:
    """The width Rich's console would take to print to standard output (``--width``,
    else ``COLUMNS``, else a standard stream's terminal, else 80), when standard output
    is a pipe or a file Rich would write plain text to; None where Rich would decide
    more than that (a terminal, FORCE_COLOR or TTY_COMPATIBLE, Jupyter, Windows, an odd
    width): draw with Rich then. Start-up (docs/speed.md): what ``print_plain`` and a
    piped ``status`` need to write without importing Rich's console."""
    env = os.environ
    if (sys.platform == "win32" or _isatty(sys.stdout) or "FORCE_COLOR" in env
            or "TTY_COMPATIBLE" in env or hasattr(builtins, "get_ipython")):
        return None
    if width is None:  # rich.console.Console: __init__ and size
        columns = env.get("COLUMNS")
        if columns is not None and columns.isdigit():
            width = int(columns)
        else:
            for fd in (0, 1, 2):
                try:
                    width = os.get_terminal_size(fd).columns
                except (AttributeError, ValueError, OSError):
                    continue
                break
            width = width or 80
    return width if width >= 1 else None


def write_plain(lines: list[str]) -> None:
    """``lines`` on standard output in one write, no line ending in a space (as
    cli/trim.py leaves what Rich prints to a pipe)."""
    sys.stdout.write("".join(line.rstrip(" ") + "\n" for line in lines))
    sys.stdout.flush()


def print_plain(lines: list[str], keep: tuple[str, ...] = (), width: int | None = None
                ) -> bool:
    """Print ``lines`` (each in no style) to a pipe or a file, byte for byte as
    ``screen.block`` draws ``lit`` of each through ``make_console(width=width)``, without
    importing Rich's console (start-up: ``los`` and ``path``, docs/speed.md): each line
    cut at the width Rich would take (``plain_width``) with the same hanging indent
    (render/line_cut.py), no spaces at the ends (cli/trim.py). Where Rich would decide
    more than that it prints nothing and returns False: draw with Rich then."""
    width = plain_width(width)
    if width is None:
        return False
    from rich.cells import cell_len

    from momenta_cli.render import hang

    out = []
    for text in lines:
        text = one_line(text)
        lead = len(text) - len(text.lstrip(" "))
        out += hang(text[lead:], width, first=text[:lead], keep=keep)
    if any(cell_len(line) > width for line in out):
        return False  # a piece Rich would fold again: its own rules
    write_plain(out)
    return True


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or odd stream: treat it as a file
        return False


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


@contextmanager
def prefixed(path: Path | str) -> Iterator[None]:
    """As ``guarded``, a rule or command refusal said as ``do`` says it: ``PATH: why``."""
    try:
        yield
    except EncounterError:
        with guarded():
            raise
    except MomentaError as err:
        raise fail(one_line(f"{path}: {err}")) from None


def load_playable(path: Path, what: str) -> EncounterSpec:
    """The encounter at ``path``; a library file (weapons, stat blocks, no combatants)
    refused in one line instead of its missing fields, ``what`` saying what the command
    reads ("simulate plays encounters"). Raises what ``guarded`` turns into lines."""
    from momenta_cli.encounter import load_checked, load_encounter

    loaded = load_checked(path, library_ok=True)
    if loaded.library and not loaded.problems:
        raise EncounterError([f"{path}: a library (weapons, stat blocks), not an "
                              f"encounter: {what}"])
    return load_encounter(path)


def warn(ff: FightFile) -> None:
    """Print a fight file's warnings (damage found, an edited encounter) on stderr."""
    for w in ff.warnings:
        typer.echo(one_line(w), err=True)


def read_fight(path: Path, what: str) -> Fight:
    """The fight as it stands in a saved fight, or as it starts from an encounter (read
    only: no lock, nothing written); ``what`` says what the command reads, for the
    refusal of a library file."""
    from momenta_cli.journal import SUFFIX, FightFile

    if path.name.lower().endswith(SUFFIX):
        ff = FightFile.open(path, repair=False, state_only=True)
        warn(ff)
        return ff.session.state
    from momenta_cli.engine.core import Session

    return Session(load_playable(path, what)).state
