"""Commands for a fight at the table: run (interactive), resume, do (one-shot), status,
undo, redo, log (export). Every accepted command is saved in the fight file before its
result is shown (momenta_cli/journal.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from momenta_cli.cli.common import guarded, make_console
from momenta_cli.cli.prompt import Screen, loop
from momenta_cli.dice import SeededRoller
from momenta_cli.errors import JournalError, MomentaError
from momenta_cli.journal import (
    FightFile,
    atomic_write,
    default_fight_path,
    most_recent,
    outcome_record,
    set_aside,
)
from momenta_cli.render.export import FORMATS, export
from momenta_cli.render.status import lit, literal
from momenta_cli.runner import run_line

NoColor = Annotated[bool, typer.Option("--no-color", help="No colours (NO_COLOR works too).")]
Width = Annotated[int | None, typer.Option(help="Output width in columns.")]
Players = Annotated[bool, typer.Option("--players", help="Player-facing view: adversaries "
                                       "show a health label instead of numbers.")]
Seed = Annotated[int | None, typer.Option(help="Seed for the dice (default: random).")]
FightArg = Annotated[Path, typer.Argument(help="Saved fight file (*.fight.jsonl).")]


def _warn(ff: FightFile) -> None:
    for w in ff.warnings:
        typer.echo(literal(w), err=True)


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _title(console, ff: FightFile, resumed: bool) -> None:
    s = ff.session
    how = (f"resumed: {len(s.entries)} command{'s' if len(s.entries) != 1 else ''} "
           f"replayed from {ff.path}" if resumed else f"new fight, saved in {ff.path}")
    console.print(lit(s.encounter.name, "bold"))
    console.print(lit(how, "dim"))


def run(
    encounter: Annotated[Path, typer.Argument(help="Encounter YAML file.")],
    fight: Annotated[Path | None, typer.Option("--fight", help="Fight file (default: "
                                               "ENCOUNTER_STEM.fight.jsonl beside it).")
                     ] = None,
    resume: Annotated[bool | None, typer.Option("--resume/--new", help="Resume the saved "
                                                "fight, or set it aside and start anew "
                                                "(default: ask; without a terminal, resume).")
                      ] = None,
    seed: Seed = None,
    players: Players = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Run a fight at the table: an interactive prompt with completion and history.

    Every accepted command is saved at once; Ctrl-D or 'quit' leaves, 'help' lists the
    commands.

    Example: momenta run encounters/demo.yaml
    """
    from momenta_cli.encounter import load_encounter

    console = make_console(no_color=no_color, width=width)
    with guarded():
        enc = load_encounter(encounter)
        path = fight or default_fight_path(encounter)
        ff = None
        if path.exists():
            saved = FightFile.open(path)
            if resume is None:
                n = len(saved.session.entries)
                desc = (f"A saved fight is in {path} ({n} command{'s' if n != 1 else ''}, "
                        f"round {saved.session.state.round}).")
                if _interactive():
                    resume = typer.confirm(literal(desc) + " Resume it?", default=True)
                else:
                    typer.echo(literal(desc) + " Resuming it (--new starts anew).", err=True)
                    resume = True
            if resume:
                ff = saved
                here = str(Path(encounter).resolve())
                if saved.header.get("encounter_abs") not in (None, here):
                    typer.echo(literal(f"warning: {path} was started from "
                                       f"{saved.header.get('encounter_abs')}"), err=True)
            else:
                old = set_aside(path)
                typer.echo(literal(f"The old fight is kept as {old}."), err=True)
        if ff is None:
            ff = FightFile.create(path, encounter, enc)
    _warn(ff)
    _play(ff, console, seed, players, resumed=ff.records > 0)


