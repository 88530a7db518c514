"""A movement's triggers as decision points (R35; ch19 Reactions: Intercept, Forestall;
ch19 Grab, Shove): the movement stops at each trigger square for the reactive attacks
made there, whether its line names them (``move gorm to C4 intercept wren``) or the
reactor is asked at the moment the movement reaches that square.

Asked only when the line says nothing of its reactions (no reaction, no
``no-reactions``) and the roller is a ``Decider`` (engine/core/asking.py): a plain
roller makes none, as before. Each chance is an ``Ask`` of kind ``trigger``: the reactor
decides (``who``), ``against`` the one moving, at ``square``, with an ``Option`` for each
weapon that may make it there (its cost and pool, worked out by the attack's own code on
the fight as it is at that square) after no reaction. It is asked once the reactions
before it have landed: nothing is asked of a reactor out of the fight by then, nor once
the one moving is out. A reactor with no weapon that may (no Vigor left, Broken...) is
consulted with no reaction only and the reasons (``Ask.why``): nothing to answer there.
A reaction answered is made there and then through the attack code, its own decision
points (the mover's defense, the dice, Brace) asked in turn, keyed inside the line's
answers. ``write_answer`` writes an answer on the command as the line's words would
(``MoveTo.reactions``/``said``, a shove's ``push_reactions``/``push_said``), so the
complete line, run with a plain roller on the same dice, gives the same events.

Keys (``Ask.key``):

- ``("trigger", path, reactor, reaction, square)``: the chance itself; ``path`` is
  ``()`` for a move line, the shove's part path (engine/attack/parts.py) for its push.
- ``("reactive", path, i, *inner)``: a decision point of the ``i``-th reactive attack
  written on that line (its place among the line's reactions), ``inner`` the attack's
  own key (``("attack", (), "typed")``...).

The walk (``walk_stops``) is one loop for a Move's triggers and a push's, answered on the
line or asked: up to each stop, one ``Halted`` naming the reactions made there, each made
in turn, the movement stopping for good once the one moving is out of the fight.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from momenta_cli.engine.actions import ReactionTaken, pay_reaction
from momenta_cli.engine.attack import Attack, PartPath, part_at, replace_part
from momenta_cli.engine.core import (
    NO_REACTION,
    Ask,
    Decider,
    Event,
    Fight,
    Fighter,
    Key,
    Option,
    Roller,
    applied,
    consult,
    find_fighter,
    written,
)
from momenta_cli.engine.geometry import Square, square_name
from momenta_cli.engine.movement import triggers
from momenta_cli.engine.movement.triggers import START, Halted, Trigger
from momenta_cli.errors import RuleError
from momenta_cli.text import quote_word

TRIGGER = "trigger"  # the key of a chance to answer a movement
INSIDE = "reactive"  # the key of a decision point inside a reactive attack made at one


@dataclass(frozen=True)
class Chance:
    """One trigger at one stop of a movement: ``who`` it strikes (the mover, a dragged
    or pushed one), the ``trigger`` with the weapons that make it at this stop (its
    ``step``), and the reactive attack written on the line for it, made as written
    (``index``: its place among the line's reactions), or None: asked."""

    who: str
    trigger: Trigger
    attack: Attack | None = None
    index: int = 0


@dataclass
class Answers:
    """How one movement's triggers are answered as it is walked: ``path`` where its
    answers go on the command (``()`` a move line, a shove's part path), the ``roller``
    the reactive attacks roll with (consulted at each chance when it is a ``Decider``),
    ``lead`` the events decided before the movement, ``mover`` and ``how`` ("Move",
    "Shift", "pushed") for the asks' wording. As it goes: the reactive attacks made
    (``made``), how many were asked and taken (``taken``: the next one's place on the
    line), and whether any chance was answered (``answered``: the line then says what
    became of its reactions, ``no-reactions`` when none was taken)."""

    path: PartPath
    roller: Roller
    mover: str
    how: str
    lead: tuple[Event, ...] = ()
    made: list[tuple[Trigger, Attack]] = field(default_factory=list)
    taken: int = 0
    answered: bool = False
    reacted: set[tuple[str, str]] = field(default_factory=set)
    first: dict[str, int] = field(default_factory=dict)  # who: its first reaction's place

    @property
    def asking(self) -> bool:
        """Whether the chances are asked at all (a plain roller answers nothing)."""
        return isinstance(self.roller, Decider)

    def inside(self, i: int, lead: Sequence[Event]) -> Roller:
        """The roller the ``i``-th reactive attack on the line is made with: a decider's
        asks keyed inside the line's answers, the movement's events ``lead`` first."""
        if not isinstance(self.roller, Decider):
            return self.roller
        return _Inside(self.roller, (INSIDE, self.path, i), (*self.lead, *lead))

    def order(self, group: Sequence[Chance]) -> list[Chance]:
        """The chances at one stop in the order the complete line makes them
        (``forced.route_answered``): the mover's first, then each dragged one's, those
        with a reaction on the line already in the order they first appear there."""
        rank = {c.who: k for k, c in enumerate(group)}

        def key(c: Chance) -> tuple[int, float, int]:
            if c.who == self.mover:
                return (0, 0, 0)
            return (1, self.first.get(c.who, float("inf")), rank[c.who])

        return sorted(group, key=key)

    def ask(self, s: Fight, c: Chance, walked: Callable[[Fight], list[Event]],
            before: Sequence[Event]) -> Attack | None:
        """The reactive attack ``c``'s reactor answers with at this stop, or None. Asked
        on the fight ``s`` as it is (the reactions before it landed); the options are
        worked out on a copy where the movement has reached the stop and stopped there
        (``walked`` walks it there, returning the walk); ``before``: the movement's
        events so far."""
        t = c.trigger
        if (t.reactor, t.reaction) in self.reacted:
            return None  # once per reactor per movement (R35)
        if s.get(c.who).out or s.get(t.reactor).out:
            return None
        there = s.draft()
        lead = (*self.lead, *before, *walked(there))
        reactor = there.get(t.reactor)
        options, why = _options(there, reactor, c.who, t)
        ask = Ask("trigger", reactor.name, reactor.spec.is_enemy,
                  (TRIGGER, self.path, reactor.name, t.reaction, t.square),
                  (NO_REACTION, *options), against=c.who,
                  label=f"{reactor.name}'s {t.reaction}", lead=lead, why=why,
                  square=t.square, how=self.how if c.who == self.mover else "dragged",
                  vigor=reactor.vigor,
                  unseen=not triggers.in_sight(there, there.get(c.who), t))
        if not options:
            consult(self.roller, ask)  # nothing to answer: told why, if at all
            return None

        def check(given: Any) -> None:
            if not isinstance(given, Option) or given not in ask.options:
                raise RuleError(f"{reactor.name} may answer: "
                                + ", ".join(o.label for o in ask.options))

        got = consult(self.roller, ask, check)
        if got is None:
            return None
        self.answered = True
        if got.none:
            return None
        self.reacted.add((t.reactor, t.reaction))
        self.first.setdefault(c.who, self.taken)
        self.taken += 1
        return Attack(reactor.name, c.who, t.reaction, **dict(got.change))


@dataclass(frozen=True)
class _Inside:
    """A movement's decider seen from inside one of the reactive attacks made at it:
    each ask keyed inside the line's answers (``prefix``), the movement's events first
    in its lead."""

    outer: Decider
    prefix: Key
    lead: tuple[Event, ...]

    def roll(self, n: int) -> list[int]:
        return self.outer.roll(n)

    def answer(self, ask: Ask) -> Any:
        return self.outer.answer(replace(ask, key=(*self.prefix, *ask.key),
                                         lead=(*self.lead, *ask.lead)))


def _options(there: Fight, reactor: Fighter, who: str, t: Trigger
             ) -> tuple[list[Option], tuple[str, ...]]:
    """The weapons ``reactor`` may make ``t`` with now, each as the attack code would
    decide it (``prepare``, then the payment: a Cumbersome one costs 3, R21, doubled
    while swimming, R24), with its cost and pool; when none may, the reasons, each
    once."""
    from momenta_cli.engine.attack import attack_cost, prepare  # attack -> ... -> here

    options: list[Option] = []
    why: list[str] = []
    for name in t.weapons:
        try:
            pr = prepare(there, Attack(reactor.name, who, t.reaction, weapon=name))
            w = pr.plans[0].weapon
            paid = pay_reaction(reactor, f"{t.reaction} ({w.name})",
                                attack_cost(w, t.reaction))
        except RuleError as err:
            if str(err) not in why:
                why.append(str(err))
            continue
        parts, auto = pr.pools[0]
        words = f"{t.reaction.lower()} {quote_word(reactor.name)} with {quote_word(w.name)}"
        cost = next(e.cost for e in paid if isinstance(e, ReactionTaken))
        options.append(Option(words, f"{t.reaction} with {w.name}", (("weapon", w.name),),
                              cost, parts, auto))
    return options, () if options else tuple(why)


def asked_chances(met: Sequence[tuple[str, Trigger]],
                  squares: Mapping[str, Sequence[Square]]) -> list[Chance]:
    """The chances a movement's triggers give, to be asked, in the order it meets them:
    each trigger (``met``: with whom it strikes) at its square, and again at each square
    further on where another of the reactor's melee weapons comes into reach (an
    Intercept made there instead: still once per movement, R35); ``squares``: the path
    of each one moving. A reactor whose reaction could answer two of them (the mover and
    one it drags) is left out: the line cannot say whom (``forced.route_answered``)."""
    whom: dict[tuple[str, str], set[str]] = {}
    for who, t in met:
        whom.setdefault((t.reactor, t.reaction), set()).add(who)
    out: list[Chance] = []
    for who, t in met:
        if len(whom[(t.reactor, t.reaction)]) > 1:
            continue
        out.append(Chance(who, replace(t, later=())))
        later: dict[int, list[str]] = {}
        for w, j in t.later:
            later.setdefault(j, []).append(w)
        out += [Chance(who, replace(t, step=j, square=square_name(squares[who][j]),
                                    weapons=tuple(ws), later=()))
                for j, ws in sorted(later.items())]
    return sorted(out, key=lambda c: c.trigger.step)  # stable: the order met at a step


def line_chances(fight: Fight, given: Sequence[Attack],
                 pairs: Sequence[tuple[Trigger, Attack]]) -> list[Chance]:
    """The reactions written on the line (``given``), each matched to its trigger
    (``pairs``, in the order they are made), as chances made as written, each with its
    place on the line."""
    place = {(find_fighter(fight, x.attacker or "").name, x.maneuver): i
             for i, x in enumerate(given)}
    return [Chance(a.target, t, a, place.get((a.attacker or "", a.maneuver), 0))
            for t, a in pairs]


def walk_stops(s: Fight, mover: str, chances: Sequence[Chance], ans: Answers,
               go: Callable[[Fight, int, int, bool], list[Event]],
               halt: Callable[[int, tuple[tuple[str, str], ...], bool], Halted]
               ) -> tuple[list[Event], bool, int, bool]:
    """A movement of ``mover`` walked on ``s`` up to each stop where a reaction is made
    (R35): one ``Halted`` there naming them (``halt``), each resolved in turn, then on.
    ``go(fight, here, to, goes_on)`` walks the steps ``here + 1`` to ``to`` on
    ``fight``. Returns the events, whether the movement goes on past its last stop
    (False: a reaction took ``mover`` out of the fight, where it was struck; the
    reactions written for later stops are notes), and where it is (its step, and
    whether any of it was walked or stopped at: a Forestall at the start)."""
    events: list[Event] = []
    here, begun = START, False
    for step in sorted({c.trigger.step for c in chances}):
        group = [c for c in chances if c.trigger.step == step]
        at: int | None = None  # this stop's Halted, among the events
        for c in ans.order(group) if any(c.attack is None for c in group) else group:
            a = c.attack
            i = c.index
            if a is None:
                if s.get(mover).out:
                    break

                def walked(f: Fight, here: int = here, step: int = step,
                           begun: bool = begun, pair: tuple[str, str] = (
                               c.trigger.reactor, c.trigger.reaction)) -> list[Event]:
                    # the fight as the reaction would be made in: the movement there,
                    # stopped (a Forestall's: begun); only the walk is for the table
                    out = go(f, here, step, begun) if step > here else []
                    applied(f, [halt(step, (pair,), not (begun or step > here))])
                    return out

                a = ans.ask(s, c, walked, events)
                if a is None:
                    continue
                i = ans.taken - 1
            pair = (c.trigger.reactor, c.trigger.reaction)
            if at is None:
                if step > here:
                    events += go(s, here, step, begun)
                    here, begun = step, True
                at = len(events)
                events += applied(s, [halt(step, (pair,), not begun)])
                begun = True
            else:  # the same stop: one Halted names every reaction made there
                h = events[at]
                assert isinstance(h, Halted)
                events[at] = replace(h, reactions=(*h.reactions, pair))
            ans.made.append((c.trigger, a))
            events += triggers.react(s, mover, [(c.trigger, a)], ans.inside(i, events))
        if at is not None and s.get(mover).out:
            rest = [(c.trigger, c.attack) for c in chances
                    if c.trigger.step > step and c.attack is not None]
            return events + triggers.never_reached(s, mover, triggers.stops(rest)), \
                False, here, begun
    return events, True, here, begun


def write_answer(command: Any, ask: Ask, answer: Any) -> Any:
    """``command`` (a move line's ``MoveTo``, a shove's ``Attack``) with ``answer`` to
    ``ask`` written as the line's reaction words would be: a chance's reaction added to
    the line's reactions (``no-reactions`` for a chance declined: the line says it), a
    decision point inside one written into that reaction (``engine/core/asking.py``
    ``written``). None, the default, leaves ``command`` as it is."""
    path = ask.key[1]
    if isinstance(command, Attack):
        part = part_at(command, path)
        reactions, said = part.push_reactions, part.push_said
    else:
        reactions, said = command.reactions, command.said
    if ask.key[0] == TRIGGER:
        if not isinstance(answer, Option):
            return command
        if not answer.none:
            reactions = (*reactions, Attack(ask.key[2], "", ask.key[3],
                                            **dict(answer.change)))
        said = True
    else:
        i = ask.key[2]
        x = written(reactions[i], replace(ask, key=ask.key[3:]), answer)
        reactions = (*reactions[:i], x, *reactions[i + 1:])
    if isinstance(command, Attack):
        return replace_part(command, path, push_reactions=reactions, push_said=said)
    return replace(command, reactions=reactions, said=said)
