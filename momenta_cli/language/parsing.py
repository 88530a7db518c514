"""Verb registry and line parsing.

Each verb module registers a ``Verb`` (name, aliases, usage, help, example, parser); the
parser turns the remaining words into an engine command or a ``Meta`` (undo, redo, ...)
that the session layer handles itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from momenta_cli.engine.core import Command, Typed, closest_names, did_you_mean
from momenta_cli.errors import CommandError

# A parser may return a session word (meta.py: importing it loads no verb).
from momenta_cli.language.meta import Meta

# Splitting a line into words lives in momenta_cli/text/words.py, shared with the journal's
# entries (engine/core/session.py ``Entry.script_line``).
from momenta_cli.text import echo, is_digits, split, whole

Parser = Callable[[list[str]], Command | Meta]


@dataclass(frozen=True)
class Verb:
    name: str
    aliases: tuple[str, ...]
    usage: str
    help: str
    example: str
    parse: Parser
    group: str = "fight"


VERBS: dict[str, Verb] = {}
_WORDS: dict[str, str] = {}  # a verb's name or alias -> its name (``lookup``'s index)


def verb(name: str, *, aliases: tuple[str, ...] = (), usage: str, help: str, example: str,
         group: str = "fight") -> Callable[[Parser], Parser]:
    """Register the decorated function as the parser of ``name``."""

    def deco(fn: Parser) -> Parser:
        VERBS[name] = Verb(name, aliases, usage, help, example, fn, group)
        # Kept in the order of VERB_MODULES, whichever verb module was imported first
        # (one imported before this module registers its verbs last): help and the
        # generated reference list the verbs the same way every time.
        rank = {m: i for i, m in enumerate(VERB_MODULES)}
        ordered = sorted(enumerate(VERBS.values()),
                         key=lambda iv: (rank.get(iv[1].parse.__module__, len(rank)), iv[0]))
        VERBS.clear()
        VERBS.update((v.name, v) for _, v in ordered)
        _WORDS.clear()  # each name and alias -> the first verb in order that has it
        for v in VERBS.values():
            for word in (v.name, *v.aliases):
                _WORDS.setdefault(word, v.name)
        return fn

    return deco


def lookup(word: str) -> Verb:
    """A verb by name, alias, or unambiguous prefix of a name."""
    low = word.lower()
    known = _WORDS.get(low)  # a whole name or alias: found without a walk of the table
    if known is not None and known in VERBS:
        return VERBS[known]
    for v in VERBS.values():
        if low == v.name or low in v.aliases:
            return v
    hits = [v for v in VERBS.values() if v.name.startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise CommandError(f"{word} is ambiguous: {', '.join(sorted(v.name for v in hits))}")
    near = _near_verbs(low)
    if near:
        raise CommandError(f"unknown command {echo(word)}: {did_you_mean(near)} (try: help)")
    raise CommandError(f"unknown command {echo(word)} (try: help)")


def _near_verbs(word: str) -> list[str]:
    """The one or two verbs closest to a mistyped one (``atack``: attack), by name or
    alias, each named by its verb."""
    spelled = {alias: v.name for v in VERBS.values() for alias in (v.name, *v.aliases)}
    out: list[str] = []
    for name in closest_names(word, list(spelled)):
        if spelled[name] not in out:
            out.append(spelled[name])
    return out


def parse_line(line: str) -> Command | Meta | None:
    """The command a line asks for; None for a blank or comment line."""
    text = line.replace("\ufeff", "").strip()  # a BOM from a Windows editor
    if not text or text.startswith("#"):
        return None
    words = split(text)
    if not words:
        return None
    v = lookup(words[0])
    try:
        return v.parse(words[1:])
    except CommandError as err:
        # a verb with two forms may say which one the line is (maneuver_verbs.MapUsage)
        raise CommandError(f"{err} (usage: {getattr(err, 'usage', v.usage)})") from None


# --- small helpers for verb parsers ----------------------------------------------------


def need(words: list[str], *parts: str) -> None:
    """Refuse fewer words than ``parts``, naming only the parts that are missing: ``dmg
    hald`` misses the amount, not the combatant."""
    missing = list(parts[len(words):])
    if missing:
        what = missing[0] if len(missing) == 1 else \
            ", ".join(missing[:-1]) + " and " + missing[-1]
        raise CommandError(f"missing {what}")


MAX_NUMBER = 99_999  # nothing at a Momenta table comes near; keeps the screen sane


def is_number(word: str) -> bool:
    """Whether ``word`` reads as a whole number in ASCII digits (an optional sign)."""
    text = word.strip()
    digits = text[1:] if text[:1] in "+-" else text
    return is_digits(digits)


def number(word: str, what: str = "number") -> int:
    """A whole number in plain ASCII digits (an optional sign), at most 99,999 either
    way; refused in one line otherwise (text/limits.py ``whole``)."""
    return whole(word, what, MAX_NUMBER, -MAX_NUMBER)


def typed_result(text: str) -> Typed:
    """``2s`` = two successes; ``5,6,1`` = faces."""
    t = text.strip().lower()
    count = t[:-1]
    if t.endswith("s") and is_digits(count):  # no sign: 2s, not -2s
        return Typed(successes=number(count, "successes"))
    parts = [x for x in t.split(",") if x]
    if not all(is_digits(x) and len(x) == 1 for x in parts):
        raise CommandError(f"a result is faces like 5,2,6 or successes like 2s, "
                           f"got {echo(text)}")
    faces = tuple(int(x) for x in parts)
    if not faces:
        raise CommandError("a result needs faces or successes")
    return Typed(faces=faces)


# The verb modules, in the order their verbs are listed (help, docs/commands.md)
VERB_MODULES = ("momenta_cli.language.attack_verbs", "momenta_cli.language.maneuver_verbs",
                "momenta_cli.language.map_verbs", "momenta_cli.language.turn_verbs",
                "momenta_cli.language.forecast_verb")


def _load_verbs() -> None:
    # Importing a verb module registers its verbs.
    import momenta_cli.language.attack_verbs  # noqa: F401
    import momenta_cli.language.maneuver_verbs  # noqa: F401
    import momenta_cli.language.map_verbs  # noqa: F401
    from momenta_cli.language import (
        forecast_verb,  # noqa: F401
        turn_verbs,  # noqa: F401
    )


_load_verbs()
