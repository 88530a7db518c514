"""The battlefield drawn with Rich: terrain, combatants as two-letter labels coloured by
side, the active combatant highlighted, column letters and row numbers on the edges.

Each square is two cells wide (terminal cells are about twice as tall as wide, so the map
keeps its shape). 80 columns is the design width: a map wider than the screen, or taller
than ``MAX_ROWS``, is drawn as the window around the active combatant (or the one asked
for) that fits, and says so. Built from ``Text`` only: names are never read as markup,
and every name goes through ``text.one_line`` (control characters show as escapes).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text

from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import Fight, Fighter
from momenta_cli.engine.geometry import Board, Square, Terrain, column_name, square_name
from momenta_cli.render.status_table import SIDE_STYLE
from momenta_cli.text import one_line

DESIGN_WIDTH = 80
MAX_ROWS = 40  # more rows than that scroll off a laptop's screen: drawn as a window


# each kind of ground: its two cells, its style and what the key calls it
GLYPHS: dict[str, tuple[str, str, str]] = {
    "floor": (". ", "dim", "floor"),
    "wall": ("##", "bold", "wall"),
    "difficult": (": ", "yellow", "difficult"),
    "low": ("==", "yellow", "low wall (cover)"),
    "water": ("~~", "blue", "water"),
    "climb": ("^^", "green", "climbable"),
}


def _glyph(t: Terrain) -> tuple[str, str, str]:
    """(two cells, style, what it is) for a square's ground."""
    if t.kind in GLYPHS:
        return GLYPHS[t.kind]
    if t.kind == "pit":
        depth = str(t.height) if t.height < 10 else "+"
        return f"v{depth}", "magenta", f"pit {t.height} deep"
    if t.open:
        return "/ ", "bold yellow", "open door"
    return "++", "bold yellow", "closed door"


def _shown(fight: Fight, players: bool) -> list[Fighter]:
    """Who is drawn: everyone on the map, but for the players not an adversary or
    independent that is Hidden (they do not know where it is, ch23)."""
    from momenta_cli.engine.core import unseen

    return [f for f in fight.fighters.values() if not (players and unseen(f))]


NO_LABEL = "??"  # more combatants than labels: the list says who has none
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# What Rich would read as a tag ([bold red], [/], [#ff0000], [@click]): shown literally in
# the name, but no letters for a label (``[bold red]Kira[/]`` is Ki, not Bo)
_TAG = re.compile(r"\[[a-z#/@][^\[\]]*\]")
_SPARE = _UPPER + "0123456789" + _UPPER.lower()


def labels(fighters: Iterable[Fighter]) -> dict[str, str]:
    """Two-cell labels, unique, in fighter order: ``Go`` for Gorm, ``K1`` for Knife-1,
    ``12`` for Knife-12; when taken, the initial with another letter of the name or a
    digit. Only letters and digits one cell wide are used, markup-looking tags skipped
    (``[bold red]Kira[/]`` is ``Ki``); a name of other characters gets a made-up label:
    AA to ZZ, then other pairs of letters and digits. A crowd beyond every pair
    (thousands) shares ``NO_LABEL``; the list under the map says so."""
    out: dict[str, str] = {}
    used: set[str] = set()
    spare = _spares()
    for f in fighters:
        label = next((c for c in _candidates(f.name) if c not in used), None)
        while label is None or label in used:
            label = next(spare, NO_LABEL)
            if label == NO_LABEL:
                break
        out[f.name] = label
        used.add(label)
    return out


def _spares() -> Iterator[str]:
    yield from (a + b for a in _UPPER for b in _UPPER)
    yield from (a + b for a in _SPARE for b in _SPARE if not (a in _UPPER and b in _UPPER))


def _cased(ch: str, upper: bool) -> str:
    """``ch`` in upper (or lower) case when that is still one character one cell wide
    (``ß`` upper is ``SS``, ``ŉ`` is ``ʼN``, ``İ`` lower is i and a dot: kept as is)."""
    got = ch.upper() if upper else ch.lower()
    return got if len(got) == 1 and cell_len(got) == 1 else ch


