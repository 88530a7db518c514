"""Completion of a map movement after its square: ``via`` (the waypoints,
language/maneuver_verbs.py), then the answers to its triggers (R35,
language/trigger_words.py): after ``move [NAME] to SQUARE [via ...]``, the reaction words
the path calls for, and after ``intercept`` or ``forestall``, the reactors it gives that
reaction. Read from the engine (engine/movement/triggers.py) against the live state; nothing
changes."""

from __future__ import annotations

from momenta_cli.engine.core import Fight
from momenta_cli.engine.geometry import parse_square
from momenta_cli.errors import MomentaError
from momenta_cli.language import NONE_WORD, REACTION_WORDS


def _found(fight: Fight, name: str | None, square: str, how: str, via: tuple[str, ...]
           ) -> list[tuple[str, str]]:
    from momenta_cli.engine.core import actor
    from momenta_cli.engine.movement import plan_walk, route_met

    try:
        f = actor(fight, name)
        route = plan_walk(fight, f, square, how, via)
        # the dragged ones' Intercepts too: the move line answers them (ch19 Grab, R35)
        return [(t.reaction, t.reactor) for _, t in route_met(fight, route)]
    except MomentaError:
        return []


def move_words(fight: Fight, words: list[str], how: str = "Move") -> list[str] | None:
    """What may follow ``move`` (``shift``: ``how``) + ``words`` once the square is
    typed; None before it (the plain grammar's)."""
    from momenta_cli.errors import CommandError
    from momenta_cli.language import read_via

    for i in range(len(words) - 1):
        if words[i].lower() == "to" and parse_square(words[i + 1]) is not None:
            break
    else:
        return None
    after = words[i + 2:]
    if after and after[0].lower() == "via":
        try:
            via, after = read_via(after)
        except CommandError:  # `via` and no square yet: a square, nothing to offer
            return []
    else:
        via = ()
    rest = [w.lower() for w in after]
    if NONE_WORD in rest:
        return []
    used = {(REACTION_WORDS[w], rest[j + 1]) for j, w in enumerate(rest[:-1])
            if w in REACTION_WORDS}
    found = [(what, who) for what, who in _found(fight, " ".join(words[:i]) or None,
                                                 words[i + 1], how, via)
             if (what, who.lower()) not in used]
    if rest and rest[-1] in REACTION_WORDS:
        return [who for what, who in found if what == REACTION_WORDS[rest[-1]]]
    kinds = [w for w, r in REACTION_WORDS.items() if any(x == r for x, _ in found)]
    if rest:
        return kinds
    steer = [] if via or words[i + 2:] else ["via"]
    return steer + ([*kinds, NONE_WORD] if found else [])
