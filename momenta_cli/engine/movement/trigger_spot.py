"""A reactive attack stated against a movement, checked (R35). Without a map
(``check_trigger``): the GM states that the movement triggered it, and the tracker
refuses what cannot have (no movement this turn, a Shift, Forestall of a forced
movement, a second reaction of one reactor at one movement). On the map: where it
triggered, read off the mover's ``trail`` (the squares of its current movement, kept by
the movement events): an Intercept or Forestall is checked against the movement the map
saw and measured from the square the mover stood on when it triggered, whether it is
made on the way (the movement stopped there, engine/movement/triggers.py ``walk``) or
stated after it by hand (``intercept wren gorm``). A forced movement (a push, a drag)
that went on past the trigger square, or fell there, refuses the by-hand form: the
movement stops at the trigger square until the reaction is resolved (R35), which only
the shove or move line can still do. Without a map, or with no squares known (``move
NAME N``), only ``check_trigger`` applies (R28, R35 last sentence).
"""

from __future__ import annotations

from momenta_cli.engine.attack import pick_weapon
from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import Fight, Fighter
from momenta_cli.engine.geometry import (
    Square,
    comes_within,
    footprint,
    parse_square,
    pit_depth,
    side_of,
    square_name,
    within,
)
from momenta_cli.engine.movement.distances import FORCED
from momenta_cli.engine.movement.movement_events import FELL
from momenta_cli.errors import RuleError
from momenta_cli.text import quote_word


def _trail(mover: Fighter) -> tuple[Square, list[Square], bool] | None:
    """The start and squares of ``mover``'s movement, with whether it ended in a fall."""
    trail = mover.trail
    fell = bool(trail) and trail[-1] == FELL
    squares = [parse_square(q) for q in (trail[:-1] if fell else trail)]
    if not squares or any(q is None for q in squares):
        return None
    start, *rest = squares
    assert start is not None
    return start, [q for q in rest if q is not None], fell


def _air(fight: Fight, mover: Fighter, squares: list[Square]) -> frozenset[Square]:
    """The positions of a trail crossed in the air over a jumped gap (ch19 Horizontal
    Jump): a movement walks into a pit only as its last step (a fall, R36) and a push
    or a drag stops in the first it meets, so a position wholly over a pit before the
    last was jumped. R35: nothing is met there; reach is checked at the landing."""
    board = board_of(fight)
    if board is None:
        return frozenset()
    side = side_of(mover.spec.size)
    return frozenset(q for q in squares[:-1] if pit_depth(board, footprint(q, side)))


def _in_order(fight: Fight, reactor: Fighter, mover: Fighter, squares: list[Square],
              step: int, fell: bool) -> None:
    """R35: a forced movement stops at the trigger square until the reaction is resolved
    or declined. Stated by hand after it, an Intercept would come after whatever the push
    or drag did past that square (more squares, a fall): a different fight from the one
    the line form makes, so it is refused with the line that keeps the order. At the
    square where the movement ended, with nothing after it, the two are the same."""
    if mover.moved != FORCED or step < 0 or (step >= len(squares) - 1 and not fell):
        return
    at = square_name(squares[step])
    if step < len(squares) - 1:
        went = f"was forced on from {at} to {square_name(squares[-1])}{' and fell' if fell else ''}"
    else:
        went = f"fell at {at}"
    r = quote_word(reactor.name)
    raise RuleError(f"{mover.name} {went} after {reactor.name}'s Intercept triggered at "
                    f"{at}: stated now, it would come after that (R35); undo, then write "
                    f"it on the line that moved {mover.name}: "
                    f"'{_line_head(fight, mover)} intercept {r}'")


def _line_head(fight: Fight, mover: Fighter) -> str:
    """The start of the line that forced ``mover`` along, as far as the state tells it:
    the active fighter's move line when it dragged ``mover`` (the two went in step, ch19
    Grab), else its shove line; the rest of that line is the GM's ("...")."""
    a = fight.fighters.get(fight.active or "")
    it = quote_word(mover.name)
    if a is None:
        return f"shove NAME {it} ..."
    who = quote_word(a.name)
    if a.moved and a.position is not None and _in_step(a.trail, mover.trail):
        return f"{a.moved.lower()} {who} to {square_name(a.position)} ..."
    return f"shove {who} {it} ..."


