"""One reactive attack after another, offered at the prompt for a movement's triggers
(R35): ``offer_each`` takes the line being answered (``Answering``: a move line, a shove
line) and its triggers in the order they are met (``Stop``s: the mover's own, a dragged or
a pushed one's), offers each with the first weapon the engine would make it with and its
cost (a weapon passed over, or a reactor who cannot react, said in a dim line with the
engine's reason), asks a reaction taken through the attack's own questions
(``table_decider.settle``) at the trigger square, and comes back with the line's reactions and the
tracker's dice. ``questions/move_questions.py`` (a Move, a drag) and
``questions/push_questions.py`` (a Shove) build the stops and the line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from momenta_cli.engine.attack import Attack
from momenta_cli.engine.core import (
    Command,
    Event,
    Fight,
    OnesRoller,
    PresetRoller,
    RecordingRoller,
    Roller,
    apply_all,
    decide,
)
from momenta_cli.engine.geometry import Square, square_name
from momenta_cli.engine.movement import NO_SIGHT, START, Trigger, in_sight
from momenta_cli.errors import MomentaError
from momenta_cli.language import movement_reaction
from momenta_cli.questions.table_decider import Failed, Table, settle
from momenta_cli.text import one_line, split

YES = ("y", "yes")
NO = ("", "n", "no")


@dataclass(frozen=True)
class TriggerOffer:
    """One reaction the movement may be answered with now: its trigger (with the one
    weapon it is made with), the fight just before it is made (the mover at the trigger
    square, the reactions before it made), and what it costs."""

    trigger: Trigger
    before: Fight
    cost: int
    weapon: str


@dataclass(frozen=True)
class Answering:
    """The line whose movement is answered (a move line, a shove line): ``build`` makes
    its command from the reactions and whether the line says anything of them;
    ``taken``: the reactions so far, each with its group (0: the mover's own, then each
    dragged one's in the route's order), kept in that order on the line so the engine
    makes them in the order they are offered (``forced.route_answered``)."""

    build: Callable[[tuple[Attack, ...], bool], Command]
    taken: tuple[tuple[int, Attack], ...] = ()
    said: bool = False

    def plus(self, group: int, a: Attack) -> Answering:
        return replace(self, taken=(*self.taken, (group, a)))

    def command(self) -> Command:
        ordered = sorted(self.taken, key=lambda ga: ga[0])  # stable: offer order kept
        return self.build(tuple(a for _, a in ordered), self.said)


@dataclass(frozen=True)
class Stop:
    """A trigger to offer: ``who`` is the one it strikes (the mover, the one dragged or
    pushed), ``into`` how it gets there ("comes into", "is pushed into"), ``group`` its
    place on the line (``Answering``), ``squares`` the path of ``who``."""

    trigger: Trigger
    who: str
    into: str
    group: int
    squares: tuple[Square, ...]


def _decided(fight: Fight, cmd: Command, faces: tuple[int, ...]) -> list[Event]:
    return decide(fight, cmd, PresetRoller(faces, fallback=OnesRoller()))


def _taken(events: list[Event], reactor: str, reaction: str) -> int | None:
    """Where the reaction ``reactor`` pays for begins in a movement's events (after its
    first stop: a shove's own reactions come before its push)."""
    halted = False
    for i, e in enumerate(events):
        halted = halted or e.kind == "halted"
        if halted and e.kind == "reaction_taken" and getattr(e, "name", None) == reactor \
                and str(getattr(e, "reaction", "")).startswith(reaction):
            return i
    return None


def _not_made(events: list[Event], t: Trigger) -> str:
    """The engine's word for a reaction it decided and did not make (its reactor out
    by then), else what is known: the mover is out before it."""
    said = f"{t.reactor}'s {t.reaction} is not made"
    for e in events:
        text = str(getattr(e, "text", ""))
        if e.kind == "note" and text.startswith(said):
            return text
    return f"the movement ends before it reaches {t.reactor}'s {t.reaction}"


