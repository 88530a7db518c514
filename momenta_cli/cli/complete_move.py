"""Completion of a map move's answers to its triggers (R35, commands/trigger_words.py):
after ``move [NAME] to SQUARE``, the reaction words the path calls for, and after
``intercept`` or ``forestall``, the reactors it gives that reaction. Read from the
engine (engine/triggers.py) against the live state; nothing changes."""

from __future__ import annotations

from momenta_cli.commands.trigger_words import NONE_WORD, REACTION_WORDS
from momenta_cli.engine.geometry.board import parse
from momenta_cli.engine.state import Fight
from momenta_cli.errors import MomentaError


def _found(fight: Fight, name: str | None, square: str) -> list[tuple[str, str]]:
    from momenta_cli.engine import triggers, walking
    from momenta_cli.engine.names import actor

    try:
        f = actor(fight, name)
        route = walking.plan(fight, f, square)
        return [(t.reaction, t.reactor) for t in triggers.route_triggers(fight, f, route)]
    except MomentaError:
        return []


def move_words(fight: Fight, words: list[str]) -> list[str] | None:
    """What may follow ``move`` + ``words`` once the square is typed; None before it
    (the plain grammar's)."""
    for i in range(len(words) - 1):
        if words[i].lower() == "to" and parse(words[i + 1]) is not None:
            break
    else:
        return None
    rest = [w.lower() for w in words[i + 2:]]
    if NONE_WORD in rest:
        return []
    used = {(REACTION_WORDS[w], rest[j + 1]) for j, w in enumerate(rest[:-1])
            if w in REACTION_WORDS}
    found = [(what, who) for what, who in _found(fight, " ".join(words[:i]) or None,
                                                 words[i + 1])
             if (what, who.lower()) not in used]
    if rest and rest[-1] in REACTION_WORDS:
        return [who for what, who in found if what == REACTION_WORDS[rest[-1]]]
    kinds = [w for w, r in REACTION_WORDS.items() if any(x == r for x, _ in found)]
    return kinds if rest else [*kinds, NONE_WORD] if found else []
