"""The map as an SVG picture for the players' screen, drawn from the "map" part of the
players' projection (projection/: ``status_document``): the squares with their ground,
the combatants' tokens, coordinates on every edge and a key of what is drawn.

Made to be read from across a table on a TV: thick lines, strong contrast, and each kind
of ground and each side told apart by its shape or pattern as well as by its colour.
Pure text out of a dict: the same map gives the same string, byte for byte, and every
name from a file is escaped (never read as markup).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from momenta_cli.engine.geometry import MAX_SIDE, column_name, parse_square

CELL = 40  # one square, in the picture's own units (the viewBox scales it to the screen)
EDGE = 38  # room for the coordinates on each side of the grid (three-digit row numbers)
KEY_ROW = 52  # one line of the key
KEY_ENTRY = 270  # the width one entry of the key takes (swatch and words)
MIN_WIDTH = 2 * KEY_ENTRY + 20  # a tiny map still leaves the key room for two entries
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#111111"
FLOOR = "#f7f4ea"

# Okabe-Ito colours, told apart by most colour-blind eyes; the shape tells them apart too.
SIDES: dict[str, tuple[str, str, str]] = {
    # side: (fill, label ink, what the key calls it)
    "allies": ("#0072b2", "#ffffff", "allies (circle)"),
    "adversaries": ("#d55e00", "#ffffff", "adversaries (square)"),
    "independents": ("#f0e442", INK, "independents (octagon)"),
}

# characters XML 1.0 cannot hold at all, even escaped (control characters, lone surrogates)
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(value: object) -> str:
    """A name from a file as XML text or an attribute value: escaped, quotes included, and
    any character XML cannot carry replaced by U+FFFD."""
    return escape(_NOT_XML.sub("\ufffd", str(value)), quote=True)


def _clip(text: str, room: int) -> str:
    """At most ``room`` characters, an ellipsis ending a name that was cut."""
    return text if len(text) <= room else text[: max(room - 1, 1)] + "\u2026"


# --- the ground ---------------------------------------------------------------------------
# Patterns are in user space with their tiles on the square grid (the grid is drawn at the
# origin of its own group, and each swatch of the key at the origin of its own), so a run
# of squares of one kind is one rectangle and its pattern still falls square by square.

_PATTERNS: dict[str, str] = {
    # solid near-black with light brick joints: the only black ground
    "wall": (f'<rect width="{CELL}" height="{CELL}" fill="#1c1c1c"/>'
             '<path d="M0 13H40M0 27H40M20 0V13M8 13V27M32 13V27M20 27V40" '
             'stroke="#6a6a6a" stroke-width="2" fill="none"/>'),
    # grey with thick diagonal hatching: a half-height wall that gives cover
    "low": ('<rect width="40" height="40" fill="#c9c9c9"/>'
            '<path d="M0 40L40 0M0 20L20 0M20 40L40 20M-4 4L4 -4M36 44L44 36" '
            'stroke="#2b2b2b" stroke-width="4" fill="none"/>'),
    # blue with two dark waves a square
    "water": ('<rect width="40" height="40" fill="#9fcbf0"/>'
              '<path d="M0 13Q5 7 10 13T20 13T30 13T40 13M0 29Q5 23 10 29T20 29T30 29T40 29" '
              'stroke="#0b3d91" stroke-width="3" fill="none"/>'),
    # sand with five dark dots (a die's five): rough ground
    "difficult": ('<rect width="40" height="40" fill="#f2dca8"/>'
                  '<g fill="#5a3a0c"><circle cx="10" cy="10" r="4"/>'
                  '<circle cx="30" cy="10" r="4"/><circle cx="20" cy="20" r="4"/>'
                  '<circle cx="10" cy="30" r="4"/><circle cx="30" cy="30" r="4"/></g>'),
    # green with a ladder: rails down the square, three rungs
    "climb": ('<rect width="40" height="40" fill="#b9dca5"/>'
              '<path d="M12 0V40M28 0V40M12 7H28M12 20H28M12 33H28" '
              'stroke="#1d4a12" stroke-width="3.5" fill="none"/>'),
}
_RUNS = tuple(_PATTERNS)  # kinds drawn as runs of their pattern

KEY_WORDS: dict[str, str] = {
    "wall": "wall",
    "low": "low wall (cover)",
    "door_closed": "door, closed",
    "door_open": "door, open",
    "water": "water",
    "difficult": "difficult ground",
    "climb": "climbable",
    "pit": "pit: number = depth",
}
KEY_ORDER = ("wall", "low", "door_closed", "door_open", "water", "difficult", "climb", "pit")


def _num(x: float) -> str:
    """A coordinate as short as it can be written (the picture's size counts on a phone)."""
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _pit(x: float, y: float, depth: str) -> str:
    """A pit: a dark hole with a white rim and its depth in squares written large."""
    size = 20 if len(depth) < 2 else 15
    return (f'<g class="pit"><rect x="{_num(x)}" y="{_num(y)}" width="40" height="40" '
            f'fill="#e8dcef"/><rect x="{_num(x + 5)}" y="{_num(y + 5)}" width="30" '
            f'height="30" fill="#3d1a4f" stroke="#ffffff" stroke-width="3"/>'
            f'<text x="{_num(x + 20)}" y="{_num(y + 27)}" font-size="{size}" '
            f'font-weight="bold" text-anchor="middle" fill="#ffffff">{_text(depth)}</text>'
            f'</g>')


def _door(x: float, y: float, is_open: bool, across: bool) -> str:
    """A door in its gap: jambs at both ends; closed, a thick bar that fills the gap; open,
    a thin leaf swung from its hinge and the dashed arc it sweeps. Drawn for a gap in a
    wall that runs across the map, turned a quarter for a wall that runs down it."""
    turn = "" if across else ' transform="rotate(90 20 20)"'
    if is_open:
        leaf = ('<rect x="3" y="3" width="6" height="17" fill="#8b5a2b" stroke="#111111" '
                'stroke-width="2"/><path d="M9 3A31 31 0 0 1 37 20" fill="none" '
                'stroke="#111111" stroke-width="2.5" stroke-dasharray="4 3"/>')
        state = "door door-open"
    else:
        leaf = ('<rect x="3" y="13" width="34" height="14" fill="#8b5a2b" stroke="#111111" '
                'stroke-width="3"/>')
        state = "door door-closed"
    return (f'<g class="{state}" transform="translate({_num(x)} {_num(y)})">'
            f'<rect width="40" height="40" fill="{FLOOR}"/><g{turn}>'
            '<rect x="0" y="11" width="4" height="18" fill="#111111"/>'
            f'<rect x="36" y="11" width="4" height="18" fill="#111111"/>{leaf}</g></g>')


@dataclass(frozen=True)
class _Ground:
    kind: str
    depth: str = ""
    is_open: bool = False


def _ground(terrain: object, width: int, height: int) -> dict[tuple[int, int], _Ground]:
    """The squares that are not floor, by (column, row); the first entry for a square wins,
    and anything off the map or of no kind we draw is left out."""
    out: dict[tuple[int, int], _Ground] = {}
    for item in terrain if isinstance(terrain, list) else []:
        if not isinstance(item, Mapping):
            continue
        sq = parse_square(str(item.get("square", "")))
        kind = str(item.get("kind", ""))
        if sq is None or sq in out or not (0 <= sq[0] < width and 0 <= sq[1] < height):
            continue
        if kind == "pit":
            depth = item.get("depth")
            out[sq] = _Ground("pit", depth=str(depth) if depth is not None else "?")
        elif kind == "door":
            out[sq] = _Ground("door", is_open=bool(item.get("open", False)))
        elif kind in _PATTERNS:
            out[sq] = _Ground(kind)
    return out


def _across(ground: dict[tuple[int, int], _Ground], sq: tuple[int, int]) -> bool:
    """Whether a door stands in a wall running across the map (wall beside it left or
    right) rather than down it (wall above or below)."""
    def solid(c: int, r: int) -> bool:
        g = ground.get((c, r))
        return g is not None and g.kind in ("wall", "door", "low")

    c, r = sq
    if solid(c - 1, r) or solid(c + 1, r):
        return True
    return not (solid(c, r - 1) or solid(c, r + 1))


def _draw_ground(ground: dict[tuple[int, int], _Ground], width: int) -> list[str]:
    out: list[str] = []
    rows = sorted({r for _, r in ground})
    for r in rows:
        c = 0
        while c < width:
            g = ground.get((c, r))
            if g is None:
                c += 1
                continue
            if g.kind in _RUNS:
                end = c
                while end + 1 < width and ground.get((end + 1, r)) == g:
                    end += 1
                out.append(f'<rect class="ground {g.kind}" x="{c * CELL}" y="{r * CELL}" '
                           f'width="{(end - c + 1) * CELL}" height="{CELL}" '
                           f'fill="url(#map-{g.kind})"/>')
                c = end + 1
                continue
            if g.kind == "pit":
                out.append(_pit(c * CELL, r * CELL, g.depth))
            else:
                out.append(_door(c * CELL, r * CELL, g.is_open, _across(ground, (c, r))))
            c += 1
    return out


def _key_entries(ground: dict[tuple[int, int], _Ground]) -> list[str]:
    """The key's entries for the kinds of ground on this map, in a fixed order."""
    present: set[str] = set()
    for g in ground.values():
        present.add(f"door_{'open' if g.is_open else 'closed'}" if g.kind == "door"
                    else g.kind)
    return [k for k in KEY_ORDER if k in present]


def _swatch(entry: str, ground: dict[tuple[int, int], _Ground]) -> str:
    if entry in _PATTERNS:
        return (f'<rect width="{CELL}" height="{CELL}" fill="url(#map-{entry})" '
                'stroke="#111111" stroke-width="2"/>')
    edge = f'<rect width="{CELL}" height="{CELL}" fill="none" stroke="#111111" stroke-width="2"/>'
    if entry == "pit":
        depths = sorted({g.depth for g in ground.values() if g.kind == "pit"},
                        key=lambda d: (len(d), d))
        return _pit(0, 0, depths[0] if depths else "2") + edge
    return _door(0, 0, entry == "door_open", True) + edge


# --- the tokens ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _Token:
    order: int
    name: str
    label: str
    side: str
    squares: tuple[str, ...]
    box: tuple[int, int, int, int]  # first column, first row, last column, last row
    acting: bool
    out: bool


def _tokens(items: object, width: int, height: int) -> list[_Token]:
    out: list[_Token] = []
    for i, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, Mapping):
            continue
        raw = item.get("squares")
        names = [str(s) for s in raw] if isinstance(raw, list) else []
        squares = [sq for sq in (parse_square(s) for s in names)
                   if sq is not None and 0 <= sq[0] < width and 0 <= sq[1] < height]
        if not squares:
            continue  # off the map (or placed nowhere): nothing to draw
        name = str(item.get("name", ""))
        label = str(item.get("label") or name[:2] or "?")
        side = str(item.get("side", ""))
        out.append(_Token(
            order=i, name=name, label=label[:4],
            side=side if side in SIDES else "independents",
            squares=tuple(names),
            box=(min(c for c, _ in squares), min(r for _, r in squares),
                 max(c for c, _ in squares), max(r for _, r in squares)),
            acting=bool(item.get("acting", False)), out=bool(item.get("out", False))))
    return out


