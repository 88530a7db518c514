"""Commands for a fight at the table: run (interactive), resume, do (one-shot), status,
undo, redo, log (export). Every accepted command is saved in the fight file before its
result is shown (momenta_cli/journal/)."""

from __future__ import annotations

import errno
import os
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from momenta_cli.cli.common import guarded, make_console
from momenta_cli.cli.prompt import Screen, loop
from momenta_cli.dice import SeededRoller
from momenta_cli.errors import JournalError, MomentaError
from momenta_cli.files import is_regular, why
from momenta_cli.journal import (
    SUFFIX,
    EncounterChanged,
    FightExists,
    FightFile,
    atomic_write,
    default_fight_path,
    locked,
    looks_like_fight,
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
# readable=False: click's own check would answer an unreadable file with its usage text;
# the fight file layer says what is wrong in one line instead.
FightArg = Annotated[Path, typer.Argument(help="Saved fight file (*.fight.jsonl).",
                                          readable=False)]
MAX_STEPS = 10000
UndoSteps = Annotated[int, typer.Option("--steps", "-n", min=1, max=MAX_STEPS,
                                        help=f"How many commands to take back (at most "
                                        f"{MAX_STEPS}; as many as there are when fewer).")]
RedoSteps = Annotated[int, typer.Option("--steps", "-n", min=1, max=MAX_STEPS,
                                        help=f"How many commands to put back (at most "
                                        f"{MAX_STEPS}; as many as there are when fewer).")]


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
    encounter: Annotated[Path, typer.Argument(help="Encounter YAML file.", readable=False)],
    fight: Annotated[Path | None, typer.Option("--fight", help="Fight file (default: "
                                               "ENCOUNTER_STEM.fight.jsonl beside it).",
                                               readable=False)] = None,
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
    with ExitStack() as stack:
        with guarded():
            if looks_like_fight(encounter):
                raise JournalError(f"{encounter}: this is a saved fight: use momenta resume "
                                   f"{encounter}")
            enc = load_encounter(encounter)
            path = fight or default_fight_path(encounter)
            stack.enter_context(locked(path))
            ff = None
            if path.exists():
                ff = _saved_or_fresh(path, encounter, resume)
            if ff is None:
                ff = FightFile.create(path, encounter, enc)
        _warn(ff)
        _play(ff, console, seed, players, resumed=ff.records > 0)


def _saved_or_fresh(path: Path, encounter: Path, resume: bool | None) -> FightFile | None:
    """The saved fight at ``path`` to resume, or None after setting it aside (``--new``,
    or the GM's choice)."""
    if resume is False:
        _set_aside(path)
        return None
    try:
        saved = FightFile.open(path)
    except EncounterChanged as err:
        if resume is None and _interactive():
            typer.echo(literal(str(err)), err=True)
            if typer.confirm("Start a new fight now (the old one is kept aside)?",
                             default=False):
                _set_aside(path)
                return None
            raise typer.Exit(1) from None
        raise
    if resume is None:
        n = len(saved.session.entries)
        desc = (f"A saved fight is in {path} ({n} command{'s' if n != 1 else ''}, "
                f"round {saved.session.state.round}).")
        if _interactive():
            resume = typer.confirm(literal(desc) + " Resume it?", default=True)
        else:
            typer.echo(literal(desc) + " Resuming it (--new starts anew).", err=True)
            resume = True
    if not resume:
        _set_aside(path)
        return None
    here = str(Path(encounter).resolve())
    if saved.header.get("encounter_abs") not in (None, here):
        typer.echo(literal(f"warning: {path} was started from "
                           f"{saved.header.get('encounter_abs')}"), err=True)
    return saved


def _set_aside(path: Path) -> None:
    old = set_aside(path)
    typer.echo(literal(f"The old fight is kept as {old}."), err=True)


def resume(
    fight: Annotated[Path | None, typer.Argument(help="Saved fight file (default: the most "
                                                 "recent *.fight.jsonl here).",
                                                 readable=False)] = None,
    seed: Seed = None,
    players: Players = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Pick up a saved fight at the prompt, exactly where it was left.

    Without FILE, the most recently saved fight here or in a subdirectory is resumed.

    Example: momenta resume encounters/demo.fight.jsonl
    """
    console = make_console(no_color=no_color, width=width)
    with ExitStack() as stack:
        with guarded():
            path = fight or most_recent(Path("."))
            stack.enter_context(locked(path))
            ff = FightFile.open(path)
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


def _one_shot(fight: Path, lines: list[str] | Callable[[FightFile], list[str]],
              seed: int | None, players: bool, no_color: bool, width: int | None,
              after: Callable[[FightFile, int], str | None] | None = None, *,
              start: Path | None = None) -> None:
    """Run ``lines`` against the saved fight, all or nothing: the first refused line
    leaves the file byte-identical and exits 1. ``lines`` may be worked out from the
    opened fight; ``after(ff, n)`` may add a closing line once ``n`` lines succeeded.

    ``start`` is the encounter to start the fight from if there is no fight file yet
    (``do ENCOUNTER.yaml``). Looking for the file, starting it, and taking it away again
    when the commands are refused all happen under the fight's lock, so two commands
    racing to start a fight never lose one another's work."""
    console = make_console(no_color=no_color, width=width)
    with ExitStack() as stack:
        with guarded():
            stack.enter_context(locked(fight, brief=True))
            ff = _open_or_start(fight, start)
        _warn(ff)
        todo = lines(ff) if callable(lines) else lines
        try:
            _run_lines(ff, fight, todo, console, seed, players)
        except typer.Exit as done:
            if done.exit_code:
                ff.remove_if_unused()  # only a file this command started, header only
            raise
        if ff.created_here:
            typer.echo(literal(f"new fight, saved in {fight}"), err=True)
        if after is not None:
            closing = after(ff, len(todo))
            if closing:
                console.print(lit(closing, "yellow"))


def _open_or_start(fight: Path, start: Path | None) -> FightFile:
    """The saved fight at ``fight``; with ``start``, a new one from that encounter when
    there is none yet (the caller holds the lock)."""
    if start is not None and not os.path.lexists(fight):
        from momenta_cli.encounter import load_encounter

        try:
            return FightFile.create(fight, start, load_encounter(start))
        except FightExists:
            pass  # started by a session that could not lock (no fcntl): continue it
    return FightFile.open(fight)


def _run_lines(ff: FightFile, fight: Path, lines: list[str], console, seed: int | None,
               players: bool) -> None:
    screen = Screen(console, players=players)
    roller = SeededRoller(seed)
    records: list[dict[str, Any]] = []
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
    for note in ff.take_notices():
        typer.echo(literal(f"note: {note}"), err=True)


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

    FIGHT is a fight file, or an encounter YAML file: then its fight file beside it
    (ENCOUNTER.fight.jsonl) is used, and started if there is none yet. All or nothing: if
    any command is refused, none is saved (a fight just started is not kept) and the exit
    code is 1.

    Example: momenta do encounters/demo.yaml "turn brannoc" "dmg gorm 4"
    """
    start = None
    if fight.suffix.lower() in (".yaml", ".yml"):
        start, fight = fight, default_fight_path(fight)
    _one_shot(fight, commands, seed, players, no_color, width, start=start)


def status_cmd(
    fight: FightArg,
    players: Players = False,
    watch: Annotated[bool, typer.Option("--watch", help="Follow the fight: redraw whenever "
                                        "the fight file changes (for a second screen); "
                                        "Ctrl-C leaves.")] = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Print the status table of a saved fight (read-only: allowed while it is open).

    Example: momenta status encounters/demo.fight.jsonl --players --watch
    """
    console = make_console(no_color=no_color, width=width)
    if watch:
        follow(fight, console, players=players)
        return
    with guarded():
        ff = FightFile.open(fight, repair=False)
    _warn(ff)
    Screen(console, players=players).table(ff.session.state)


class Watcher:
    """Redraws the status of ``fight`` when its file changes (modification time or
    size); ``poll`` is one check, so the redraw logic is tested without waiting."""

    def __init__(self, fight: Path, console, *, players: bool = False):
        self.fight = Path(fight)
        self.console = console
        self.players = players
        self.seen: tuple[int, int] | None | bool = False  # False: nothing drawn yet

    def _stamp(self) -> tuple[int, int] | None:
        try:
            st = self.fight.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size)

    def poll(self) -> bool:
        """Draw if the file changed since the last draw; True when it drew."""
        stamp = self._stamp()
        if stamp == self.seen:
            return False
        self.seen = stamp
        self.draw()
        return True

    def draw(self) -> None:
        c = self.console
        c.clear()
        try:
            ff = FightFile.open(self.fight, repair=False)
        except MomentaError as err:
            c.print(lit(f"{err} (watching for changes; Ctrl-C leaves)", "yellow"))
            return
        Screen(c, players=self.players).table(ff.session.state)
        for w in ff.warnings:  # damage is shown, the fight up to it
            c.print(lit(w, "yellow"))
        c.print(lit(f"watching {self.fight}; Ctrl-C leaves", "dim"))


def _nap(seconds: float) -> None:
    time.sleep(seconds)


def follow(fight: Path, console, *, players: bool = False, interval: float = 0.5,
           sleep: Callable[[float], None] | None = None) -> None:
    """``status --watch``: poll the fight file every ``interval`` seconds and redraw when
    it changed, until Ctrl-C (exit code 0)."""
    w = Watcher(fight, console, players=players)
    try:
        while True:
            w.poll()
            (sleep or _nap)(interval)
    except KeyboardInterrupt:
        return


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


def log(
    fight: FightArg,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, markdown or json (the "
                                     "same document as replay --json).")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file "
                                                "(atomically) instead of stdout.",
                                                readable=False)] = None,
) -> None:
    """Export a saved fight's log: a recap for your notes, or JSON.

    Example: momenta log encounters/demo.fight.jsonl --format markdown -o recap.md
    """
    if fmt not in FORMATS and fmt != "md":
        raise typer.Exit(_bad_format(fmt))
    with guarded():
        if output is not None and _same(output, fight):
            _check_output(output, fight, None)
        ff = FightFile.open(fight, repair=False)
        _warn(ff)
        text = export(ff.session, fmt)
        if output is None:
            sys.stdout.write(text)
            return
        _check_output(output, fight, ff.encounter_path)
        try:
            atomic_write(output, text.encode("utf-8"))
        except OSError as err:
            raise JournalError(f"{output}: cannot write: {_write_why(output, err)}"
                               ) from None


def _write_why(output: Path, err: OSError) -> str:
    if err.errno == errno.ENOENT and not output.parent.is_dir():
        return f"there is no directory {output.parent}"
    return why(err)


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def _check_output(output: Path, fight: Path, encounter: Path | None) -> None:
    """Refuse to export over the fight file, its encounter, or any existing fight file or
    encounter YAML; anything else may be overwritten (it is an export)."""
    if _same(output, fight):
        raise JournalError(f"{output}: refusing to write the log over the fight file "
                           f"itself; choose another output file")
    if encounter is not None and _same(output, encounter):
        raise JournalError(f"{output}: refusing to write the log over the fight's "
                           f"encounter; choose another output file")
    if output.exists() and not is_regular(output):
        what = "a directory" if output.is_dir() else "not a regular file"
        raise JournalError(f"{output}: is {what}; give the name of a file to write (or "
                           f"leave out -o to print the log)")
    name = output.name.lower()
    if output.exists() and (name.endswith(SUFFIX) or name.endswith((".yaml", ".yml"))):
        kind = "a saved fight" if name.endswith(SUFFIX) else "a YAML file"
        raise JournalError(f"{output}: refusing to overwrite {kind}; choose another "
                           f"output file")


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
