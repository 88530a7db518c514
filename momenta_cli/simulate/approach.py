"""Walking toward the fight on a map, for the built-in policies (R32-R34, ch19 Move):
where a combatant with nothing it can hit from where it stands goes this Move.

The squares it may end on and their costs are the engine's (``walking.
reachable_squares``: the search ``move NAME to SQUARE`` walks), so a line made here is
one the engine accepts: ``move NAME to SQUARE no-reactions``. It goes to the cheapest
square from which its nearest enemy is within a melee weapon's reach or a ranged one's
range, with a line of sight either way (R33; the simulator takes no melee attack through
a wall, ``melee_sight.py``); failing that, as far along the way to that enemy as this
Move takes it (the way measured round walls and doors, not as the crow flies:
``geometry.distances_to``, a search toward the squares this Move reaches, never the
whole map). Each search has a work budget (``geometry.budget``): past it, the way is
measured as the crow flies instead (a greedy step toward the enemy), and squares whose
sight is too complex to decide are not counted as in sight. A simulated movement answers
no trigger: nobody Intercepts or Forestalls in a simulation (the policies have no
reaction for it).
"""

from __future__ import annotations

from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import Fight, Fighter
from momenta_cli.engine.geometry import (
    SIGHT_AREA_WORK,
    Board,
    GeometryTooComplex,
    Square,
    Work,
    distance,
    distances_to,
    footprint,
    line_of_sight,
    side_of,
    square_name,
)
from momenta_cli.engine.movement import reachable_squares
from momenta_cli.text import quote_word as quote

MAX_MOVES = 2  # Moves a turn spent walking toward the fight (the free one, one paid)


def _reaches(f: Fighter) -> tuple[int, int]:
    """The farthest Melee N of ``f``'s weapons and the farthest Range N (0: none)."""
    melee = max((w.melee for w in f.spec.weapons if w.melee is not None), default=0)
    ranged = max((w.range for w in f.spec.weapons if w.range is not None), default=0)
    return melee, ranged


def _nearest(fight: Fight, f: Fighter) -> Fighter | None:
    """The nearest enemy on the map ``f`` may target (a Hidden one it cannot, R20)."""
    mine = squares_of(f)
    foes = [e for e in fight.fighters.values()
            if not e.out and e.side != f.side and e.position is not None
            and not e.has("Hidden")]
    return min(foes, key=lambda e: distance(mine, squares_of(e)), default=None)


def _way_to(board: Board, fight: Fight, f: Fighter, target: Fighter,
            wanted: set[Square]) -> dict[Square, int]:
    """How far the nearest positions of ``wanted`` are from ``target`` by walking (R32;
    ``geometry.distances_to``: those at the least distance, and any farther one met on
    the way), searched out from the target toward them: the other enemies block, allies
    are crossed. Past the search's budget, how far each is as the crow flies (a greedy
    step)."""
    assert target.position is not None
    theirs: set[Square] = set()
    ours: set[Square] = set()
    for o in fight.fighters.values():
        if o.out or o.position is None or o.name in (f.name, target.name):
            continue
        (ours if o.side == f.side else theirs).update(squares_of(o))
    side = side_of(f.spec.size)
    try:
        return distances_to(board, target.position, wanted, side=side,
                            enemies=frozenset(theirs), allies=frozenset(ours),
                            work=Work(APPROACH_WORK, "the way there", ""))
    except GeometryTooComplex:
        goal = squares_of(target)
        return {sq: distance(footprint(sq, side), goal) for sq in wanted}


def _in_sight(board: Board, mine: tuple[Square, ...], theirs: tuple[Square, ...],
              work: Work) -> bool:
    """Line of sight within the turn's shared budget; too complex counts as none."""
    if work.used > work.limit:
        return False
    try:
        return line_of_sight(board, mine, theirs, work)
    except GeometryTooComplex:
        return False


# A simulated walk's search for the way to its foe: a twentieth of a GM's path question,
# since a fight asks it on every walking turn (a SIZE 20 creature on a maze of walls
# spent minutes of one fight); past it, the greedy step as the crow flies.
APPROACH_WORK = 20_000


def toward(fight: Fight, f: Fighter) -> str | None:
    """The move line that brings ``f`` within reach of its nearest enemy this Move, or
    nearer to it (module docstring); None without a map, with nobody to walk to, after
    ``MAX_MOVES`` Moves, or when no square it can reach gets it any nearer."""
    board = board_of(fight)
    if board is None or f.position is None or f.moves >= MAX_MOVES:
        return None
    target = _nearest(fight, f)
    if target is None:
        return None
    side = side_of(f.spec.size)
    theirs = squares_of(target)
    melee, ranged = _reaches(f)
    can_go = reachable_squares(fight, f)
    looked = Work(SIGHT_AREA_WORK, "what it sees", "")  # every square's sight together
    for sq, _ in sorted(can_go.items(), key=lambda kv: (kv[1], kv[0][1], kv[0][0])):
        mine = footprint(sq, side)
        gap = distance(mine, theirs)
        # in sight for a melee weapon too: the simulator takes no melee attack through a
        # wall (melee_sight.py), so a square in reach but behind one is no use
        if gap <= max(melee, ranged) and _in_sight(board, mine, theirs, looked):
            return _line(f, sq)
    way = _way_to(board, fight, f, target, {*can_go, f.position})
    here = way.get(f.position)
    nearer = [(way[sq], cost, sq[1], sq[0]) for sq, cost in can_go.items()
              if sq in way and (here is None or way[sq] < here)]
    if not nearer:
        return None  # walled off, or no nearer: stay rather than pay for nothing
    _, _, row, col = min(nearer)
    return _line(f, (col, row))


def _line(f: Fighter, sq: Square) -> str:
    return f"move {quote(f.name)} to {square_name(sq)} no-reactions"
