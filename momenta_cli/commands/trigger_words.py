"""The answers to a movement's triggers written on its line (R35): after ``move [NAME]
to SQUARE``, ``intercept REACTOR [OPTIONS]`` and ``forestall REACTOR [OPTIONS]`` (several
allowed; the options are an attack's: ``with WEAPON``, the mover's ``dodge``, ``roll``,
``def``, ``brace``, ``counter ...``), or ``no-reactions``. Nothing written: none.
"""

from __future__ import annotations

from momenta_cli.commands.attack_verbs import movement_reaction
from momenta_cli.commands.language import quote_word
from momenta_cli.commands.unparse import reaction_words
from momenta_cli.engine.attack_plan import Attack
from momenta_cli.errors import CommandError

REACTION_WORDS = {"intercept": "Intercept", "forestall": "Forestall"}
NONE_WORD = "no-reactions"


def read(words: list[str]) -> tuple[tuple[Attack, ...], bool]:
    """The reactions ``words`` (after the square) name, and whether they say anything
    (a reaction or ``no-reactions``)."""
    if not words:
        return (), False
    if [w.lower() for w in words] == [NONE_WORD]:
        return (), True
    if any(w.lower() == NONE_WORD for w in words):
        raise CommandError(f"'{NONE_WORD}' stands alone: it says no reaction is made")
    if words[0].lower() not in REACTION_WORDS:
        raise CommandError(f"unexpected {words[0]!r} after the square (intercept NAME, "
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
    if not reactions:
        return [NONE_WORD] if said else []
    out: list[str] = []
    for x in reactions:
        out += [x.maneuver.lower(), quote_word(x.attacker or ""), *reaction_words(x)]
    return out
