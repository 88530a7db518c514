"""Replaying a script of fight commands against an encounter (momenta replay)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from momenta_cli.cli.common import NoColor, Width, fail, guarded, make_console
from momenta_cli.text import one_line

if TYPE_CHECKING:
    from momenta_cli.engine.core import EncounterSpec


def _read_script(script: Path) -> list[str]:
    """The lines of a replay script, or a one-line error and exit 1.

    Lines end at ``\\n`` (or ``\\r\\n``) only, as in an editor, ``wc -l``, ``do`` and the
    prompt: ``str.splitlines`` would also break at form feeds, U+2028 and other
    characters inside a line, running text as hidden commands and citing wrong lines."""
    from momenta_cli.storage import FileProblem, read_bytes

    try:
        data = read_bytes(script, "script")
    except FileProblem as err:
        raise fail(one_line(f"{script}: cannot read: {err.message}")) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise fail(one_line(f"{script}:{line}: not UTF-8 text")) from None
    rows = text.split("\n")
    if rows[-1] == "":
        rows.pop()  # the newline ending the last line starts no line of its own
    return [x[:-1] if x.endswith("\r") else x for x in rows]


def _warn_party(enc: EncounterSpec, lines: list[str], script: Path) -> None:
    """One line on stderr when the script's fight began from a party (R38) other than
    the one the encounter's party file gives now: the replay starts from the file."""
    if not enc.party:
        return
    from momenta_cli.encounter import opening_party, party_in_script

    kept = party_in_script(lines)
    if kept is not None and kept != opening_party(enc):
        typer.echo(one_line(f"{script}: warning: the party file {enc.party} has changed "
                            "since this fight began: the replay starts from the file as "
                            "it is now"), err=True)


def replay(
    encounter: Annotated[Path, typer.Argument(help="Encounter YAML file.", readable=False)],
    script: Annotated[Path, typer.Argument(help="Script: one command per line, # comments.",
                                           readable=False)],
    seed: Annotated[int, typer.Option(help="Seed for the dice the tracker rolls.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the final state and log "
                                          "as one JSON document.")] = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Run a script of commands against an encounter and print the log.

    The same seed gives the same output, byte for byte. A refused line stops the replay
    with SCRIPT:LINE: message and exit code 1.

    Scripts are written for a seed (the default, 1, for the shipped ones): another seed
    rolls other dice, and a later line may then refuse (a target already Defeated).

    A script exported from a fight begun from a party file (R38) replays from the
    party file as it is now; a warning says so when it differs from the one the fight
    began with.

    A line ending in " ?" is previewed and the script goes on: it is shown (not with
    --json), changes nothing and rolls none of the seed's dice, so the fight is the same
    with or without it. A previewed command that is not allowed does not stop the replay,
    nor does a path with no route or a los with no answer (shown as "! REASON").

    Example: momenta replay encounters/demo.yaml encounters/demo.script --json
    """
    # Imported here, not at the top: only this command needs them (start-up time); the
    # views and Rich only without --json, which prints the document alone.
    from momenta_cli.encounter import load_encounter_cached
    from momenta_cli.engine.core import SeededRoller, Session
    from momenta_cli.errors import MomentaError
    from momenta_cli.play import run_line, steps

    with guarded():
        enc = load_encounter_cached(encounter)  # no YAML, no pydantic when unchanged
    script_lines = _read_script(script)
    _warn_party(enc, script_lines, script)
    session = Session(enc)
    roller = SeededRoller(seed)
    if not as_json:
        from rich.console import Group

        from momenta_cli.render import OutcomeStyle, draw_outcome, lit, status_block

        console = make_console(no_color=no_color, width=width)
        console.print(lit(f"{enc.name} (seed {seed})", "bold"))
        # A transcript: each line that draws something is echoed before it (``> LINE``).
        style = OutcomeStyle(echo=True)
    numbered = enumerate(script_lines, start=1)
    # ``undo 2`` is two steps, counted when reached (runner.steps)
    for number, raw in ((n, one) for n, typed in numbered for one in steps(session, typed)[0]):
        try:
            out = run_line(session, raw, roller)
        except MomentaError as err:
            raise fail(one_line(f"{script}:{number}: {err}")) from None
        if out.leaves:
            break  # the rest of the script is not run
        if as_json:
            continue
        # drawn as the prompt and do draw it (render/outcome_view.py); a path or los
        # with no answer is said and the script goes on
        view = draw_outcome(out, session.state, console.width, style)
        if view.shown:
            console.print(Group(*view.shown))  # one print per line: Rich's cost is per print
        if view.table:
            console.print(status_block(session.state))
    if as_json:
        from momenta_cli.render import write_state_json

        write_state_json(session, sys.stdout)
        return
    console.print(status_block(session.state))


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command()(replay)
