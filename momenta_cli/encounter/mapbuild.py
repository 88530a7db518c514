"""The encounter's ``map:`` block: rows of characters into a ``Board``, and where each
combatant starts (``at: C5`` or a ``mark:`` letter drawn in the rows).

The default legend is documented in docs/encounter-format.md ("Map"); ``legend:`` adds
or changes characters. Every problem is reported where it is: a bad character at its own
line and column in the rows, a square that cannot hold a creature at the combatant's
``at:`` (or at its mark in the rows).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from momenta_cli.encounter.model import MapModel
from momenta_cli.encounter.problems import Source
from momenta_cli.encounter.yamlload import Mark, PathT
from momenta_cli.engine.geometry.board import (
    FLOOR,
    MAX_SIDE,
    Board,
    Square,
    Terrain,
    footprint,
    name,
    parse,
    side_of,
)
from momenta_cli.engine.positions import SQUARE_HELP, fit_problem
from momenta_cli.text import unsafe

MAX_ROWS = 999  # row numbers have at most three digits (C999)

DEFAULT_LEGEND: dict[str, Terrain] = {
    ".": FLOOR,
    "#": Terrain("wall"),
    ":": Terrain("difficult"),
    "=": Terrain("low"),
    "~": Terrain("water"),
    "^": Terrain("climb"),
    "+": Terrain("door", open=False),
    "/": Terrain("door", open=True),
    **{str(d): Terrain("pit", height=d) for d in range(1, 10)},
}
LEGEND_HELP = (". floor, # wall, : difficult, = low wall, ~ water, ^ climbable, + closed "
               "door, / open door, 1-9 a pit that many squares deep")

# report(path, message, key=False, mark=None)
Report = Callable[..., None]

MARK_HELP = ("a mark is one letter or digit (A-Z, a-z, or a letter of another alphabet) "
             "that the legend does not use: no sign, space, accent or invisible character")


def shown(text: str) -> str:
    """``text`` quoted for a message: ``'Z'``; written with escapes (``'\\x00'``,
    ``'\\u0301'``) when any character of it is a control, invisible, or an accent
    that would sit on the quote before it."""
    if any(unsafe(ch) or not ch.isprintable() or unicodedata.category(ch).startswith("M")
           for ch in text):
        return ascii(text)
    return repr(text)


def mark_problem(ch: str) -> str | None:
    """Why ``ch`` cannot be a combatant's mark, or None: a mark is one letter or digit
    (a character a GM can see and type in the rows)."""
    if len(ch) == 1 and ch.isalnum() and not unsafe(ch):
        return None
    return f"{MARK_HELP}, not {shown(ch)}"


@dataclass
class Placement:
    """One combatant entry's wish to stand somewhere: ``at`` and ``mark`` as written
    (validated shapes), the names it stamped out (``count`` copies) and their SIZE."""

    path: PathT
    at: str | list[str] | None
    mark: str | None
    names: list[str]
    size: str


class Rows:
    """The map's rows as text, and where each character of them is in the file."""

    def __init__(self, model: MapModel, src: Source, text: str):
        self.src = src
        self.lines = text.splitlines()
        raw = model.rows
        self.block = isinstance(raw, str)
        if isinstance(raw, str):
            rows = raw.split("\n")
            while rows and rows[-1].strip() == "":
                rows.pop()  # the newline a `rows: |` block ends with
            self.rows = [r.rstrip() for r in rows]
        else:
            self.rows = [r.rstrip() for r in raw]

    def path(self, i: int) -> PathT:
        return ("map", "rows") if self.block else ("map", "rows", i)

    def mark(self, i: int, k: int) -> Mark:
        """Line and column (1-based) of character ``k`` of row ``i``, as near as the file
        lets us say: exact for a ``rows: |`` block and for plain or quoted list rows
        without escapes; the start of the string for one written with escapes, and of
        the ``rows:`` value for rows given as one quoted string (``"#..#\\n#..#"``: its
        rows are not lines of the file)."""
        line, col = self.src.doc.mark(self.path(i))
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        opener = text[col - 1:col]
        if self.block and opener in ("|", ">"):  # the block's text starts on the next line
            line += 1 + i
            text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
            return line, len(text) - len(text.lstrip(" ")) + k + 1
        if self.block:
            return line, col
        quoted = opener in ("'", '"')
        rest = text[col:]
        if (opener == '"' and "\\" in rest.split('"', 1)[0]) or \
                (opener == "'" and "''" in rest):
            return line, col  # an escape before k would shift every column after it
        return line, col + k + (1 if quoted else 0)


