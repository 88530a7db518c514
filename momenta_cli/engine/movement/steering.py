"""Steering a movement on the map (R32, R35, R36, ch19 Swim; ours): the legs of a walk
through waypoints (``move NAME to C5 via B3 D4``), and which of several equally cheap
paths the tracker takes: the one entering the fewest enemy reaches (each entry an
Intercept, R35), then the one out of the water (a swimming Move pays double Vigor), then
the straightest (``geometry.paths``).

The geometry knows nothing of reactions: it is handed a price per step
(``reaches_entered``) and keeps the cheapest paths, breaking their ties by it.
``walk.plan`` puts the legs together into one route.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from momenta_cli.engine.battlefield import squares_of
from momenta_cli.engine.core import Fight, Fighter
from momenta_cli.engine.geometry import (
    Board,
    LegalPath,
    Mode,
    NoPath,
    Penalty,
    Square,
    find_path,
    footprint,
    pit_depth,
    side_of,
    square_name,
    within,
)
from momenta_cli.engine.movement import triggers
from momenta_cli.text import squares_text


def leg(board: Board, start: Square, goal: Square, budget: int, *, side: int, mode: Mode,
        enemies: frozenset[Square], allies: frozenset[Square], penalty: Penalty | None,
        last: bool, jumps: bool | None = None) -> LegalPath | NoPath:
    """The cheapest legal path from ``start`` to ``goal`` within ``budget``: the whole
    movement, or one leg of it (``last``: it ends there, else it passes through, so an
    ally's square will do and a pit will not). ``jumps``: whether it may jump a gap (R36:
    only a Move that finishes on flat and stable ground; by default, when ``goal`` is
    such ground, which a leg before the last is told from where the Move ends)."""
    into_pit = last and pit_depth(board, footprint(goal, side)) > 0
    args: dict[str, Any] = {"side": side, "mode": mode, "allies": allies,
                            "into_pit": into_pit, "penalty": penalty, "passing": not last,
                            "jumps": jumps}
    found = find_path(board, start, goal, budget, enemies=enemies, **args)
    if isinstance(found, LegalPath) and found.swimming:
        found = _dry(board, start, goal, found, enemies=enemies, **args)
    return found


def _wet(board: Board, squares: tuple[Square, ...]) -> bool:
    return any(board.on(s) and board.at(s).kind == "water" for s in squares)


def _dry(board: Board, start: Square, goal: Square, wet: LegalPath, *,
         enemies: frozenset[Square], **how: Any) -> LegalPath:
    """Of two paths costing the same, the one that keeps out of the water: a swimming
    Move pays double Vigor (ch19 Swim), so a GM would walk round (unless that way enters
    more reaches). Only when neither end is in the water; the search goes no further
    than the wet path's cost."""
    side = how["side"]
    if _wet(board, footprint(start, side)) or _wet(board, footprint(goal, side)):
        return wet
    water = frozenset((c, r) for r, row in enumerate(board.squares)
                      for c, t in enumerate(row) if t.kind == "water")
    dry = find_path(board, start, goal, wet.cost, enemies=enemies | water, **how)
    return dry if isinstance(dry, LegalPath) and dry.cost == wet.cost and \
        dry.extra <= wet.extra else wet


def joined(legs: list[LegalPath]) -> LegalPath:
    """The legs of a movement through waypoints as one path."""
    return LegalPath(legs[0].start, tuple(s for p in legs for s in p.squares),
                sum(p.cost for p in legs), frozenset().union(*(p.jumped for p in legs)),
                swimming=any(p.swimming for p in legs),
                climbing=any(p.climbing for p in legs), fall=legs[-1].fall,
                extra=sum(p.extra for p in legs))


def via_text(stops: list[Square]) -> str:
    """`` via B3 D4`` for a refusal (nothing without waypoints)."""
    return f" via {' '.join(square_name(s) for s in stops)}" if stops else ""


def why(board: Board, no: NoPath, budget_why: str, budget: int, here: Square,
        to: Square, used: int | None) -> str:
    """Why a movement (or the leg of it from ``here`` to ``to``, after ``used`` squares
    of the legs before: None for the first) has no path, with the budget when that is
    the reason."""
    reason = no.reason
    if reason.endswith("is off the map"):
        return f"{reason} (A1 to {square_name((board.width - 1, board.height - 1))})"
    if not reason.startswith(("no way", "already at")):
        return reason
    if used is None:
        return f"{reason} ({budget_why})" if reason.startswith("no way") else reason
    if reason.startswith("already at"):
        return f"it is already at {square_name(here)} there: a waypoint is a square it moves to"
    left = budget - used
    spent = f"({budget_why}: {squares_text(budget)} in all, {used} to reach {square_name(here)})"
    if left <= 0:
        return f"nothing is left to go on from {square_name(here)} to {square_name(to)} {spent}"
    return (f"no way from {square_name(here)} to {square_name(to)} within the {squares_text(left)} "
            f"left {spent}")


def closed_doors(board: Board, start: Square, goal: Square, budget: int, *, side: int,
                 mode: Mode, enemies: frozenset[Square], allies: frozenset[Square],
                 last: bool, jumps: bool | None = None) -> list[Square]:
    """The closed doors in the way when there is no path only because of them: the ones
    the cheapest path would go through were every door open (one more search, no wider
    than the budget); empty when opening them would not help."""
    doors = [(c, r) for r, row in enumerate(board.squares) for c, t in enumerate(row)
             if t.kind == "door" and not t.open]
    if not doors:
        return []
    opened = Board(tuple(tuple(replace(t, open=True) if t.kind == "door" else t
                               for t in row) for row in board.squares))
    found = leg(opened, start, goal, budget, side=side, mode=mode, enemies=enemies,
                allies=allies, penalty=None, last=last, jumps=jumps)
    if not isinstance(found, LegalPath):
        return []
    crossed = {q for p in found.squares for q in footprint(p, side)}
    return [d for d in doors if d in crossed]


def reaches_entered(fight: Fight, f: Fighter) -> Penalty:
    """What a step of ``f``'s Move costs in reactive attacks: how many enemies' reaches
    it enters from outside (R35 Intercept: the farthest of each reactor's melee
    weapons, so a deeper weapon's reach inside it is no second trigger), so that of two
    equally cheap paths the tracker takes the one that goes round a reach. The reactors
    are the ones ``triggers.find_triggers`` looks at. Equal for the same reaches, so the
    paths priced by it are remembered (geometry/memory.py)."""
    side = side_of(f.spec.size)
    reaches: list[tuple[frozenset[Square], int]] = []
    for r in triggers.reactors(fight, f):  # the same reactors, always
        reach = max((w.melee for w in r.spec.weapons if w.melee is not None), default=None)
        if reach is not None:
            reaches.append((frozenset(squares_of(r)), reach))
    return _ReachesEntered(side, tuple(reaches))


@dataclass(frozen=True)
class _ReachesEntered:
    """``reaches_entered``'s penalty: a ``side`` x ``side`` mover's step from one
    position to the next, priced by the ``reaches`` (each reactor's squares and reach)
    it enters from outside."""

    side: int
    reaches: tuple[tuple[frozenset[Square], int], ...]
    _seen: dict[tuple[Square, Square], int] = field(default_factory=dict, compare=False,
                                                    repr=False)

    def __call__(self, old: Square, new: Square) -> int:
        seen = self._seen
        if (old, new) not in seen:
            was, now = footprint(old, self.side), footprint(new, self.side)
            seen[(old, new)] = sum(within(now, mine, n) and not within(was, mine, n)
                                   for mine, n in self.reaches)
        return seen[(old, new)]
