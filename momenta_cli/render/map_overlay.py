"""What ``map NAME`` lays over the battlemap: the squares NAME can reach this Move
(``walk.reachable_squares``: R32, R36) and the squares it can see
(``sight.visible``: R33), each told by its own character so that the map reads without
colour, and beside each other combatant's name how far it is, whether NAME sees it and
whether it has cover (R34).

A marked square keeps its ground's first character and takes the mark in its second
cell (``:*`` difficult ground within reach); a floor square is the mark alone, a pit
keeps its depth. Walls are never marked (nothing stands in one or sees into one).

Sight is exact and costs one search per square (see ``sight.visible``), so only the
squares drawn are asked, and at most ``MAX_TESTS`` of them, nearest first: on a map too
big for that the key says how far sight was worked out.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from rich.text import Text

from momenta_cli.engine.battlefield import board_of, occupants, squares_of
from momenta_cli.engine.core import Fight, Fighter
from momenta_cli.engine.geometry import (
    Board,
    GeometryTooComplex,
    Square,
    Terrain,
    cover,
    distance,
    footprint,
    line_of_sight,
    side_of,
    visible,
)
from momenta_cli.errors import RuleError
from momenta_cli.text import one_line, squares_text

REACH_SEEN, REACH_UNSEEN, SEEN = "*", "o", "'"
_STYLE = {REACH_SEEN: "bold green", REACH_UNSEEN: "green", SEEN: "cyan"}
# Up to about 0.2 s of sight tests on the bench's 60x60 map with wall runs
# (bench/geometry.py's battlefield); an 80-column window holds up to 39x40 squares, so
# a big window is worked out to about 15 squares around the creature.
MAX_TESTS = 900

Window = tuple[int, int, int, int]  # first column, columns, first row, rows


@dataclass(frozen=True)
class Overlay:
    """``who``'s marks: the squares it can stand on at the end of this Move (``reach``:
    of a larger creature, every square of each footprint it can end in), the squares it
    sees (``seen``, worked out within ``radius`` squares, None: all drawn),
    how far it may move (``move``, or why it may not), and a note per other combatant."""

    who: str
    reach: frozenset[Square]
    seen: frozenset[Square]
    radius: int | None
    move: str
    side: int = 1
    notes: dict[str, str] = field(default_factory=dict)
    untold: bool = False  # sight too complex to work out (geometry/budget.py): no marks

    def mark(self, sq: Square, ground: Terrain, glyph: str, style: str) -> tuple[str, str]:
        """The two cells and style of square ``sq`` (ground ``glyph`` in ``style``)."""
        seen = sq in self.seen
        ch = REACH_SEEN if sq in self.reach and seen else REACH_UNSEEN \
            if sq in self.reach else SEEN if seen else ""
        if not ch or ground.kind == "pit":
            return glyph, style
        if ground.kind == "floor":
            return f"{ch} ", _STYLE[ch]
        return glyph[0] + ch, _STYLE[ch]

    def key(self) -> list[Text]:
        """The key entries: what NAME may move, then each mark (the ones drawn)."""
        big = f" (moved by its top-left square: it takes {self.side}x{self.side})" \
            if self.side > 1 else ""
        out = [Text(one_line(f"{self.who}: {self.move}{big}"), "dim")]
        for ch, what in ((REACH_SEEN, "can reach this Move and sees"),
                         (REACH_UNSEEN, "can reach, out of sight"),
                         (SEEN, "sees, out of reach")):
            out.append(Text(ch, _STYLE[ch]) + Text(f" {what}", "dim"))
        if self.untold:
            out.append(Text("(sight too complex to work out on this map: the GM rules it)",
                            "dim"))
        elif self.radius is not None:
            out.append(Text(f"(sight worked out to {self.radius} squares away)", "dim"))
        return out


def _radius(fa: Collection[Square], window: Window) -> tuple[int, bool]:
    """How far from ``fa`` sight is worked out, and whether that leaves drawn squares
    out: as far as the farthest drawn square when they are at most ``MAX_TESTS``, else
    the largest distance that keeps within it."""
    c0, cols, r0, rows = window
    ds = sorted(distance(fa, [(c, r)]) for r in range(r0, r0 + rows)
                for c in range(c0, c0 + cols))
    if len(ds) <= MAX_TESTS:
        return ds[-1], False
    return max(0, ds[MAX_TESTS] - 1), True


def _move(fight: Fight, f: Fighter) -> str:
    from momenta_cli.engine.movement import walker

    if f.out:
        return f"{f.out_reason}: it does not move"
    try:
        w = walker(fight, f, "Move")
    except RuleError as err:
        return f"cannot Move now: {err}"
    return f"Moves up to {squares_text(w.budget)} ({w.why})"


def overlay(fight: Fight, who: str, window: Window, *, players: bool = False
            ) -> Overlay | None:
    """The marks of ``who`` over the drawn ``window``; None when it is not on the map (or,
    for the players, is a Hidden enemy)."""
    from momenta_cli.engine.core import as_seen, unseen
    from momenta_cli.engine.movement import reachable_squares

    f = fight.get(who)
    board = board_of(fight)
    if board is None or f.position is None or (players and unseen(f)):
        return None
    shown = as_seen(fight, players)  # a Hidden enemy's square is no hole in the reach
    me = shown.get(who)
    fa = squares_of(me)
    radius, cut = _radius(fa, window)
    c0, cols, r0, rows = window
    drawn = {(c, r) for r in range(r0, r0 + rows) for c in range(c0, c0 + cols)}
    try:
        seen, untold = visible(board, fa, within=radius), False
    except GeometryTooComplex:
        seen, untold, radius = frozenset(), True, -1  # nothing marked; each note asks
    side = side_of(f.spec.size)
    # a larger creature reaches every square of the footprints it can end on (R31)
    try:
        ends = reachable_squares(shown, me, "Move") if not me.out else {}
        move = _move(shown, me)
    except GeometryTooComplex as err:
        ends, move = {}, f"cannot work out where it may go: {err}"
    reach = frozenset(sq for p in ends for sq in footprint(p, side)) & drawn
    return Overlay(f.name, reach, seen & drawn, radius if cut else None,
                   move, side, _notes(shown, board, me, seen, radius), untold)


def _notes(fight: Fight, board: Board, f: Fighter, seen: frozenset[Square], radius: int
           ) -> dict[str, str]:
    """``4 away, in sight, cover`` for each other combatant on the map (the players'
    view: the ones they know of). ``seen``: what ``f`` sees within ``radius``, so that
    a combatant that near is not searched for again (the closed squares cover its
    footprint: a line to one of them is a line to it)."""
    fa = squares_of(f)
    held = occupants(fight.fighters.values())
    out = {}
    for g in fight.fighters.values():
        if g.name == f.name or g.position is None or g.out:
            continue
        gs = squares_of(g)
        far = max(distance(fa, [sq]) for sq in gs)
        note = f"{distance(fa, gs)} away"
        try:
            sees = any(sq in seen for sq in gs) if far <= radius else \
                line_of_sight(board, fa, gs)
            if sees:
                others = [sq for sq, o in held.items() if o not in (f.name, g.name)]
                note += ", in sight, cover" if cover(board, fa, gs, others) else \
                    ", in sight"
            else:
                note += ", out of sight"
        except GeometryTooComplex:
            note += ", sight and cover too complex to work out (the GM rules them)"
        out[g.name] = note
    return out
