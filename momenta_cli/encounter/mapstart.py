"""Where each combatant of an encounter with a ``map:`` block starts: ``at: C5`` or a
``mark:`` letter drawn in the rows (docs/encounter-format.md, "Where combatants start").

Each is checked against the map (engine/geometry/fitting.fit_problem, as ``place`` is) and
against those placed before it in file order; every problem is reported where it is: a
square at the combatant's ``at:``, a mark's at the letter in the rows.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from momenta_cli.encounter.yamlload import PathT
from momenta_cli.engine.core import CombatantSpec
from momenta_cli.engine.geometry import (
    SQUARE_HELP,
    Board,
    Square,
    Terrain,
    fit_problem,
    footprint,
    parse_square,
    side_of,
    square_name,
)
from momenta_cli.text import unsafe

if TYPE_CHECKING:
    from momenta_cli.encounter.mapbuild import Report, Rows

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


def placement(path: PathT, raw: Any, specs: list[CombatantSpec]) -> Placement | None:
    """A combatant entry's ``at:`` and ``mark:`` as written; None when either has the
    wrong shape (the model reports that). An entry that built nothing (its own problems
    are reported) still claims its mark, so that the letter is not reported again as an
    unknown map character."""
    if not isinstance(raw, dict):
        return None
    at, mark = raw.get("at"), raw.get("mark")
    if not (at is None or isinstance(at, str)
            or (isinstance(at, list) and all(isinstance(a, str) for a in at))):
        return None
    if not (mark is None or (isinstance(mark, str) and len(mark) == 1)):
        return None
    return Placement(path, at, mark, [s.name for s in specs],
                     specs[0].size if specs else "1M")


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
        sq = parse_square(text)
        if sq is None:
            report(where, f"{shown(text)} is not a square: {SQUARE_HELP}")
            continue
        why = fit_problem(the_board, sq, side, taken)
        if why:
            report(where, f"{who} cannot stand at {square_name(sq)}: {why}")
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
                   f"{len(block)} squares from {square_name(sq)} to "
                   f"{square_name(block[-1])}: draw its top-left square only, or the whole "
                   f"{side}x{side} block", mark=at)
            continue
        why = fit_problem(the_board, sq, side, taken)
        if why:
            report(where, f"{who} (mark {letter}) cannot stand at {square_name(sq)}: {why}",
                   mark=at)
            continue
        _take(who, sq, side, taken, out)


def _take(who: str, sq: Square, side: int, taken: dict[Square, str],
          out: dict[str, Square]) -> None:
    out[who] = sq
    for s in footprint(sq, side):
        taken.setdefault(s, who)
