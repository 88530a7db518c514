"""A movement's trigger asked at the table (R35; ch19 Intercept, Forestall): the question
for an engine ``Ask`` of kind ``trigger`` (engine/movement/trigger_points.py) and reading
its answer. The engine asks as the movement reaches the trigger square, with the weapons
that may make the reaction there, each with its cost; this module only words it and
reads y, n or a weapon back into one of the ask's options.

    Wren may Intercept Gorm at B2 with Spear (2 Vigor of 7)? [y/N]

``y`` (or the reaction's own word, ``intercept``) takes the first weapon offered; a
weapon's name (``rapier``, ``y with rapier``) that one; ``n`` or Enter no reaction, which
the line then says (``no-reactions`` when nothing else is taken).
"""

from __future__ import annotations

from momenta_cli.engine.core import NO_REACTION, Ask, Option, candidates
from momenta_cli.engine.movement import NO_SIGHT
from momenta_cli.errors import MomentaError
from momenta_cli.text import clip, one_line, split

YES = ("y", "yes")
NO = ("n", "no")


def _reaction(ask: Ask) -> str:
    """Intercept or Forestall: the key says (``("trigger", path, reactor, reaction,
    square)``)."""
    return str(ask.key[3])


def _weapon(o: Option) -> str:
    return str(dict(o.change).get("weapon", ""))


def _taken(ask: Ask) -> list[Option]:
    """The options that make the reaction (no reaction left out)."""
    return [o for o in ask.options if not o.none]


def _weapons(ask: Ask) -> str:
    """``Spear (2 Vigor of 7)``; several: ``Rapier or Unarmed Attack (2 Vigor of 7)``,
    each its own cost when they differ (a Cumbersome one costs 3, R21)."""
    taken = _taken(ask)
    of = f" of {ask.vigor}" if ask.vigor is not None else ""
    costs = {o.cost for o in taken}
    if len(costs) == 1:
        cost = next(iter(costs))
        paid = f" ({cost} Vigor{of})" if cost is not None else ""
        return " or ".join(_weapon(o) for o in taken) + paid
    return " or ".join(f"{_weapon(o)} ({o.cost} Vigor)" for o in taken) + \
        (f" ({ask.vigor} Vigor left)" if ask.vigor is not None else "")


def trigger_question(ask: Ask) -> tuple[str, list[str]]:
    """The question for a trigger ``ask`` and the words completion offers at its answer:
    ``Wren may Intercept Gorm at B2 with Spear (2 Vigor of 7)? [y/N]``, said of a
    Forestall as the one moving starts, of a dragged or pushed one as it is forced into
    reach; the GM is told when the reactor has no line of sight to that square (ours,
    docs/rulings.md: the trigger stands, reach through a wall is the GM's call)."""
    reaction = _reaction(ask)
    if reaction == "Forestall":
        where = f"as it starts to move at {ask.square}"
    elif ask.how in ("dragged", "pushed"):
        where = f"{ask.how} into reach at {ask.square}"
    else:
        where = f"at {ask.square}"
    wall = f" - {NO_SIGHT}" if ask.unseen else ""
    text = (f"{ask.who} may {reaction} {ask.against} {where} with {_weapons(ask)}{wall}? "
            "[y/N]")
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
