"""The status view laid out without Rich: the table's columns and rows (which cells, how
wide, where conditions go, which names are shortened), the headline's words and the
lines under the table, as plain strings with style names.

render/status_table.py and render/status_view.py draw this one layout through Rich (a
terminal, colours); ``plain_status`` writes it as the lines Rich would print to a pipe
or a file, byte for byte, without importing Rich's console, text or table (start-up:
``momenta status``, docs/speed.md). tests/test_status_plain.py holds the two to the
same bytes.

A cell is a tuple of runs, ``(text, style)``: the style is a Rich style's name, read
only by the Rich drawing. Every piece of text from a file goes through text.one_line /
text.escape first, so nothing in it can drive the terminal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len, chop_cells

from momenta_cli.engine.core import (
    Fight,
    Fighter,
    health_label,
    known_to_players,
    numbers_hidden,
    unseen,
)
from momenta_cli.engine.turns import (
    PHASE_NAMES,
    combat_may_end,
    current_phase,
    gm_turn,
    may_act,
    round_done,
    side_due,
    suggestion,
    turn_counter,
)
from momenta_cli.render.line_cut import hang, keep_names
from momenta_cli.text import escape, one_line

Run = tuple[str, str]  # text and the name of its style ("" for none)
Cell = tuple[Run, ...]

SIDE_STYLE = {"allies": "cyan", "adversaries": "red", "independents": "yellow"}
SIDES = ("allies", "adversaries", "independents")

# the players' health labels (engine/core/players.py ``health_label``) in colour
LABEL_STYLE = {"Unhurt": "green", "Hurt": "yellow", "Bloodied": "red", "Down": "dim"}


def cell_text(cell: Cell) -> str:
    """The cell's text, without its styles."""
    return "".join(text for text, _ in cell)


def _pair(cur: int, top: int) -> Cell:
    return ((f"{cur}/{top}", ""),)


def _bar(cur: int, top: int, width: int = 4) -> Cell:
    if top <= 0:
        return ()
    full = max(0, min(width, round(width * cur / top)))
    style = "green" if cur * 2 > top else "yellow" if cur * 4 > top else "red"
    return (("█" * full, style), ("·" * (width - full), "dim"))


def _gauge(cur: int, top: int, *, rising_is_bad: bool = False) -> Cell:
    """``7/7▮▮``: the numbers and a 2-cell bar (for Strain, fuller is worse)."""
    numbers = (f"{cur}/{top}", "")
    if top <= 0:
        return (numbers, ("··", "dim"))
    full = max(0, min(2, round(2 * cur / top)))
    share = cur / top
    if rising_is_bad:
        style = "red" if share >= 0.75 else "yellow" if share >= 0.5 else "green"
    else:
        style = "green" if share > 0.5 else "yellow" if share > 0.25 else "red"
    if cur > top:  # Over-Guard
        style = "cyan"
    return (numbers, ("▮" * full, style), ("·" * (2 - full), "dim"))


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


def _turns(fight: Fight, f: Fighter, may: set[str]) -> Cell:
    if f.out:
        return ((f.out_reason, ""),)
    if fight.active == f.name:
        n, turns_this_round = turn_counter(fight, f)
        of = f" {n}/{turns_this_round}" if turns_this_round > 1 else ""
        return ((f"acting{of}", "bold"),)
    if f.turns_left == 0:
        return (("acted", "dim"),)
    left = f" ({f.turns_left} left)" if f.turns_allowed > 1 else ""
    if f.name in may:
        return ((f"may act{left}", "bold green"),)
    return ((f"waiting{left}", ""),)


# The name column's cells (the "▶ " marker included): at most, and the least a long name
# is cut to so the conditions get more room (see fit). Conditions are never cut.
NAME_MAX, NAME_MIN = 22, 14
_GAP = 2  # padding (0, 1): a column's right cell and the next one's left


@dataclass
class _Row:
    fighter: Fighter
    cells: list[Cell]  # every column between the name and the conditions
    conds: list[str]
    style: str


