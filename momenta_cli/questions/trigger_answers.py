"""A movement's trigger asked at the table (R35; ch19 Intercept, Forestall): the question
for an engine ``Ask`` of kind ``trigger`` (engine/movement/trigger_points.py) and reading
its answer. The engine asks as the movement reaches the trigger square, with the weapons
that may make the reaction there, each with its cost; this module only words it and
reads y, n or a weapon back into one of the ask's options.

    Gorm comes into Wren's reach at B2: Wren may Intercept with Spear (2 Vigor of 7).
    Intercept? [y/N]

A Forestall is said as the one moving starts (``Gorm starts to move within reach of
Wren's Spear: Wren may Forestall (2 Vigor of 7).``), a dragged or pushed one as it is
forced into reach (``Kira is dragged into Wren's reach at C3: ...``). ``y`` (or the
reaction's own word, ``intercept``) takes the first weapon offered; a weapon's name
(``rapier``, ``y with rapier``) that one; ``n`` or Enter no reaction, which the line
then says (``no-reactions`` when nothing else is taken). A reactor who may not take it
is asked nothing: one dim line says why (``(no Intercept asked of Wren at B2: ...)``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from momenta_cli.engine.core import NO_REACTION, Ask, Option, candidates
from momenta_cli.engine.movement import NO_SIGHT
from momenta_cli.errors import MomentaError
from momenta_cli.text import clip, one_line, split

if TYPE_CHECKING:
    from momenta_cli.questions.table_decider import TableDecider

YES = ("y", "yes")
NO = ("n", "no")
FORCED = ("dragged", "pushed")  # ``Ask.how`` of a creature moved by another


def _reaction(ask: Ask) -> str:
    """Intercept or Forestall: the key says (``("trigger", path, reactor, reaction,
    square)``)."""
    return str(ask.key[3])


def _weapon(o: Option) -> str:
    return str(dict(o.change).get("weapon", ""))


def _taken(ask: Ask) -> list[Option]:
    """The options that make the reaction (no reaction left out)."""
    return [o for o in ask.options if not o.none]


def _forestall(ask: Ask) -> bool:
    return _reaction(ask) == "Forestall"


def _cost(ask: Ask) -> str:
    """``(2 Vigor of 7)``; when the weapons cost differently (a Cumbersome one 3,
    R21), each its own: ``(3 Vigor with Spear, 2 with Rapier, of 7)``."""
    taken = _taken(ask)
    of = f" of {ask.vigor}" if ask.vigor is not None else ""
    costs = {o.cost for o in taken}
    if len(costs) == 1:
        cost = next(iter(costs))
        return f" ({cost} Vigor{of})" if cost is not None else ""
    each = [f"{o.cost} Vigor with {_weapon(o)}" if i == 0 else f"{o.cost} with {_weapon(o)}"
            for i, o in enumerate(taken)]
    return f" ({', '.join(each)}{',' + of if of else ''})"


def trigger_question(ask: Ask) -> tuple[str, list[str]]:
    """The offer for a trigger ``ask`` (the prompt ``Intercept? [y/N]`` follows it) and
    the words completion offers at its answer: ``Gorm comes into Wren's reach at B2: Wren
    may Intercept with Spear (2 Vigor of 7).``; several weapons named with ``or``; a
    Forestall said as the one moving starts, a dragged or pushed one as it is forced
    into reach. The GM is told when the reactor has no line of sight to that square
    (ours, docs/rulings.md: the trigger stands, reach through a wall is the GM's
    call)."""
    reaction = _reaction(ask)
    weapons = " or ".join(_weapon(o) for o in _taken(ask))
    wall = f" - {NO_SIGHT}" if ask.unseen else ""
    if _forestall(ask):
        text = (f"{ask.against} starts to move within reach of {ask.who}'s {weapons}: "
                f"{ask.who} may {reaction}{_cost(ask)}{wall}.")
    else:
        into = f"is {ask.how} into" if ask.how in FORCED else "comes into"
        text = (f"{ask.against} {into} {ask.who}'s reach at {ask.square}: {ask.who} may "
                f"{reaction} with {weapons}{_cost(ask)}{wall}.")
    words = ["y", "n", reaction.lower(), *(_weapon(o) for o in _taken(ask))]
    return one_line(text), words


def trigger_answer(ask: Ask, text: str) -> Option | None:
    """The option ``text`` answers ``ask`` with: y, yes or the reaction's word (with
    ``with WEAPON`` or a weapon's name after it, or the name alone): the reaction with
    the first weapon offered or the one named; n, no or Enter: no reaction
    (``NO_REACTION``, the line says so). None when the ask has nothing to answer (only no
    reaction: it says why, ``Ask.why``). Raises ``MomentaError`` for anything else."""
    taken = _taken(ask)
    if not taken:
        return None
    reaction = _reaction(ask).lower()
    try:
        words = [w.lower() for w in split(text.replace("\ufeff", ""))]
    except MomentaError:
        words = text.lower().split()
    if not words:
        return NO_REACTION
    if words[0] in NO:
        if len(words) > 1:
            raise MomentaError(f"'{words[0]}' takes no more words")
        return NO_REACTION
    yes = words[0] in (*YES, reaction)
    rest = words[1:] if yes else words
    if rest and rest[0] == "with":
        rest = rest[1:]
    if not rest:
        if yes:
            return taken[0]
        raise MomentaError(_how(ask, taken))
    named = " ".join(rest)
    hits = candidates(taken, named, key=_weapon, words=True)
    if len(hits) == 1:
        return hits[0]
    raise MomentaError(f"{clip(one_line(named), 40)!r}: " + (
        f"which one? {' or '.join(_weapon(o) for o in hits)}" if hits else _how(ask, taken)))


def _how(ask: Ask, taken: list[Option]) -> str:
    weapons = " or ".join(_weapon(o) for o in taken)
    return f"answer y ({_weapon(taken[0])}), a weapon ({weapons}) or n; Enter: no " \
        f"{_reaction(ask)}"


def _where(ask: Ask) -> str:
    """Where a trigger is, for the dim line: ``as Gorm starts`` (a Forestall), ``at
    B2``, ``at E1 for Nix`` (one dragged along)."""
    if _forestall(ask):
        return f"as {ask.against} starts"
    return f"at {ask.square}" + (f" for {ask.against}" if ask.how == "dragged" else "")


def _shapes(ask: Ask) -> list[tuple[str, str, list[str]]]:
    """The ask's reasons (``Ask.why``, each once) grouped by what they say but for the
    weapon they name (the attack code says it as ``Intercept (Spear)``): each group's
    first reason, its shape, and the other weapons it holds for."""
    named = re.compile(rf"{re.escape(_reaction(ask))} \(([^()]+)\)")
    groups: list[tuple[str, str, list[str]]] = []
    for why in ask.why:
        m = named.search(why)
        shape = named.sub(f"{_reaction(ask)} (*)", why)
        for _, same, others in groups:
            if same == shape:
                if m:
                    others.append(m.group(1))
                break
        else:
            groups.append((why, shape, []))
    return groups


def _weapons_of(why: str, ask: Ask) -> list[str]:
    m = re.search(rf"{re.escape(_reaction(ask))} \(([^()]+)\)", why)
    return [m.group(1)] if m else []


def untaken_note(ask: Ask, first: Callable[[str], bool] = lambda shape: True
                 ) -> str | None:
    """The dim line for a trigger the reactor may not take (``Ask.why``: the engine's
    reasons): ``(no Intercept asked of Wren at B2: Intercept (Rapier) costs 2 Vigor;
    Wren has 1 (R24); the same for Unarmed Attack)``, a reason each weapon gives alike
    said once. ``first(shape)``: whether a reason of that shape is new for this
    reactor's reaction in this movement; one told before is not told again, only the
    weapons it now holds for (``(no Intercept asked of Wren at C2 either: the same for
    Rapier)``). None when there is nothing new to say (Broken, told once)."""
    reaction = _reaction(ask)
    new: list[str] = []
    again: list[str] = []
    for why, shape, others in _shapes(ask):
        if not first(shape):
            again += _weapons_of(why, ask) + others
            continue
        new.append(why + (f"; the same for {' and '.join(others)}" if others else ""))
    head = f"(no {reaction} asked of {ask.who} {_where(ask)}"
    if new:
        more = f" / the same for {' and '.join(again)}" if again else ""
        return one_line(f"{head}: {' / '.join(new)}{more})")
    if again:
        return one_line(f"{head} either: the same for {' and '.join(again)})")
    return None


def ask_trigger(d: TableDecider, ask: Ask) -> Option | None:
    """The table's answer at a movement's trigger (R35), asked as the movement reaches
    it: what the movement did so far is shown first (``lead``: the walk, the reactions
    before it). A reactor who may not take it (no Vigor, Broken...) is told why in one
    dim line and asked nothing; the same reason for the same reaction is not told twice
    in one movement."""
    reaction = _reaction(ask)
    if not _taken(ask):
        if ask.why:
            d.show(ask)
            note = untaken_note(ask, lambda shape: d.once(
                ("trigger_note", ask.who, reaction, shape)))
            if note is not None:
                d.table.note(note)
        return None
    d.show(ask)
    text, words = trigger_question(ask)
    d.table.tell(text)
    while True:
        got = d.question(f"{reaction}? [y/N] ", words)
        try:
            return d.take(ask, trigger_answer(ask, got))
        except MomentaError as err:
            d.table.wrong(str(err))
