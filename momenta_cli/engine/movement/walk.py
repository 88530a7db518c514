"""Movement on the map (ch19 Movement, Climb, Swim, Horizontal Jump, Falling, Shove, Grab;
R23, R31, R32, R36): ``move NAME to C5`` and ``shift NAME to C5`` walk the cheapest legal
path within the mover's budget, a Shove pushes its target straight away, and a bigger
grabber drags the smaller one along.

The budgets, the lockouts and the falls are the ones ``move NAME N`` uses
(``engine/movement/distances.py``; a fall's events, ``move_shift.py``); the paths are the
geometry's (``engine/geometry/pathfinding.py``, ``geometry/forced_squares.py``). Every
position changes through the movement events (``Moved``, ``Dragged``, ``Shoved``), which
carry the path square by square: what happens on the way (a reactive attack's trigger,
R35) is found at the square where it happens.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from momenta_cli.engine.actions import check_can_maneuver, pay_maneuver
from momenta_cli.engine.battlefield import (
    board_of,
    medium,
    no_map,
    occupants,
    square_of,
    squares_of,
)
from momenta_cli.engine.core import Command, Event, Fight, Fighter, Roller, actor, applied, handles
from momenta_cli.engine.geometry import (
    Board,
    Forced,
    LegalPath,
    Mode,
    NoPath,
    Square,
    drag_squares,
    flat_ground,
    footprint,
    jump_finish,
    pit_depth,
    reachable,
    side_of,
    square_name,
)
from momenta_cli.engine.movement import distances, grabs, steering, triggers
from momenta_cli.engine.movement.distances import shift_speed
from momenta_cli.errors import RuleError
from momenta_cli.text import quote_word

# The movement events (movement_events.py) come in where a route is taken, not where it
# is planned (``momenta path``: start-up, docs/speed.md).

if TYPE_CHECKING:
    from momenta_cli.engine.attack import Attack, PartPath

HOWS = ("Move", "Shift")


@dataclass(frozen=True)
class MoveTo(Command):
    """``move NAME to C5`` / ``shift NAME to C5``: ``how`` is "Move" or "Shift";
    ``square`` the top-left square the mover ends on (R31). ``reactions``: the reactive
    attacks the movement's triggers are answered with (R35: ``... intercept brannoc``),
    each an Intercept or Forestall ``Attack`` by its reactor (the target is the mover);
    ``said``: the line spoke of them (a reaction or ``no-reactions``), so nothing more
    is asked: a line that says nothing has each trigger asked of a roller that answers,
    as the movement reaches it (engine/movement/trigger_points.py), the answers written
    here. ``via``: the squares the path goes through on the way, in order (``move NAME
    to C5 via B3 D4``: a GM steering the walk)."""

    name: str | None
    square: str
    how: str = "Move"
    reactions: tuple[Attack, ...] = ()
    said: bool = False
    via: tuple[str, ...] = ()


@dataclass(frozen=True)
class Route:
    """A movement worked out and not yet taken: the path, the budget it was found within
    and why that budget (``SPD``, ``half SPD while Hindered``...), the medium during the
    movement and at its end ("", "swim", "climb": ch19 Swim doubles the Vigor of a
    swimming Move), and where each creature it drags goes (ch19 Grab)."""

    mover: str
    how: str
    path: LegalPath
    budget: int
    why: str
    during: str
    end: str
    drags: tuple[tuple[str, Forced], ...] = ()

    @property
    def difficult(self) -> int:
        """The squares that counted double (difficult terrain, low walls: R32)."""
        return self.path.cost - len(self.path.squares)


def _board(fight: Fight, how: str) -> Board:
    board = board_of(fight)
    if board is None:
        raise no_map(f"'{how.lower()} ... to SQUARE' walks on one; say the squares moved "
                     f"instead ({how.lower()} NAME N)")
    return board


@dataclass(frozen=True)
class Walker:
    """What a movement of ``f`` is searched with (R32): its budget and why, the search's
    mode, its footprint's side, the squares of the enemies (never entered) and of the
    allies (crossed, not ended in), and whom it drags along (ch19 Grab: their squares
    move with it, so they block nothing)."""

    board: Board
    budget: int
    why: str
    mode: Mode
    side: int
    enemies: frozenset[Square]
    allies: frozenset[Square]
    dragged: tuple[Fighter, ...]


def walker(fight: Fight, f: Fighter, how: str = "Move") -> Walker:
    """How ``f`` may move now (a Move or a Shift): the budget (SPD, half while Hindered,
    1 while climbing; half SPD for a Shift), the Shift's lockouts and the grabs' (a
    ``RuleError`` when it may not move at all). Not whose turn it is, nor Vigor."""
    if how not in HOWS:
        raise RuleError(f"a movement is a Move or a Shift, not {how!r}")
    board = _board(fight, how)
    if f.position is None:
        raise RuleError(f"{f.name} is not on the map: place it first (place NAME SQUARE)")
    here = medium(board, squares_of(f))
    pit = pit_depth(board, squares_of(f))
    if how == "Shift":
        distances.shift_lockouts(f, here)
        if pit:
            raise RuleError(f"{f.name} is at the bottom of the pit at {square_name(f.position)} "
                            f"({pit} deep) and cannot Shift: climbing out is a Move of "
                            "1 square (ch19 Climb)")
        budget, why = shift_speed(f), "half SPD"
    elif pit:
        budget, why = 1, "climbing out of a pit: 1 square per Move"
    else:
        budget, why = distances.move_budget(f, here)
    dragged = tuple(distances.draggees(fight, f))
    along = {d.name for d in dragged}
    holders = {s: fight.fighters[who] for s, who in
               occupants(fight.fighters.values(), but=f.name).items() if who not in along}
    return Walker(board, budget, why, "shift" if how == "Shift" else "move",
                  side_of(f.spec.size),
                  frozenset(s for s, o in holders.items() if o.side != f.side),
                  frozenset(s for s, o in holders.items() if o.side == f.side), dragged)


def reachable_squares(fight: Fight, f: Fighter, how: str = "Move") -> dict[Square, int]:
    """Every top-left square ``f`` can end this ``how`` on, with its cost (R32, R36):
    what ``map NAME`` overlays. Empty when it may not move or is not on the map."""
    try:
        w = walker(fight, f, how)
    except RuleError:
        return {}
    assert f.position is not None
    return reachable(w.board, f.position, w.budget, side=w.side, mode=w.mode,
                     enemies=w.enemies, allies=w.allies)


def plan_walk(fight: Fight, f: Fighter, square: str, how: str = "Move",
         via: Iterable[str] = ()) -> Route:
    """The cheapest legal ``how`` of ``f`` to ``square`` it can make now (R32, R36,
    ch19), or a ``RuleError`` saying why there is none. Looks at the map, the budget,
    the lockouts of a Shift and the grabs (``walker``), not at whose turn it is or at
    Vigor (the decider's checks), so a preview (``path``) asks it too. Never searches
    beyond the budget. ``via``: squares to pass through in order, each leg the cheapest
    from the one before, the whole within the budget. Of the cheapest paths, the one
    entering the fewest enemy reaches (R35: fewer reactive attacks), then the one out of
    the water (ch19 Swim), then the straightest (engine/movement/steering.py)."""
    w = walker(fight, f, how)
    assert f.position is not None
    goal = square_of(square)
    stops = [*(square_of(v) for v in via), goal]
    penalty = steering.reaches_entered(fight, f) if how == "Move" else None
    legs: list[LegalPath] = []
    here, left = f.position, w.budget
    # R36: a Move that jumps a gap finishes on flat and stable ground, so where it ends
    # decides whether any of its legs may jump (the last leg's search sees it itself)
    flat = flat_ground(w.board, goal, w.side)
    for i, to in enumerate(stops):
        last = i == len(stops) - 1
        jumps = None if last else flat
        found = steering.leg(w.board, here, to, left, side=w.side, mode=w.mode,
                             enemies=w.enemies, allies=w.allies, penalty=penalty,
                             last=last, jumps=jumps)
        if isinstance(found, NoPath):
            used = sum(p.cost for p in legs) if legs else None
            because = steering.why(w.board, found, w.why, w.budget, here, to, used)
            doors = steering.closed_doors(
                w.board, here, to, left, side=w.side, mode=w.mode, enemies=w.enemies,
                allies=w.allies, last=last, jumps=jumps) \
                if found.reason.startswith("no way") else []
            if found.jump is not None and not last:
                because = f"{found.reason}, and {jump_finish(w.board, goal, w.side)}"
            if doors:  # the only thing in the way: say so, with the line that opens it
                at = square_name(doors[0])
                because = f"the door at {at} is closed: open it with 'door {at} open'"
            elif found.reason.endswith(" is occupied"):
                holder = occupants(fight.fighters.values(), but=f.name).get(
                    square_of(found.reason.split()[0]))
                if holder is not None:
                    because += f" by {holder}"
            raise RuleError(f"{f.name} cannot {how} to {square_name(goal)}"
                            f"{steering.via_text(stops[:-1])}: {because}")
        legs.append(found)
        here, left = found.end, left - found.cost
    if len(legs) > 1 and any(p.climbing for p in legs):
        raise RuleError(f"{f.name} cannot {how} to {square_name(goal)}"
                        f"{steering.via_text(stops[:-1])}: a Move that climbs goes 1 "
                        "square (ch19 Climb), so it passes no square on the way")
    found = legs[0] if len(legs) == 1 else steering.joined(legs)
    during = "swim" if found.swimming else "climb" if found.climbing else ""
    end = medium(w.board, footprint(found.end, w.side))
    along = {d.name for d in w.dragged}
    drags = tuple(_drag(fight, w.board, f, d, found, along) for d in w.dragged
                  if d.position is not None)
    return Route(f.name, how, found, w.budget, w.why, during, end, drags)


def _drag(fight: Fight, board: Board, f: Fighter, d: Fighter, path: LegalPath,
          along: set[str]) -> tuple[str, Forced]:
    """ch19 Grab: ``d`` keeps its place relative to ``f`` at every step. Where it cannot
    be (a wall, another creature) the rules leave it to the GM; the tracker refuses
    that way and says what is in it. A pit is a fall (R36)."""
    assert f.position is not None and d.position is not None
    offset = (d.position[0] - f.position[0], d.position[1] - f.position[1])
    others = {s for s, who in occupants(fight.fighters.values(), but=f.name).items()
              if who not in along}
    went = drag_squares(board, path.squares, offset, side=side_of(d.spec.size),
                       occupied=others)
    if went.stopped is not None and not went.fall:
        raise RuleError(f"{f.name} cannot drag {d.name} that way: {d.name} would meet "
                        f"{went.stopped}; go round, or release it first (ch19 Grab)")
    return d.name, went


def route_events(fight: Fight, f: Fighter, r: Route, roller: Roller,
                 answers: tuple[Attack, ...] = (), said: bool = False) -> list[Event]:
    """The events of taking ``r``: the medium it is made in (so a swimming Move pays
    double, R24), the payment, the movement square by square, the medium it ends in,
    whom it drags, and the falls into pits (R23, R36). ``answers``: the reactive attacks
    made at its triggers (R35), where the movement stops for each; ``said``: the line
    spoke of them (``no-reactions``), so no note names the ones it left out. A line
    that says nothing of them has each asked of a roller that answers, at its square
    (``trigger_points``)."""
    from momenta_cli.engine.movement.movement_events import Dragged, Moved, TerrainSet

    s = fight.draft()
    events: list[Event] = []
    if r.during != f.terrain:
        events += applied(s, [TerrainSet(f.name, f.terrain, r.during)])
    events += applied(s, pay_maneuver(s, s.get(f.name), r.how, 2, is_move=r.how == "Move"))
    # Taking a route (not planning one: ``path``) answers its triggers with attacks and
    # reminds of conditions: the attack's and the harm's code come in here (start-up).
    from momenta_cli.engine.harm import reminder_events
    from momenta_cli.engine.movement import trigger_points
    from momenta_cli.engine.movement.forced import route_answered, route_chances  # -> here

    ans = trigger_points.Answers((), roller, f.name, r.how, tuple(events))
    pairs = route_answered(fight, f, r, answers)
    if pairs:
        chances = trigger_points.line_chances(fight, answers, pairs)
    elif not (answers or said) and ans.asking:
        chances = route_chances(fight, r)
    else:
        chances = []

    def halt(step: int, made: tuple[tuple[str, str], ...], first: bool) -> triggers.Halted:
        square = square_name(r.path.squares[step]) if step >= 0 else square_name(r.path.start)
        return triggers.Halted(f.name, r.how, square, made, first=first)

    walked, done, here, begun = trigger_points.walk_stops(
        s, f.name, chances, ans,
        lambda on, a, b, goes_on: triggers.route_part(on, f, r, a, b, goes_on), halt)
    events += walked
    said = said or ans.answered
    pairs = pairs or ans.made
    if not done:  # stopped by a reaction (Defeated): where it is, as it is
        events += _landed(s, s.get(f.name))
        for who, _ in r.drags:
            events += _landed(s, s.get(who))
        return events + _drag_notes(fight, s, r, pairs, said) + reminder_events(fight, f)
    if begun:  # the rest of it, after its last stop
        if len(r.path.squares) - 1 > here:
            events += triggers.route_part(s, f, r, here, len(r.path.squares) - 1, True)
    else:
        p = r.path
        # One Moved for the whole path, square by square (a reactive attack cuts it at
        # its trigger square: ``trigger_points.walk_stops``)
        events += applied(s, [Moved(
            f.name, r.how, len(p.squares), r.budget, r.difficult, r.during,
            path=tuple(p.names()), start=square_name(p.start),
            jumped=tuple(square_name(q) for q in p.squares if q in p.jumped))])
        for who, went in r.drags:
            events += applied(s, [Dragged(who, f.name, len(went.squares),
                                             tuple(square_name(q) for q in went.squares))])
    events += _drag_notes(fight, s, r, pairs, said)
    return events + _arrived(s, f, r, roller) + reminder_events(fight, f)


def _drag_notes(fight: Fight, s: Fight, r: Route,
                pairs: list[tuple[triggers.Trigger, Attack]], said: bool = False
                ) -> list[Event]:
    """Being dragged is forced movement: it may carry the dragged one into a reactor's
    reach (Intercept, never Forestall: R35), named in the log for the GM to state unless
    the move line answered it (``pairs``, ``forced.route_answered``); the squares it
    was dragged through are read off ``s``, the fight after the movement. A line that
    ``said`` it answers the movement (``no-reactions``) gets none."""
    if said:
        return []
    answered = {(a.attacker, a.target) for _, a in pairs}
    events: list[Event] = []
    for who, went in r.drags:
        d = fight.get(who)
        moved = s.get(who).position
        if d.position is None or moved is None or moved not in went.squares:
            continue
        walked = went.squares[:went.squares.index(moved) + 1]
        fell = bool(went.fall) and len(walked) == len(went.squares) and not s.get(who).out
        line = f"{r.how.lower()} {quote_word(r.mover)} to {square_name(r.path.end)} ..."
        notes = triggers.forced_notes(fight, d, d.position, walked, line, fell)
        # the grabber moves with it: its own reach is no trigger
        events += applied(s, [n for n in notes if getattr(n, "name", None) != r.mover
                              and (getattr(n, "name", None), who) not in answered])
    return events


def _arrived(s: Fight, f: Fighter, r: Route, roller: Roller) -> list[Event]:
    """The end of a movement walked in full: the medium it ends in, where the dragged
    land, and the falls into pits (R23, R36)."""
    from momenta_cli.engine.movement.movement_events import TerrainSet

    events: list[Event] = []
    if r.end != r.during:
        events += applied(s, [TerrainSet(f.name, r.during, r.end)])
    for who, went in r.drags:
        events += _landed(s, s.get(who))
        if went.fall and not s.get(who).out:  # one struck down on the way never got there
            events += _fall(s, s.get(who), went.fall, roller)
    if r.path.fall:
        events += _fall(s, s.get(f.name), r.path.fall, roller)
    return events


def _landed(s: Fight, f: Fighter) -> list[Event]:
    """Forced into the water or out of it, a creature swims or stops swimming (R36);
    worked out on the scratch copy ``s``."""
    from momenta_cli.engine.movement.movement_events import TerrainSet

    board = board_of(s)
    now = medium(board, squares_of(f)) if board is not None else f.terrain
    return applied(s, [TerrainSet(f.name, f.terrain, now)]) if now != f.terrain else []


def _fall(s: Fight, f: Fighter, depth: int, roller: Roller) -> list[Event]:
    """A fall into a pit (R36) on the scratch copy ``s``: the damage (R23), and the grabs
    of the one who fell end, the two being no longer side by side (ch19 Grab)."""
    from momenta_cli.engine.movement.move_shift import fall_events  # a fall: not for planning

    events = applied(s, fall_events(s, f, depth, roller))
    return events + applied(s, grabs.end_every_grab(s, s.get(f.name), "fell"))


@handles(MoveTo)
def move_to(fight: Fight, cmd: MoveTo, roller: Roller) -> list[Event]:
    """ch19 Move / Shift on the map: the turn's checks first (whose turn, Broken, a
    full-turn maneuver; a Shift's lockouts), then the cheapest legal path within SPD
    (half SPD for a Shift and while Hindered), paid as ``move NAME N`` is (the first Move
    free, then 2 Vigor, doubled while swimming: R24)."""
    f = actor(fight, cmd.name)
    board = _board(fight, cmd.how)
    if cmd.how == "Shift":
        distances.check_shift(fight, f, medium(board, squares_of(f)))
    else:
        check_can_maneuver(fight, f, "Move", is_move=True)
    return route_events(fight, f, plan_walk(fight, f, cmd.square, cmd.how, cmd.via), roller,
                        cmd.reactions, cmd.said)


def preview_walk(fight: Fight, cmd: MoveTo) -> Route:
    """``path NAME C5 [via B3]``: the route a movement would take now, changing
    nothing."""
    return plan_walk(fight, actor(fight, cmd.name), cmd.square, cmd.how, cmd.via)


def push_on_map(s: Fight, a: Fighter, t: Fighter, n: int, roller: Roller,
          answers: tuple[Attack, ...] = (), said: bool = False,
          path: PartPath | None = None, lead: tuple[Event, ...] = ()
          ) -> tuple[list[Event], bool]:
    """ch19 Shove: ``t`` pushed ``n`` squares by ``a`` (forced movement), worked out and
    applied on the scratch copy ``s``; with whether it went anywhere. On a map it goes
    straight away from ``a`` (``geometry.forced.shove``), stopped by walls and creatures,
    and stops at the trigger square of each Intercept in ``answers`` (the shove line's,
    R35: ``engine/movement/forced.py``), or of each one a roller that answers takes when
    asked there (``path``: the shove's part, where the answers are written; ``lead``:
    what the table has seen of the shove); where it really ends it may fall into a pit
    (R23, R36) and swims or not (R36); without one the GM moves the token."""
    from momenta_cli.engine.movement import (
        forced,  # forced_walk -> triggers -> attacks -> here
    )
    from momenta_cli.engine.movement.movement_events import Shoved

    if board_of(s) is None or a.position is None or t.position is None:
        if answers:
            raise RuleError("the reactions a shove's push triggers are answered on its "
                            "line on a map; without one state them after it (intercept "
                            "REACTOR MOVER, R35)")
        return applied(s, [Shoved(t.name, a.name, n)]), True
    went = forced.push_path(s, a, t, n)
    assert went is not None
    start = t.position
    events, done = forced.push(s, a, t, n, went, answers, said, roller, path, lead)
    events += _landed(s, s.get(t.name))
    if done and went.fall:
        events += _fall(s, s.get(t.name), went.fall, roller)
    return events, s.get(t.name).position != start
