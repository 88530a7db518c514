"""Finding things from what the GM typed: the exact name in any case (and any letter width
or accent encoding), else an unambiguous
prefix (optionally of any word of the name), else a clear error. One matcher serves
fighters, weapons, defenses, hit locations, conditions, stat blocks and items."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from operator import attrgetter
from typing import TypeVar

from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.errors import RuleError
from momenta_cli.text import name_key

T = TypeVar("T")

# The key of anything matched by its name (fighters, weapons, locations, defenses):
# attrgetter runs in C, and lookups call it once per candidate.
by_name = attrgetter("name")


# Cached: every lookup normalises the name of every candidate (each fighter, weapon and
# location, several times per attack), and names are few and never change. One cache per
# kind, keyed by the text alone (the quickest key for ``lru_cache``).
@lru_cache(maxsize=4096)
def _plain_key(text: str) -> str:
    return name_key(text)  # any case, letter width or accent encoding (momenta_cli/text.py)


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


def match(
    items: Iterable[T], text: str, *, key: Callable[[T], str] = str, what: str = "combatant",
    words: bool = False, hyphens: bool = False, missing: str | None = None,
) -> T:
    """The one item ``text`` names (see ``candidates``), or a RuleError for the GM: ambiguous
    (listing the candidates), or unknown (``missing`` when given, else naming ``what`` and
    listing every item)."""
    pool = list(items)
    if not text.strip():
        raise RuleError(f"a {what} name is needed")
    hits = candidates(pool, text, key=key, words=words, hyphens=hyphens)
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise RuleError(f"{text} is ambiguous: {', '.join(key(x) for x in hits)}")
    raise RuleError(missing or f"no {what} called {text!r} (there are: "
                    f"{', '.join(key(x) for x in pool) or 'none'})")


def find(fight: Fight, text: str) -> Fighter:
    """The fighter named (or uniquely prefixed, also by any word of the name) by ``text``."""
    return match(fight.fighters.values(), text, key=by_name, words=True)


def exact(fight: Fight, text: str) -> Fighter | None:
    """The fighter whose name is ``text`` in any case, if any."""
    low = name_key(text)
    return next((f for f in fight.fighters.values() if _plain_key(f.name) == low), None)


def actor(fight: Fight, name: str | None) -> Fighter:
    """The named fighter, or the one whose turn is running."""
    if name:
        return find(fight, name)
    if fight.active is None:
        raise RuleError("no turn is running: name the combatant")
    return fight.get(fight.active)