def resume(
    fight: Annotated[Path | None, typer.Argument(help="Saved fight file (default: the most "
                                                 "recent *.fight.jsonl here).")] = None,
    seed: Seed = None,
    players: Players = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Pick up a saved fight at the prompt, exactly where it was left.

    Example: momenta resume encounters/demo.fight.jsonl
    """
    console = make_console(no_color=no_color, width=width)
    with guarded():
        ff = FightFile.open(fight or most_recent(Path.cwd()))
    _warn(ff)
    _play(ff, console, seed, players, resumed=True)


def _play(ff: FightFile, console, seed: int | None, players: bool, *, resumed: bool) -> None:
    screen = Screen(console, players=players)
    _title(console, ff, resumed)
    screen.table(ff.session.state)
    if _interactive():
        console.print(Text("Type 'help' for the commands; Tab completes; Ctrl-D leaves.",
                           style="dim"))
    loop(ff, screen, SeededRoller(seed))


def _one_shot(fight: Path, lines: list[str], seed: int | None, players: bool,
              no_color: bool, width: int | None) -> None:
    """Run ``lines`` against the saved fight, all or nothing: the first refused line
    leaves the file byte-identical and exits 1."""
    console = make_console(no_color=no_color, width=width)
    with guarded():
        ff = FightFile.open(fight)
    _warn(ff)
    screen = Screen(console, players=players)
    roller = SeededRoller(seed)
    records = []
    console.begin_capture()
    try:
        for line in lines:
            state = ff.session.state
            before = (state.round, state.active, state.active_turn, state.over)
            try:
                out = run_line(ff.session, line, roller)
            except Exception as err:
                console.end_capture()
                saved = "nothing was saved" if records else "nothing changed"
                what = str(err) if isinstance(err, MomentaError) else \
                    f"internal error: {type(err).__name__}: {err}"
                typer.echo(literal(f"{fight}: {line!r}: {what} ({saved})"), err=True)
                raise typer.Exit(1) from None
            rec = outcome_record(out)
            if rec is not None:
                records.append(rec)
            if out.meta is not None and out.meta.what == "quit":
                break
            screen.outcome(out, ff.session.state, before)
    except typer.Exit:
        raise
    except BaseException:
        console.end_capture()
        raise
    shown = console.end_capture()
    with guarded():
        ff.append_many(records)
    sys.stdout.write(shown)
    sys.stdout.flush()


def do(
    fight: FightArg,
    commands: Annotated[list[str], typer.Argument(help="One or more command lines, each "
                                                  "quoted: \"turn kira\" \"next\".")],
    seed: Seed = None,
    players: Players = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Run commands against a saved fight from the shell and save them.

    All or nothing: if any command is refused, none is saved and the exit code is 1.

    Example: momenta do encounters/demo.fight.jsonl "turn brannoc" "dmg gorm 4"
    """
    _one_shot(fight, commands, seed, players, no_color, width)


def status_cmd(
    fight: FightArg,
    players: Players = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Print the status table of a saved fight.

    Example: momenta status encounters/demo.fight.jsonl --players
    """
    console = make_console(no_color=no_color, width=width)
    with guarded():
        ff = FightFile.open(fight)
    _warn(ff)
    Screen(console, players=players).table(ff.session.state)


def undo(
    fight: FightArg,
    steps: Annotated[int, typer.Option("--steps", "-n", min=1, help="How many commands to "
                                       "take back.")] = 1,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Take back the last command(s) of a saved fight (redo puts them back).

    Example: momenta undo encounters/demo.fight.jsonl -n 2
    """
    _one_shot(fight, ["undo"] * steps, None, False, no_color, width)


def redo(
    fight: FightArg,
    steps: Annotated[int, typer.Option("--steps", "-n", min=1, help="How many commands to "
                                       "put back.")] = 1,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Put back undone command(s) of a saved fight, with their original dice.

    Example: momenta redo encounters/demo.fight.jsonl
    """
    _one_shot(fight, ["redo"] * steps, None, False, no_color, width)


def log(
    fight: FightArg,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, markdown or json (the "
                                     "same document as replay --json).")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file "
                                                "(atomically) instead of stdout.")] = None,
) -> None:
    """Export a saved fight's log: a recap for your notes, or JSON.

    Example: momenta log encounters/demo.fight.jsonl --format markdown -o recap.md
    """
    if fmt not in FORMATS and fmt != "md":
        raise typer.Exit(_bad_format(fmt))
    with guarded():
        ff = FightFile.open(fight)
        _warn(ff)
        text = export(ff.session, fmt)
        if output is None:
            sys.stdout.write(text)
            return
        try:
            atomic_write(output, text.encode("utf-8"))
        except OSError as err:
            raise JournalError(f"{output}: cannot write: {err.strerror}") from None


def _bad_format(fmt: str) -> int:
    typer.echo(f"unknown format {fmt!r}: use text, markdown or json", err=True)
    return 1


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command()(run)
    app.command()(resume)
    # A fight command may start with "-" (a typo, or "-2d"): pass it through, never as an
    # unknown option with exit code 2.
    app.command(context_settings={"ignore_unknown_options": True})(do)
    app.command("status")(status_cmd)
    app.command()(undo)
    app.command()(redo)
    app.command()(log)
