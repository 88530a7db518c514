"""The status table drawn through Rich: combatants by side, resources with bars, turns,
conditions, laid out (render/status_layout.py) for the width it is drawn at (80 columns
is the design width: issue 11).

Built from Rich ``Text`` objects only, so names from files are never read as markup; every
piece of text from a file goes through text.one_line / text.escape first.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from momenta_cli.engine.core import Fight
from momenta_cli.render.status_layout import (
    SIDE_STYLE,
    Arranged,
    Cell,
    arrange,
    fit,
    legend_lines,
    shorten,
    shows_sizes,
)
from momenta_cli.render.wrap import Hanging

__all__ = ["SIDE_STYLE", "StatusTable", "shorten", "status_table"]


def _text(cell: Cell) -> Text:
    return Text.assemble(*cell) if cell else Text("")


class StatusTable:
    """The status table, laid out for the width it is drawn at (status_layout.py
    ``fit``): one section per side, a row per combatant."""

    def __init__(self, fight: Fight, *, bars: bool = True, players: bool = False):
        self.fight, self.bars, self.players = fight, bars, players

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fight = self.fight
        sizes = shows_sizes(fight)
        lay = fit(fight, options.max_width, self.bars, self.players, sizes)
        arranged = arrange(fight, lay, self.players, sizes)
        table = _table(arranged)
        if not lay.cond:
            lines = console.render_lines(table, options, pad=False)
            for n, segments in enumerate(lines):
                yield from segments
                yield Segment.line()
                yield from (Hanging(b.text, b.style, keep=b.keep)
                            for b in arranged.below.get(n, []))
        else:
            yield table
        if arranged.short:
            yield Legend(arranged.short)


class Legend:
    """``names: Cantor of t… = Cantor of the Drowned Bell; ...`` under the table
    (status_layout.py ``legend_lines``), dim."""

    def __init__(self, pairs: list[tuple[str, str]]):
        self.pairs = pairs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for piece in legend_lines(self.pairs, options.max_width):
            yield Text(piece, style="dim", end="\n")


def _table(arranged: Arranged) -> Table:
    t = Table(box=None, pad_edge=False, expand=False, show_edge=False, padding=(0, 1))
    for head, right in arranged.heads:
        t.add_column(head, justify="right" if right else "left", no_wrap=True)
    for cells, style in arranged.rows:
        # a row's own style is under its name's (as Rich draws a row's style)
        t.add_row(*[_text(c) for c in cells], style=style or None)
    return t


def status_table(fight: Fight, *, bars: bool = True, players: bool = False) -> StatusTable:
    """One table, a section per side, a row per combatant. ``players`` hides the exact
    numbers of everyone but the allies (see engine/core/players.py)."""
    return StatusTable(fight, bars=bars, players=players)