def legend(model: MapModel, report: Report) -> dict[str, Terrain]:
    """The default legend with the file's ``legend:`` entries, each checked."""
    out = dict(DEFAULT_LEGEND)
    for key, entry in model.legend.items():
        path: PathT = ("map", "legend", key)
        if len(key) != 1 or not key.isprintable() or key.isspace():
            report(path, f"a legend key is one visible character, not {shown(key)}", key=True)
            continue
        if entry.kind == "pit" and entry.height is None:
            report(path, "a pit needs its depth in squares (height: 3)")
            continue
        if entry.height is not None and entry.kind != "pit":
            report((*path, "height"), "height is a pit's depth: only kind: pit has one")
            continue
        if entry.open is not None and entry.kind != "door":
            report((*path, "open"), "open is a door's: only kind: door has one")
            continue
        out[key] = Terrain(entry.kind, height=entry.height or 0,
                           open=bool(entry.open) if entry.kind == "door" else True)
    return out


def board(model: MapModel, rows: Rows, chars: dict[str, Terrain], marks: set[str],
          report: Report) -> tuple[Board | None, dict[str, list[Square]]]:
    """The Board the rows draw (None when they have problems) and, for each combatant
    mark, the squares where it is drawn in reading order (a mark stands on floor)."""
    lines = rows.rows
    if not lines or not lines[0]:
        report(rows.path(0), "the map needs at least one row of squares")
        return None, {}
    ok = True
    if len(lines) > MAX_ROWS:
        report(rows.path(MAX_ROWS), f"a map has at most {MAX_ROWS} rows")
        return None, {}
    width = len(lines[0])
    if width > MAX_SIDE:
        report(rows.path(0), f"a map has at most {MAX_SIDE} columns (A to ZZ)")
        return None, {}
    unknown: dict[str, list[tuple[int, int]]] = {}
    found: dict[str, list[Square]] = {}
    squares: list[tuple[Terrain, ...]] = []
    for i, row in enumerate(lines):
        if len(row) != width:
            report(rows.path(i), f"row {i + 1} is {len(row)} squares wide and row 1 is "
                   f"{width}: every row needs the same number of squares",
                   mark=rows.mark(i, 0))
            ok = False
            continue
        cells: list[Terrain] = []
        for k, ch in enumerate(row):
            if ch in marks:
                found.setdefault(ch, []).append((k, i))
                cells.append(FLOOR)
            elif ch in chars:
                cells.append(chars[ch])
            else:
                unknown.setdefault(ch, []).append((i, k))
                cells.append(FLOOR)
        squares.append(tuple(cells))
    for ch, where in unknown.items():
        i, k = where[0]
        more = f" (and {len(where) - 1} more)" if len(where) > 1 else ""
        if ch == " ":
            hint = (" (a space is no square: write . for floor, and keep each row on its "
                    "own line with rows: |)")
        elif mark_problem(ch) is None:
            hint = f": the legend has {_legend_text(chars)}, and no combatant has mark: {ch}"
        else:
            hint = f": the legend has {_legend_text(chars)}"
        report(rows.path(i), f"unknown map character {shown(ch)} at {name((k, i))}{more}"
               f"{hint}", mark=rows.mark(i, k))
    if not ok:  # rows of different widths draw no board to check positions on
        return None, found
    return Board(tuple(squares)), found  # unknown characters read as floor meanwhile


def _legend_text(chars: dict[str, Terrain]) -> str:
    extra = [ch for ch in chars if ch not in DEFAULT_LEGEND]
    return LEGEND_HELP + (f"; the file adds {' '.join(extra)}" if extra else "")


def check_marks(places: list[Placement], chars: dict[str, Terrain], report: Report
                ) -> dict[str, PathT]:
    """The combatants' marks that can stand for them (mark -> the entry it is the mark
    of): not a legend character, not another entry's."""
    owner: dict[str, str] = {}
    entry: dict[str, PathT] = {}
    for p in places:
        if p.mark is None:
            continue
        if p.mark in chars:
            report((*p.path, "mark"), f"{shown(p.mark)} is the map's {_kind(chars[p.mark])} "
                   "character: a mark needs one the legend does not use (a letter)")
            continue
        why = mark_problem(p.mark)
        if why:
            report((*p.path, "mark"), why)
            continue
        if p.mark in owner:
            report((*p.path, "mark"), f"mark {shown(p.mark)} already stands for {owner[p.mark]}")
            continue
        owner[p.mark] = p.names[0] if p.names else "another combatant"
        entry[p.mark] = p.path
    return entry


def _kind(t: Terrain) -> str:
    if t.kind == "door":
        return "open door" if t.open else "closed door"
    return {"low": "low wall", "climb": "climbable", "pit": f"{t.height}-deep pit"}.get(
        t.kind, t.kind)


