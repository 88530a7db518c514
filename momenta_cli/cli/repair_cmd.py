"""``repair``: the GM's word on a damaged fight file. Until it is given (here, or at the
question ``run`` and ``resume`` ask), no command writes to a fight whose journal lost or
changed a record the GM saw saved (journal/salvage.py)."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Annotated

import typer

from momenta_cli.cli.common import FightArg, guarded, warn
from momenta_cli.text import one_line


def repair(
    fight: FightArg,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Only list what a repair "
                                          "would keep and leave out; change nothing.")
                       ] = False,
) -> None:
    """Repair a damaged fight file, keeping every later command that still applies.

    A record edited by hand, not UTF-8, or missing (a line removed) does not cost the
    commands after it: each is run again with its own line and dice against the fight
    as it stands by then. This lists the damaged lines and the commands that no longer
    apply, then rewrites the file (atomically) with the records before the damage and
    the later commands kept; the damaged original is kept beside it as
    FIGHT.damaged-DATE-TIME, which status and log still read. A fight with nothing to
    repair is left as it is.

    Example: momenta repair encounters/demo.fight.jsonl --dry-run
    """
    from momenta_cli.journal import FightFile, locked

    with ExitStack() as stack:
        with guarded():
            if not dry_run:
                stack.enter_context(locked(fight, brief=True))
            # A last record cut short is repaired as it opens (it was never shown).
            ff = FightFile.open(fight, repair=not dry_run)
        if ff.damage is None:
            warn(ff)  # a write cut short, now left out; an edited header or encounter
            if not any("kept as" in w for w in ff.warnings):
                n = ff.records
                typer.echo(one_line(f"{fight}: nothing to repair ({n} record"
                                    f"{'s' if n != 1 else ''}, every one intact)"))
            return
        if dry_run:
            warn(ff)
            typer.echo(one_line(f"{fight}: not repaired (--dry-run): nothing changed"))
            return
        with guarded():
            said = ff.repair()
        for w in ff.warnings:  # an edited encounter or header: said as anywhere else
            if w not in said:
                typer.echo(one_line(w), err=True)
        for w in said[1:]:
            typer.echo(one_line(w), err=True)
        typer.echo(one_line(said[0].removeprefix("warning: ")))


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command()(repair)
