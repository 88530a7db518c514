"""The command language's grammar as the completer reads it: from each verb's usage line
in the verb table (momenta_cli/language/), never from a second copy.

``cond NAME CONDITION [+N|-N|=N|-all] [from SOURCE]`` reads as: a combatant, then a
condition (positional slots), then ``from`` taking a combatant (a keyword with a value).
The attack verbs say ``OPTIONS``: their grammar is the attack grammar's table
(language/attack_grammar.py), which cli/completion/attack_words.py reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from momenta_cli.language import COUNTER_WORDS, Verb

# What each placeholder of a usage line stands for; any other (TEXT, REASON, SPELL,
# RESULT, ...) is free text, for which nothing is offered.
KINDS = {
    "NAME": "fighter", "ATTACKER": "fighter", "TARGET": "fighter", "GRABBER": "fighter",
    "OTHER": "fighter", "REACTOR": "fighter", "MOVER": "fighter", "SOURCE": "fighter",
    "CONDITION": "condition", "STAT_BLOCK": "stat block", "SIDE": "side",
    "RESOURCE": "resource", "WEAPON": "weapon", "LOCATION": "location",
    "COMMAND": "verb", "N": "number", "D": "number", "COST": "number",
    "CLASS": "threat class",
}
# A placeholder that names something else for one verb: ``event NAME`` names one of the
# encounter's scheduled events, not a combatant.
VERB_KINDS = {("event", "NAME"): "event"}


# --- the grammar, read from a usage line ------------------------------------------------


@dataclass(frozen=True)
class Shape:
    """What a verb's usage line allows after the verb: positional slots (kind, optional),
    keywords taking a value (keyword -> kind), words standing alone, and whether the
    attack grammar applies (options, reactions, ``counter``, ``for``)."""

    slots: tuple[tuple[str, bool], ...] = ()
    keys: dict[str, str] = field(default_factory=dict)
    flags: tuple[str, ...] = ()
    attack: bool = False
    cond_results: bool = False  # COND=RESULT words (end, next)
    count: str = ""  # the letter of a count word: ``[xN]`` -> ``x`` (``x3``)


def _items(usage: str) -> list[tuple[str, bool]]:
    """The usage's top-level pieces after the verb: (text, in brackets)."""
    out: list[tuple[str, bool]] = []
    depth, start = 0, 0
    text = usage.split(" ", 1)[1] if " " in usage else ""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            if depth == 0:
                start = i + 1
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                out.append((text[start:i], True))
        elif depth == 0 and not ch.isspace():
            j = i
            while j < len(text) and not text[j].isspace() and text[j] != "[":
                j += 1
            out.append((text[i:j], False))
            i = j
            continue
        i += 1
    return out


def _kind(placeholder: str, verb: str = "") -> str:
    bare = placeholder.strip("[].")
    return VERB_KINDS.get((verb, bare)) or KINDS.get(bare, "text")


@cache
def shape(v: Verb) -> Shape:
    """The grammar of ``v``, read from its usage line."""
    slots: list[tuple[str, bool]] = []
    keys: dict[str, str] = {}
    flags: list[str] = []
    attack = cond_results = False
    count = ""
    for text, optional in _items(v.usage):
        words = text.split()
        if not words:
            continue
        first = words[0]
        if first in ("OPTIONS", "DEFENSE") or first in COUNTER_WORDS:
            attack = True
        elif re.fullmatch(r"[A-Z_]+=[A-Z_]+", first):
            cond_results = True
        elif m := re.fullmatch(r"([a-z]+)N", first):  # xN: a count, x3
            count = m[1]
        elif first.isupper() or first == "NAME":
            if len(words) == 1:
                slots.append((_kind(first, v.name), optional))
        elif "|" in first and not optional:  # terrain NAME ground|climb|swim
            slots.append(("choice:" + first, False))
        elif "|" in first:
            flags += [w for w in first.split("|") if w[:1].isalpha()]
        elif first.islower() and first.isalpha():
            if len(words) > 1 and words[1].isupper():
                # `as NAME` gives a new name: nothing to look up
                keys[first] = "text" if first == "as" else _kind(words[1])
            else:
                flags.append(first)
    return Shape(tuple(slots), keys, tuple(flags), attack, cond_results, count)
