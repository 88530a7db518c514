"""An attack command written back as a line of the command language: the inverse of the
attack verbs' parser (language/attack_verbs.py), so ``parse_line(unparse(x)) == x``.

The prompt's questions (momenta_cli/questions/) turn the answers into fields of the
``Attack``; the line the journal keeps is this one, the complete command that replays
the exchange (a GM can copy it into a script). Canonical: every value quoted as a name
is (``quote_word``), the options in one fixed order, the Counterattack's words after
``counter`` and each further Area target after ``for``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from momenta_cli.engine.attack import Attack
from momenta_cli.language.attack_grammar import (
    COUNTER_OPTION,
    FOR_OPTION,
    OPTIONS,
    VERB_OF,
    Kind,
    LineOption,
    Where,
    fields_at,
    typed_text,
)
from momenta_cli.text import quote_word

if TYPE_CHECKING:
    from momenta_cli.engine.core import EndTurn, NextTurn, StartTurn
    from momenta_cli.engine.movement import MoveTo

_TWO_NAMES = ("Intercept", "Forestall")  # REACTOR MOVER: both names are written
# a further Area target's own fields: its reactions and its roll (language/attack_grammar.py)
_FOR_FIELDS = fields_at(Where.FOR)


def _written(x: Attack, keep: Callable[[LineOption], bool]) -> list[str]:
    """The words of ``x``'s options that ``keep`` keeps, in the table's order; the
    options of one field are tried in turn (``adjacent``, else ``dist N``)."""
    fields = vars(x)
    out: list[str] = []
    done: set[str] = set()
    for o in OPTIONS:
        if o.kind is Kind.PART or o.field in done or not keep(o):
            continue
        words = o.write(fields)
        if words is not None:
            out += words
            done.add(o.field)
    lost = sorted({o.field for o in OPTIONS if o.kind is not Kind.PART and keep(o)
                   and fields[o.field] not in (None, False, 0)} - done)
    if lost:  # a value no option says (a defense no word declares): no line holds it
        raise ValueError(f"no option writes {lost[0]}={fields[lost[0]]!r}")
    return out


def _options(x: Attack, reactions: bool = True) -> list[str]:
    """The option words of one part of an attack, in the canonical order (``reactions``
    False: without the target's reactions, which an area attack writes after ``for``)."""
    if reactions:
        _check_reactions(x)
    return _written(x, lambda o: reactions or not o.target)


def _reaction_words(x: Attack) -> list[str]:
    _check_reactions(x)
    return _written(x, lambda o: o.target)


def _check_reactions(x: Attack) -> None:
    if x.defense is None and x.defense_with is not None:
        raise ValueError("a defense weapon without a defense cannot be written")


def _counter(c: Attack) -> list[str]:
    if c.attacker is not None or c.target != "" or c.maneuver != "Counterattack" or c.also:
        raise ValueError("a Counterattack is written as the target's: no names of its own")
    words = [COUNTER_OPTION.word, *_options(c)]
    if c.counter is not None:
        words += _counter(c.counter)
    return words


def _also(x: Attack) -> list[str]:
    plain = Attack(None, x.target, counter=x.counter,
                   **{f: getattr(x, f) for f in _FOR_FIELDS})
    if x != plain:
        raise ValueError("a further Area target takes only its reactions and its roll")
    words = [FOR_OPTION.word, quote_word(x.target), *_options(x)]
    if x.counter is not None:
        words += _counter(x.counter)
    return words


def unparse(cmd: Attack) -> str:
    """``cmd`` as one line of the command language that parses back to ``cmd``. Raises
    ``ValueError`` for an attack no line can declare (a Counterattack on its own)."""
    verb = VERB_OF.get(cmd.maneuver)
    if verb is None:
        raise ValueError(f"no verb declares a {cmd.maneuver} on its own")
    words = [verb]
    if cmd.attacker is not None:
        words.append(quote_word(cmd.attacker))
    elif cmd.maneuver in _TWO_NAMES:
        raise ValueError(f"{verb} names the reacting combatant")
    if cmd.area is not None:  # the area picks the targets: the first is written after for
        words += _options(cmd, reactions=False)
        if cmd.target:
            words += [FOR_OPTION.word, quote_word(cmd.target), *_reaction_words(cmd)]
        elif _reaction_words(cmd) or cmd.counter is not None:
            raise ValueError("an area attack's reactions belong to a target")
    else:
        words.append(quote_word(cmd.target))
        words += _options(cmd)
    if cmd.counter is not None:
        words += _counter(cmd.counter)
    for x in cmd.also:
        words += _also(x)
    if cmd.push_reactions or cmd.push_said:  # last: every word after belongs to them
        if cmd.maneuver != "Shove":
            raise ValueError("only a Shove's line answers its push")
        words += answer_words(cmd.push_reactions, cmd.push_said)
    return " ".join(words)


def answer_words(reactions: tuple[Attack, ...], said: bool) -> list[str]:
    """The answers to a movement's triggers at the end of a move or shove line
    (language/trigger_words.py): ``intercept REACTOR [OPTIONS]`` each, or
    ``no-reactions`` for none said."""
    if not reactions:
        return ["no-reactions"] if said else []
    out: list[str] = []
    for x in reactions:
        out += [x.maneuver.lower(), quote_word(x.attacker or ""), *reaction_words(x)]
    return out


def reaction_words(cmd: Attack) -> list[str]:
    """A reactive attack's words after its reactor's name on a movement line
    (language/trigger_words.py: ``intercept brannoc with longsword dodge``): its options
    and its target's Counterattack."""
    words = _options(cmd)
    if cmd.counter is not None:
        words += _counter(cmd.counter)
    return words


def move_line(cmd: MoveTo) -> str:
    """A movement on the map as the line that parses back to it
    (language/maneuver_verbs.py): ``move NAME to C5 via B3 D4 intercept brannoc``, the
    squares in capitals, the answers to its triggers last (language/trigger_words.py)."""
    from momenta_cli.language.trigger_words import write  # it reads reaction_words here

    words = [cmd.how.lower()]
    if cmd.name is not None:
        words.append(quote_word(cmd.name))
    words += ["to", cmd.square.upper()]
    if cmd.via:
        words += ["via", *(s.upper() for s in cmd.via)]
    return " ".join([*words, *write(cmd.reactions, cmd.said)])


def path_line(cmd: MoveTo) -> str:
    """``path NAME C5 via B3 shift``: the preview of ``cmd`` as the line that reads back
    to it (language/maneuver_verbs.py)."""
    words = ["path"]
    if cmd.name is not None:
        words.append(quote_word(cmd.name))
    words.append(cmd.square.upper())
    if cmd.via:
        words += ["via", *(s.upper() for s in cmd.via)]
    if cmd.how == "Shift":
        words.append("shift")
    return " ".join(words)


def comment_of(line: str) -> str:
    """The comment at the end of ``line`` (``# from the fall``), or ``""``: the part from
    the first ``#`` outside quotes on (text/words.py ``comment_at``, one pass over the line)."""
    from momenta_cli.text import comment_at

    at = comment_at(line)
    return "" if at is None else line[at:].strip()


def turn_line(cmd: StartTurn | EndTurn | NextTurn) -> str:
    """A turn command written back as its line (language/turn_verbs.py): ``turn NAME``,
    ``end [forgo] [COND=ROLL ...]``, ``next [NAME] [forgo] [COND=ROLL ...]``, each clear
    roll typed (R15) as ``hindered=5,6`` so the line replays it."""
    from momenta_cli.engine.core import EndTurn, StartTurn

    if isinstance(cmd, StartTurn):
        return " ".join(["turn", *([quote_word(cmd.name)] if cmd.name else [])])
    words = ["end"] if isinstance(cmd, EndTurn) else \
        ["next", *([quote_word(cmd.name)] if cmd.name else [])]
    if cmd.forgo:
        words.append("forgo")
    words += [quote_word(f"{cond}={typed_text(roll)}") for cond, roll in cmd.typed.items()]
    return " ".join(words)
