"""Forced movement that stops for the reactive attacks it triggers (ch19 Shove, Grab,
Movement; R35): a Shove's push, written with its answers on the shove line (``shove kira
gorm intercept wren``), stops at each trigger square for the Intercepts named there,
resolved through the attack code (``triggers.react``), then goes on; a pushed creature
taken out of the fight by one stays where it was struck. Forced movement triggers
Intercept only (ch19 Movement). Being dragged by a grab (ch19 Grab) is forced movement
too: the grabber's move line answers the dragged one's triggers as well
(``route_answered``). A line that says nothing of its reactions may have them asked
instead, as the movement reaches each trigger square (``trigger_points``; the chances
of a Move and what it drags: ``route_chances``). ``push_triggers`` and ``drag_triggers``
list what a push or a drag would trigger (as ``triggers.route_triggers`` does for a
Move).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from momenta_cli.engine.battlefield import board_of, occupants, squares_of
from momenta_cli.engine.core import Event, Fight, Fighter, Note, Roller, applied, find_fighter
from momenta_cli.engine.geometry import Forced, Square, push_squares, side_of, square_name
from momenta_cli.engine.movement import triggers
from momenta_cli.engine.movement.distances import FORCED
from momenta_cli.errors import RuleError
from momenta_cli.text import quote_word

if TYPE_CHECKING:
    from momenta_cli.engine.attack import Attack, PartPath
    from momenta_cli.engine.movement import trigger_points
    from momenta_cli.engine.movement.walk import Route


LONGEST_PUSH = 3  # ch19 Shove: as many squares as net successes, at most 3


def push_path(fight: Fight, shover: Fighter, target: Fighter, n: int) -> Forced | None:
    """Where a Shove of ``n`` squares by ``shover`` would push ``target`` now (ch19 Shove:
    straight away, stopped by walls and creatures; ``geometry.forced.shove``); None
    without a map or with either off it."""
    board = board_of(fight)
    if board is None or shover.position is None or target.position is None:
        return None
    return push_squares(board, squares_of(shover), target.position, n,
                        side=side_of(target.spec.size),
                        occupied=occupants(fight.fighters.values(), but=target.name))


def push_triggers(fight: Fight, shover: Fighter, target: Fighter, n: int
                  ) -> list[triggers.Trigger]:
    """The Intercepts a Shove of ``n`` squares (its net successes, at most 3) would
    trigger (R35), in order, each with the index of its square in the push: what the
    prompt offers before the line is run (the shove line's ``intercept REACTOR``). The
    shover itself is among the reactors only when on the other side of ``target``."""
    went = push_path(fight, shover, target, n)
    if went is None or target.position is None:
        return []
    return triggers.find_triggers(fight, target, target.position, went.squares, FORCED)


def push(s: Fight, a: Fighter, t: Fighter, n: int, went: Forced,
         answers: Sequence[Attack], said: bool, roller: Roller,
         path: PartPath | None = None, lead: tuple[Event, ...] = ()
         ) -> tuple[list[Event], bool]:
    """The push ``went`` of ``t`` by ``a`` applied to the scratch copy ``s``, stopping at
    the trigger squares of the Intercepts in ``answers`` (R35); with whether it went the
    whole way (False: a reaction took ``t`` out of the fight where it was struck). A
    trigger named but not reached by this push (the roll decides its length) is a note;
    one not named is a note naming the line that makes it, unless the line ``said`` it
    answers the push (``no-reactions``). A line that says nothing of them has each
    asked of a roller that answers, as the push reaches its square (``trigger_points``:
    ``path`` is the shove's part on the command, where its answers are written; None,
    a part whose answers no line writes, asks nothing); ``lead``: the shove's events the
    table has seen before the push (its roll)."""
    # answering the triggers (the attack's code): not for listing them (``path``)
    from momenta_cli.engine.movement import trigger_points

    assert t.position is not None
    start = t.position
    unmet: list[Attack] = []
    found = triggers.find_triggers(s, t, start, went.squares, FORCED)
    pairs = triggers.match(s, t, found, went.squares, FORCED, answers, unmet)
    if unmet:
        _could_trigger(s, a, t, unmet)
    ans = trigger_points.Answers(path or (), roller, t.name, "pushed", lead)
    if pairs:
        chances = trigger_points.line_chances(s, answers, pairs)
    elif path is not None and not (answers or said) and ans.asking:
        chances = trigger_points.asked_chances([(t.name, x) for x in found],
                                               {t.name: went.squares})
    else:
        chances = []

    def go(on: Fight, here: int, to: int, goes_on: bool) -> list[Event]:
        return _part(on, t, a, n, went, start, here, to, "")

    def halt(step: int, made: tuple[tuple[str, str], ...], first: bool) -> triggers.Halted:
        return triggers.Halted(t.name, FORCED, square_name(went.squares[step]), made)

    events, done, here, _ = trigger_points.walk_stops(s, t.name, chances, ans, go, halt)
    if done and (here < len(went.squares) - 1 or went.stopped or here == triggers.START):
        events += _part(s, t, a, n, went, start, here, len(went.squares) - 1,
                        went.stopped or "")
    named = {(x.reactor, x.reaction) for x, _ in pairs or ans.made}
    notes: list[Event] = [Note(f"{x.attacker}'s Intercept is not made: this push does not "
                               f"bring {t.name} into its reach (R35)", x.attacker or "")
                          for x in unmet]
    if not (said or ans.answered):  # the ones the push met, up to where it stopped
        walked = went.squares if done else went.squares[:here + 1]
        line = f"shove {quote_word(a.name)} {quote_word(t.name)} ..."
        notes += [n_ for n_ in triggers.forced_notes(s, t, start, walked, line,
                                                     done and bool(went.fall))
                  if (getattr(n_, "name", ""), "Intercept") not in named]
    events += applied(s, notes)
    return events, done


def check_answers(fight: Fight, a: Fighter, t: Fighter, answers: Sequence[Attack]) -> None:
    """A ``RuleError`` for an answer on ``a``'s shove line that no push of ``t`` could
    make (R35): not an Intercept (forced movement never triggers Forestall), written
    twice, by ``t``'s own side or by one off the map, or by a reactor whose reach not
    even the longest push enters. Checked before the roll, so the line is refused
    whatever its dice; without a map the GM's answers stand."""
    if not answers or board_of(fight) is None or t.position is None:
        return
    unmet: list[Attack] = []
    triggers.match(fight, t, [], (), FORCED, answers, unmet)
    _could_trigger(fight, a, t, unmet)


def _could_trigger(fight: Fight, a: Fighter, t: Fighter, unmet: Sequence[Attack]) -> None:
    """A ``RuleError`` with the move line's reason (``triggers.not_triggered``) for an
    Intercept no push of ``t`` by ``a`` could trigger, not even the longest (ch19 Shove:
    at most 3 squares, stopped by walls and creatures): a wrong name, not a roll that
    fell short (that one is a note, R35)."""
    reach = {x.reactor for x in push_triggers(fight, a, t, LONGEST_PUSH)}
    for x in unmet:
        if x.attacker not in reach:
            raise triggers.not_triggered(fight, t, fight.get(x.attacker or ""),
                                         "Intercept", FORCED)


def _part(s: Fight, t: Fighter, a: Fighter, n: int, went: Forced, start: Square,
          here: int, to: int, stopped: str) -> list[Event]:
    """The push's squares ``here + 1`` to ``to`` as one ``Shoved`` (``goes_on`` after a
    stop, R35), applied to ``s``."""
    part = went.squares[here + 1:to + 1]
    begin = start if here < 0 else went.squares[here]
    from momenta_cli.engine.movement.movement_events import Shoved  # a push: not a plan

    return applied(s, [Shoved(t.name, a.name, n, tuple(square_name(q) for q in part),
                                 stopped, square_name(begin), goes_on=here >= 0)])


def drag_triggers(fight: Fight, route: Route) -> list[tuple[str, triggers.Trigger]]:
    """The Intercepts the creatures a Move drags trigger (ch19 Grab: being dragged is
    forced movement, R35), each with the dragged one's name, in order; a trigger's
    ``step`` indexes the mover's path too (the two move in step). The grabber's own
    reach is no trigger (it moves with the dragged one). What the prompt offers."""
    out: list[tuple[str, triggers.Trigger]] = []
    for who, went in route.drags:
        d = fight.get(who)
        if d.position is None:
            continue
        out += [(who, t) for t in triggers.find_triggers(fight, d, d.position, went.squares,
                                                         FORCED)
                if t.reactor != route.mover]
    return sorted(out, key=lambda wt: wt[1].step)


def route_answered(fight: Fight, mover: Fighter, route: Route, answers: Sequence[Attack]
                   ) -> list[tuple[triggers.Trigger, Attack]]:
    """``triggers.answered`` for a Move that may drag others: each answer goes to the
    one it may answer, the mover or a dragged creature (its target set so); one that
    could answer either is refused (it may be stated after the move, naming whom)."""
    mine = {(t.reactor, t.reaction) for t in triggers.route_triggers(fight, mover, route)}
    dragged = drag_triggers(fight, route)
    theirs: dict[str, list[triggers.Trigger]] = {}
    for who, t in dragged:
        theirs.setdefault(who, []).append(t)
    to_mover: list[Attack] = []
    to: dict[str, list[Attack]] = {}
    for a in answers:
        try:
            reactor = find_fighter(fight, a.attacker or "").name
        except RuleError:
            to_mover.append(a)  # the mover's matching says what is wrong with it
            continue
        key = (reactor, a.maneuver)
        whom = [mover.name] if key in mine else []
        whom += [who for who, ts in theirs.items()
                 if key in {(t.reactor, t.reaction) for t in ts}]
        if len(whom) > 1:
            raise RuleError(f"{reactor}'s {a.maneuver} could answer {' or '.join(whom)}: "
                            "the line cannot say which; leave it off and state it after "
                            f"the move ({a.maneuver.lower()} {quote_word(reactor)} NAME, "
                            "R35)")
        if whom and whom[0] != mover.name:
            to.setdefault(whom[0], []).append(a)
        else:
            to_mover.append(a)
    pairs = triggers.answered(fight, mover, route, to_mover)
    drags = dict(route.drags)
    for who, said in to.items():
        pairs += triggers.match(fight, fight.get(who), theirs[who], drags[who].squares,
                                FORCED, said)
    return sorted(pairs, key=lambda ta: ta[0].step)


def route_chances(fight: Fight, route: Route) -> list[trigger_points.Chance]:
    """The chances a Move or Shift gives to be asked as it reaches each (R35;
    ``trigger_points.asked_chances``): the mover's own triggers and the Intercepts of
    the ones it drags (ch19 Grab), each where a weapon of the reactor's comes into
    reach."""
    # answering the triggers (the attack's code): not for listing them (``path``)
    from momenta_cli.engine.movement import trigger_points

    squares = {route.mover: route.path.squares, **{who: went.squares
                                                   for who, went in route.drags}}
    return trigger_points.asked_chances(route_met(fight, route), squares)


def route_met(fight: Fight, route: Route) -> list[tuple[str, triggers.Trigger]]:
    """Every reactive attack a Move or Shift triggers, in the order the movement meets
    them, each with whom it answers: the mover's own (R35), and the Intercepts of the
    ones it drags (ch19 Grab: forced movement). What ``path`` lists and completion
    offers."""
    mover = fight.get(route.mover)
    met = [(route.mover, t) for t in triggers.route_triggers(fight, mover, route)]
    met += drag_triggers(fight, route)
    return sorted(met, key=lambda wt: wt[1].step)  # stable: the mover's first at a step
