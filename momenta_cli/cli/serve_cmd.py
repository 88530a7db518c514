"""``momenta serve FIGHT_OR_ENCOUNTER``: the players' screen, a live page for the table's
TV and the players' phones, served from this machine while the fight goes on
(momenta_cli/web/). The web package, and the server stack with it, is opened only here
and by ``run --serve``: every other command starts without it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from momenta_cli.cli.common import guarded

DEFAULT_PORT = 8000  # momenta_cli/web/serving.py DEFAULT_PORT (not imported: start-up)

Port = Annotated[int, typer.Option("--port", min=0, max=65535, help=f"The port to serve "
                                   f"on (default {DEFAULT_PORT}; 0: any free port).")]
Lan = Annotated[bool, typer.Option("--lan", help="Serve to this network (the players' "
                                   "phones), not only this machine: the address then "
                                   "carries a random token, shown with a QR code, and "
                                   "anything without it is refused.")]


def serve(
    target: Annotated[Path, typer.Argument(
        help="A saved fight (*.fight.jsonl), or an encounter (*.yaml: its fight beside it, "
             "as run and do keep it; the page waits until it starts).", readable=False,
        metavar="FIGHT_OR_ENCOUNTER")],
    port: Port = DEFAULT_PORT,
    lan: Lan = False,
) -> None:
    """Serve the players' screen: a live page of the fight (the map, the round, who may
    act, the allies' cards, the enemies' health, the last results) for a TV or the
    players' phones. It follows the fight file whatever writes it (the prompt, do, undo)
    and never changes it; Hidden enemies are in nothing it sends. Prints the address
    and a QR code; Ctrl-C stops it. With --lan, 'seat NAME' at the prompt gives a
    player a link from which to answer NAME's own decisions on a phone.

    Example: momenta serve encounters/demo.yaml --lan
    """
    from momenta_cli.journal import looks_like_fight

    with guarded():
        if looks_like_fight(target):
            if not target.is_file():
                from momenta_cli.errors import JournalError

                raise JournalError(f"{target}: no such fight file (serve an encounter to "
                                   f"wait for its fight to start)")
        else:
            from momenta_cli.cli.common import load_playable

            load_playable(target, "serve shows the fight of an encounter")
        from momenta_cli.web import serve as serve_page

        code = serve_page(target, port=port, lan=lan, echo=_echo)
    raise typer.Exit(code)


def _echo(text: str) -> None:
    typer.echo(text.rstrip("\n"))


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command()(serve)