def _shape(side: str, cx: float, cy: float, rx: float, ry: float, attrs: str) -> str:
    """A side's shape centred on (cx, cy): allies a circle (an ellipse on an odd
    footprint), adversaries a rounded square, independents an octagon."""
    if side == "allies":
        if rx == ry:
            return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(rx)}" {attrs}/>'
        return (f'<ellipse cx="{_num(cx)}" cy="{_num(cy)}" rx="{_num(rx)}" ry="{_num(ry)}" '
                f'{attrs}/>')
    if side == "adversaries":
        corner = min(rx, ry) * 0.3
        return (f'<rect x="{_num(cx - rx)}" y="{_num(cy - ry)}" width="{_num(2 * rx)}" '
                f'height="{_num(2 * ry)}" rx="{_num(corner)}" {attrs}/>')
    cut = min(rx, ry) * (1 - 1 / (1 + math.sqrt(2))) * 0.85
    pts = [(cx - rx + cut, cy - ry), (cx + rx - cut, cy - ry), (cx + rx, cy - ry + cut),
           (cx + rx, cy + ry - cut), (cx + rx - cut, cy + ry), (cx - rx + cut, cy + ry),
           (cx - rx, cy + ry - cut), (cx - rx, cy - ry + cut)]
    points = " ".join(f"{_num(x)},{_num(y)}" for x, y in pts)
    return f'<polygon points="{points}" {attrs}/>'


