"""One-shot commands against a saved fight: do, undo, redo. All or nothing: a refused
line leaves the fight file byte-identical; every command reported saved is in it."""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from momenta_cli.cli.common import (
    FightArg,
    NoColor,
    Players,
    Seed,
    Width,
    guarded,
    make_console,
    warn,
)
from momenta_cli.text import clip, one_line

# The journal, the engine and the screen come in when a command runs (start-up time).
if TYPE_CHECKING:
    from momenta_cli.journal import FightFile

MAX_STEPS = 10000
UndoSteps = Annotated[int, typer.Option("--steps", "-n", min=1, max=MAX_STEPS,
                                        help=f"How many commands to take back (at most "
                                        f"{MAX_STEPS}; as many as there are when fewer).")]
RedoSteps = Annotated[int, typer.Option("--steps", "-n", min=1, max=MAX_STEPS,
                                        help=f"How many commands to put back (at most "
                                        f"{MAX_STEPS}; as many as there are when fewer).")]


def _one_shot(fight: Path, lines: list[str] | Callable[[FightFile], list[str]],
              seed: int | None, players: bool, no_color: bool, width: int | None,
              after: Callable[[FightFile, int], str | None] | None = None, *,
              start: Path | None = None, quiet: bool = False) -> None:
    """Run ``lines`` against the saved fight, all or nothing: the first refused line
    leaves the file byte-identical and exits 1. ``lines`` may be worked out from the
    opened fight; ``after(ff, n)`` may add a closing line once ``n`` lines succeeded.

    ``start`` is the encounter to start the fight from if there is no fight file yet
    (``do ENCOUNTER.yaml``). Looking for the file, starting it, and taking it away again
    when the commands are refused all happen under the fight's lock, so two commands
    racing to start a fight never lose one another's work."""
    from momenta_cli.journal import locked
    from momenta_cli.render import lit

    console = make_console(no_color=no_color, width=width)
    with ExitStack() as stack:
        with guarded():
            stack.enter_context(locked(fight, brief=True))
            ff = _open_or_start(fight, start)
        if ff.refusal is not None:  # damaged: nothing is saved until the GM repairs it
            typer.echo(one_line(ff.refusal), err=True)
            raise typer.Exit(1)
        warn(ff)
        todo = lines(ff) if callable(lines) else lines
        try:
            _run_lines(ff, fight, todo, console, seed, players, quiet)
        except typer.Exit as done:
            if done.exit_code:
                ff.remove_if_unused()  # only a file this command started, header only
            raise
        if ff.created_here:
            typer.echo(one_line(f"new fight, saved in {fight}"), err=True)
        if after is not None:
            closing = after(ff, len(todo))
            if closing:
                console.print(lit(closing, "yellow"))


def _open_or_start(fight: Path, start: Path | None) -> FightFile:
    """The saved fight at ``fight``; with ``start``, a new one from that encounter when
    there is none yet (the caller holds the lock)."""
    from momenta_cli.journal import FightExists, FightFile

    if start is not None and not os.path.lexists(fight):
        from momenta_cli.encounter import load_encounter_cached

        try:  # through the cache, so that the next one-shot finds the encounter there
            return FightFile.create(fight, start, load_encounter_cached(start))
        except FightExists:
            pass  # started by a session that could not lock (no fcntl): continue it
    return FightFile.open(fight, repair_on_save=True)  # all or nothing: see open


