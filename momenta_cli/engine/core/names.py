"""Finding things from what the GM typed: the exact name in any case (and any letter width
or accent encoding), else an unambiguous
prefix (optionally of any word of the name), else a clear error. One matcher serves
fighters, weapons, defenses, hit locations, conditions, stat blocks and items.

Fighters also answer to a short name: a numbered copy (``Deckhand-3``, made by ``count:``
or ``add``) is its number after any prefix of its base name (``d3``, ``deck3``,
``deckhand-3``) or the bare number (``3``, when only one group has a 3). A name that
matches nothing gets the closest one or two as "did you mean ...?" (difflib)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from difflib import SequenceMatcher
from functools import lru_cache
from operator import attrgetter
from typing import TypeVar

from momenta_cli.engine.core.state import Fight, Fighter
from momenta_cli.errors import RuleError
from momenta_cli.text import clip, echo, name_key

T = TypeVar("T")

# The key of anything matched by its name (fighters, weapons, locations, defenses):
# attrgetter runs in C, and lookups call it once per candidate.
by_name = attrgetter("name")


# Cached: every lookup normalises the name of every candidate (each fighter, weapon and
# location, several times per attack), and names are few and never change. One cache per
# kind, keyed by the text alone (the quickest key for ``lru_cache``).
@lru_cache(maxsize=4096)
def _plain_key(text: str) -> str:
    return name_key(text)  # any case, letter width or accent encoding (momenta_cli/text/literal.py)


@lru_cache(maxsize=4096)
def _hyphen_key(text: str) -> str:
    # `bandit-thug` finds "Bandit Thug": hyphens stand for spaces at the table
    return " ".join(name_key(text).replace("-", " ").replace("_", " ").split())


def candidates(
    items: Iterable[T], text: str, *, key: Callable[[T], str] = str,
    words: bool = False, hyphens: bool = False,
) -> list[T]:
    """The items ``text`` may name: the first exact match (any case), else every item the
    text prefixes, else (``words``) every item one of whose words it prefixes.
    ``hyphens`` lets ``-`` and ``_`` stand for spaces."""
    norm = _hyphen_key if hyphens else _plain_key
    pool = items if isinstance(items, list) else list(items)
    low = norm(text)
    keys = []
    for x in pool:  # the usual case is an exact name: stop there
        k = norm(key(x))
        if k == low:
            return [x]
        keys.append(k)
    hits = [x for x, k in zip(pool, keys, strict=True) if k.startswith(low)]
    if not hits and words:  # "vessa" finds "Captain Vessa"
        hits = [x for x, k in zip(pool, keys, strict=True)
                if any(w.startswith(low) for w in k.split())]
    return hits


def match_name(
    items: Iterable[T], text: str, *, key: Callable[[T], str] = str, what: str = "combatant",
    words: bool = False, hyphens: bool = False, missing: str | None = None,
    head: str | None = None,
) -> T:
    """The one item ``text`` names (see ``candidates``), or a RuleError for the GM: ambiguous
    (listing the candidates), or unknown: "``head``: did you mean X?" when some name is
    close (``head`` defaults to "no ``what`` called ..."), else ``missing`` when given, else
    naming ``what`` and listing every item."""
    pool = list(items)
    if not text.strip():
        raise RuleError(f"a {what} name is needed")
    hits = candidates(pool, text, key=key, words=words, hyphens=hyphens)
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise RuleError(f"{text} is ambiguous: {', '.join(key(x) for x in hits)}")
    near = closest_names(text, [key(x) for x in pool])
    if near:
        raise RuleError(f"{head or f'no {what} called {echo(text)}'}: {did_you_mean(near)}")
    raise RuleError(missing or f"no {what} called {echo(text)} (there are: "
                    f"{', '.join(key(x) for x in pool) or 'none'})")


# --- did you mean ------------------------------------------------------------------------

CLOSE_ENOUGH = 0.6  # difflib's own default cutoff: "hlad" finds Halden, "zzz" nothing
# A name the GM asked for as new (`cond ... new`) is told of a known one only when it looks
# like a typo of it: `frightend` 0.95, `hind` 1.0 (a prefix); `soaked` is 0.67 to Slowed.
TYPO_ALIKE = 0.8
NEXT_BEST = 0.1  # a second suggestion only when it is about as close as the first
# difflib's cost grows with the typed length: a pasted page is no typo of anything
LONGEST_TYPO = 100


def _likeness(typed: str, name: str) -> float:
    """How close ``typed`` is to ``name``, whole or cut to the typed length (a typo in a
    prefix, ``hlad`` for Halden, counts as much as one in a whole name)."""
    whole = SequenceMatcher(None, typed, name).ratio()
    return max(whole, SequenceMatcher(None, typed, name[:len(typed)]).ratio())


def closest_names(text: str, names: Sequence[str], cutoff: float = CLOSE_ENOUGH) -> list[str]:
    """The one or two of ``names`` closest to ``text`` (none when nothing is at least
    ``cutoff`` alike)."""
    typed = _hyphen_key(text)
    if not typed or len(typed) > LONGEST_TYPO:
        return []
    scored: dict[str, float] = {}
    for name in names:
        # a typo of one word of a name (`vesa` for Captain Vessa) is as close as a typo
        # of the whole: at the table names are typed by a word (prefixes work that way)
        key = _hyphen_key(name)
        score = max(_likeness(typed, part) for part in (key, *key.split()[1:]))
        if score >= cutoff and score > scored.get(name, -1.0):
            scored[name] = score
    ranked = sorted(scored.items(), key=lambda kv: -kv[1])
    if not ranked:
        return []
    best = ranked[0][1]
    return [name for name, score in ranked[:2] if score >= best - NEXT_BEST]


def did_you_mean(names: Sequence[str]) -> str:
    """``did you mean Halden?`` / ``did you mean Halden or Harl?``"""
    return f"did you mean {' or '.join(names)}?"


# --- words the command language reads --------------------------------------------------

# The words the command language (momenta_cli/language/) reads as its own wherever a name
# may stand: attack's options (language/attack_verbs.py ``VALUED_OPTIONS``,
# ``FLAG_OPTIONS``, ``DEFENSE_WORDS``, ``COUNTER_WORDS``), add's (language/turn_verbs.py
# ``_add``), cond's and end's. A combatant made up at the table with one of them for a
# name could not be named again (``attack With``: missing target). The engine may not
# import the command language, so the list lives here and tests/test_reserved_names.py
# keeps it in step with those tables (``KEYWORDS`` there).
COMMAND_WORDS = frozenset({
    "with", "at", "as", "using", "dist", "roll", "def", "cost", "cover", "obscured",
    "thrown", "ranged", "brace", "together", "dodge", "deflect", "defend", "counter",
    "counterattack", "adjacent", "for", "from", "new", "copy", "side", "threat", "vit",
    "vitality", "guard", "pool", "forgo", "last", "-all", "area", "sight", "no-cover",
    "dice",  # the clause that pins a line's dice, on any verb (momenta_cli/text/words.py)
    # a move's answers to its triggers (language/trigger_words.py)
    "intercept", "forestall", "no-reactions",
})
# xN (add's count), +N/-N/=N (cond's stacks), +Nd/-Nd (attack's dice)
_COMMAND_FORMS = re.compile(r"^(?:x\d+|[+=-]\d*|[+-]\d+d)$", re.IGNORECASE)


def command_word(text: str) -> str | None:
    """Why ``text`` cannot name something made up at the table (a combatant, a copy),
    or None: it is a word the command language reads as its own (``with``, ``x2``,
    ``+1``, ``-all``) or holds ``=`` (``KEY=VALUE``, ``COND=RESULT``)."""
    low = name_key(text)
    if low in COMMAND_WORDS or _COMMAND_FORMS.match(low):
        return f"{clip(text)} is a word the commands read as their own"
    if "=" in low:  # the name as typed, cut: a pasted page must not bury the reason
        return f"{clip(text)} holds '=', which the commands read as KEY=VALUE"
    return None


# --- fighters ----------------------------------------------------------------------------

# ASCII digits: \d would take ٣ (int() reads it as 3); what is typed is also checked for
# its length (``numbered``), as int() refuses more than 4,300 digits with an exception.
_NUMBERED = re.compile(r"^(.*)-([0-9]+)$")  # a copy's name: base, hyphen, number
_SHORT = re.compile(r"^(.*?)[ ]?([0-9]+)$")  # what was typed: a base prefix, then a number


@lru_cache(maxsize=4096)
def _copy_parts(name: str) -> tuple[str, int] | None:
    """``("deckhand", 3)`` for Deckhand-3 (the base by ``_hyphen_key``), None for a name
    that is not a numbered copy."""
    m = _NUMBERED.match(name_key(name))
    if m is None or not m[1].strip():
        return None
    return _hyphen_key(m[1]), int(m[2])


def numbered(pool: Iterable[Fighter], text: str) -> list[Fighter]:
    """The numbered copies ``text`` names by a short name: the number after a prefix of
    the base name (of the whole base, of one of its words, or of the base without its
    spaces), or the bare number. ``d3``, ``deck3``, ``deckhand3`` and ``deckhand-3`` all
    find Deckhand-3; ``3`` finds every copy numbered 3."""
    if text.strip()[:1] in ("-", "+", "="):  # `-1` is stacks or a modifier, not Knife-1
        return []
    if any(c.isdigit() and not c.isascii() for c in text):  # a number is 0-9: not ² or ٣
        return []
    m = _SHORT.match(_hyphen_key(text))
    if m is None or len(m[2].lstrip("0")) > 6:  # no copy is numbered past 999,999
        return []
    prefix, n = m[1], int(m[2])
    squashed = prefix.replace(" ", "")
    hits = []
    for f in pool:
        parts = _copy_parts(f.name)
        if parts is None or parts[1] != n:
            continue
        base = parts[0]
        if (not prefix or base.startswith(prefix) or base.replace(" ", "").startswith(squashed)
                or any(w.startswith(prefix) for w in base.split())):
            hits.append(f)
    return hits


def find_fighter(fight: Fight, text: str) -> Fighter:
    """The fighter named (or uniquely prefixed, also by any word of the name) by ``text``;
    failing that, the numbered copy it names by a short name (``d3``, ``3``: see
    ``numbered``)."""
    pool = list(fight.fighters.values())
    hits = candidates(pool, text, key=by_name, words=True) if text.strip() else []
    if len(hits) == 1:  # the usual case
        return hits[0]
    if not hits:
        short = numbered(pool, text)
        if len(short) == 1:
            return short[0]
        if short:
            raise RuleError(f"{text} is ambiguous: {', '.join(f.name for f in short)}")
    return match_name(pool, text, key=by_name, words=True)  # the refusal, with its message


def exact_fighter(fight: Fight, text: str) -> Fighter | None:
    """The fighter whose name is ``text`` in any case, if any."""
    low = name_key(text)
    return next((f for f in fight.fighters.values() if _plain_key(f.name) == low), None)


def actor(fight: Fight, name: str | None) -> Fighter:
    """The named fighter, or the one whose turn is running."""
    if name:
        return find_fighter(fight, name)
    if fight.active is None:
        raise RuleError("no turn is running: name the combatant")
    return fight.get(fight.active)