def _token(t: _Token) -> str:
    c0, r0, c1, r1 = t.box
    across, down = (c1 - c0 + 1) * CELL, (r1 - r0 + 1) * CELL
    cx, cy = c0 * CELL + across / 2, r0 * CELL + down / 2
    rx, ry = across / 2 - 4, down / 2 - 4
    fill, ink, _ = SIDES[t.side]
    classes = " ".join(["token", f"side-{t.side}"] + ["acting"] * t.acting + ["out"] * t.out)
    first = t.squares[0] if t.squares else ""
    state = " (acting)" if t.acting else ""
    state += " (out)" if t.out else ""
    parts = [f'<g class="{classes}" data-name="{_text(t.name)}" data-label="{_text(t.label)}" '
             f'data-side="{t.side}" data-square="{_text(first)}" '
             f'data-squares="{_text(" ".join(t.squares))}">',
             f"<title>{_text(t.name)}{state}</title>"]
    if t.acting:  # a thick ring: black outside, bright yellow inside, round the shape
        parts.append(_shape(t.side, cx, cy, rx + 3, ry + 3,
                            'fill="none" stroke="#000000" stroke-width="11"'))
        parts.append(_shape(t.side, cx, cy, rx + 3, ry + 3,
                            'class="ring" fill="none" stroke="#ffd400" stroke-width="6"'))
    dash = ' stroke-dasharray="6 3"' if t.side == "independents" else ""
    body = _shape(t.side, cx, cy, rx, ry,
                  f'fill="{fill}" stroke="{INK}" stroke-width="3"{dash}')
    size = max(12, min(across, down) * 0.45) if len(t.label) <= 2 else \
        max(10, min(across, down) * 0.32)
    label = (f'<text class="label" x="{_num(cx)}" y="{_num(cy + size * 0.36)}" '
             f'font-size="{_num(size)}" font-weight="bold" text-anchor="middle" '
             f'fill="{ink}">{_text(t.label)}</text>')
    if t.out:  # dimmed, and a cross over it all that is not dimmed
        parts.append(f'<g opacity="0.45">{body}{label}</g>')
        x0, y0, x1, y1 = c0 * CELL + 5, r0 * CELL + 5, (c1 + 1) * CELL - 5, (r1 + 1) * CELL - 5
        cross = f"M{x0} {y0}L{x1} {y1}M{x1} {y0}L{x0} {y1}"
        parts.append(f'<path class="cross" d="{cross}" stroke="#ffffff" stroke-width="9" '
                     f'stroke-linecap="round"/><path d="{cross}" stroke="{INK}" '
                     f'stroke-width="5" stroke-linecap="round"/>')
    else:
        parts.append(body + label)
    parts.append("</g>")
    return "".join(parts)