def _play(session: Any, fight: Path, lines: list[str], screen: Any, seed: int | None
          ) -> tuple[str, list[dict[str, Any]]]:
    """Run ``lines`` on ``session`` with the screen's console captured: ``(what it drew,
    the journal records of the accepted lines)``. All or nothing: a refused line prints
    its one-line error (nothing of the capture) and exits 1, before anything is saved."""
    from momenta_cli.cli.screen import mark
    from momenta_cli.engine.core import SeededRoller
    from momenta_cli.errors import MomentaError
    from momenta_cli.journal import outcome_records
    from momenta_cli.play import each_step, run_line

    console, roller = screen.console, SeededRoller(seed)
    records: list[dict[str, Any]] = []
    console.begin_capture()
    try:
        for line in each_step(session, lines):  # ``undo 2``: two records
            before = mark(session.state)
            try:
                out = run_line(session, line, roller, players=screen.players)
                _answerable(session.state, out, screen.players)
            except Exception as err:
                console.end_capture()
                saved = "nothing was saved" if records else "nothing changed"
                what = str(err) if isinstance(err, MomentaError) else \
                    f"internal error: {type(err).__name__}: {err}"
                typer.echo(one_line(f"{fight}: {clip(line)!r}: {what} ({saved})"), err=True)
                raise typer.Exit(1) from None
            records.extend(outcome_records(out))  # with the events it set off
            if out.leaves:
                break
            screen.outcome(out, session.state, before)
        screen.finish()
    except typer.Exit:
        raise
    except BaseException:
        console.end_capture()
        raise
    return console.end_capture(), records


def _run_lines(ff: FightFile, fight: Path, lines: list[str], console, seed: int | None,
               players: bool, quiet: bool = False) -> None:
    from momenta_cli.cli.screen import Screen

    # One table at the end, not one per turn change: only the last one is still true.
    screen = Screen(console, players=players, deferred=True, quiet=quiet)
    shown, records = _play(ff.session, fight, lines, screen, seed)
    with guarded():
        ff.append_many(records)
    try:
        console.file.write(shown)  # the console's stream: trimmed when not a terminal
        console.file.flush()
    except BrokenPipeError:
        raise
    except OSError as err:  # saved all the same: say so, or the GM would run them again
        from momenta_cli.storage import why

        typer.echo(one_line(f"{fight}: saved, but the output cannot be written: "
                            f"{why(err)}"), err=True)
    for note in ff.take_notices():
        typer.echo(one_line(f"note: {note}"), err=True)


def _answerable(fight: Any, out: Any, players: bool = False) -> None:
    """A ``path`` with no route, a ``los`` that cannot be answered (no map, a name that
    fits nobody) or a ``map NAME`` naming nobody is a refused line for ``do`` (exit 1),
    as at the prompt it is an ``!`` line: raises its ``MomentaError``. ``players``: the
    players' view asks ``path``, ``los`` and ``map NAME`` of the fight as they know it,
    so a Hidden enemy's name is refused exactly as one nobody has (R20, exit 1)."""
    from momenta_cli.language import Request

    meta = out.meta
    if meta is None or meta.what not in (Request.PATH, Request.LOS, Request.MAP):
        return
    if players:
        from momenta_cli.engine.core import known_to_players

        fight = known_to_players(fight)
    from momenta_cli.render import as_if

    fight = as_if(fight, meta)  # `los ... from C5`: a square it cannot stand on, refused
    if meta.what == Request.MAP:  # `map NAME`: a name that fits nobody is refused too
        if meta.arg is not None:
            from momenta_cli.engine.core import find_fighter

            find_fighter(fight, meta.arg)
    elif meta.what == Request.PATH:
        from momenta_cli.engine.movement import preview_walk

        preview_walk(fight, meta.command)
    else:
        from momenta_cli.engine.battlefield import sighting

        sighting(fight, meta.command)


def _previews_only(lines: list[str]) -> bool:
    """Whether every line only shows something (a line ending in ``?``, an ``odds``
    preview, ``help``, ``status``); any other line that does not parse is left to the
    usual path, which reports it."""
    from momenta_cli.errors import MomentaError
    from momenta_cli.language import Meta, Request, parse_line
    from momenta_cli.play.preview import strip_mark

    # the session lines that change nothing
    read_only = (Request.ODDS, Request.HELP, Request.STATUS, Request.MAP, Request.PATH,
                 Request.LOS, Request.FORECAST)
    for line in lines:
        if strip_mark(line) is not None:
            continue  # ``... ?``: a preview of any line (one that does not parse is
            # refused by the preview path just as by the usual one, exit 1)
        try:
            parsed = parse_line(line)
        except MomentaError:
            return False
        if not (isinstance(parsed, Meta) and parsed.what in read_only):
            return False
    return bool(lines)


