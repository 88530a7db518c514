"""The status table: combatants by side, resources with bars, turns, conditions, laid out
for the width it is drawn at (80 columns is the design width: issue 11).

Built from Rich ``Text`` objects only, so names from files are never read as markup; every
piece of text from a file goes through text.one_line / text.escape first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len, chop_cells
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from momenta_cli.engine.core import Fight, Fighter, health_label, numbers_hidden
from momenta_cli.engine.turns import may_act, side_due, turn_counter
from momenta_cli.render.wrap import Hanging, hang
from momenta_cli.text import escape, one_line

SIDE_STYLE = {"allies": "cyan", "adversaries": "red", "independents": "yellow"}
SIDES = ("allies", "adversaries", "independents")

# the players' health labels (engine/core/players.py ``health_label``) in colour
LABEL_STYLE = {"Unhurt": "green", "Hurt": "yellow", "Bloodied": "red", "Down": "dim"}



def _pair(cur: int, top: int) -> Text:
    return Text(f"{cur}/{top}")


def _bar(cur: int, top: int, width: int = 4) -> Text:
    if top <= 0:
        return Text("")
    full = max(0, min(width, round(width * cur / top)))
    style = "green" if cur * 2 > top else "yellow" if cur * 4 > top else "red"
    return Text("█" * full, style=style) + Text("·" * (width - full), style="dim")


def _gauge(cur: int, top: int, *, rising_is_bad: bool = False) -> Text:
    """``7/7▮▮``: the numbers and a 2-cell bar (for Strain, fuller is worse)."""
    out = Text(f"{cur}/{top}")
    if top <= 0:
        return out + Text("··", style="dim")
    full = max(0, min(2, round(2 * cur / top)))
    share = cur / top
    if rising_is_bad:
        style = "red" if share >= 0.75 else "yellow" if share >= 0.5 else "green"
    else:
        style = "green" if share > 0.5 else "yellow" if share > 0.25 else "red"
    if cur > top:  # Over-Guard
        style = "cyan"
    return out + Text("▮" * full, style=style) + Text("·" * (2 - full), style="dim")


def _conditions(f: Fighter, *, players: bool = False) -> list[str]:
    """The conditions as shown, one string each: a condition and its stacks stay one piece
    (``Vulnerable 2``) that is never cut or broken (issue 11)."""
    parts = []
    for name, c in f.conditions.items():
        parts.append(one_line(name if c.stacks == 1 else f"{name} {c.stacks}"))
    if f.terrain:  # swimming doubles every Vigor cost: the GM should see why (ch19)
        parts.append({"swim": "swimming", "climb": "climbing"}.get(f.terrain, f.terrain))
    if not (players and numbers_hidden(f)):
        if f.wounds:
            parts.append(f"W{len(f.wounds)}/{f.spec.wound_slots}")
        if f.burdens:
            parts.append(f"B{len(f.burdens)}/{f.spec.burden_slots}")
    return parts


def pack(parts: list[str], width: int) -> list[str]:
    """``parts`` joined with ``, `` into lines of at most ``width`` cells, breaking only
    between them (one longer than ``width`` gets a line of its own, whole)."""
    out: list[str] = []
    cur = ""
    for i, p in enumerate(parts):
        piece = p + ("," if i < len(parts) - 1 else "")
        if cur and cell_len(cur) + 1 + cell_len(piece) > width:
            out.append(cur)
            cur = piece
        else:
            cur = f"{cur} {piece}" if cur else piece
    if cur:
        out.append(cur)
    return out


_COPY = re.compile(r"-\d+$")


def shorten(name: str, width: int) -> str:
    """``name`` in at most ``width`` cells: cut with an ellipsis, a numbered copy keeping
    its number (``Loft Look…-2``)."""
    if cell_len(name) <= width:
        return name
    m = _COPY.search(name)
    tail = m.group() if m and cell_len(m.group()) + 2 <= width else ""
    head = name[: len(name) - len(tail)]
    room = max(width - 1 - cell_len(tail), 1)
    return chop_cells(head, room)[0].rstrip(" ") + "…" + tail


def _turns(fight: Fight, f: Fighter, may: set[str]) -> Text:
    if f.out:
        return Text(f.out_reason)
    if fight.active == f.name:
        n, turns_this_round = turn_counter(fight, f)
        of = f" {n}/{turns_this_round}" if turns_this_round > 1 else ""
        return Text(f"acting{of}", style="bold")
    if f.turns_left == 0:
        return Text("acted", style="dim")
    left = f" ({f.turns_left} left)" if f.turns_allowed > 1 else ""
    if f.name in may:
        return Text(f"may act{left}", style="bold green")
    return Text(f"waiting{left}")


# The name column's cells (the "▶ " marker included): at most, and the least a long name
# is cut to so the conditions get more room (see _fit). Conditions are never cut.
NAME_MAX, NAME_MIN = 22, 14
_GAP = 2  # padding (0, 1): a column's right cell and the next one's left


@dataclass
class _Row:
    fighter: Fighter
    cells: list[Text]  # every column between the name and the conditions
    conds: list[str]
    style: str


def _rows(fight: Fight, bars: bool, players: bool, sizes: bool) -> list[_Row]:
    may = {f.name for f in may_act(fight)}
    out = []
    for f in fight.fighters.values():
        if f.removed:
            continue
        style = "dim" if f.out else ""
        cells: list[Text] = []
        if players and numbers_hidden(f):
            label = health_label(f)
            cells.append(Text(label, style=LABEL_STYLE[label]))
            if bars:
                cells.append(Text(""))
            cells += [Text("")] * 3
        else:
            gauge = _gauge if bars else (lambda c, t, **_: _pair(c, t))
            vig = gauge(f.vigor, f.spec.max_vigor) if f.spec.max_vigor else Text("-")
            cells.append(_pair(f.vitality, f.spec.max_vitality))
            if bars:
                cells.append(_bar(f.vitality, f.spec.max_vitality))
            cells += [gauge(f.guard, f.spec.max_guard), vig,
                      gauge(f.strain, f.spec.max_strain, rising_is_bad=True)]
        if sizes:
            cells.append(Text(f.spec.size, style=style or "dim"))
        cells.append(_turns(fight, f, may))
        out.append(_Row(f, cells, _conditions(f, players=players), style))
    return out


def _heads(bars: bool, sizes: bool) -> list[str]:
    return ["Vit", *([""] if bars else []), "Grd", "Vig", "Str", *(["Sz"] if sizes else []),
            "Turn"]


@dataclass
class _Layout:
    bars: bool
    name: int  # cells for the name column, marker included
    cond: int  # cells for the conditions column; 0: conditions go under the row


def _fit(fight: Fight, width: int, bars: bool, players: bool, sizes: bool) -> _Layout:
    """Column widths for ``width`` cells. Every condition is shown in full: in its column
    (wrapping between conditions) or, when that is taller or does not fit, on a line of
    its own under the row. The layout with the fewest lines wins; on a tie, the bars
    stay, and then the conditions keep their column. Names are shortened (see
    ``shorten``) before anything else gives, and only as far as that saves lines."""
    names = [2 + cell_len(one_line(f.name)) for f in fight.fighters.values() if not f.removed]
    due = side_due(fight) if not fight.active else None
    # the side headers share the name column ("ADVERSARIES (due)")
    sides = [len(s) + (6 if s == due else 0) for s in SIDES
             if any(f.side == s and not f.removed for f in fight.fighters.values())]
    natural = min(max([4, *names]), NAME_MAX)
    best: tuple[int, int, _Layout] | None = None
    for rank, with_bars in enumerate((True, False) if bars else (False,)):
        rows = _rows(fight, with_bars, players, sizes)
        heads = _heads(with_bars, sizes)
        fixed = sum(max([cell_len(h)] + [r.cells[i].cell_len for r in rows])
                    for i, h in enumerate(heads))
        conds = [r.conds for r in rows if r.conds]
        low = max(min(NAME_MIN, natural), *sides)
        # in the column: "Frightened," with its comma must fit on a line
        need = max([len("Conditions")] + [cell_len(p) + 1 for c in conds for p in c])
        full = max([need] + [cell_len(", ".join(c)) for c in conds])
        room = width - fixed - _GAP * (len(heads) + 1)  # for the name and the conditions
        fits = [n for n in range(max(natural, low), low - 1, -1) if room - n >= need]
        if fits:
            lines = {n: sum(len(pack(c, room - n)) for c in conds) for n in fits}
            name = min(fits, key=lambda n: (lines[n], -n))
            lay = _Layout(with_bars, name, min(room - name, full))
            if lines[name] == len(conds) and rank == 0:
                return lay  # the bars, and every combatant's conditions on its row
            best = min(best or (10**9, 0, lay), (lines[name], 2 * rank, lay),
                       key=lambda b: b[:2])
        name = max(min(natural, width - fixed - _GAP * len(heads)), low)
        if fixed + _GAP * len(heads) + name <= width or not with_bars:
            tall = sum(len(hang(", ".join(c), width, first="      ", keep=c)) for c in conds)
            lay = _Layout(with_bars, name, 0)
            best = min(best or (10**9, 0, lay), (len(conds) + tall, 2 * rank + 1, lay),
                       key=lambda b: b[:2])
    assert best is not None
    return best[2]


class StatusTable:
    """The status table, laid out for the width it is drawn at (see ``_fit``): one
    section per side, a row per combatant."""

    def __init__(self, fight: Fight, *, bars: bool = True, players: bool = False):
        self.fight, self.bars, self.players = fight, bars, players

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fight = self.fight
        # SIZE as the draft writes it (R31); only when it tells the GM something, so a
        # fight of medium folk keeps its width for the conditions.
        sizes = any(f.spec.size != "1M" for f in fight.fighters.values() if not f.removed)
        lay = _fit(fight, options.max_width, self.bars, self.players, sizes)
        table, below, short = _table(fight, lay, self.players, sizes)
        if not lay.cond:
            lines = console.render_lines(table, options, pad=False)
            for n, segments in enumerate(lines):
                yield from segments
                yield Segment.line()
                yield from below.get(n, [])
        else:
            yield table
        if short:
            yield Legend(short)


class Legend:
    """``names: Cantor of t… = Cantor of the Drowned Bell; ...`` under the table: lines
    break between the pairs, each ``short = full`` kept whole on one line. A pair longer
    than a line breaks after its ``=``, and only a name longer than a line breaks inside."""

    FIRST, REST = "names: ", "  "

    def __init__(self, pairs: list[tuple[str, str]]):
        self.pairs = pairs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for piece in self.lines(options.max_width):
            yield Text(piece, style="dim", end="\n")

    def lines(self, width: int) -> list[str]:
        pieces = [f"{a} = {b}" + (";" if i < len(self.pairs) - 1 else "")
                  for i, (a, b) in enumerate(self.pairs)]
        # a pair too long for a line is cut after its "=", names kept whole when they fit
        keep = sorted({n for a, b in self.pairs for n in (f"{a} =", b)
                       if cell_len(n) + 1 <= width - cell_len(self.REST)},
                      key=cell_len, reverse=True)
        out: list[str] = []
        cur = self.FIRST
        for piece in pieces:
            fresh = cur == self.FIRST
            gap = "" if fresh else " "
            if cell_len(cur) + len(gap) + cell_len(piece) <= width:
                cur += gap + piece
                continue
            if cell_len(self.REST) + cell_len(piece) <= width:  # whole on a line of its own
                out.append(cur.rstrip(" "))
                cur = self.REST + piece
                continue
            if not fresh:
                out.append(cur)
                cur = self.REST
            cut = hang(piece, width, first=cur, rest=self.REST, keep=keep)
            out += cut[:-1]
            cur = cut[-1]
        out.append(cur)
        return out


def _table(fight: Fight, lay: _Layout, players: bool, sizes: bool
           ) -> tuple[Table, dict[int, list[Hanging]], list[tuple[str, str]]]:
    """The table for ``lay``; with no conditions column, the lines to print under each
    row (by the row's line number); and the names shortened, with their full form."""
    t = Table(box=None, pad_edge=False, expand=False, show_edge=False, padding=(0, 1))
    t.add_column("Name", no_wrap=True)
    for h in _heads(lay.bars, sizes):
        t.add_column(h, justify="left" if h in ("Sz", "Turn") else "right", no_wrap=True)
    if lay.cond:
        t.add_column("Conditions", no_wrap=True)
    rows = _rows(fight, lay.bars, players, sizes)
    below: dict[int, list[Hanging]] = {}
    short: list[tuple[str, str]] = []
    line = 1  # the header is line 0; every row below is one line unless it wraps
    for side in SIDES:
        members = [r for r in rows if r.fighter.side == side]
        if not members:
            continue
        due = " (due)" if side_due(fight) == side and not fight.active else ""
        t.add_row(Text(side.upper() + due, style=f"bold {SIDE_STYLE[side]}"),
                  *[Text("")] * (len(t.columns) - 1))
        line += 1
        for r in members:
            f = r.fighter
            full = one_line(f.name)
            shown = shorten(full, lay.name - 2)
            if shown != full:
                m = _COPY.search(full)
                pair = (shown[: -len(m.group())], full[: -len(m.group())]) \
                    if m and shown.endswith(m.group()) else (shown, full)
                if pair not in short:
                    short.append(pair)
            name = Text(("▶ " if fight.active == f.name else "  ") + shown, r.style)
            cells: list[RenderableType] = [name, *r.cells]
            if lay.cond:
                packed = pack(r.conds, lay.cond)
                cells.append(Text(escape("\n".join(packed))))
                t.add_row(*cells, style=r.style)
                line += max(len(packed), 1)
                continue
            t.add_row(*cells, style=r.style)
            if r.conds:
                below[line] = [Hanging("      " + ", ".join(r.conds), r.style,
                                       keep=r.conds)]
            line += 1
    return t, below, short


def status_table(fight: Fight, *, bars: bool = True, players: bool = False) -> StatusTable:
    """One table, a section per side, a row per combatant. ``players`` hides the exact
    numbers of everyone but the allies (see engine/core/players.py)."""
    return StatusTable(fight, bars=bars, players=players)
