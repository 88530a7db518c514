"""The interactive commands: run (start or continue a fight at the prompt) and resume.
Every accepted command is saved in the fight file before its result is shown
(momenta_cli/journal/)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from momenta_cli.cli.common import (
    NoColor,
    Players,
    Seed,
    Width,
    guarded,
    make_console,
    warn,
)
from momenta_cli.text import one_line

# The prompt, the journal and the engine come in when a command runs (start-up time).
if TYPE_CHECKING:
    from momenta_cli.journal import FightFile
    from momenta_cli.web import Serving


AskAnswers = Annotated[bool | None, typer.Option(
    "--ask/--no-ask", help="Ask the table's questions (the players' pick; an attack's "
    "reaction, dice and Brace) even when standard input is not a terminal, reading each "
    "answer from the next input line; --no-ask never asks (default: ask at a terminal).")]


ServePage = Annotated[bool, typer.Option("--serve", help="Serve the players' screen from "
                                        "this prompt too (as momenta serve does): a live "
                                        "page of the fight for a TV or the players' phones; "
                                        "it prints the address and a QR code first.")]
ServePort = Annotated[int, typer.Option("--port", min=0, max=65535, help="With --serve: "
                                        "the port (default 8000; 0: any free port).")]
ServeLan = Annotated[bool, typer.Option("--lan", help="With --serve: serve to this network, "
                                        "the address carrying a random token (in the QR "
                                        "code); without --lan only this machine can see it.")]


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _title(console, ff: FightFile, resumed: bool) -> None:
    from momenta_cli.render import lit

    s = ff.session
    how = (f"resumed: {len(s.entries)} command{'s' if len(s.entries) != 1 else ''} "
           f"replayed from {ff.path}" if resumed else f"new fight, saved in {ff.path}"
           if ff.created_here else f"a saved fight with no commands yet: {ff.path}")
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
    ask: AskAnswers = None,
    no_color: NoColor = False,
    width: Width = None,
    serve: ServePage = False,
    port: ServePort = 8000,
    lan: ServeLan = False,
) -> None:
    """Run a fight at the table: an interactive prompt with completion and history.

    Every accepted command is saved at once; Ctrl-D or 'quit' leaves, 'help' lists the
    commands. An attack that names no reaction, dice or Brace asks for them when the
    rules decide them (Ctrl-C at a question cancels the command). --serve serves the
    players' screen from this process while the prompt runs.

    Example: momenta run encounters/demo.yaml
    """
    from momenta_cli.encounter import load_encounter_cached as load_encounter
    from momenta_cli.errors import JournalError
    from momenta_cli.journal import FightFile, default_fight_path, locked, looks_like_fight

    if (lan or port != 8000) and not serve:
        raise typer.BadParameter("--port and --lan say how to serve: add --serve",
                                 param_hint="'--port/--lan'")
    console = make_console(no_color=no_color, width=width)
    with ExitStack() as stack:
        with guarded():
            if looks_like_fight(encounter):
                raise JournalError(f"{encounter}: this is a saved fight: use momenta resume "
                                   f"{encounter}")
            enc = load_encounter(encounter)
            path = fight or default_fight_path(encounter)
            if path.exists() and not looks_like_fight(path):  # never set aside a non-fight
                raise JournalError(f"{path}: not a saved fight: --fight names the fight file "
                                   f"(*.fight.jsonl) to start or resume")
            stack.enter_context(locked(path))
            # The port is had before the fight is started or set aside: a port in use
            # is one line and changes nothing.
            serving = _serving(path, port, lan) if serve else None
            if serving is not None:
                stack.callback(serving.stop)  # the port is let go however this ends
            ff = None
            if path.exists():
                ff = _saved_or_fresh(path, encounter, resume, ask)
            if ff is None:
                ff = FightFile.create(path, encounter, enc)
        warn(ff)
        if serving is not None:
            typer.echo(serving.start().banner().rstrip("\n"))
        _play(ff, console, seed, players, resumed=ff.records > 0, ask=ask,
              news=serving.take_news if serving is not None else None)


def _serving(path: Path, port: int, lan: bool) -> Serving:
    """The players' screen of the fight at ``path``, its port bound (``ServeError``);
    started once the prompt is about to open (``run --serve``)."""
    from momenta_cli.web import Serving

    # What the players' screen has to tell the GM (a fight file gone, a damaged journal)
    # waits for the next prompt (``take_news``): printed from the server's thread it
    # would tear the line the GM is typing.
    serving = Serving(path, port=port, lan=lan, hold_news=True)
    serving.bind()
    return serving


def _saved_or_fresh(path: Path, encounter: Path, resume: bool | None,
                    ask: bool | None = None) -> FightFile | None:
    """The saved fight at ``path`` to resume, or None after setting it aside (``--new``,
    or the GM's choice). A damaged one is repaired first, if the GM says so."""
    from momenta_cli.journal import EncounterChanged, FightFile

    if resume is False:
        _set_aside(path)
        return None
    try:
        saved = FightFile.open(path)
    except EncounterChanged as err:
        if resume is None and _interactive():
            typer.echo(one_line(str(err)), err=True)
            if typer.confirm("Start a new fight now (the old one is kept aside)?",
                             default=False):
                _set_aside(path)
                return None
            raise typer.Exit(1) from None
        raise
    _settle_damage(saved, ask)
    if resume is None and saved.records == 0:
        resume = True  # nothing in it to keep or lose: no question (the title says it)
    if resume is None:
        n = len(saved.session.entries)
        desc = (f"A saved fight is in {path} ({n} command{'s' if n != 1 else ''}, "
                f"round {saved.session.state.round}).")
        if _interactive():
            resume = typer.confirm(_wrapped(one_line(desc) + " Resume it?", str(path),
                                            len(" [Y/n]: ")), default=True)
        else:
            typer.echo(_wrapped(one_line(desc) + " Resuming it (--new starts anew).",
                                str(path)), err=True)
            resume = True
    if not resume:
        _set_aside(path)
        return None
    here = str(Path(encounter).resolve())
    if saved.header.get("encounter_abs") not in (None, here):
        typer.echo(one_line(f"warning: {path} was started from "
                           f"{saved.header.get('encounter_abs')}"), err=True)
    return saved


def _wrapped(text: str, path: str, after: int = 0) -> str:
    """``text`` in lines of the terminal's width (80 when it has none), ``after`` cells
    left free on the last one (the ``[Y/n]: `` typer adds), each continuation indented;
    ``path`` is never cut (a path too long for a line is left to the terminal)."""
    import shutil

    from momenta_cli.render import hang

    width = shutil.get_terminal_size((80, 24)).columns
    keep = [one_line(path)]
    lines = hang(text, width, rest="  ", keep=keep)
    if len(lines[-1]) + after > width:
        lines = hang(text, width - after, rest="  ", keep=keep)
    return "\n".join(lines)


def _settle_damage(ff: FightFile, ask: bool | None) -> None:
    """A fight file damaged so that records the GM saw saved are not what they were
    (journal/salvage.py): nothing is written to it until the GM says so. At a terminal
    (or from a pipe with --ask) the damage is listed and the GM asked whether to repair
    it; otherwise the one line ``do`` says, and exit 1. Either way no answer but yes
    changes anything."""
    refusal = ff.refusal
    if refusal is None:
        return
    if not (ask is True or (ask is None and _interactive())):
        typer.echo(one_line(f"{refusal}; or resume it at a terminal (or with --ask) to be "
                            f"asked"), err=True)
        raise typer.Exit(1)
    warn(ff)
    ff.warnings = []  # said once, here
    if not typer.confirm("Repair the fight file now (keep the commands that still apply, "
                         "as listed; the damaged original is kept as a copy)?",
                         default=False):
        typer.echo(one_line(f"{ff.path}: not repaired; nothing changed ('momenta repair "
                            f"{ff.path}' repairs it)"), err=True)
        raise typer.Exit(1)
    with guarded():
        said = ff.repair()
    ff.warnings = []
    typer.echo(one_line(said[0]), err=True)


def _set_aside(path: Path) -> None:
    from momenta_cli.journal import set_aside

    old = set_aside(path)
    typer.echo(one_line(f"The old fight is kept as {old}."), err=True)


def resume(
    fight: Annotated[Path | None, typer.Argument(help="Saved fight file (default: the most "
                                                 "recent *.fight.jsonl here).",
                                                 readable=False)] = None,
    seed: Seed = None,
    players: Players = False,
    ask: AskAnswers = None,
    serve: ServePage = False,
    port: ServePort = 8000,
    lan: ServeLan = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Pick up a saved fight at the prompt, exactly where it was left.

    Without FILE, the most recently saved fight here or in a subdirectory is resumed.
    --serve serves the players' screen from this prompt too, as run --serve does.

    Example: momenta resume encounters/demo.fight.jsonl --serve
    """
    from momenta_cli.journal import FightFile, locked, most_recent

    if (lan or port != 8000) and not serve:
        raise typer.BadParameter("--port and --lan say how to serve: add --serve",
                                 param_hint="'--port/--lan'")
    console = make_console(no_color=no_color, width=width)
    with ExitStack() as stack:
        with guarded():
            path = fight or most_recent(Path("."))
            stack.enter_context(locked(path))
            ff = FightFile.open(path)
            _settle_damage(ff, ask)
            serving = _serving(path, port, lan) if serve else None
            if serving is not None:
                stack.callback(serving.stop)  # the port is let go however this ends
        warn(ff)
        if serving is not None:
            typer.echo(serving.start().banner().rstrip("\n"))
        _play(ff, console, seed, players, resumed=True, ask=ask,
              news=serving.take_news if serving is not None else None)


def _play(ff: FightFile, console, seed: int | None, players: bool, *, resumed: bool,
          ask: bool | None = None, news: Callable[[], list[str]] | None = None) -> None:
    from rich.text import Text

    from momenta_cli.cli.prompt import loop
    from momenta_cli.cli.screen import Screen
    from momenta_cli.engine.core import SeededRoller

    screen = Screen(console, players=players)
    _title(console, ff, resumed)
    screen.table(ff.session.state)
    if _interactive():
        console.print(Text("Type 'help' for the commands; Tab completes; Ctrl-D leaves.",
                           style="dim"))
    loop(ff, screen, SeededRoller(seed), questions=ask, news=news)


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command()(run)
    app.command()(resume)
