"""Movement on the board (R32, R36, ch19 Movement): the cheapest legal path for a
footprint within a budget of squares, and every square it can reach.

A position is the top-left square of the mover's footprint. A step goes to one of the
eight neighbouring positions and costs what entering its new squares costs: 1, or 2 when
any of them is difficult terrain or a partial obstruction (ch19; so with 1 square left a
difficult square cannot be entered). No square may be solid or hold an enemy; allies'
squares may be crossed but not ended in; a diagonal step may not squeeze between solid
squares on both of its sides (R32). Water is swimming and climbable squares are
climbing (R36): neither allows a Shift, and a Move that climbs goes 1 square at most
(ch19 Climb). The doubled Vigor of a swimming Move (ch19 Swim) is the maneuver's
business: the path says ``swimming``. During a Move a one-square gap (a pit) may be
jumped straight across (ch19 Horizontal Jump) as part of a Move that lands on, and
finishes on, a flat and stable surface (R36): the landing square and the Move's last
square are floor or an open doorway; so the search keeps apart the positions reached
with a jump and without one, and a Move ending anywhere else never jumps. Walking into
a pit is a fall (R36), allowed only as the last step when asked (``into_pit``);
**ours** (R31): only a footprint wholly over pits falls (``pit_depth``).
**Ours** (R36): a creature at the bottom of a pit at least 1 square deep climbs out: a
Move of 1 square onto the edge, no Shift, no jump, and not on along the pit's bottom.

The search is Dijkstra's, bounded: no position costing more than the budget is ever
queued, so the work never grows beyond what the mover could walk (SPD is at most 99, so
at most 199 x 199 positions), and its work is counted against ``budget.PATH_WORK``
besides (a SIZE 20 footprint looks at 20 squares a row: ``GeometryTooComplex`` past it).
A search with no budget of squares (``distances_to``, the simulator's way toward a foe)
is an A* toward what it is asked about, capped the same way. Of the paths costing the
same, a caller may prefer some (``penalty``: a price per step it names, such as the
reaches a step enters; the geometry does not know what it means), then the straightest.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

from momenta_cli.engine.geometry.board import STEPS, Board, Square, footprint, square_name
from momenta_cli.engine.geometry.budget import GeometryTooComplex, Work, path_work
from momenta_cli.engine.geometry.memory import Memory
from momenta_cli.engine.geometry.ranges import steps
from momenta_cli.text import squares_text

Mode = Literal["move", "shift"]
Rect = tuple[int, int, int, int]  # first column, first row, last column, last row
# a secondary price of one step from one position to the next: among paths of the same
# cost, the one whose steps sum to the least is taken (movement/walk.py: reaches entered)
Penalty = Callable[[Square, Square], int]

# What is remembered (memory.py): paths, reachable areas and walking distances, keyed by
# the board and every term of the question (a penalty by its equality: a hashable one,
# like engine/movement/steering.py's reaches, is asked again; a closure never is).
memory: Memory[Any] = Memory(1024)

# ch19 Horizontal Jump, R36: "a flat and stable surface" is floor or an open doorway (a
# closed door is solid: never stood on)
_FLAT = frozenset(("floor", "door"))
_ROUGH = ("difficult", "low")
_PIT = frozenset(("pit",))
_WET = frozenset(("water", "climb"))


@dataclass(frozen=True)
class LegalPath:
    """A legal path: the positions entered in order (the start left out; the last is
    where the mover ends), its cost in squares, and what it involves."""

    start: Square
    squares: tuple[Square, ...]
    cost: int
    jumped: frozenset[Square] = frozenset()  # positions crossed in the air (a pit)
    swimming: bool = False  # on water at some point (ch19 Swim: Vigor doubles)
    climbing: bool = False  # on a climbable square at some point (1 square per Move)
    fall: int = 0  # the depth of the pit the path ends in (R23, R36); 0: none
    extra: int = 0  # what its steps cost by the search's ``penalty`` (0 without one)

    @property
    def end(self) -> Square:
        return self.squares[-1] if self.squares else self.start

    def names(self) -> list[str]:
        """The positions as ``C5``-style names, for messages and ``--json``."""
        return [square_name(s) for s in self.squares]


@dataclass(frozen=True)
class NoPath:
    """No legal path: why, in words a GM reads ("C5 is a wall"). ``jump``: the gap the
    one way there would jump, when the Move may not jump because it does not finish on
    a flat and stable surface (R36); ``narrow``: the footprint fits through no way there
    at all, whatever the budget (a 2x2 creature and a doorway one square wide)."""

    reason: str
    jump: Square | None = None
    narrow: bool = False


# a position, and whether the Move jumped a gap on the way to it (R36: then it must
# finish on a flat and stable surface)
_Node = tuple[Square, bool]


class _Step(NamedTuple):
    """One step of the search: where it goes, what it costs, the positions it crosses in
    the air on the way (a jump), and whether it is a walk into a pit (a fall)."""

    to: Square
    cost: int
    over: tuple[Square, ...] = ()
    fall: bool = False


@dataclass(frozen=True)
class _Walk:
    board: Board
    side: int
    mode: Mode
    enemies: frozenset[Square]
    allies: frozenset[Square]
    work: Work = field(default_factory=path_work, compare=False)
    jumps: bool = True  # a Move may jump a gap (False: it finishes off flat ground, R36)
    # positions are looked at from up to eight neighbours: remember what they hold; for
    # a larger footprint, each row of it too (a row is shared by ``side`` positions)
    _kinds: dict[Square, frozenset[str] | None] = field(default_factory=dict, compare=False)
    _runs: dict[Square, frozenset[str] | None] = field(default_factory=dict, compare=False)

    def squares(self, pos: Square) -> tuple[Square, ...]:
        return (pos,) if self.side == 1 else footprint(pos, self.side)

    def _ground(self, s: Square) -> str | None:
        if not self.board.on(s) or s in self.board.solid_squares or s in self.enemies:
            return None
        return self.board.at(s).kind

    def _run(self, c: int, r: int) -> frozenset[str] | None:
        """The kinds of ground of the row of ``side`` squares from ``(c, r)``; None when
        one of them cannot be stood on."""
        key = (c, r)
        if key in self._runs:
            return self._runs[key]
        self.work.spend(self.side)
        kinds: set[str] | None = set()
        for dc in range(self.side):
            kind = self._ground((c + dc, r))
            if kind is None:
                kinds = None
                break
            kinds.add(kind)  # type: ignore[union-attr]
        self._runs[key] = out = None if kinds is None else frozenset(kinds)
        return out

    def _look(self, pos: Square) -> frozenset[str] | None:
        """The kinds of ground under the footprint at ``pos``; None when it cannot be
        there (off the map, a solid square, an enemy)."""
        if pos in self._kinds:
            return self._kinds[pos]
        self.work.spend(self.side)
        kinds: frozenset[str] | None
        if self.side == 1:
            kind = self._ground(pos)
            kinds = None if kind is None else frozenset((kind,))
        else:
            found: set[str] = set()
            for dr in range(self.side):
                run = self._run(pos[0], pos[1] + dr)
                if run is None:
                    found.clear()
                    break
                found |= run
            kinds = frozenset(found) if found else None
        self._kinds[pos] = kinds
        return kinds

    def kinds(self, pos: Square) -> frozenset[str]:
        return self._look(pos) or frozenset(self.board.at(s).kind for s in self.squares(pos))

    def passable(self, pos: Square) -> bool:
        return self._look(pos) is not None

    def has(self, pos: Square, kind: str) -> bool:
        return kind in self.kinds(pos)

    def flat(self, pos: Square) -> bool:
        """Floor or an open doorway under the whole footprint: the flat and stable
        surface a jump lands on and the Move that made it finishes on (R36)."""
        return self.passable(pos) and self.kinds(pos) <= _FLAT

    def finishes(self, node: _Node) -> bool:
        """A Move may end at this node: it jumped nothing, or it ends on flat ground."""
        return not node[1] or self.flat(node[0])

    def in_pit(self, pos: Square) -> bool:
        """The footprint at ``pos`` is wholly over pits: there it falls (``pit_depth``)."""
        kinds = self._look(pos)
        if kinds is not None and kinds != _PIT:  # on the map, and not all pits
            return False
        return pit_depth(self.board, self.squares(pos)) > 0

    def climbs(self, pos: Square) -> bool:
        """On a climbable square, or at the bottom of a pit (ours, R36): climbing."""
        return self.has(pos, "climb") or self.in_pit(pos)

    def stands(self, pos: Square) -> bool:
        return not any(s in self.allies for s in self.squares(pos))

    def entry_cost(self, old: Square, new: Square) -> int:
        if self.side == 1:
            kinds = self._kinds.get(new)
            if kinds is not None:
                return 2 if not kinds.isdisjoint(_ROUGH) else 1
            return 2 if self.board.at(new).kind in _ROUGH else 1
        entered = set(self.squares(new)) - set(self.squares(old))
        return 2 if any(self.board.at(s).kind in _ROUGH for s in entered) else 1

    def squeezes(self, pos: Square, d: tuple[int, int]) -> bool:
        if d[0] == 0 or d[1] == 0:
            return False
        solid = self.board.solid_squares
        if self.side == 1:
            return (pos[0] + d[0], pos[1]) in solid and (pos[0], pos[1] + d[1]) in solid
        return all(any(s in solid
                       for s in self.squares((pos[0] + dx, pos[1] + dy)))
                   for dx, dy in ((d[0], 0), (0, d[1])))

    def steps(self, pos: Square, start: Square) -> Iterator[_Step]:
        """Each step from ``pos``: a walk to a neighbour, a jump over a gap, a fall."""
        climbing = self.climbs(pos)
        look, shift, x, y = self._look, self.mode == "shift", pos[0], pos[1]
        for d in STEPS:
            new = (x + d[0], y + d[1])
            kinds = look(new)
            if kinds is None or self.squeezes(pos, d):
                continue
            if shift and kinds & _WET:
                continue
            if "climb" in kinds and pos != start:
                continue
            if kinds == _PIT and self.in_pit(new):
                if climbing and self.in_pit(pos):
                    continue  # out of a pit onto its edge, not on along its bottom
                if self.jumps and self.mode == "move" and not climbing and \
                        "water" not in self.kinds(pos):
                    yield from self._jump(pos, d)
                yield _Step(new, self.entry_cost(pos, new), fall=True)
                continue
            yield _Step(new, self.entry_cost(pos, new))

    def _jump(self, pos: Square, d: tuple[int, int]) -> Iterator[_Step]:
        # Over the gap's one square, then the landing on a flat and stable surface (ch19
        # Horizontal Jump: a gap no more than one square long; R36: floor or an open
        # doorway, not water, a pit, difficult ground or a climbable square). The Move
        # must finish on one too (``finishes``). Ours (R31): a bigger creature
        # never jumps; it steps over a one-square gap (its footprint is never wholly
        # over it, so it does not fall: ``pit_depth``), and a gap its whole footprint
        # fits in is at least two squares long.
        if self.side > 1:
            return
        here = (pos[0] + d[0], pos[1] + d[1])
        land = (here[0] + d[0], here[1] + d[1])
        if not self.flat(land) or self.squeezes(here, d):
            return
        cost = self.entry_cost(pos, here) + self.entry_cost(here, land)
        yield _Step(land, cost, (here,))


def pit_depth(board: Board, squares: Iterable[Square]) -> int:
    """How far down a pit a creature on ``squares`` (its footprint) is: **ours** (R36,
    R31), it falls only when its whole footprint is over pit squares, and then as far as
    the shallowest of them (it stops on the first floor it meets); with any square on
    ground it stands (0), like a 2x2 creature with one corner over a 1x1 pit. A creature
    down a pit at least 1 square deep climbs out (ours, R36). Every fall is decided by
    this: a walk, a shove, a drag (``geometry.forced``)."""
    squares = list(squares)
    if not squares or not all(board.on(s) and board.at(s).kind == "pit" for s in squares):
        return 0
    return min(board.at(s).height for s in squares)


def step_cost(board: Board, old: Square, new: Square, side: int = 1) -> int:
    """What one step of a path from position ``old`` to ``new`` cost (R32): 2 into
    difficult ground or a low wall, else 1; summed over a path's steps it is the path's
    cost (a jump's two steps included), so a part of a path can be priced on its own."""
    return _Walk(board, side, "move", frozenset(), frozenset()).entry_cost(old, new)


def _walk(board: Board, start: Square, side: int, mode: Mode, enemies: frozenset[Square],
          allies: frozenset[Square], work: Work | None = None, jumps: bool = True) -> _Walk:
    own = frozenset(footprint(start, side))
    return _Walk(board, side, mode, frozenset(enemies) - own, frozenset(allies) - own,
                 work or path_work(), jumps)


def _priced(penalty: Penalty | None, pos: Square, step: _Step) -> int:
    """What ``step`` from ``pos`` costs by ``penalty``: a jump is one step from take-off
    to landing (R35, ours: nothing is entered in the air)."""
    return 0 if penalty is None else penalty(pos, step.to)


@dataclass(frozen=True)
class _Found:
    """What a search settled: each node's (cost, penalty, diagonals), the node and the
    squares in the air each was reached from, and for each position the node a Move may
    end it at (``_Walk.finishes``), the best of them."""

    best: dict[_Node, tuple[int, int, int]]
    back: dict[_Node, tuple[_Node, tuple[Square, ...]]]
    ends: dict[Square, _Node]

    def cost(self, pos: Square) -> int:
        return self.best[self.ends[pos]][0]

    def extra(self, pos: Square) -> int:
        return self.best[self.ends[pos]][1]

    def costs(self) -> dict[Square, int]:
        return {p: self.best[n][0] for p, n in self.ends.items()}


def _search(walk: _Walk, start: Square, budget: int, goal: Square | None,
            penalty: Penalty | None = None, toward: Rect | None = None,
            wanted: frozenset[Square] = frozenset(), track: bool = False) -> _Found:
    # Of the paths costing the same, the one the ``penalty`` prices least, then the one
    # with the fewest diagonal steps: a straight walk along a row, not a zigzag of equal
    # cost (ours: what a GM draws). Dijkstra's order is then (cost, penalty, diagonals),
    # still monotone (no part is negative), so the costs found are unchanged. With
    # ``toward`` (an A*, ``distances_to``), the queue is ordered by the cost plus how far
    # the position is from that block of positions, a lower bound of the cost still to
    # go that never drops by more than a step costs: each position is still taken at
    # its cheapest, and the search stops once every one of ``wanted`` is.
    # ``track``: a node is a position and whether a gap was jumped on the way (R36: a
    # Move that jumped finishes on flat ground), for a search of every end (``reachable``,
    # ``distances_to``); a search toward one goal decides that beforehand (``find_path``:
    # jumps only when the goal is flat) and keeps one node a position.
    best: dict[_Node, tuple[int, int, int]] = {(start, False): (0, 0, 0)}
    left = set(wanted)
    first: int | None = None

    def ahead(p: Square) -> int:
        if toward is None:
            return 0
        x0, y0, x1, y1 = toward
        return max(x0 - p[0], p[0] - x1, y0 - p[1], p[1] - y1, 0)
    back: dict[_Node, tuple[_Node, tuple[Square, ...]]] = {}
    ends: dict[Square, _Node] = {}
    falls: set[Square] = set()
    queue = [(ahead(start), 0, 0, 0, (start, False))]
    done: set[_Node] = set()
    start_climbing = walk.climbs(start)
    too_far = (budget + 1, 0, 0)
    while queue:
        _, cost, extra, bent, node = heapq.heappop(queue)
        if node in done:
            continue
        done.add(node)
        walk.work.spend(1)
        pos, flew = node
        end = walk.finishes(node)
        if end and pos not in ends:
            ends[pos] = node  # popped first: the best of the ends at ``pos``
        if pos == goal and end:
            break
        if end and left and pos in left:
            if first is None:
                first = cost  # the nearest of ``wanted``: the others that near, then stop
            left.discard(pos)
            if not left:
                break
        if first is not None and cost + ahead(pos) > first:
            break
        if pos in falls or (pos != start and (start_climbing or walk.has(pos, "climb"))):
            continue  # a fall or a climbing Move ends here
        for step in walk.steps(pos, start):
            new, total = step.to, cost + step.cost
            if total > budget:
                continue
            turns = bent + (new[0] != pos[0] and new[1] != pos[1])
            priced = extra + _priced(penalty, pos, step)
            to = (new, flew or (track and bool(step.over)))
            if (total, priced, turns) >= best.get(to, too_far):
                continue
            if step.fall:
                if new != goal:
                    continue
                falls.add(new)
            best[to] = (total, priced, turns)
            back[to] = (node, step.over)
            heapq.heappush(queue, (total + ahead(new), total, priced, turns, to))
    return _Found(best, back, ends)


def _ground_words(walk: _Walk, pos: Square) -> str:
    """What ``pos`` is when it is not flat and stable ground (R36), for a refusal."""
    kinds = walk.kinds(pos)
    for kind, words in (("pit", "a pit"), ("water", "water"), ("climb", "a climbable square"),
                        ("low", "a low wall"), ("difficult", "difficult ground")):
        if kind in kinds:
            return words
    return "not flat and stable"


def flat_ground(board: Board, pos: Square, side: int = 1) -> bool:
    """Whether a ``side`` x ``side`` footprint at ``pos`` stands on a flat and stable
    surface (R36, ch19 Horizontal Jump: floor or an open doorway under all of it), as a
    Move that jumps a gap must finish."""
    return _Walk(board, side, "move", frozenset(), frozenset()).flat(pos)


def jump_finish(board: Board, end: Square, side: int = 1) -> str:
    """Why a Move ending at ``end`` may not jump a gap (R36, ch19 Horizontal Jump), for
    a refusal: ``a Move that jumps a gap must finish on a flat and stable surface: D1
    is water (ch19 Horizontal Jump, R36)``."""
    walk = _Walk(board, side, "move", frozenset(), frozenset())
    return ("a Move that jumps a gap must finish on a flat and stable surface: "
            f"{square_name(end)} is {_ground_words(walk, end)} (ch19 Horizontal Jump, R36)")


def _jumped_way(walk: _Walk, start: Square, goal: Square, budget: int) -> Square | None:
    """The gap the cheapest way to ``goal`` would jump were jumps allowed (the first),
    or None when there is none even so: what a Move refused a jump is told (R36)."""
    found = _search(replace(walk, jumps=True, work=path_work()), start, budget, goal)
    if goal not in found.ends:
        return None
    node, gaps = found.ends[goal], list[Square]()
    while node[0] != start:
        node, over = found.back[node]
        gaps.extend(over)
    return gaps[-1] if gaps else None


def _narrows(walk: _Walk, start: Square, goal: Square) -> NoPath | None:
    """Ours (R31, R32): why a footprint larger than one square has no way to ``goal`` at
    any budget when a one-square creature would have one, the walls, doors (open or not)
    and the map's edge alone deciding: it does not fit, and the first square of the
    one-square way around which no footprint of its size fits is named (a doorway one
    square wide). None when that is not the reason (it is the budget, a creature in the
    way, or no creature could get there); None too when the map is too large to tell."""
    side, board = walk.side, walk.board
    opened = Board(tuple(tuple(replace(t, open=True) if t.kind == "door" else t
                               for t in row) for row in board.squares))
    far = board.width * board.height * 2
    try:
        big = _Walk(opened, side, walk.mode, frozenset(), frozenset())
        if goal in _search(big, start, far, goal).ends:
            return None
        small = _Walk(opened, 1, walk.mode, frozenset(), frozenset())
        found = _search(small, start, far, goal)
    except GeometryTooComplex:
        return None
    if goal not in found.ends:
        return None
    way, node = [], found.ends[goal]
    while node[0] != start:
        way.append(node[0])
        node, over = found.back[node]
        way.extend(over)
    what = f"a {side}x{side} creature does not fit"
    for q in reversed(way):
        if not any(big.passable((q[0] - dc, q[1] - dr))
                   for dr in range(side) for dc in range(side)):
            gap = "doorway" if board.at(q).kind == "door" else "gap"
            return NoPath(f"{what} through the {gap} at {square_name(q)}, nor by any "
                          "other way there", narrow=True)
    return NoPath(f"{what} through any way to {square_name(goal)}", narrow=True)


def find_path(board: Board, start: Square, goal: Square, budget: int, *, side: int = 1,
              mode: Mode = "move", enemies: frozenset[Square] = frozenset(),
              allies: frozenset[Square] = frozenset(), into_pit: bool = False,
              penalty: Penalty | None = None, passing: bool = False,
              jumps: bool | None = None, work: Work | None = None) -> LegalPath | NoPath:
    """The cheapest legal path of a ``side`` x ``side`` mover from ``start`` to ``goal``
    (top-left positions) costing at most ``budget`` squares (R32, R36, ch19), or why there
    is none. ``enemies`` and ``allies`` are the squares of the other creatures (the
    mover's own are ignored). With ``into_pit`` the last step may walk into a pit (a
    fall). Of the cheapest, the one whose steps ``penalty`` prices least (its sum is the
    path's ``extra``). ``passing``: ``goal`` is a waypoint the mover goes on from, so it
    may be an ally's square (crossed, not ended in). ``jumps``: whether the Move may jump
    a gap; by default when ``goal`` is flat and stable ground (R36: a Move that jumps
    finishes on it), so a waypoint's leg is told by the caller, from where the Move
    ends. A footprint that fits through no way there is told so (``NoPath.narrow``), not
    that the budget is short. ``GeometryTooComplex`` past ``work`` (by default
    ``budget.PATH_WORK``)."""
    work = work or path_work()
    key = ("path", board, start, goal, budget, side, mode, frozenset(enemies),
           frozenset(allies), into_pit, penalty, passing, jumps)
    return memory.recall(key, work, lambda: _find_path(
        board, start, goal, budget, side=side, mode=mode, enemies=enemies, allies=allies,
        into_pit=into_pit, penalty=penalty, passing=passing, jumps=jumps, work=work))


def _find_path(board: Board, start: Square, goal: Square, budget: int, *, side: int,
               mode: Mode, enemies: frozenset[Square], allies: frozenset[Square],
               into_pit: bool, penalty: Penalty | None, passing: bool, jumps: bool | None,
               work: Work) -> LegalPath | NoPath:
    walk = _walk(board, start, side, mode, enemies, allies, work)
    where = square_name(goal)
    for s in walk.squares(goal):
        if not board.on(s):
            return NoPath(f"{where} is off the map" if side == 1
                          else f"a {side}x{side} creature does not fit at {where}")
        if board.at(s).solid:
            what = "a closed door" if board.at(s).kind == "door" else "a wall"
            return NoPath(f"{square_name(s)} is {what}")
        if s in walk.enemies or (s in walk.allies and not passing):
            return NoPath(f"{square_name(s)} is occupied")
    if goal == start:
        return NoPath(f"already at {where}")
    kinds = walk.kinds(goal) | walk.kinds(start)
    if mode == "shift" and pit_depth(board, walk.squares(start)):
        return NoPath("no Shift while climbing out of a pit (ch19 Climb)")
    if mode == "shift" and kinds & {"water", "climb"}:
        doing = "swimming" if "water" in kinds else "climbing"
        return NoPath(f"no Shift while {doing} (ch19)")
    if walk.in_pit(goal) and not into_pit:
        return NoPath(f"{where} is a pit: walking in is a fall")
    walk = replace(walk, jumps=walk.flat(goal) if jumps is None else jumps)
    found = _search(walk, start, budget, goal, penalty)
    if goal not in found.ends:
        if walk.has(goal, "climb") and not walk.climbs(start) and steps(start, goal) > 1:
            return NoPath(f"{where} is climbable: climbing onto it is a Move of 1 square "
                          "from a square next to it (ch19 Climb)")
        gap = None if walk.jumps or side > 1 or mode == "shift" else \
            _jumped_way(walk, start, goal, budget)
        if gap is not None:
            reason = (f"the only way to {where} within {squares_text(budget)} jumps the pit "
                      f"at {square_name(gap)}")
            if jumps is None:
                reason += f", and {jump_finish(board, goal, side)}"
            return NoPath(reason, jump=gap)
        if side > 1:
            narrow = _narrows(walk, start, goal)
            if narrow is not None:
                return narrow
        return NoPath(f"no way to {where} within {squares_text(budget)}")
    squares: list[Square] = []
    jumped: set[Square] = set()
    node = found.ends[goal]
    while node[0] != start:
        squares.append(node[0])
        node, over = found.back[node]
        squares.extend(reversed(over))
        jumped.update(over)
    squares.reverse()
    visited = [start, *squares]
    return LegalPath(start, tuple(squares), found.cost(goal), frozenset(jumped),
                swimming=any(walk.has(p, "water") for p in visited if p not in jumped),
                climbing=walk.climbs(start) or any(walk.has(p, "climb") for p in visited),
                fall=pit_depth(board, walk.squares(goal)), extra=found.extra(goal))


def reachable(board: Board, start: Square, budget: int, *, side: int = 1,
              mode: Mode = "move", enemies: frozenset[Square] = frozenset(),
              allies: frozenset[Square] = frozenset(), work: Work | None = None
              ) -> dict[Square, int]:
    """Every position the mover can end a Move (or Shift) in within ``budget`` squares,
    with its cheapest cost; the start is left out (R32, R36, ch19: a position reached
    only by jumping a gap is one only when it is flat and stable ground). Never searches
    beyond the budget; ``GeometryTooComplex`` past ``work`` (by default
    ``budget.PATH_WORK``)."""
    work = work or path_work()
    key = ("reach", board, start, budget, side, mode, frozenset(enemies), frozenset(allies))
    # a copy: the caller may change its dict, never the one remembered
    return dict(memory.recall(key, work, lambda: _reachable(
        board, start, budget, side=side, mode=mode, enemies=enemies, allies=allies,
        work=work)))


def _reachable(board: Board, start: Square, budget: int, *, side: int, mode: Mode,
               enemies: frozenset[Square], allies: frozenset[Square], work: Work
               ) -> dict[Square, int]:
    walk = _walk(board, start, side, mode, enemies, allies, work)
    if mode == "shift" and walk.climbs(start) or \
            mode == "shift" and "water" in walk.kinds(start):
        return {}
    reached = _search(walk, start, budget, None, track=True).costs()
    return {p: c for p, c in reached.items()
            if p != start and walk.stands(p) and not walk.in_pit(p)}


def distances_to(board: Board, start: Square, wanted: Iterable[Square], *, side: int = 1,
                 enemies: frozenset[Square] = frozenset(),
                 allies: frozenset[Square] = frozenset(), work: Work | None = None
                 ) -> dict[Square, int]:
    """How far the nearest positions of ``wanted`` are by walking from ``start`` (a Move
    with no budget of squares: R32, R36), for a ``side`` x ``side`` mover: every one of
    them at the least distance, and any other it settled on the way (never nearer);
    those it cannot end on or reach are left out. An A* toward the block of ``wanted``:
    it looks at the positions between the two, not the whole map, and stops once the
    nearest are settled. ``GeometryTooComplex`` past ``work`` (by default
    ``budget.PATH_WORK``): the caller falls back on the distance as the crow flies."""
    goals = frozenset(wanted)
    work = work or path_work()
    key = ("toward", board, start, goals, side, frozenset(enemies), frozenset(allies))
    return dict(memory.recall(key, work, lambda: _distances_to(
        board, start, goals, side=side, enemies=enemies, allies=allies, work=work)))


def _distances_to(board: Board, start: Square, goals: frozenset[Square], *, side: int,
                  enemies: frozenset[Square], allies: frozenset[Square], work: Work
                  ) -> dict[Square, int]:
    if not goals:
        return {}
    walk = _walk(board, start, side, "move", enemies, allies, work)
    box = (min(c for c, _ in goals), min(r for _, r in goals),
           max(c for c, _ in goals), max(r for _, r in goals))
    far = board.width * board.height * 2  # no budget of squares: the work is the bound
    reached = _search(walk, start, far, None, toward=box, wanted=goals, track=True).costs()
    return {p: c for p, c in reached.items()
            if p in goals and p != start and walk.stands(p) and not walk.in_pit(p)}
