"""The reactive attacks a movement on the map triggers (ch19 Reactions: Intercept,
Forestall; R27, R35): who may answer a movement, and at which of its squares.

Intercept answers a mover entering the reach of one of the reactor's equipped melee
weapons from outside it, once per reactor per movement; Forestall answers a Move (not a
Shift, not forced movement) that starts within reach of a Reflexive one. A Shift
triggers neither; forced movement (a Shove, being dragged) only Intercept. The movement
stops at the trigger square while the reaction is resolved (a ``Halted`` event, then the
reactive attack's own events through the attack code, ``engine/attack/resolution.py``), then goes
on (``Moved`` with ``goes_on``), unless the reaction took the mover out of the fight.

The reactions the command names are made (``move knife-1 to C5 intercept brannoc``): a
script that names none makes none. A line that says nothing of them may have them asked
instead, of a roller that answers (``engine/movement/trigger_points.py``).
``engine/movement/walk.py`` works the path out and hands it to ``answered`` here, then
walks it stop by stop (``trigger_points.walk_stops``, each part ``route_part``); forced
movement (a Shove's push, a drag) stops the same way through
``engine/movement/forced.py``, and a reaction stated after the movement is checked and
measured where it triggered by ``engine/movement/trigger_spot.py``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from momenta_cli.engine.actions import check_can_react, pay_reaction
from momenta_cli.engine.attack import MOVEMENT_REACTIONS, UNARMED
from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import Event, Fight, Fighter, Note, Roller, applied, find_fighter
from momenta_cli.engine.geometry import (
    Square,
    comes_within,
    footprint,
    parse_square,
    side_of,
    square_name,
    step_cost,
    within,
)
from momenta_cli.engine.movement.distances import FORCED
from momenta_cli.errors import RuleError
from momenta_cli.text import quote_word

if TYPE_CHECKING:
    from momenta_cli.engine.attack import Attack
    from momenta_cli.engine.movement.walk import Route

START = -1  # the step of a trigger at the start of the movement (Forestall)


@dataclass(frozen=True)
class Trigger:
    """One reactive attack a movement gives ``reactor`` the chance of (R35):
    ``reaction`` is "Intercept" or "Forestall"; ``step`` the index in the path's squares
    where the mover stands when it happens (``START``: before the first step);
    ``square`` that square's name; ``weapons`` the reactor's weapons that trigger it
    there (the attack is made with one of them, ch19); ``later``: the reactor's other
    melee weapons whose reach the path enters further on, each with its step (an
    Intercept named with one of them is made there instead: still once per movement)."""

    reactor: str
    reaction: str
    step: int
    square: str
    weapons: tuple[str, ...]
    later: tuple[tuple[str, int], ...] = ()


def reactors(fight: Fight, mover: Fighter) -> list[Fighter]:
    """Who may answer ``mover``'s movement: the other side's combatants on the map and in
    the fight that take reactions at all (an enemy stat block takes none, R7)."""
    return [r for r in fight.fighters.values()
            if r.name != mover.name and not r.out and r.position is not None
            and r.side != mover.side and not r.spec.is_enemy]


def find_triggers(fight: Fight, mover: Fighter, start: Square, squares: Sequence[Square],
                  how: str, jumped: Collection[Square] = frozenset()) -> list[Trigger]:
    """Every reactive attack a movement of ``mover`` from ``start`` through ``squares``
    (its top-left positions in order) triggers (R35), in the order they happen (the
    fight's order at the same square). ``how``: "Move", "Shift" or ``speed.FORCED``.
    ``jumped``: the positions it crossed in the air over a gap (ch19 Horizontal Jump):
    a jump is one step from take-off to landing, so reach is checked at the landing
    square, never in the air, and nothing is met over the gap (R35, ours). Whether each
    reactor can pay for it now is not looked at (the attack says)."""
    if how == "Shift":
        return []  # ch19 Shift: "does not trigger reactive attacks"
    side = side_of(mover.spec.size)
    at_start = footprint(start, side)
    out: list[Trigger] = []
    for r in reactors(fight, mover):
        mine = squares_of(r)
        # the Unarmed Attack (everyone's) last: the weapon in hand is the one meant
        melee = sorted(((w.name, w.melee, w.has("Reflexive")) for w in r.spec.weapons
                        if w.melee is not None), key=lambda x: x[0] == UNARMED)
        if how != FORCED:
            flex = tuple(n for n, reach, reflexive in melee
                         if reflexive and within(at_start, mine, reach))
            if flex:
                out.append(Trigger(r.name, "Forestall", START, square_name(start), flex))
        entered: dict[int, list[str]] = {}
        for n, reach, _ in melee:
            i = comes_within(start, squares, side, mine, reach, jumped)
            if i is not None:
                entered.setdefault(i, []).append(n)
        if entered:
            i = min(entered)
            later = tuple((n, j) for j in sorted(entered) if j != i for n in entered[j])
            out.append(Trigger(r.name, "Intercept", i, square_name(squares[i]), tuple(entered[i]),
                               later))
    return sorted(out, key=lambda t: t.step)


def route_triggers(fight: Fight, mover: Fighter, route: Route) -> list[Trigger]:
    """The triggers of a worked-out Move or Shift (``walk.plan``): a pit it jumps is
    crossed in the air, where nothing triggers (R35: reach is checked at the landing
    square)."""
    p = route.path
    return find_triggers(fight, mover, p.start, p.squares, route.how, p.jumped)


def forced_notes(fight: Fight, mover: Fighter, start: Square, squares: Sequence[Square],
                 line: str, fell: bool = False) -> list[Event]:
    """Forced movement (a Shove, a drag) triggers Intercept, never Forestall (ch19
    Movement, R35): a note for each reactor whose reach it carries ``mover`` into along
    ``squares`` (as far as it went), naming the square and how to make it, for the
    triggers its line left unanswered (engine/movement/forced.py). The movement stops at the
    trigger square until the reaction is resolved (R35): when it went on past it or
    ``fell`` there, only the line keeps that order, so the note says to undo and write
    it on ``line`` (the start of that line: ``shove Kira Gorm ...``); at the square the
    movement ended on, nothing after, the line stated by hand is the same fight."""
    out: list[Event] = []
    for t in find_triggers(fight, mover, start, squares, FORCED):
        r = quote_word(t.reactor)
        if t.step < len(squares) - 1 or fell:
            how = f"to take it, undo and write it on the line: '{line} intercept {r}'"
        else:
            how = f"'intercept {r} {quote_word(mover.name)}'"
        out.append(Note(f"{mover.name} is forced into {t.reactor}'s reach at {t.square}: "
                        f"{t.reactor} may Intercept ({how}, R35)", t.reactor))
    return out


NO_SIGHT = "no line of sight: reach through the wall is your call"


def in_sight(fight: Fight, mover: Fighter, t: Trigger) -> bool:
    """Whether ``t``'s reactor has line of sight (R33) to ``mover`` standing at the
    trigger square (``t.square``; where it starts for a Forestall). Ours (docs/rulings.md
    Triggers, "walls"): the trigger stands without it, reach through a wall is the GM's
    call; the prompt's offer and ``path`` say so (``NO_SIGHT``) before any dice."""
    from momenta_cli.engine.geometry import line_of_sight  # the exact geometry: only when asked

    board = board_of(fight)
    reactor = fight.get(t.reactor)
    at = parse_square(t.square)
    if board is None or at is None or reactor.position is None:
        return True
    return line_of_sight(board, squares_of(reactor),
                               footprint(at, side_of(mover.spec.size)))


def first_usable(reactor: Fighter, t: Trigger) -> str:
    """The weapon a reaction named without one is made with: the first of ``t.weapons``
    ``reactor`` can make it with now (a melee weapon, Reflexive for a Forestall, whose
    Vigor it can pay: a Cumbersome one costs 3, R21, doubled while swimming, R24), as the
    attack code would decide each; the first listed when none can (the attack then says
    why not). What the prompt offers a reactor is this weapon too."""
    # the attack's checks: only when a reaction is weighed, not to find triggers (path)
    from momenta_cli.engine.attack import attack_cost, check_reactive_weapon, pick_weapon

    for n in t.weapons:
        w = pick_weapon(reactor, n)
        try:
            check_reactive_weapon(w, t.reaction, None)
            pay_reaction(reactor, t.reaction, attack_cost(w, t.reaction))
        except RuleError:
            continue
        return n
    return t.weapons[0]


def not_triggered(fight: Fight, mover: Fighter, reactor: Fighter, reaction: str,
                   how: str) -> RuleError:
    """Why ``reactor``'s ``reaction`` is not one ``mover``'s movement (``how``) triggered
    (R35), the same words on a move line, a shove line and a line stated by hand."""
    if how == "Shift":
        return RuleError(f"{mover.name} Shifts, and a Shift does not trigger reactive "
                         "attacks (ch19 Shift, R35)")
    check_can_react(reactor, reaction)  # out, an enemy, Surprised...: its own reason
    if reactor.side == mover.side:
        return RuleError(f"{reactor.name} is on {mover.name}'s side: only the other side "
                         f"answers a movement with {reaction} (ch19 Reactions)")
    if reactor.position is None:
        return RuleError(f"{reactor.name} is not on the map: place it first")
    if reaction == "Forestall" and how == FORCED:
        return RuleError(f"{mover.name}'s movement is forced, and forced movement never "
                         "triggers Forestall (ch19 Movement, R35)")
    if reaction == "Forestall":
        return RuleError(f"{mover.name} does not start this Move within reach of a "
                         f"Reflexive melee weapon of {reactor.name}'s: nothing triggers "
                         "Forestall (R35)")
    return RuleError(f"this path never brings {mover.name} into the reach of "
                     f"{reactor.name}'s melee weapons from outside it: nothing triggers "
                     "Intercept (R35)")


def answered(fight: Fight, mover: Fighter, route: Route, answers: Sequence[Attack]
             ) -> list[tuple[Trigger, Attack]]:
    """The reactions a movement command names, each beside its trigger and ready to be
    resolved (made at ``mover``, with the triggering weapon unless one is named), in the
    order they happen; a ``RuleError`` for one the movement does not trigger (R35), one
    written twice (R27), or a weapon that did not trigger it."""
    return match(fight, mover, route_triggers(fight, mover, route), route.path.squares,
                 route.how, answers)


def match(fight: Fight, mover: Fighter, triggered: Sequence[Trigger],
          squares: Sequence[Square], how: str, answers: Sequence[Attack],
          unmet: list[Attack] | None = None) -> list[tuple[Trigger, Attack]]:
    """``answered`` for any movement: ``triggered`` are its triggers (``find_triggers``)
    along ``squares``. With ``unmet`` (a shove, whose length the roll decides), an
    Intercept the movement does not trigger is put there instead of refused."""
    # the attack's checks: only when a line answers a movement, not to find triggers
    from momenta_cli.engine.attack import check_reactive_weapon, pick_weapon

    found = {(t.reactor, t.reaction): t for t in triggered}
    out: list[tuple[Trigger, Attack]] = []
    seen: set[tuple[str, str]] = set()
    for a in answers:
        if a.maneuver not in MOVEMENT_REACTIONS:
            raise RuleError(f"a movement is answered by Intercept or Forestall, not "
                            f"{a.maneuver}")
        reactor = find_fighter(fight, a.attacker or "")
        if reactor.name == mover.name:
            raise RuleError(f"{mover.name} cannot answer its own movement")
        key = (reactor.name, a.maneuver)
        if key in seen:
            raise RuleError(f"{reactor.name}'s {a.maneuver} is written twice: one reaction "
                            "per trigger (R27, R35)")
        seen.add(key)
        t = found.get(key)
        if t is None:
            error = not_triggered(fight, mover, reactor, a.maneuver, how)
            if unmet is None or a.maneuver != "Intercept" or reactor.side == mover.side \
                    or reactor.position is None:
                raise error  # wrong whatever the roll: a Forestall, one's own side...
            unmet.append(replace(a, attacker=reactor.name, target=mover.name))
            continue
        if a.weapon is None:
            a = replace(a, weapon=first_usable(reactor, t))
        else:
            w = pick_weapon(reactor, a.weapon)
            step = dict((n, j) for n, j in t.later).get(w.name)
            if step is not None:  # that weapon's reach is entered further on
                t = replace(t, step=step, square=square_name(squares[step]),
                            weapons=(w.name,), later=())
            elif w.name not in t.weapons and t.reaction == "Forestall":
                check_reactive_weapon(w, "Forestall", None)  # not Reflexive: says so
                raise RuleError(f"{mover.name} does not start this Move within reach of "
                                f"{reactor.name}'s {w.name}; {' or '.join(t.weapons)} "
                                f"triggers the Forestall at {t.square} (ch19 Forestall, "
                                "R35)")
            elif w.name not in t.weapons:
                raise RuleError(f"this path never brings {mover.name} into the reach of "
                                f"{reactor.name}'s {w.name} from outside it; "
                                f"{' or '.join(t.weapons)} triggers the {a.maneuver} at "
                                f"{t.square} (ch19 Reactions, R35)")
            a = replace(a, weapon=w.name)
        out.append((t, replace(a, attacker=reactor.name, target=mover.name)))
    return sorted(out, key=lambda ta: ta[0].step)


def stops(pairs: Sequence[tuple[Trigger, Attack]]
          ) -> list[tuple[int, list[tuple[Trigger, Attack]]]]:
    """The steps a movement stops at, in order, each with the reactions made there."""
    out: list[tuple[int, list[tuple[Trigger, Attack]]]] = []
    for t, a in pairs:
        if out and out[-1][0] == t.step:
            out[-1][1].append((t, a))
        else:
            out.append((t.step, [(t, a)]))
    return out


@dataclass(frozen=True)
class Halted(Event):
    """A movement stops at ``square`` for the reactive attacks named in ``reactions``
    (``(reactor, reaction)`` pairs, R35); ``first``: nothing of it was walked yet (a
    Forestall at its start), so this is where the movement begins (it records that
    ``name`` is moving, as ``Moved`` does)."""

    kind: ClassVar[str] = "halted"
    touches_round: ClassVar[bool] = False
    name: str
    how: str
    square: str
    reactions: tuple[tuple[str, str], ...]
    first: bool = False

    def apply(self, fight: Fight) -> None:
        if self.first:
            from momenta_cli.engine.movement.movement_events import moving

            moving(fight, self.name, self.how)
            if self.name in fight.fighters:  # the movement's trail starts here (R35)
                fight.get(self.name).trail = (self.square,)


def react(s: Fight, mover: str, group: Sequence[tuple[Trigger, Attack]], roller: Roller
          ) -> list[Event]:
    """The reactive attacks made at one stop, resolved one after another on the scratch
    copy ``s`` (a Basic Attack paid as a reaction, with the attack code's checks and
    ``MoveAnswered``); one whose reactor is out by then (the mover's Counterattack) is
    not made, nor one left once the mover is out of the fight (each with a note)."""
    from momenta_cli.engine.attack import resolve

    events: list[Event] = []
    for t, a in group:
        m = s.get(mover)
        if not m.out and a.target:  # a dragged one's trigger (ch19 Grab): its target
            m = s.get(find_fighter(s, a.target).name)
        if m.out:
            events += applied(s, [Note(f"{t.reactor}'s {t.reaction} is not made: "
                                       f"{m.name} is already {m.out_reason}", t.reactor)])
            continue
        r = s.get(t.reactor)
        if r.out:
            events += applied(s, [Note(f"{r.name}'s {t.reaction} is not made: {r.name} is "
                                       f"{r.out_reason}", r.name)])
            continue
        events += applied(s, resolve(s, a, roller))
    return events


def never_reached(s: Fight, mover: str,
                  rest: Sequence[tuple[int, list[tuple[Trigger, Attack]]]]) -> list[Event]:
    """A note for each reaction named at a later stop the movement never gets to (its
    mover taken out of the fight at an earlier one), as for one at the same stop; the
    struck one is the mover, or the dragged one it was named at. Applied to ``s``."""
    notes: list[Event] = []
    for _, group in rest:
        for t, a in group:
            m = s.get(find_fighter(s, a.target).name if a.target else mover)
            if not m.out:
                m = s.get(mover)
            notes.append(Note(f"{t.reactor}'s {t.reaction} is not made: {m.name} is "
                              f"already {m.out_reason}", t.reactor))
    return applied(s, notes)


def route_part(s: Fight, f: Fighter, r: Route, a: int, b: int, goes_on: bool
               ) -> list[Event]:
    """The steps ``a + 1`` to ``b`` of ``r`` (a part of the movement between two stops,
    R35), with the dragged ones' steps, applied to ``s``."""
    from momenta_cli.engine.movement.movement_events import Dragged, Moved  # taken, not planned

    p = r.path
    board = board_of(s)
    assert board is not None
    seq = (p.start, *p.squares)
    part = p.squares[a + 1:b + 1]
    cost = sum(step_cost(board, seq[i], seq[i + 1], side_of(f.spec.size))
               for i in range(a + 1, b + 1))
    events = applied(s, [Moved(
        f.name, r.how, len(part), r.budget, cost - len(part), r.during,
        path=tuple(square_name(q) for q in part), start=square_name(seq[a + 1]),
        jumped=tuple(square_name(q) for q in part if q in p.jumped), goes_on=goes_on)])
    for who, went in r.drags:
        dragged = went.squares[a + 1:b + 1]
        if dragged and not s.get(who).out:  # one struck down stays where it was struck
            events += applied(s, [Dragged(who, f.name, len(dragged),
                                             tuple(square_name(q) for q in dragged),
                                             goes_on=bool(went.squares[:a + 1]))])
    return events