def _name(t: _Token, height: int) -> str:
    """The token's name, small, just under it (over it on the last row, so it stays on
    the grid). Names are drawn over every token: the strip they take is the rim of the
    square below, clear of its label, so no neighbour hides a name."""
    c0, r0, c1, r1 = t.box
    cx = c0 * CELL + (c1 - c0 + 1) * CELL / 2
    room = 9 * (c1 - c0 + 1) + 3
    ny = (r1 + 1) * CELL + 10 if r1 + 1 < height else r0 * CELL - 3
    return (f'<text class="name" data-name="{_text(t.name)}" x="{_num(cx)}" y="{_num(ny)}" '
            f'font-size="11" text-anchor="middle" fill="{INK}" stroke="#ffffff" '
            f'stroke-width="3" paint-order="stroke">{_text(_clip(t.name, room))}</text>')


def _token_key(what: str) -> str:
    if what in SIDES:
        fill, _, _ = SIDES[what]
        dash = ' stroke-dasharray="6 3"' if what == "independents" else ""
        return _shape(what, 20, 20, 16, 16, f'fill="{fill}" stroke="{INK}" stroke-width="3"'
                      f'{dash}')
    if what == "acting":
        return ('<circle cx="20" cy="20" r="17" fill="none" stroke="#000000" '
                'stroke-width="7"/><circle cx="20" cy="20" r="17" fill="none" '
                'stroke="#ffd400" stroke-width="4"/>')
    return (f'<circle cx="20" cy="20" r="16" fill="#888888" opacity="0.45"/>'
            f'<path d="M6 6L34 34M34 6L6 34" stroke="{INK}" stroke-width="5" '
            'stroke-linecap="round"/>')