def _rows(fight: Fight, bars: bool, players: bool, sizes: bool) -> list[_Row]:
    may = {f.name for f in may_act(fight)}
    out = []
    for f in fight.fighters.values():
        if f.removed:
            continue
        style = "dim" if f.out else ""
        cells: list[Cell] = []
        if players and numbers_hidden(f):
            label = health_label(f)
            cells.append(((label, LABEL_STYLE[label]),))
            if bars:
                cells.append(())
            cells += [()] * 3
        else:
            vig = (_gauge(f.vigor, f.spec.max_vigor) if bars
                   else _pair(f.vigor, f.spec.max_vigor)) if f.spec.max_vigor else (("-", ""),)
            cells.append(_pair(f.vitality, f.spec.max_vitality))
            if bars:
                cells.append(_bar(f.vitality, f.spec.max_vitality))
                cells += [_gauge(f.guard, f.spec.max_guard), vig,
                          _gauge(f.strain, f.spec.max_strain, rising_is_bad=True)]
            else:
                cells += [_pair(f.guard, f.spec.max_guard), vig,
                          _pair(f.strain, f.spec.max_strain)]
        if sizes:
            cells.append(((f.spec.size, style or "dim"),))
        cells.append(_turns(fight, f, may))
        out.append(_Row(f, cells, _conditions(f, players=players), style))
    return out


def _heads(bars: bool, sizes: bool) -> list[str]:
    return ["Vit", *([""] if bars else []), "Grd", "Vig", "Str", *(["Sz"] if sizes else []),
            "Turn"]


@dataclass
class Layout:
    """The widths ``fit`` chose."""

    bars: bool
    name: int  # cells for the name column, marker included
    cond: int  # cells for the conditions column; 0: conditions go under the row