def _in_step(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whether two trails went square for square at a fixed offset (a drag)."""
    a = [parse_square(q) for q in one if q != FELL]
    b = [parse_square(q) for q in other if q != FELL]
    if len(a) != len(b) or len(a) < 2 or any(q is None for q in (*a, *b)):
        return False
    offsets = {(q[0] - p[0], q[1] - p[1]) for p, q in zip(a, b, strict=True)
               if p is not None and q is not None}
    return len(offsets) == 1


def where_triggered(fight: Fight, reactor: Fighter, mover: Fighter, reaction: str,
                    weapon: str | None) -> tuple[str, Square] | None:
    """The weapon a movement reaction by ``reactor`` at ``mover`` is made with (``weapon``
    when named, else the first triggering one it can pay for) and the top-left square
    ``mover`` stood on when it triggered (R35: an Intercept where the weapon's reach is
    entered from outside it, a Forestall at the start); None when the map cannot tell
    (no map, either off it, no squares known, a weapon with no reach: the attack's own
    checks speak). A ``RuleError`` with the move line's reasons when the movement did
    not trigger it."""
    from momenta_cli.engine.movement import triggers  # triggers -> attack/plan.py -> here

    if board_of(fight) is None or reactor.position is None or not mover.moved:
        return None
    known = _trail(mover)
    if known is None:
        return None
    start, squares, fell = known
    how = mover.moved
    air = _air(fight, mover, squares)
    found = [t for t in triggers.find_triggers(fight, mover, start, squares, how, air)
             if t.reactor == reactor.name and t.reaction == reaction]
    if weapon is None:
        if not found:
            raise triggers.not_triggered(fight, mover, reactor, reaction, how)
        t = found[0]
        _in_order(fight, reactor, mover, squares, t.step, fell)
        return triggers.first_usable(reactor, t), start if t.step < 0 else squares[t.step]
    w = pick_weapon(reactor, weapon)
    if w.melee is None or (reaction == "Forestall" and not w.has("Reflexive")):
        return None  # not a weapon for it: check_reactive_weapon says why
    side = side_of(mover.spec.size)
    if reaction == "Forestall":
        if within(footprint(start, side), squares_of(reactor), w.melee):
            return w.name, start
        step = None
    else:
        step = comes_within(start, squares, side, squares_of(reactor), w.melee, air)
        if step is not None:
            _in_order(fight, reactor, mover, squares, step, fell)
            return w.name, squares[step]
    if not found:
        raise triggers.not_triggered(fight, mover, reactor, reaction, how)
    t = found[0]
    where = square_name(start) if t.step < 0 else t.square
    if reaction == "Forestall":
        raise RuleError(f"{mover.name} does not start this movement within reach of "
                        f"{reactor.name}'s {w.name}; {' or '.join(t.weapons)} triggers "
                        f"the Forestall at {where} (ch19 Forestall, R35)")
    raise RuleError(f"this movement never brought {mover.name} into the reach of "
                    f"{reactor.name}'s {w.name} from outside it; {' or '.join(t.weapons)} "
                    f"triggers the Intercept at {where} (ch19 Reactions, R35)")


def check_trigger(reactor: Fighter, mover: Fighter, reaction: str,
                  fight: Fight | None = None) -> None:
    """R35, last sentence: without a map the GM states that a movement triggered Intercept
    or Forestall, but the tracker refuses what cannot have: no movement this turn, a
    Shift (ch19 Shift: "does not trigger reactive attacks"), forced movement for
    Forestall (ch19 Movement), or a second reactive attack by the same reactor at the
    same movement (R35: once per reactor per movement; Forestall, at the start, and
    Intercept, on coming into reach, are different triggers)."""
    how = mover.moved
    if not how:
        tried = " or tried to move" if reaction == "Forestall" else ""
        raise RuleError(f"{mover.name} has not moved{tried} this turn: nothing triggers "
                        f"{reaction} (ch19 Reactions)")
    if fight is not None and fight.active is None:
        # a movement belongs to the turn it happened in (R35): once that turn has
        # ended (``moved`` itself is forgotten when the next one starts), it is too late
        raise RuleError(f"the turn {mover.name} moved in has ended: a reaction to that "
                        f"movement is stated during it (R35); undo back into the turn "
                        "to add it")
    if how == "Shift":
        raise RuleError(f"{mover.name}'s last movement was a Shift, and a Shift does not "
                        f"trigger reactive attacks (ch19 Shift, R35)")
    if how == FORCED and reaction == "Forestall":
        raise RuleError(f"{mover.name}'s movement was forced, and forced movement never "
                        "triggers Forestall (ch19 Movement, R35)")
    if (reactor.name, reaction) in mover.answered_by:
        article = "an" if reaction[0] in "AEIOU" else "a"
        raise RuleError(f"{reactor.name} already made {article} {reaction} at this movement "
                        f"of {mover.name} (R35: one reaction per trigger, once per reactor "
                        "per movement)")