TOKEN_WORDS = {"acting": "acting (thick ring)", "out": "out of the fight (cross)"}


# --- the picture --------------------------------------------------------------------------

def _size(value: object) -> int:
    try:
        n = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return 0
    return max(0, min(n, MAX_SIDE))


def _coordinates(width: int, height: int) -> list[str]:
    """Column letters above and below the grid, row numbers on both sides."""
    out = [f'<g class="coords" font-size="16" font-weight="bold" fill="{INK}" '
           'text-anchor="middle">']
    below = height * CELL + 24
    for c in range(width):
        x = c * CELL + CELL // 2
        letters = column_name(c)
        out.append(f'<text x="{x}" y="-10">{letters}</text>'
                   f'<text x="{x}" y="{below}">{letters}</text>')
    for r in range(height):
        y = r * CELL + CELL // 2 + 6
        out.append(f'<text x="-19" y="{y}">{r + 1}</text>'
                   f'<text x="{width * CELL + 19}" y="{y}">{r + 1}</text>')
    out.append("</g>")
    return out


def _grid(width: int, height: int) -> tuple[str, str]:
    """The floor, and (drawn over the ground) the grid lines in one path and a thick
    border."""
    w, h = width * CELL, height * CELL
    lines = "".join(f"M{c * CELL} 0V{h}" for c in range(1, width))
    lines += "".join(f"M0 {r * CELL}H{w}" for r in range(1, height))
    out = f'<rect class="floor" width="{w}" height="{h}" fill="{FLOOR}"/>'
    return out, (f'<path class="grid" d="{lines}" stroke="#7a7a7a" stroke-width="1.5" '
                 f'fill="none"/>' if lines else "") + (
        f'<rect class="border" width="{w}" height="{h}" fill="none" stroke="{INK}" '
        'stroke-width="4"/>')


