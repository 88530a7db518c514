"""The encounter's ``map:`` block: rows of characters into a ``Board``; where each
combatant starts is encounter/mapstart.py's.

The default legend is documented in docs/encounter-format.md ("Map"); ``legend:`` adds
or changes characters. Every problem is reported where it is: a bad character at its own
line and column in the rows (``Rows.mark``, which mapstart uses for a mark that cannot
stand where it is drawn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from momenta_cli.encounter.mapstart import (
    Placement,
    check_marks,
    mark_problem,
    positions,
    shown,
)
from momenta_cli.encounter.problems import Source
from momenta_cli.encounter.validators import Models
from momenta_cli.encounter.yamlload import Mark, PathT
from momenta_cli.engine.geometry import FLOOR, MAX_SIDE, Board, Square, Terrain, square_name

if TYPE_CHECKING:  # or the kept schema's stand-in of it, with the same fields (fastcheck.py)
    from momenta_cli.encounter.file_model import MapModel

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
        report(rows.path(i), f"unknown map character {shown(ch)} at {square_name((k, i))}{more}"
               f"{hint}", mark=rows.mark(i, k))
    if not ok:  # rows of different widths draw no board to check positions on
        return None, found
    return Board(tuple(squares)), found  # unknown characters read as floor meanwhile


def _legend_text(chars: dict[str, Terrain]) -> str:
    extra = [ch for ch in chars if ch not in DEFAULT_LEGEND]
    return LEGEND_HELP + (f"; the file adds {' '.join(extra)}" if extra else "")


def battlefield(src: Source, text: str, places: list[Placement], report: Report,
                models: Models) -> tuple[Board | None, dict[str, Square]]:
    """The ``map:`` block's Board (None without one, or with problems) and where each
    combatant starts (encounter/mapstart.py); ``text`` is the file's, for locating the
    rows' characters; the block is read by ``models``."""
    raw = src.doc.data.get("map")
    model = models.piece("MapModel", raw) if raw is not None else None
    if model is None:
        if raw is None:  # no map: at: and mark: are refused; a bad map is reported
            positions(places, None, {}, {}, None, report)
        return None, {}
    rows = Rows(model, src, text)
    chars = legend(model, report)
    marks = check_marks(places, chars, report)
    the_board, found = board(model, rows, chars, set(marks), report)
    return the_board, positions(places, the_board, found, marks, rows, report)