def attempt(fight: Fight, line: Answering, t: Trigger, faces: tuple[int, ...],
            words: list[str] | None = None, group: int = 0) -> TriggerOffer | str:
    """The reaction of trigger ``t`` as it would be made after ``line``'s reactions (their
    dice ``faces``, after the line's own), with the option ``words`` typed and, unless
    they name one, the weapon ``t.weapons[0]`` named (so the line says which); the
    engine's reason when it would not make it (the reactor cannot react or pay, the
    mover is out by then). A ``MomentaError`` for words it refuses."""
    a = movement_reaction(t.reaction, [t.reactor, *(words or [])])
    if a.weapon is None and t.weapons:
        a = replace(a, weapon=t.weapons[0])
    try:
        events = _decided(fight, line.plus(group, a).command(), faces)
    except MomentaError as err:
        if words:
            raise
        return str(err)
    i = _taken(events, t.reactor, t.reaction)
    if i is None:
        return _not_made(events, t)
    paid = events[i]
    weapon = str(getattr(paid, "reaction", "")).partition("(")[2].rstrip(")")
    return TriggerOffer(t, apply_all(fight.clone(), events[:i]), int(getattr(paid, "cost", 0)),
                 weapon)


def ways(t: Trigger, squares: Sequence[Square]) -> list[Trigger]:
    """Each weapon trigger ``t`` may be answered with, as a trigger of its own: the ones
    that trigger it at its square first (in the engine's order), then the reactor's
    other melee weapons whose reach the path (``squares``) enters further on, at their
    own square (an Intercept named with one of them is made there, R35)."""
    out = [replace(t, weapons=(w,), later=()) for w in t.weapons]
    out += [replace(t, step=j, square=square_name(squares[j]), weapons=(w,), later=())
            for w, j in t.later]
    return out


@dataclass(frozen=True)
class Way:
    """What the prompt does about one trigger: offer it with ``trigger`` (one weapon)
    when the engine would make it, else say ``why`` not; ``passed``: the weapons tried
    before it and the engine's reason for each (told in a dim line)."""

    trigger: Trigger
    why: str | None = None
    passed: tuple[tuple[Trigger, str], ...] = ()


def pick_way(fight: Fight, line: Answering, stop: Stop, faces: tuple[int, ...] = ()
             ) -> Way:
    """The first weapon of the stop's trigger (``ways``) the engine would make the
    reaction with now, with the ones passed over; when none, the reasons, each once."""
    passed: list[tuple[Trigger, str]] = []
    for w in ways(stop.trigger, stop.squares):
        got = attempt(fight, line, w, faces, group=stop.group)
        if isinstance(got, TriggerOffer):
            return Way(w, None, tuple(passed))
        passed.append((w, got))
    return Way(stop.trigger, reasons(passed) or "the engine would not make it")


def reasons(passed: Sequence[tuple[Trigger, str]]) -> str:
    """The engine's reasons for the weapons passed, each said once: a reason that names
    its weapon and is the same for another but for the name (each costs more than the
    reactor has) is "the same for" that one; one that names no weapon (Broken) once."""
    groups: list[tuple[str, str, list[str]]] = []  # (reason, as for any weapon, others)
    for w, why in passed:
        weapon = w.weapons[0]
        shape = why.replace(weapon, "{weapon}")
        for _, same, others in groups:
            if same == shape:
                if shape != why:
                    others.append(weapon)
                break
        else:
            groups.append((why, shape, []))
    return " / ".join(reason + (f"; the same for {' and '.join(others)}" if others else "")
                      for reason, _, others in groups)


def _where(t: Trigger, who: str, mover: str) -> str:
    if t.step == START:
        return f"as {who} starts"
    return f"at {t.square}" + ("" if who == mover else f" for {who}")


def passed_note(stop: Stop, way: Way, mover: str) -> str | None:
    """The dim line for the weapons passed over before the one offered."""
    if not way.passed:
        return None
    first = way.passed[0][0]
    return one_line(f"(not with {first.weapons[0]} {_where(first, stop.who, mover)}: "
                    f"{reasons(way.passed)})")


def unoffered(stop: Stop, way: Way, mover: str) -> str:
    """The dim line for a trigger the prompt offers nothing for, with the engine's
    reason (as the attack's "(no reaction asked: ...)" lines)."""
    t = way.trigger
    return one_line(f"(no {t.reaction} asked of {t.reactor} {_where(t, stop.who, mover)}: "
                    f"{way.why})")


def _question(stop: Stop, o: TriggerOffer) -> str:
    t = o.trigger
    vigor = o.before.get(t.reactor).vigor  # what is left after the reactions before it
    # ours (rulings "walls"): the trigger stands; the GM is told before deciding
    wall = "" if in_sight(o.before, o.before.get(stop.who), t) else \
        f" - {NO_SIGHT}"
    if t.step == START:
        return (f"{stop.who} starts to move within reach of {t.reactor}'s {o.weapon}: "
                f"{t.reactor} may {t.reaction} ({o.cost} Vigor of {vigor}){wall}.")
    return (f"{stop.who} {stop.into} {t.reactor}'s reach at {t.square}: {t.reactor} may "
            f"{t.reaction} with {o.weapon} ({o.cost} Vigor of {vigor}){wall}.")


