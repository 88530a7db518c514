"""Read-only commands on a saved fight: status (once, or following it with --watch) and
log (an export). They never write or rename the fight file."""

from __future__ import annotations

import errno
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from momenta_cli.cli.common import (
    FightArg,
    NoColor,
    Players,
    Width,
    guarded,
    make_console,
    plain_width,
    warn,
    write_plain,
)
from momenta_cli.errors import JournalError
from momenta_cli.storage import is_regular, why
from momenta_cli.text import one_line

# The journal, the engine and the tables come in when a command runs (start-up time).


def status_cmd(
    fight: FightArg,
    players: Players = False,
    watch: Annotated[bool, typer.Option("--watch", help="Follow the fight: redraw whenever "
                                        "the fight file changes (for a second screen); "
                                        "Ctrl-C leaves.")] = False,
    no_color: NoColor = False,
    width: Width = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the status document as "
                                          "JSON instead (docs/json.md): with --players, "
                                          "the players' view the players' screen is "
                                          "drawn from; without, the GM's.")] = False,
    no_map: Annotated[bool, typer.Option("--no-map", help="With --players: the table "
                                         "alone, without the battlefield under it (a "
                                         "short screen).")] = False,
) -> None:
    """Print the status table of a saved fight (read-only: allowed while it is open).

    Example: momenta status encounters/demo.fight.jsonl --players --watch

    Example: momenta status encounters/demo.fight.jsonl --players --json
    """
    if as_json:
        if watch:
            raise typer.BadParameter("--json prints the document once; leave out --watch",
                                     param_hint="'--json'")
        status_json(fight, players=players)
        return
    from momenta_cli.journal import FightFile

    if watch:
        follow(fight, make_console(no_color=no_color, width=width), players=players,
               battlemap=not no_map)
        return
    with guarded():
        ff = FightFile.open(fight, repair=False, state_only=True)
    warn(ff)
    state = ff.session.state
    shown = plain_width(width)  # a pipe or a file: the same bytes without Rich's console
    if shown is not None:
        from momenta_cli.render import plain_status

        lines = plain_status(state, shown, players=players, battlemap=not no_map)
        if lines is not None:
            write_plain(lines)
            return
    from momenta_cli.cli.screen import Screen

    console = make_console(no_color=no_color, width=width)
    Screen(console, players=players, battlemap=not no_map).table(state)


def status_json(fight: Path, *, players: bool) -> None:
    """``status --json``: the status document (projection/document.py) of the fight as
    its file holds it, as JSON on stdout; damage found in the file is said on stderr,
    the fight up to it printed."""
    import json

    from momenta_cli.journal import FightFile
    from momenta_cli.projection import status_document
    from momenta_cli.text import json_safe

    with guarded():
        ff = FightFile.open(fight, repair=False)  # the entries too: the last results
    warn(ff)
    doc = status_document(ff.session.state, ff.session.entries, players=players,
                          records=ff.records)
    sys.stdout.write(json_safe(json.dumps(doc, indent=2, ensure_ascii=False)) + "\n")


class Watcher:
    """Redraws the status of ``fight`` when its file changes (modification time or
    size); ``poll`` is one check, so the redraw logic is tested without waiting."""

    def __init__(self, fight: Path, console, *, players: bool = False,
                 battlemap: bool = True):
        self.fight = Path(fight)
        self.console = console
        self.players = players
        self.battlemap = battlemap
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
        """Clear the screen and show the fight as its file now holds it (``show``), with
        any damage found in the file, or the one line saying why it cannot be read."""
        from momenta_cli.errors import MomentaError
        from momenta_cli.journal import FightFile
        from momenta_cli.render import lit

        c = self.console
        c.clear()
        try:
            ff = FightFile.open(self.fight, repair=False, state_only=True)
        except MomentaError as err:
            c.print(lit(f"{err} (watching for changes; Ctrl-C leaves)", "yellow"))
            return
        self.show(ff.session.state)
        for w in ff.warnings:  # damage is shown, the fight up to it
            c.print(lit(w, "yellow"))
        c.print(lit(f"watching {self.fight}; Ctrl-C leaves", "dim"))

    def show(self, state) -> None:
        """What is drawn of the fight: the status table (a subclass draws something
        else, e.g. the map)."""
        from momenta_cli.cli.screen import Screen

        Screen(self.console, players=self.players, battlemap=self.battlemap).table(state)


def _nap(seconds: float) -> None:
    time.sleep(seconds)