def positions(places: list[Placement], the_board: Board | None, found: dict[str, list[Square]],
              good_marks: dict[str, PathT], rows: Rows | None, report: Report
              ) -> dict[str, Square]:
    """Where every combatant starts, each checked against the map and against those
    placed before it (file order). Without a map no ``at:`` or ``mark:`` may be given."""
    out: dict[str, Square] = {}
    taken: dict[Square, str] = {}
    for p in places:
        if not p.names:
            continue  # the entry built no combatant: its problems are reported
        if p.at is not None and p.mark is not None:
            report((*p.path, "mark"), "give at: or mark:, not both", key=True)
            continue
        if the_board is None:
            if rows is None:  # no map: block (a map with problems is reported already)
                if p.at is not None:
                    report((*p.path, "at"), "at: is a square of the map, and this "
                           "encounter has no map: block", key=True)
                if p.mark is not None:
                    report((*p.path, "mark"), "mark: is a letter drawn in the map's rows, "
                           "and this encounter has no map: block", key=True)
            continue
        side = side_of(p.size)
        if p.at is None and p.mark is None:
            report((*p.path, "name"), f"the encounter has a map: give {p.names[0]} a "
                   "square (at: C5) or a mark: drawn in the rows")
            continue
        if p.at is not None:
            _place_at(p, the_board, side, taken, out, report)
        elif p.mark is not None and good_marks.get(p.mark) == p.path:
            _place_mark(p, the_board, side, found.get(p.mark, []), taken, out, rows,
                        report)
    return out


def _place_at(p: Placement, the_board: Board, side: int, taken: dict[Square, str],
              out: dict[str, Square], report: Report) -> None:
    given: list[Any] = [p.at] if isinstance(p.at, str) else list(p.at or ())
    if len(given) != len(p.names):
        many = len(p.names)
        report((*p.path, "at"), f"count: {many} makes {many} combatants: give at: a list "
               f"of {many} squares, one each (it has {len(given)})"
               if many > 1 else "give one square (at: C5)")
        return
    for k, (who, text) in enumerate(zip(p.names, given, strict=True)):
        where: PathT = (*p.path, "at") if isinstance(p.at, str) else (*p.path, "at", k)
        sq = parse(text)
        if sq is None:
            report(where, f"{shown(text)} is not a square: {SQUARE_HELP}")
            continue
        why = fit_problem(the_board, sq, side, taken)
        if why:
            report(where, f"{who} cannot stand at {name(sq)}: {why}")
            continue
        _take(who, sq, side, taken, out)


def _place_mark(p: Placement, the_board: Board, side: int, drawn: list[Square],
                taken: dict[Square, str], out: dict[str, Square], rows: Rows | None,
                report: Report) -> None:
    # Each square of the mark not inside a footprint already started starts the next
    # copy's, so a 2x2 creature may be drawn as one letter (its top-left) or four.
    letter = shown(p.mark or "")
    tops: list[Square] = []
    covered: set[Square] = set()
    for sq in drawn:
        if sq not in covered:
            tops.append(sq)
            covered.update(footprint(sq, side))
    if len(tops) != len(p.names):
        drawn_text = f"drawn {len(tops)} time(s)" if tops else "drawn nowhere in the rows"
        want = f"count: {len(p.names)} makes {len(p.names)}" if len(p.names) > 1 else \
            "it stands for one"
        report((*p.path, "mark"), f"mark {letter} is {drawn_text}, but {want}")
        return
    marked = set(drawn)
    for who, sq in zip(p.names, tops, strict=True):
        # said where it is drawn: that is what the GM edits
        where: PathT = rows.path(sq[1]) if rows is not None else (*p.path, "mark")
        at = rows.mark(sq[1], sq[0]) if rows is not None else None
        block = footprint(sq, side)
        part = sum(s in marked for s in block)
        if 1 < part < len(block):  # R31: N x N squares, drawn whole or by the top-left
            report(where, f"{who} (mark {letter}, SIZE {p.size}) is drawn on {part} of its "
                   f"{len(block)} squares from {name(sq)} to {name(block[-1])}: draw its "
                   f"top-left square only, or the whole {side}x{side} block", mark=at)
            continue
        why = fit_problem(the_board, sq, side, taken)
        if why:
            report(where, f"{who} (mark {letter}) cannot stand at {name(sq)}: {why}",
                   mark=at)
            continue
        _take(who, sq, side, taken, out)


def _take(who: str, sq: Square, side: int, taken: dict[Square, str],
          out: dict[str, Square]) -> None:
    out[who] = sq
    for s in footprint(sq, side):
        taken.setdefault(s, who)