def _preview(fight: Path, start: Path | None, lines: list[str], seed: int | None,
             players: bool, no_color: bool, width: int | None, quiet: bool) -> None:
    """Lines that only show something change nothing, so they take no lock and
    start no fight: a fight open at a prompt is read as ``momenta odds FIGHT`` reads it,
    and an encounter without a fight file yet is read fresh and leaves no file behind.
    All or nothing as ``do`` is: a refused line prints only its one-line error."""
    from momenta_cli.cli.screen import Screen
    from momenta_cli.journal import FightFile

    with guarded():
        if start is not None and not os.path.lexists(fight):
            from momenta_cli.encounter import load_encounter_cached
            from momenta_cli.engine.core import Session

            session = Session(load_encounter_cached(start))
        else:
            ff = FightFile.open(fight, repair=False, state_only=True)
            warn(ff)
            session = ff.session
    console = make_console(no_color=no_color, width=width)
    screen = Screen(console, players=players, deferred=True, quiet=quiet)
    shown, _ = _play(session, fight, lines, screen, seed)  # previews make no record
    console.file.write(shown)
    console.file.flush()


def do(
    fight: FightArg,
    commands: Annotated[list[str], typer.Argument(help="One or more command lines, each "
                                                  "quoted: \"turn kira\" \"next\".")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only what the "
                                        "commands did: no status table (unless a "
                                        "command is 'status').")] = False,
    seed: Seed = None,
    players: Players = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Run commands against a saved fight from the shell and save them.

    FIGHT is a fight file, or an encounter YAML file: then its fight file beside it
    (ENCOUNTER.fight.jsonl) is used, and started if there is none yet. All or nothing: if
    any command is refused, none is saved (a fight just started is not kept) and the exit
    code is 1. A command ending in " ?" is previewed: it shows what the command would do
    (pools, reactions, cost, or "not allowed: ...") and does nothing. Lines that are all
    previews (" ?", odds, help, status, map, path, los) change nothing: they start no
    fight and read a fight even while it is open at a prompt; a path with no route or a
    los with no answer is refused like a command.

    The status table is drawn once, at the end, when a command moved the turn on;
    --quiet leaves it out.

    Example: momenta do encounters/demo.yaml "turn brannoc" "attack gorm ?"
    """
    from momenta_cli.journal import default_fight_path

    start = None
    if fight.suffix.lower() in (".yaml", ".yml"):
        start, fight = fight, default_fight_path(fight)
    if _previews_only(commands):
        _preview(fight, start, commands, seed, players, no_color, width, quiet)
        return
    _one_shot(fight, commands, seed, players, no_color, width, start=start, quiet=quiet)


def _repeat(verb: str, steps: int) -> tuple[Callable[[FightFile], list[str]],
                                            Callable[[FightFile, int], str | None]]:
    """``undo``/``redo`` ``steps`` times, or as many times as possible (at least once, so
    that nothing to do is refused as usual)."""

    def available(ff: FightFile) -> int:
        s = ff.session
        return len(s.entries) if verb == "undo" else len(s.undone)

    def lines(ff: FightFile) -> list[str]:
        return [verb] * max(1, min(steps, available(ff)))

    def after(ff: FightFile, done: int) -> str | None:
        if done >= steps:
            return None
        past = "undid" if verb == "undo" else "redid"
        return (f"{past} {done} command{'s' if done != 1 else ''} "
                f"(nothing more to {verb})")

    return lines, after


def undo(
    fight: FightArg,
    steps: UndoSteps = 1,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Take back the last command(s) of a saved fight (redo puts them back).

    Example: momenta undo encounters/demo.fight.jsonl -n 2
    """
    lines, after = _repeat("undo", steps)
    _one_shot(fight, lines, None, False, no_color, width, after)


def redo(
    fight: FightArg,
    steps: RedoSteps = 1,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Put back undone command(s) of a saved fight, with their original dice.

    Example: momenta redo encounters/demo.fight.jsonl
    """
    lines, after = _repeat("redo", steps)
    _one_shot(fight, lines, None, False, no_color, width, after)


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    # A fight command may start with "-" (a typo, or "-2d"): pass it through, never as an
    # unknown option with exit code 2.
    app.command(context_settings={"ignore_unknown_options": True})(do)
    app.command()(undo)
    app.command()(redo)
