"""``momenta map FILE``: draw the battlefield of an encounter (as it starts) or of a saved
fight (as it stands), read-only like ``status``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from momenta_cli.cli.common import NoColor, guarded, make_console
from momenta_cli.cli.view_cmds import Watcher

if TYPE_CHECKING:
    from momenta_cli.engine.core import Fight

# The journal, the engine and Rich come in when the command runs (start-up time).


class MapWatcher(Watcher):
    """``map FIGHT --watch``: the map redrawn whenever the fight file changes."""

    def __init__(self, fight: Path, console, *, players: bool = False,
                 focus: str | None = None, marks: str | None = None):
        super().__init__(fight, console, players=players)
        self.focus = focus
        self.marks = marks

    def show(self, state: Fight) -> None:
        """The headline and the map (view_cmds.Watcher draws the rest)."""
        from momenta_cli.render import battlemap, headline_block

        self.console.print(headline_block(state, players=self.players))
        self.console.print(battlemap(state, width=self.console.width, players=self.players,
                                     focus=_named(state, self.focus, self.players),
                                     marks=_named(state, self.marks, self.players)))


def _named(fight: Fight, text: str | None, players: bool = False) -> str | None:
    """The combatant ``text`` names (any unambiguous part of a name), None when it names
    nobody (now: a watched fight may yet bring it in); for the players, never a Hidden
    enemy (engine/core/players.py)."""
    from momenta_cli.engine.core import as_seen, find_fighter
    from momenta_cli.errors import MomentaError

    if text is None:
        return None
    try:
        return find_fighter(as_seen(fight, players), text).name
    except MomentaError:
        return None


def map_cmd(
    file: Annotated[Path, typer.Argument(
        help="An encounter (*.yaml: the map as the fight starts) or a saved fight "
             "(*.fight.jsonl: as it stands now).", readable=False,
        metavar="ENCOUNTER_OR_FIGHT")],
    width: Annotated[int | None, typer.Option(
        "--width", min=40, max=1000, help="Draw for this many columns (40-1000; default "
        "the terminal's, 80 when not a terminal). A wider map is drawn around the active "
        "combatant.")] = None,
    focus: Annotated[str | None, typer.Option(
        "--focus", help="Centre a map too big for the screen on this combatant.")] = None,
    marks: Annotated[str | None, typer.Option(
        "--for", metavar="NAME", help="Mark the squares NAME can reach this Move and the "
        "ones it sees, and how far each other combatant is, whether NAME sees it and "
        "whether it has cover (as 'map NAME' at the prompt); centred on NAME.")] = None,
    square: Annotated[str | None, typer.Option(
        "--from", metavar="SQUARE", help="With --for NAME: as if NAME stood at SQUARE "
        "(its top-left square), to plan a move; nothing moves.")] = None,
    players: Annotated[bool, typer.Option("--players", help="The players' view (a second "
                                          "screen): Hidden enemies are not drawn, and "
                                          "--for/--focus refuse their names.")
                       ] = False,
    watch: Annotated[bool, typer.Option("--watch", help="Follow a saved fight: redraw "
                                        "whenever it changes (a second screen for the "
                                        "players with --players); Ctrl-C leaves.")] = False,
    no_color: NoColor = False,
) -> None:
    """Draw the battlefield: terrain, combatants as two-letter labels coloured by side
    (allies cyan, adversaries red, independents yellow), the active one highlighted,
    column letters and row numbers on the edges. --players leaves out Hidden enemies;
    --for NAME marks what NAME can reach and see.

    Example: momenta map encounters/yard-with-a-map.yaml --for tamsin --width 80

    Example: momenta map encounters/yard-with-a-map.yaml --for tamsin --from c9
    """
    if square is not None and marks is None:
        raise typer.BadParameter("--from SQUARE says where --for NAME would stand: add "
                                 "--for NAME", param_hint="'--from'")
    if square is not None and watch:
        raise typer.BadParameter("--from plans a move on the map as it is: leave out "
                                 "--watch", param_hint="'--from'")
    console = make_console(no_color=no_color, width=width)
    if watch:
        from momenta_cli.journal import SUFFIX

        if not file.name.lower().endswith(SUFFIX):
            raise typer.BadParameter("--watch follows a saved fight (*.fight.jsonl)",
                                     param_hint="'--watch'")
        from momenta_cli.cli.view_cmds import follow

        follow(file, console, watcher=MapWatcher(file, console, players=players,
                                                 focus=focus or marks, marks=marks))
        return
    from momenta_cli.cli.query_cmds import read_cached  # the encounter cache too
    from momenta_cli.engine.core import as_seen, find_fighter
    from momenta_cli.errors import RuleError
    from momenta_cli.render import battlemap

    with guarded():
        fight = read_cached(file, "map draws encounters and saved fights")
        if fight.encounter.board is None:
            raise RuleError(f"{file}: the encounter has no map: block (see "
                            "docs/encounter-format.md, Map)")
        # the players' view: a Hidden enemy's name is refused as one nobody has (R20)
        seen = as_seen(fight, players)
        name = find_fighter(seen, focus).name if focus is not None else None
        marked = find_fighter(seen, marks).name if marks is not None else None
        if square is not None and marked is not None:
            from momenta_cli.engine.geometry import square_name
            from momenta_cli.render import lit, standing_at

            fight = standing_at(fight, marked, square)  # a copy: nothing moves
            at = fight.get(marked).position
            assert at is not None
            console.print(lit(f"as if {marked} stood at {square_name(at)} (nothing moved)",
                              "dim"))
    console.print(battlemap(fight, width=console.width, players=players,
                            focus=name or marked, marks=marked))


def register(app: typer.Typer) -> None:
    """Add this module's command to ``app``."""
    app.command("map")(map_cmd)
