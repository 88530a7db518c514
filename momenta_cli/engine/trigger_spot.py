"""Where a movement's reactive attack triggered (R35), read off the mover's ``trail``
(the squares of its current movement, kept by the movement events): an Intercept or
Forestall is checked against the movement the map saw and measured from the square
the mover stood on when it triggered, whether it is made on the way (the movement
stopped there, engine/triggers.walk) or stated after it by hand (``intercept wren
gorm``). Without a map, or with no squares known (``move NAME N``), nothing here
applies: the GM states it (R28, R35 last sentence).
"""

from __future__ import annotations

from momenta_cli.engine.geometry.board import Square, footprint, name, parse, side_of
from momenta_cli.engine.geometry.distance import comes_within, within
from momenta_cli.engine.positions import board_of, squares_of
from momenta_cli.engine.reactions import pick_weapon
from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.errors import RuleError


def _trail(mover: Fighter) -> tuple[Square, list[Square]] | None:
    squares = [parse(q) for q in mover.trail]
    if not squares or any(q is None for q in squares):
        return None
    start, *rest = squares
    assert start is not None
    return start, [q for q in rest if q is not None]


def where_triggered(fight: Fight, reactor: Fighter, mover: Fighter, reaction: str,
                    weapon: str | None) -> tuple[str, Square] | None:
    """The weapon a movement reaction by ``reactor`` at ``mover`` is made with (``weapon``
    when named, else the first triggering one it can pay for) and the top-left square
    ``mover`` stood on when it triggered (R35: an Intercept where the weapon's reach is
    entered from outside it, a Forestall at the start); None when the map cannot tell
    (no map, either off it, no squares known, a weapon with no reach: the attack's own
    checks speak). A ``RuleError`` with the move line's reasons when the movement did
    not trigger it."""
    from momenta_cli.engine import triggers  # triggers -> attack_plan -> here

    if board_of(fight) is None or reactor.position is None or not mover.moved:
        return None
    known = _trail(mover)
    if known is None:
        return None
    start, squares = known
    how = mover.moved
    found = [t for t in triggers.find_triggers(fight, mover, start, squares, how)
             if t.reactor == reactor.name and t.reaction == reaction]
    if weapon is None:
        if not found:
            raise triggers.not_triggered(fight, mover, reactor, reaction, how)
        t = found[0]
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
        step = comes_within(start, squares, side, squares_of(reactor), w.melee)
        if step is not None:
            return w.name, squares[step]
    if not found:
        raise triggers.not_triggered(fight, mover, reactor, reaction, how)
    t = found[0]
    where = name(start) if t.step < 0 else t.square
    if reaction == "Forestall":
        raise RuleError(f"{mover.name} does not start this movement within reach of "
                        f"{reactor.name}'s {w.name}; {' or '.join(t.weapons)} triggers "
                        f"the Forestall at {where} (ch19 Forestall, R35)")
    raise RuleError(f"this movement never brought {mover.name} into the reach of "
                    f"{reactor.name}'s {w.name} from outside it; {' or '.join(t.weapons)} "
                    f"triggers the Intercept at {where} (ch19 Reactions, R35)")