def _candidates(text: str) -> Iterable[str]:
    text = _TAG.sub(" ", text) if any(c.isalnum() for c in _TAG.sub("", text)) else text
    chars = [ch for ch in text if ch.isalnum() and len(ch) == 1 and cell_len(ch) == 1]
    base, _, number = text.rpartition("-")
    if base and number.isascii() and number.isdigit():
        first = next((ch for ch in base if ch.isalnum() and cell_len(ch) == 1), "")
        n = int(number)
        if n < 10 and first:
            yield _cased(first, True) + str(n)
        elif n < 100:
            yield f"{n:02d}"
    if not chars:
        return
    head = _cased(chars[0], True)
    for ch in chars[1:]:
        yield head + _cased(ch, False)
    for d in "123456789":
        yield head + d


def _window(size: int, room: int, centre: int | None) -> tuple[int, int]:
    """The first index and count of a window of ``room`` of ``size`` cells around
    ``centre`` (the start when None)."""
    if size <= room:
        return 0, size
    start = 0 if centre is None else centre - room // 2
    return max(0, min(start, size - room)), room


def battlemap(fight: Fight, *, width: int | None = None, players: bool = False,
              focus: str | None = None, max_rows: int = MAX_ROWS,
              marks: str | None = None) -> RenderableType:
    """The map of ``fight`` for a screen ``width`` columns wide (80 when not given),
    centred on ``focus`` (a fighter's name) or the active combatant when it does not all
    fit. ``players``: the players' view (Hidden adversaries are not drawn). ``marks``
    (a fighter's name): overlay the squares it can reach this Move and the ones it sees
    (render/map_overlay.py)."""
    width = width or DESIGN_WIDTH
    board = board_of(fight)
    if board is None:
        return Text("this fight has no map (the encounter has no map: block)", "dim")
    fighters = _shown(fight, players)
    label = labels(fighters)
    held: dict[Square, Fighter] = {}
    for f in sorted(fighters, key=lambda f: not f.out):  # the ones in the fight on top
        for sq in squares_of(f):
            held[sq] = f
    centre_name = focus if focus in fight.fighters else fight.active
    centre: Fighter | None = fight.fighters[centre_name] if centre_name is not None \
        else None
    if centre is not None and centre not in fighters:
        centre = None  # never centre the players' map on where a Hidden enemy is
    middle = squares_of(centre) if centre is not None else ()
    margin = len(str(board.height)) + 1
    c0, cols = _window(board.width, max(1, (width - margin) // 2),
                       middle[0][0] if middle else None)
    r0, rows = _window(board.height, max(1, max_rows), middle[0][1] if middle else None)
    over = None
    if marks is not None:
        from momenta_cli.render.map_overlay import overlay

        over = overlay(fight, marks, (c0, cols, r0, rows), players=players)
    lines: list[Text] = []
    if (cols, rows) != (board.width, board.height):
        lines.append(_window_note(board, c0, cols, r0, rows, centre, width))
    head = _edge(c0, cols, margin)
    lines.extend(head)
    for r in range(r0, r0 + rows):
        line = Text(f"{r + 1:>{margin - 1}} ", "dim")
        for c in range(c0, c0 + cols):
            here = held.get((c, r))
            if here is not None:
                line.append(label[here.name], _style(here, fight, players))
            else:
                ground = board.at((c, r))
                glyph, style, _ = _glyph(ground)
                if over is not None:
                    glyph, style = over.mark((c, r), ground, glyph, style)
                line.append(glyph, style)
        lines.append(line)
    lines.extend(head)
    notes = over.notes if over is not None else {}
    lines.extend(_pack(_who(fighters, label, fight, players, notes, held), width))
    lines.extend(_pack(_key(board, c0, cols, r0, rows), width))
    if over is not None:
        lines.extend(_pack(over.key(), width))
    return Group(*lines)


def map_meta(fight: Fight, arg: str | None, *, width: int | None = None,
             players: bool = False) -> RenderableType:
    """What the ``map [NAME]`` line draws at the prompt and for ``do``: the battlemap;
    with NAME (any unambiguous part of a name, as every command reads it) the squares
    NAME can reach this Move and the ones it sees marked, centred on NAME when the map
    is too big for the screen; a name that fits nobody is one ``!`` line instead."""
    from momenta_cli.engine.core import find_fighter
    from momenta_cli.errors import MomentaError

    focus = None
    if arg is not None:
        try:
            focus = find_fighter(fight, arg).name
        except MomentaError as err:
            return Text(one_line(f"! {err}"), "bold red")
    return battlemap(fight, width=width, players=players, focus=focus, marks=focus)


def _edge(c0: int, cols: int, margin: int) -> list[Text]:
    """The column letters, one per square; columns AA and on are written downwards on
    two lines (``A`` over ``B`` for AB), so that each stays over its own square."""
    names = [column_name(c) for c in range(c0, c0 + cols)]
    tall = any(len(n) > 1 for n in names)
    lines = []
    for part in ((0, 1) if tall else (1,)):
        text = Text(" " * margin, "dim")
        for n in names:
            ch = n[-2] if part == 0 and len(n) > 1 else n[-1] if part == 1 else " "
            text.append(f"{ch} ", "dim")
        lines.append(text)
    return lines


def _window_note(board: Board, c0: int, cols: int, r0: int, rows: int,
                 centre: Fighter | None, width: int) -> Text:
    around = f" around {one_line(centre.name)}" if centre is not None else ""
    text = (f"columns {column_name(c0)}-{column_name(c0 + cols - 1)}, rows {r0 + 1}-"
            f"{r0 + rows} of {board.width}x{board.height}{around}")
    more = " (a wider screen shows more)"
    return Text(text + more if cell_len(text + more) <= width else text, "dim")


def _style(f: Fighter, fight: Fight, players: bool) -> str:
    style = f"bold {SIDE_STYLE.get(f.side, '')}".strip()
    if f.out:
        return "dim strike"
    if f.name == fight.active:
        style += " reverse"
    if not players and f.has("Hidden"):
        style += " italic"
    return style


def _who(fighters: list[Fighter], label: dict[str, str], fight: Fight, players: bool,
         seen: dict[str, str], held: dict[Square, Fighter] | None = None) -> list[Text]:
    out = []
    for f in fighters:
        notes = [seen[f.name]] if f.name in seen else []
        if f.position is None:
            notes.append("not on the map")
        elif f.out:
            notes.append(f.out_reason)
        under = _under(f, held or {}, label)
        if under:
            notes.append(under)
        if not players and f.has("Hidden"):
            notes.append("Hidden")
        if label[f.name] == NO_LABEL:
            notes.append("no label left")
        if f.name == fight.active:
            notes.append("acting")
        extra = f" ({', '.join(notes)})" if notes else ""
        entry = Text(label[f.name], _style(f, fight, players))
        entry.append(f" {one_line(f.name)}{extra}")
        out.append(entry)
    return out


def _under(f: Fighter, held: dict[Square, Fighter], label: dict[str, str]) -> str:
    """Where ``f`` is when another is drawn on its squares (a mover Defeated on an
    ally's square it was passing through): ``at B2, under Ni``; else ""."""
    over = [held[sq] for sq in squares_of(f) if sq in held and held[sq] is not f]
    if not over:
        return ""
    names = dict.fromkeys(label[o.name] for o in over)
    return f"at {where_of(f)}, under {' and '.join(names)}"


def _key(board: Board, c0: int, cols: int, r0: int, rows: int) -> list[Text]:
    """What each ground glyph in the window means, floor left out."""
    seen: dict[str, Text] = {}
    for r in range(r0, r0 + rows):
        for c in range(c0, c0 + cols):
            glyph, style, what = _glyph(board.at((c, r)))
            if what != "floor" and what not in seen:
                seen[what] = Text(glyph.rstrip(), style) + Text(f" {what}", "dim")
    return list(seen.values())


def _pack(entries: list[Text], width: int) -> list[Text]:
    """Entries side by side, two spaces apart, as many to a line as fit."""
    lines: list[Text] = []
    line: Text | None = None
    for e in entries:
        if line is not None and line.cell_len + 2 + e.cell_len <= width:
            line.append("  ")
            line.append_text(e)
            continue
        line = e.copy()
        lines.append(line)
    return lines


def where(fight: Fight, f: Fighter) -> str | None:
    """``C5`` (``C5-D6`` for a larger creature) for the status views; None off the map."""
    return where_of(f) or None


def where_of(f: Fighter) -> str:
    squares = squares_of(f)
    if not squares:
        return ""
    first = square_name(squares[0])
    return first if len(squares) == 1 else f"{first}-{square_name(squares[-1])}"
