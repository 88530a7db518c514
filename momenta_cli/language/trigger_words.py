"""The answers to a movement's triggers written on its line (R35): after ``move [NAME]
to SQUARE``, ``intercept REACTOR [OPTIONS]`` and ``forestall REACTOR [OPTIONS]`` (several
allowed; the options are an attack's: ``with WEAPON``, the mover's ``dodge``, ``roll``,
``def``, ``brace``, ``counter ...``), or ``no-reactions``. Nothing written: none.
"""

from __future__ import annotations

from momenta_cli.engine.attack import Attack
from momenta_cli.errors import CommandError
from momenta_cli.language.attack_verbs import movement_reaction
from momenta_cli.language.unparsing import answer_words
from momenta_cli.text import echo

REACTION_WORDS = {"intercept": "Intercept", "forestall": "Forestall"}
NONE_WORD = "no-reactions"
ANSWER_WORDS = frozenset({*REACTION_WORDS, NONE_WORD})  # where a line's answers begin


def read(words: list[str], after: str = "the square") -> tuple[tuple[Attack, ...], bool]:
    """The reactions ``words`` (after the square, or ``after`` a shove's own words) name,
    and whether they say anything (a reaction or ``no-reactions``). The same words
    answer a move line and a shove line (forced movement: Intercept only, R35)."""
    if not words:
        return (), False
    if [w.lower() for w in words] == [NONE_WORD]:
        return (), True
    if any(w.lower() == NONE_WORD for w in words):
        raise CommandError(f"'{NONE_WORD}' stands alone: it says no reaction is made")
    if words[0].lower() not in REACTION_WORDS:
        raise CommandError(f"unexpected {echo(words[0])} after {after} (intercept NAME, "
                           f"forestall NAME or {NONE_WORD})")
    groups: list[list[str]] = []
    for w in words:
        if w.lower() in REACTION_WORDS:
            groups.append([w.lower()])
        else:
            groups[-1].append(w)
    out = []
    for kw, *rest in groups:
        if not rest:
            raise CommandError(f"'{kw}' needs the name of the reacting combatant")
        out.append(movement_reaction(REACTION_WORDS[kw], rest))
    return tuple(out), True


def write(reactions: tuple[Attack, ...], said: bool) -> list[str]:
    """The words ``read`` reads back as ``reactions`` (and ``said``)."""
    return answer_words(reactions, said)