def follow(fight: Path, console, *, players: bool = False, interval: float = 0.5,
           sleep: Callable[[float], None] | None = None,
           watcher: Watcher | None = None, battlemap: bool = True) -> None:
    """``status --watch`` (or ``watcher``'s own screen, e.g. ``map --watch``): poll the
    fight file every ``interval`` seconds and redraw when it changed, until Ctrl-C (exit
    code 0)."""
    w = watcher or Watcher(fight, console, players=players, battlemap=battlemap)
    try:
        while True:
            w.poll()
            (sleep or _nap)(interval)
    except KeyboardInterrupt:
        return


def log(
    fight: FightArg,
    fmt: Annotated[str, typer.Option("--format", "-f", help="text, markdown, json (the "
                                     "same document as replay --json) or script (a "
                                     "replay script with every die written).")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write to this file "
                                                "(atomically) instead of stdout; '-' is "
                                                "stdout (a file named - is ./-).",
                                                readable=False)] = None,
    full: Annotated[bool, typer.Option("--full", help="Markdown: add every command and its "
                                       "log as an appendix to the recap (text and JSON "
                                       "always hold them).")] = False,
    width: Annotated[int | None, typer.Option("--width", min=40, max=1000, help="Text: "
                                              "wrap lines to this many columns (default: "
                                              "the terminal's, 80 when piped).")] = None,
) -> None:
    """Export a saved fight's log: campaign notes in Markdown (a heading per round with its
    Wounds, Defeats, new conditions, notes and big hits, then the state at the end), the
    plain text log, JSON, or a replay script: every command as the journal stands, its
    dice written, so 'momenta replay ENCOUNTER SCRIPT' plays the same fight under any seed.

    Example: momenta log encounters/demo.fight.jsonl --format markdown --full -o recap.md

    Example: momenta log encounters/demo.fight.jsonl --format script -o fight.script
    """
    from momenta_cli.journal import FightFile
    from momenta_cli.render import FORMATS, export_log, write_state_json
    from momenta_cli.storage import atomic_write

    if fmt not in FORMATS and fmt not in ("md", "script"):
        # a usage mistake like any other: one line, exit code 2 (cli/app.py main)
        from momenta_cli.text import echo

        raise typer.BadParameter(f"unknown format {echo(fmt)}: use text, markdown, json or "
                                 f"script", param_hint="'--format'")
    if output is not None and str(output) == "-":  # the usual spelling of stdout
        output = None
    with guarded():
        if output is not None and _same(output, fight):
            _check_output(output, fight, None)
        ff = FightFile.open(fight, repair=False)
        warn(ff)
        if fmt == "text":  # as the other screens: the terminal's width (Rich's; 80 piped)
            width = width or make_console().width
        if fmt == "script":
            text = _script(ff, fight, output)
        elif output is None:
            if fmt == "json":  # the same as replay --json: streamed unless at a terminal
                write_state_json(ff.session, sys.stdout)
            else:
                sys.stdout.write(export_log(ff.session, fmt, full=full, width=width))
            return
        else:
            text = export_log(ff.session, fmt, full=full, width=width)
        if output is None:
            sys.stdout.write(text)
            return
        _check_output(output, fight, ff.encounter_path)
        try:
            atomic_write(output, text.encode("utf-8"))
        except OSError as err:
            raise JournalError(f"{output}: cannot write: {_write_why(output, err)}"
                               ) from None


def _script(ff, fight: Path, output: Path | None) -> str:
    """``log --format script``: the replay script, checked first: a command that would
    not replay as recorded (saved by an older momenta without its dice, which its events
    do not give back, or an encounter edited since) is said on stderr and in the
    script's header."""
    import os
    from datetime import UTC, datetime

    from momenta_cli.play import for_script
    from momenta_cli.render import as_script

    notes = [w.removeprefix("warning: ") for w in ff.warnings]
    entries, off = for_script(ff.session)
    if off is not None:
        n, why_not = off
        line = entries[n - 1].script_line
        said = (f"warning: command {n} ({line!r}) does not replay as recorded: {why_not}; "
                f"a replay of the script stops there or plays on differently")
        typer.echo(one_line(f"{fight}: {said}"), err=True)
        notes.append(said)
    created = ff.header.get("created")
    return as_script(ff.session, encounter=os.path.normpath(ff.encounter_path),
                     fight=str(fight), begun=created if isinstance(created, str) else None,
                     exported=datetime.now(UTC).isoformat(timespec="seconds"),
                     script=str(output) if output is not None else "SCRIPT",
                     notes=tuple(notes), entries=entries)


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
    from momenta_cli.journal import SUFFIX

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


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("status")(status_cmd)
    app.command()(log)
