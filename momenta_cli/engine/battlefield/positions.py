"""Where each combatant stands on the map (R31, R32), and the GM's ``place`` command.

A fighter's ``position`` is the top-left square of its footprint: one square for SIZE
1T..1L, N x N squares for SIZE N (R31). It is set at setup from the encounter and changes
only through events: ``PlacedAt`` here (the GM putting a token where it belongs), later
the movement events. Without a map every position is None and nothing here applies.

The checks a square must pass to hold a creature (``fit_problem``) are the same for the
encounter file (encounter/mapstart.py), for ``place`` and for reinforcements.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from momenta_cli.engine.core import Command, Event, Fight, Fighter, Roller, find_fighter, handles
from momenta_cli.engine.geometry import (
    SQUARE_HELP,
    STEPS,
    Board,
    Square,
    fit_problem,
    footprint,
    parse_square,
    side_of,
    square_name,
)
from momenta_cli.errors import RuleError
from momenta_cli.text import echo

_BOARD: list[tuple[Board, tuple[tuple[Square, bool], ...], Board]] = []


def board_of(fight: Fight) -> Board | None:
    """The map as it is now: the encounter's Board with the doors opened or closed since
    the start (``Fight.doors``). None without a map. Ask this, not the encounter, for
    anything a door changes (movement, sight, where a creature may stand)."""
    board = fight.encounter.board
    if board is None or not fight.doors:
        return board
    if _BOARD and _BOARD[0][0] is board and _BOARD[0][1] == fight.doors:
        return _BOARD[0][2]  # the same doors as the last time asked: no new Board
    rows = [list(row) for row in board.squares]
    for (c, r), is_open in fight.doors:
        rows[r][c] = replace(rows[r][c], open=is_open)
    now = Board(tuple(tuple(row) for row in rows))
    _BOARD[:] = [(board, fight.doors, now)]
    return now


def medium(board: Board, squares: Iterable[Square]) -> str:
    """What a creature on ``squares`` moves in (R36): "swim" on water, "climb" on a
    climbable square, "" on the ground. A creature that starts or is put there is in it
    from the start (ch19 Swim: its first Move already pays double)."""
    kinds = {board.at(s).kind for s in squares if board.on(s)}
    return "swim" if "water" in kinds else "climb" if "climb" in kinds else ""


def squares_of(f: Fighter) -> tuple[Square, ...]:
    """The squares ``f`` covers (none when it is not on the map)."""
    if f.position is None:
        return ()
    return footprint(f.position, side_of(f.spec.size))


def occupants(fighters: Iterable[Fighter], *, but: str | None = None) -> dict[Square, str]:
    """Square -> who holds it, for every fighter on the map still in the fight (a
    Defeated, Lost or removed one holds no square: R32 counts creatures in the fight)
    other than ``but``."""
    out: dict[Square, str] = {}
    for f in fighters:
        if f.out or f.name == but:
            continue
        for sq in squares_of(f):
            out.setdefault(sq, f.name)
    return out


def square_of(text: str) -> Square:
    """The square ``text`` names (``C5``, any case); RuleError when it names none."""
    sq = parse_square(text)
    if sq is None:
        raise RuleError(f"{echo(text)} is not a square: {SQUARE_HELP}")
    return sq


def no_map(what: str) -> RuleError:
    """The refusal of a map command in a fight without a map; ``what`` says what could
    not be done ("there is nowhere to place anyone"). Raise it."""
    return RuleError(f"this fight has no map: {what} (an encounter with a map: block "
                     "has squares)")


@dataclass(frozen=True)
class PlacedAt(Event):
    """The GM puts ``name`` at ``square`` (its footprint's top-left, R31), from ``was``
    (None: it was not on the map, as a reinforcement that just joined)."""

    kind: ClassVar[str] = "placed_at"
    touches_round: ClassVar[bool] = False
    name: str
    square: str
    was: str | None = None

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        f.position = parse_square(self.square)
        board = board_of(fight)
        if board is not None:  # put in the water, it swims from there on (R36, ch19 Swim)
            f.terrain = medium(board, squares_of(f))


@dataclass(frozen=True)
class Place(Command):
    """``place NAME C5``: the GM sets where ``target`` stands (a fix by hand, not a
    movement: no Vigor, no triggers)."""

    target: str
    square: str


@handles(Place)
def place(fight: Fight, cmd: Place, roller: Roller) -> list[Event]:
    """Put a fighter on another square, checked as the encounter file is: on the map, not
    solid, not a pit, not held by another creature, its whole footprint (R31, R32)."""
    board = board_of(fight)
    if board is None:
        raise no_map("there is nowhere to place anyone")
    f = find_fighter(fight, cmd.target)
    sq = square_of(cmd.square)
    if sq == f.position:
        raise RuleError(f"{f.name} is already at {square_name(sq)}")
    why = fit_problem(board, sq, side_of(f.spec.size), occupants(fight.fighters.values(),
                                                                 but=f.name))
    if why:
        raise RuleError(f"cannot place {f.name}: {why}")
    was = square_name(f.position) if f.position is not None else None
    return [PlacedAt(f.name, square_name(sq), was)]


def stands_up(fight: Fight, f: Fighter, at: str | None) -> list[Event]:
    """Where ``f``, Defeated or Lost, stands when the GM revives it (R11 on a map). While
    out it held no square (``occupants``), so another creature may have stepped in, or a
    door closed on it: it stands up on its own squares when they still hold it (no event),
    else the revive is refused with how to go on. ``at`` (``revive NAME at C5``) stands
    it up there instead, checked as ``place`` is (R31, R32, R36)."""
    board = board_of(fight)
    if board is None:
        if at is not None:
            raise no_map(f"{echo('at ' + at)} has nowhere to stand {f.name} up")
        return []
    side = side_of(f.spec.size)
    taken = occupants(fight.fighters.values(), but=f.name)
    sq = f.position if at is None else square_of(at)
    if sq is None:
        return []  # not on the map: it comes back as it left
    why = fit_problem(board, sq, side, taken)
    if why and at is None:
        raise RuleError(f"{f.name} cannot stand up at {square_name(sq)}: {why} (say where: "
                        f"revive {f.name} at C5)")
    if why:
        raise RuleError(f"cannot revive {f.name} at {square_name(sq)}: {why}")
    if sq == f.position:
        return []
    was = square_name(f.position) if f.position is not None else None
    return [PlacedAt(f.name, square_name(sq), was)]


def arrivals(fight: Fight, at: str | None, newcomers: list[tuple[str, str, str]]
             ) -> list[Event]:
    """Where reinforcements come in (R17 on a map): ``newcomers`` are (name, SIZE, side)
    in the order they join; the first stands at ``at``, each next one on the nearest
    square a creature could walk to from there where it fits (``_room``: never through a
    wall into the next room). Without a map no square may be given; with one, one must
    be."""
    board = board_of(fight)
    if board is None:
        if at is not None:
            raise no_map(f"{echo('at ' + at)} has nowhere to put them")
        return []
    if at is None:
        raise RuleError(f"this fight has a map: say where {newcomers[0][0]} comes in "
                        f"(add ... at C5)")
    start = square_of(at)
    taken = occupants(fight.fighters.values())
    sides = {f.name: f.side for f in fight.fighters.values()}
    rooms: dict[tuple[int, str], Iterator[Square]] = {}
    events: list[Event] = []
    for i, (who, size, side_name) in enumerate(newcomers):
        side = side_of(size)
        if i == 0:
            why = fit_problem(board, start, side, taken)
            if why:
                raise RuleError(f"{who} cannot come in at {square_name(start)}: {why}")
            sq = start
        else:
            # taken only grows: a position refused once stays refused, so one walk of
            # the room serves the whole group
            if (side, side_name) not in rooms:
                rooms[side, side_name] = _room(board, start, side,
                                               _enemy_of(side_name, taken, sides))
            found = next((p for p in rooms[side, side_name]
                          if fit_problem(board, p, side, taken) is None), None)
            if found is None:
                raise RuleError(f"there is no room for {who} around {square_name(start)}: every "
                                "square a creature can walk to from there is taken (give "
                                "another square: add ... at C5)")
            sq = found
        for s in footprint(sq, side):
            taken[s] = who
        sides[who] = side_name
        events.append(PlacedAt(who, square_name(sq)))
    return events


def _enemy_of(side: str, taken: Mapping[Square, str], sides: Mapping[str, str]
              ) -> Callable[[Square], bool]:
    """Whether a creature of ``side`` cannot pass through a square: an enemy holds it
    (R32; allies' squares may be crossed). Reads ``taken`` as it grows."""
    def held(sq: Square) -> bool:
        who = taken.get(sq)
        return who is not None and sides.get(who) != side
    return held


def _room(board: Board, start: Square, side: int, blocked: Callable[[Square], bool]
          ) -> Iterator[Square]:
    """The positions a ``side``-wide creature at ``start`` could walk to, nearest first
    (in steps, then row, then column), the start left out: breadth first over footprints
    on the map clear of solid squares, pits and ``blocked`` ones (enemies), with no
    diagonal squeeze between solid squares (R32). It goes no further than it is asked
    to, and never beyond the room ``start`` is in."""
    def clear(pos: Square) -> bool:
        return all(board.on(s) and not board.at(s).solid and board.at(s).kind != "pit"
                   and not blocked(s) for s in footprint(pos, side))

    def solid_in(pos: Square) -> bool:
        return any(not board.on(s) or board.at(s).solid for s in footprint(pos, side))

    seen = {start}
    level = [start]
    while level:
        nxt: set[Square] = set()
        for c, r in level:
            for dc, dr in STEPS:
                new = (c + dc, r + dr)
                if new in seen or new in nxt or not clear(new):
                    continue
                if dc and dr and solid_in((c + dc, r)) and solid_in((c, r + dr)):
                    continue  # squeezing between two solid corners
                nxt.add(new)
        seen |= nxt
        level = sorted(nxt, key=lambda p: (p[1], p[0]))
        yield from level


from momenta_cli.engine.battlefield import doors  # noqa: E402,F401  (registers the door's events)