def _answer(text: str, reaction: str) -> tuple[bool, list[str]]:
    """y/N, or the reaction's own words (``intercept``, ``y with rapier``): whether it is
    taken and the attack options typed after the yes."""
    words = split(text)
    if not words or words[0].lower() in NO[1:]:
        if len(words) > 1:
            raise MomentaError("'n' takes no more words")
        return False, []
    if words[0].lower() in (*YES, reaction.lower()):
        return True, words[1:]
    raise MomentaError(f"y (with the attack's options after it: 'y with WEAPON') or n; "
                       f"Enter: no {reaction}")


def _lines(events: list[Event]) -> list[str]:
    from momenta_cli.render import event_lines

    return event_lines(events)


def _told(events: list[Event], t: Trigger) -> list[str]:
    """A reaction's lines as it lands, its payment left out: the move's own lines, shown
    when it runs, say what it paid (once)."""
    return _lines([e for e in events if not (
        e.kind == "reaction_taken" and getattr(e, "name", None) == t.reactor
        and str(getattr(e, "reaction", "")).startswith(t.reaction))])


def offer_each(fight: Fight, line: Answering, stops: Sequence[Stop], mover: str,
               roller: Roller, table: Table, faces: tuple[int, ...] = (),
               first: Sequence[str] = ()) -> tuple[Answering, tuple[int, ...]] | None:
    """Offer each stop its reaction, with the first of its weapons the engine would make
    it with (a reactor who cannot take it is told in a dim line with the engine's
    reason), in the order the movement meets them; the line with the reactions taken and
    the dice the tracker rolled (``faces``: the line's own, first); None when the GM
    cancelled. ``first``: lines told before the first thing said (a shove's roll).

    What a reaction taken did is told before the next question only: the last one's
    lines are the line's own, shown when it runs. Once ``mover`` is out of the fight,
    nothing more is offered."""
    # each trigger's weapon, decided once on the line as typed, then in the order the
    # movement meets them (so the tracker's dice are handed out in that order)
    picked = sorted(((st, pick_way(fight, line, st, faces)) for st in stops),
                    key=lambda sw: (sw[1].trigger.step, sw[0].group))
    pending: list[str] = list(first)

    def flush() -> None:
        for text in pending:
            table.tell(text)
        pending.clear()

    for stop, way in picked:
        t = way.trigger
        if way.why is not None:
            flush()
            table.note(unoffered(stop, way, mover))
            continue
        got = attempt(fight, line, t, faces, group=stop.group)
        if not isinstance(got, TriggerOffer):
            flush()
            table.note(unoffered(stop, Way(t, got), mover))
            continue
        o = got
        line = replace(line, said=True)  # offered: the line says what became of it
        flush()
        note = passed_note(stop, way, mover)
        if note is not None:
            table.note(note)
        table.tell(_question(stop, o))
        while True:
            answer = table.ask(f"{t.reaction}? [y/N] ", ("y", "n", t.reaction.lower()))
            if answer is None:
                return None
            try:
                yes, words = _answer(answer, t.reaction)
                if yes and words:
                    typed = attempt(fight, line, t, faces, words, group=stop.group)
                    if not isinstance(typed, TriggerOffer):
                        raise MomentaError(typed)
                    o = typed
                break
            except MomentaError as err:
                table.wrong(str(err))
        if not yes:
            continue
        attack = replace(movement_reaction(t.reaction, [t.reactor, *words]),
                         target=stop.who)
        if attack.weapon is None:
            attack = replace(attack, weapon=o.weapon)
        try:
            s = settle(o.before, attack, roller, table)
        except KeyboardInterrupt:
            return None
        if s is None:
            return None
        made = s.command
        # decided as the movement will make it (the fight at the trigger square), the
        # tracker's dice kept: what is told now is what the line will do
        rec = RecordingRoller(PresetRoller(s.faces, fallback=roller))
        try:
            events = decide(o.before, made, rec)
        except MomentaError as err:
            raise Failed(f"the answers could not be put together ({err}); nothing was "
                         "done: type the line again with the reaction written") from None
        faces = (*faces, *rec.faces)
        pending += _told(events, t)
        line = line.plus(stop.group, replace(made, attacker=t.reactor, target=""))
        if apply_all(o.before.clone(), events).get(mover).out:
            break
    return line, faces