def fit(fight: Fight, width: int, bars: bool, players: bool, sizes: bool) -> Layout:
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
    best: tuple[int, int, Layout] | None = None
    for rank, with_bars in enumerate((True, False) if bars else (False,)):
        rows = _rows(fight, with_bars, players, sizes)
        heads = _heads(with_bars, sizes)
        fixed = sum(max([cell_len(h)] + [cell_len(cell_text(r.cells[i])) for r in rows])
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
            lay = Layout(with_bars, name, min(room - name, full))
            if lines[name] == len(conds) and rank == 0:
                return lay  # the bars, and every combatant's conditions on its row
            best = min(best or (10**9, 0, lay), (lines[name], 2 * rank, lay),
                       key=lambda b: b[:2])
        name = max(min(natural, width - fixed - _GAP * len(heads)), low)
        if fixed + _GAP * len(heads) + name <= width or not with_bars:
            tall = sum(len(hang(", ".join(c), width, first="      ", keep=c)) for c in conds)
            lay = Layout(with_bars, name, 0)
            best = min(best or (10**9, 0, lay), (len(conds) + tall, 2 * rank + 1, lay),
                       key=lambda b: b[:2])
    assert best is not None
    return best[2]


@dataclass
class Below:
    """A line under a row (its conditions, when they have no column), cut by ``hang``."""

    text: str
    style: str
    keep: tuple[str, ...]


@dataclass
class Arranged:
    """The table as ``arrange`` lays it out, for either drawing: the columns (a heading
    and whether it is right-justified), the rows (a cell per column, one line each
    unless a cell's text holds newlines, and the row's style), the lines under rows (by
    the number of the table's line they follow; the heading is line 0) and the names
    shortened, with their full form."""

    heads: list[tuple[str, bool]]
    rows: list[tuple[list[Cell], str]]
    below: dict[int, list[Below]]
    short: list[tuple[str, str]]


def shows_sizes(fight: Fight) -> bool:
    """SIZE as the draft writes it (R31); only when it tells the GM something, so a
    fight of medium folk keeps its width for the conditions."""
    return any(f.spec.size != "1M" for f in fight.fighters.values() if not f.removed)


def arrange(fight: Fight, lay: Layout, players: bool, sizes: bool) -> Arranged:
    """The table for ``lay``: a section per side, a row per combatant."""
    heads = [("Name", False)] + [(h, h not in ("Sz", "Turn")) for h in _heads(lay.bars, sizes)]
    if lay.cond:
        heads.append(("Conditions", False))
    rows = _rows(fight, lay.bars, players, sizes)
    out: list[tuple[list[Cell], str]] = []
    below: dict[int, list[Below]] = {}
    short: list[tuple[str, str]] = []
    line = 1  # the heading is line 0; every row below is one line unless it wraps
    for side in SIDES:
        members = [r for r in rows if r.fighter.side == side]
        if not members:
            continue
        due = " (due)" if side_due(fight) == side and not fight.active else ""
        out.append(([((side.upper() + due, f"bold {SIDE_STYLE[side]}"),),
                     *[()] * (len(heads) - 1)], ""))
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
            name: Cell = ((("▶ " if fight.active == f.name else "  ") + shown, r.style),)
            cells = [name, *r.cells]
            if lay.cond:
                packed = pack(r.conds, lay.cond)
                cells.append(((escape("\n".join(packed)), ""),))
                out.append((cells, r.style))
                line += max(len(packed), 1)
                continue
            out.append((cells, r.style))
            if r.conds:
                below[line] = [Below("      " + ", ".join(r.conds), r.style, tuple(r.conds))]
            line += 1
    return Arranged(heads, out, below, short)


LEGEND_FIRST, LEGEND_REST = "names: ", "  "


def legend_lines(pairs: list[tuple[str, str]], width: int) -> list[str]:
    """``names: Cantor of t… = Cantor of the Drowned Bell; ...`` under the table: lines
    break between the pairs, each ``short = full`` kept whole on one line. A pair longer
    than a line breaks after its ``=``, and only a name longer than a line breaks
    inside."""
    pieces = [f"{a} = {b}" + (";" if i < len(pairs) - 1 else "")
              for i, (a, b) in enumerate(pairs)]
    # a pair too long for a line is cut after its "=", names kept whole when they fit
    keep = sorted({n for a, b in pairs for n in (f"{a} =", b)
                   if cell_len(n) + 1 <= width - cell_len(LEGEND_REST)},
                  key=cell_len, reverse=True)
    out: list[str] = []
    cur = LEGEND_FIRST
    for piece in pieces:
        fresh = cur == LEGEND_FIRST
        gap = "" if fresh else " "
        if cell_len(cur) + len(gap) + cell_len(piece) <= width:
            cur += gap + piece
            continue
        if cell_len(LEGEND_REST) + cell_len(piece) <= width:  # whole on a line of its own
            out.append(cur.rstrip(" "))
            cur = LEGEND_REST + piece
            continue
        if not fresh:
            out.append(cur)
            cur = LEGEND_REST
        cut = hang(piece, width, first=cur, rest=LEGEND_REST, keep=keep)
        out += cut[:-1]
        cur = cut[-1]
    out.append(cur)
    return out


def headline_words(fight: Fight, *, players: bool = False) -> str:
    """``Round 2 · main phase · allies due, may act: Kira, Mira (suggest Kira)``. In the
    players' view an enemy Hidden from them is named nowhere (engine/core/players.py):
    while it acts, or only Hidden ones may, ``the GM's turn`` (not even its side: R39);
    it is left out of who may act and suggested. Not yet made one line (``one_line``)."""
    if fight.over:
        return f"Round {fight.round} · combat over: {fight.over_reason}"
    phase = current_phase(fight)
    bits = [f"Round {fight.round}"]
    if phase:
        bits.append(f"{PHASE_NAMES[phase]} phase")
    if fight.active:
        bits.append("the GM's turn" if players and gm_turn(fight)  # not even its side
                    else f"{fight.active} is acting")
    else:
        due = side_due(fight)
        names = [f.name for f in may_act(fight) if not (players and unseen(f))]
        sugg = suggestion(fight)
        if due and names:
            s = f" (suggest {sugg.name})" if sugg and sugg.name in names else ""
            bits.append(f"{due} due, may act: {', '.join(names)}{s}")
        elif players and gm_turn(fight):  # only Hidden ones may act (R39)
            bits.append("the GM's turn")
        elif round_done(fight):
            bits.append("round done: 'turn' starts the next")
    may_end = combat_may_end(fight)
    if may_end:
        bits.append(f"combat may end: {may_end}")
    return " · ".join(bits)


def under_table(fight: Fight, keep: tuple[str, ...]) -> list[Below]:
    """What the GM's view prints under the table: reminders of effects left to the GM
    (Frightened, GM-defined conditions) and, when its turn has come round, the acting
    combatant's stat block notes (regeneration, auras...)."""
    out = []
    for f in fight.fighters.values():
        if f.out or not f.conditions:  # nothing to recall (harm.reminders): not imported
            continue
        from momenta_cli.engine.harm import reminders

        for text in reminders(fight, f):
            out.append(Below(one_line(f"note: {f.name}: {text}"), "yellow", keep))
    if fight.active and fight.get(fight.active).spec.notes:
        notes = " ".join(fight.get(fight.active).spec.notes.split())
        out.append(Below(one_line(f"notes ({fight.active}): {notes}"), "dim", keep))
    return out


def cut_below(b: Below, width: int, rest: str | None = None) -> list[str]:
    """``b`` cut to ``width`` as render/wrap.py's ``Hanging`` cuts it: its leading spaces
    begin the first line, the rest hang further."""
    lead = len(b.text) - len(b.text.lstrip(" "))
    return hang(b.text[lead:], width, first=b.text[:lead], rest=rest, keep=b.keep)


def _table_lines(t: Arranged) -> list[str]:
    """The table's lines as Rich draws a ``Table(box=None, pad_edge=False,
    padding=(0, 1))`` of no-wrap cells whose columns all get their widest cell: a
    column's cells justified in it, a space each side of a column but the outer ones,
    a cell of several lines making its row as tall (the others blank below)."""
    cols = len(t.heads)
    grid: list[list[list[str]]] = [[[h] for h, _ in t.heads]]
    for cells, _ in t.rows:
        grid.append([cell_text(c).split("\n") for c in cells])
    widths = [max(cell_len(line) for row in grid for line in row[i]) for i in range(cols)]
    out = []
    for row in grid:
        for k in range(max(len(c) for c in row)):
            pieces = []
            for i, (lines, w) in enumerate(zip(row, widths, strict=True)):
                text = lines[k] if k < len(lines) else ""
                fill = " " * (w - cell_len(text))
                text = fill + text if t.heads[i][1] else text + fill
                pieces.append(text)
            out.append(" ".join(pieces[:1] + [f" {p}" for p in pieces[1:]]))
    return out


def table_width(t: Arranged) -> int:
    """The cells the table takes when every column gets its widest cell."""
    widths = [cell_len(h) for h, _ in t.heads]
    for cells, _ in t.rows:
        for i, c in enumerate(cells):
            widths[i] = max([widths[i]] + [cell_len(x) for x in cell_text(c).split("\n")])
    return sum(widths) + _GAP * (len(widths) - 1)


def plain_status(fight: Fight, width: int, *, players: bool = False,
                 battlemap: bool = True) -> list[str] | None:
    """The status view (render/status_view.py ``status_block``) as the lines Rich prints
    to a pipe at ``width`` without colours, no line ending in a space; None where Rich
    would decide more than this layout does (the table wider than ``width``, so Rich
    squeezes its columns; the players' view with its battlefield under it)."""
    if players and battlemap and fight.encounter.board is not None:
        return None
    seen = known_to_players(fight) if players else fight
    keep = keep_names(seen)
    out = hang(one_line(headline_words(fight, players=players)), width, rest="  ", keep=keep)
    sizes = shows_sizes(seen)
    lay = fit(seen, width, True, players, sizes)
    table = arrange(seen, lay, players, sizes)
    if table_width(table) > width:
        return None
    for n, line in enumerate(_table_lines(table)):
        out.append(line)
        for b in table.below.get(n, []):
            out += cut_below(b, width)
    if table.short:
        out += legend_lines(table.short, width)
    if not players:
        for b in under_table(fight, keep):
            out += cut_below(b, width, rest="  ")
    if any(cell_len(line) > width for line in out):
        return None  # a piece Rich would fold again: its own rules
    return [line.rstrip(" ") for line in out]