def _key(entries: list[tuple[str, str, str]], top: float, total: float) -> list[str]:
    """The key: a swatch and its words for each (class, swatch, words), in rows."""
    per_row = max(1, int((total - 20) // KEY_ENTRY))
    out = [f'<g class="key" font-size="17" fill="{INK}">']
    for i, (what, swatch, words) in enumerate(entries):
        x = 10 + (i % per_row) * KEY_ENTRY
        y = top + (i // per_row) * KEY_ROW
        out.append(f'<g class="key-entry key-{what}" transform="translate({_num(x)} '
                   f'{_num(y)})">{swatch}<text x="50" y="26">{_text(words)}</text></g>')
    out.append("</g>")
    return out


def map_svg(doc_map: dict, *, title: str = "") -> str:
    """The "map" part of the players' projection (``status_document``) drawn as an SVG
    picture: the grid with column letters and row numbers on every edge, each square's
    ground (its own pattern, shape or number as well as its colour), the tokens by side
    (allies a blue circle, adversaries an orange square, independents a yellow octagon
    with a dashed edge) with their labels and names, the acting one ringed, the out ones
    crossed and dimmed, and a key of what this map shows. Scales to its container (a
    viewBox, ``width="100%"``); the same dict gives the same text."""
    width, height = _size(doc_map.get("width")), _size(doc_map.get("height"))
    ground = _ground(doc_map.get("terrain"), width, height)
    tokens = _tokens(doc_map.get("tokens"), width, height)

    key: list[tuple[str, str, str]] = [
        (entry, _swatch(entry, ground), KEY_WORDS[entry]) for entry in _key_entries(ground)]
    sides = {t.side for t in tokens}
    key += [(side, _token_key(side), SIDES[side][2]) for side in SIDES if side in sides]
    key += [(mark, _token_key(mark), TOKEN_WORDS[mark]) for mark in ("acting", "out")
            if any(getattr(t, mark) for t in tokens)]

    grid_w = width * CELL
    total = max(grid_w + 2 * EDGE, MIN_WIDTH)
    head = 40 if title else 0
    grid_x = (total - grid_w) / 2
    grid_y = head + EDGE
    key_top = grid_y + height * CELL + EDGE + 8
    per_row = max(1, int((total - 20) // KEY_ENTRY))
    key_rows = math.ceil(len(key) / per_row)
    total_h = key_top + key_rows * KEY_ROW + (4 if key_rows else 0)

    label = f"Map {width}x{height}" + (f": {title}" if title else "")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="map" width="100%" '
           f'viewBox="0 0 {_num(total)} {_num(total_h)}" role="img" '
           f'aria-label="{_text(label)}" font-family="{FONT}">',
           f"<title>{_text(label)}</title>"]
    present = sorted({g.kind for g in ground.values() if g.kind in _PATTERNS},
                     key=_RUNS.index)
    if present:
        out.append("<defs>")
        out += [f'<pattern id="map-{kind}" class="pattern-{kind}" patternUnits="userSpaceOnUse" '
                f'width="{CELL}" height="{CELL}">{_PATTERNS[kind]}</pattern>'
                for kind in present]
        out.append("</defs>")
    out.append('<rect width="100%" height="100%" fill="#ffffff"/>')
    if title:
        room = max(8, int(total // 12))
        out.append(f'<text class="title" x="{_num(total / 2)}" y="28" font-size="22" '
                   f'font-weight="bold" text-anchor="middle" fill="{INK}">'
                   f"{_text(_clip(title, room))}</text>")
    floor, lines = _grid(width, height)
    out.append(f'<g class="board" transform="translate({_num(grid_x)} {_num(grid_y)})">')
    out.append(floor)
    out += _draw_ground(ground, width)
    out.append(lines)
    out += _coordinates(width, height)
    # the acting one last, so its ring is never under a neighbour; then every name
    for t in sorted(tokens, key=lambda t: (t.acting, t.order)):
        out.append(_token(t))
    if tokens:
        out.append('<g class="names">')
        out += [_name(t, height) for t in tokens]
        out.append("</g>")
    out.append("</g>")
    if key:
        out += _key(key, key_top, total)
    out.append("</svg>")
    return "\n".join(out) + "\n"
