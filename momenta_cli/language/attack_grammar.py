"""The attack line's options as one table (``OPTIONS``): each option's keyword and
aliases, the ``Attack`` field it sets, how its value is read and written, and where on
the line it may stand. Everything else is read off it:

- the parser (language/attack_verbs.py) matches words to rows and sets their fields;
- ``unparse`` (language/unparsing.py) writes the fields back, in the table's order;
- tab completion (cli/completion/attack_words.py) offers the rows that may stand where
  the cursor is, reading the line typed so far with ``read_partial``;
- ``momenta odds`` (cli/odds_cmd.py) has a flag for each row of the odds column.

Where an option may stand (``Where``): the attack's own words, the words after
``counter`` (the target's Counterattack, R27), the words after ``for NAME`` (a further
target of an Area attack, R22: its reactions and its roll only), and ``odds`` (one attack
on one target over every roll: no typed rolls, no Counterattack, no further targets).

Pure data and plain functions of words: importing it costs nothing (``momenta --help``
builds ``odds``'s flags from it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Flag, StrEnum, auto
from typing import TYPE_CHECKING, Any

from momenta_cli.errors import CommandError
from momenta_cli.text import quote_word, whole

if TYPE_CHECKING:
    from momenta_cli.engine.core import Typed

NUMBER_MOST = 99_999  # nothing at a Momenta table comes near (language/parsing.py number)


class Kind(StrEnum):
    """How an option's words are read and written."""

    NAME = "name"  # KEY WORDS...: every word up to the next option (with great maul)
    WORD = "word"  # KEY WORD: one word
    NUMBER = "number"  # KEY N: a whole number, ``least`` or more
    ROLL = "roll"  # KEY 5,6,1 or KEY 2s: the dice as rolled at the table
    FLAG = "flag"  # the word alone: its field becomes ``value``
    DEFENSE = "defense"  # the word, or WORD=NAME: a reactive defense and what it uses
    DICE = "dice"  # +Nd or -Nd: the GM's dice, added up
    AREA = "area"  # area SHAPE [N] SQUARE: an Area attack aimed at the map
    PART = "part"  # starts another part of the line (counter, for)


VALUED = frozenset({Kind.NAME, Kind.WORD, Kind.NUMBER, Kind.ROLL})  # KEY VALUE, KEY=VALUE


class Where(Flag):
    """Where on an attack line an option may stand."""

    ATTACK = auto()  # the attack's own words
    COUNTER = auto()  # after ``counter``: the target's Counterattack (same options)
    FOR = auto()  # after ``for NAME``: a further Area target's reactions and roll
    ODDS = auto()  # ``odds``: one attack, one target, every roll


EVERY = Where.ATTACK | Where.COUNTER  # what an attack and its Counterattack both take
TARGET = EVERY | Where.FOR  # a target's reactions: on every part of the line


@dataclass(frozen=True)
class LineOption:
    """One option of the attack line."""

    word: str  # the keyword, as ``unparse`` writes it
    field: str  # the ``Attack`` field it sets
    kind: Kind
    where: Where
    aliases: tuple[str, ...] = ()  # read as ``word``
    value: Any = True  # FLAG: what the field becomes (``adjacent``: a distance of 1)
    least: int = 0  # NUMBER: the smallest value
    most: int = NUMBER_MOST  # NUMBER: the largest; DICE: the most dice either way
    metavar: str = ""  # what its value is, as usage and ``odds --help`` write it
    choices: tuple[str, ...] = ()  # the values completion offers (``using``)
    target: bool = False  # the target declares it (its reactions, R27)
    engine: bool = False  # completion offers it where the engine allows it (reactions)
    map_only: bool = False  # only meaningful on a map (the GM overruling the map)
    maneuvers: tuple[str, ...] = ()  # the maneuvers it is for (empty: any); the engine
    # refuses it on the others
    twice: str = ""  # how "... is given twice" names it (default: the word as typed)
    cli: tuple[str, ...] = ()  # ``momenta odds``'s flags for it (default: --WORD)
    help: str = ""  # ``momenta odds --help`` (a sentence without its full stop)
    needs: str = ""  # NAME, WORD: what an empty value lacks (``odds --weapon ""``)
    with_field: str = ""  # DEFENSE: the field WORD=NAME sets

    @property
    def words(self) -> tuple[str, ...]:
        """The words the option is written with (none for ``+Nd``: a pattern)."""
        return () if self.kind is Kind.DICE else (self.word, *self.aliases)

    @property
    def offers(self) -> tuple[str, ...]:
        """The words tab completion offers for it."""
        return ("+1d", "-1d") if self.kind is Kind.DICE else (self.word,)

    @property
    def fields(self) -> tuple[str, ...]:
        """Every ``Attack`` field it sets."""
        return (self.field, self.with_field) if self.with_field else (self.field,)

    @property
    def flags(self) -> tuple[str, ...]:
        """``momenta odds``'s flags for it (the odds column: none when odds refuses it)."""
        if Where.ODDS not in self.where:
            return ()
        return self.cli or (f"--{self.word}",)

    @property
    def usage(self) -> str:
        """How the attack line writes it: ``dist N``, ``deflect[=WEAPON]``, ``+Nd``."""
        if self.kind is Kind.DICE:
            return "+Nd"
        if self.kind in VALUED:
            return f"{self.word} {self.metavar}"
        if self.kind is Kind.DEFENSE and self.metavar:
            return f"{self.word}[={self.metavar}]"
        return self.word

    def read(self, text: str) -> Any:
        """The value of a KEY VALUE option from its text; ``CommandError`` if it is no
        value of its kind."""
        if self.kind is Kind.ROLL:
            from momenta_cli.language.parsing import typed_result  # it needs the engine

            return typed_result(text)
        if self.kind is Kind.NUMBER:
            n = whole(text, self.field, NUMBER_MOST, -NUMBER_MOST)
            if n < self.least:
                raise CommandError(f"{self.field} must be {self.least} or more")
            return n
        if not text:
            raise CommandError(f"{self.field.replace('_', ' ')} is empty")
        return text

    def sets(self, value: Any) -> dict[str, Any]:
        """The fields the option sets, given its value (a FLAG's is ``True``: said)."""
        if self.kind is Kind.FLAG:
            return {self.field: self.value}
        if self.kind is Kind.DEFENSE:  # its value: what follows its = (if anything)
            return {self.field: self.word,
                    self.with_field: value if isinstance(value, str) and value else None}
        return {self.field: value}

    def write(self, fields: dict[str, Any]) -> list[str] | None:
        """The words that say ``fields``' value of its field, or None when this option
        does not say that value (another of the same field may)."""
        value = fields.get(self.field)
        if self.kind is Kind.FLAG:
            return [self.word] if value == self.value else None
        if self.kind is Kind.DICE:
            return [f"{value:+d}d"] if value else None
        if value is None:
            return None
        if self.kind is Kind.DEFENSE:
            if value != self.word:
                return None
            named = fields.get(self.with_field)
            return [self.word if named is None else f"{self.word}={quote_word(named)}"]
        if self.kind is Kind.AREA:
            size = [str(value.size)] if value.size is not None else []
            return [self.word, value.shape, *size, quote_word(value.square)]
        if self.kind is Kind.ROLL:
            return [self.word, typed_text(value)]
        if self.kind is Kind.NUMBER:
            return [self.word, str(value)]
        if self.kind is Kind.PART:
            return None  # the parts are written by unparse, each after its word
        return [self.word, quote_word(value)]


def typed_text(t: Typed) -> str:
    """``5,6,2`` or ``2s``, as ``roll`` and ``def`` read them."""
    if t.successes is not None:
        return f"{t.successes}s"
    return ",".join(str(x) for x in t.faces or ())


_ODDS = " (with FILE; the attack's '{usage}')"  # how odds's help ends: see cli/odds_cmd.py

# The table, in the order ``unparse`` writes the options (its canonical line).
OPTIONS: tuple[LineOption, ...] = (
    LineOption("area", "area", Kind.AREA, EVERY, map_only=True, maneuvers=("Basic Attack",),
           metavar="SHAPE [N] SQUARE"),
    LineOption("with", "weapon", Kind.NAME, EVERY | Where.ODDS, metavar="WEAPON",
           cli=("--weapon",), needs="a weapon name",
           help="The attacker's weapon (default: its first)"),
    LineOption("at", "location", Kind.NAME, EVERY | Where.ODDS, metavar="LOCATION",
           needs="a hit location (Mass, Edge, Mark, ...)",
           help="Hit location: Mass, Edge, Mark, ..."),
    LineOption("as", "damage_type", Kind.NAME, EVERY | Where.ODDS, metavar="TYPE",
           cli=("--type", "--as"), needs="a damage type",
           help="Damage type of a weapon with a choice"),
    LineOption("using", "attribute", Kind.WORD, EVERY | Where.ODDS, metavar="ATTR",
           choices=("POW", "AGI"), cli=("--attr", "--using"), needs="POW or AGI",
           help="POW or AGI, for a weapon that may use either"),
    LineOption("adjacent", "distance", Kind.FLAG, EVERY | Where.ODDS, value=1,
           twice="distance", help="The target is adjacent: a distance of 1 square"),
    LineOption("dist", "distance", Kind.NUMBER, EVERY | Where.ODDS, least=1, metavar="N",
           help="Distance in squares, 1 = adjacent: reach, range and its penalty"),
    LineOption("thrown", "ranged", Kind.FLAG, EVERY | Where.ODDS, aliases=("ranged",),
           cli=("--thrown", "--ranged"), help="Thrown or shot"),
    LineOption("cover", "cover", Kind.FLAG, EVERY | Where.ODDS,
           help="The target is in cover"),
    LineOption("obscured", "obscured", Kind.FLAG, EVERY | Where.ODDS,
           help="The target is obscured"),
    LineOption("no-cover", "no_cover", Kind.FLAG, EVERY | Where.ODDS, map_only=True,
           help="On a map: the GM rules the target has no cover"),
    LineOption("sight", "sight", Kind.FLAG, EVERY | Where.ODDS, map_only=True,
           help="On a map: the GM rules there is line of sight"),
    LineOption("+Nd", "dice", Kind.DICE, EVERY | Where.ODDS, most=20, metavar="N",
           cli=("--plus",), help="The GM's +Nd or -Nd: --plus 1, --plus -2"),
    LineOption("cost", "cost", Kind.NUMBER, EVERY | Where.ODDS, metavar="N",
           help="A spell's cost, as stated"),
    LineOption("roll", "typed", Kind.ROLL, TARGET, metavar="RESULT"),  # a spell: per target
    LineOption("dodge", "defense", Kind.DEFENSE, TARGET | Where.ODDS, target=True,
           engine=True, twice="a reactive defense", with_field="defense_with",
           help="The target Dodges"),
    LineOption("deflect", "defense", Kind.DEFENSE, TARGET | Where.ODDS, target=True,
           engine=True, twice="a reactive defense", with_field="defense_with",
           metavar="WEAPON",
           help="The target Deflects, with its best weapon or --deflect=WEAPON"),
    LineOption("defend", "defense", Kind.DEFENSE, TARGET | Where.ODDS, target=True,
           engine=True, twice="a reactive defense", with_field="defense_with",
           metavar="NAME",
           help="An enemy target's scripted defense, its best or --defend=NAME"),
    LineOption("def", "defense_typed", Kind.ROLL, TARGET, target=True, metavar="RESULT"),
    LineOption("brace", "brace", Kind.FLAG, TARGET | Where.ODDS, target=True, engine=True,
           help="The target Braces: resistance, then Broken"),
    LineOption("together", "together", Kind.FLAG, EVERY, maneuvers=("Shove",)),
    LineOption("counter", "counter", Kind.PART, TARGET, aliases=("counterattack",),
           target=True, engine=True),
    LineOption("for", "also", Kind.PART, TARGET, metavar="NAME"),
)

WORDS: dict[str, LineOption] = {w: o for o in OPTIONS for w in o.words}  # keyword -> option
DICE_OPTION = next(o for o in OPTIONS if o.kind is Kind.DICE)
AREA_OPTION = WORDS["area"]
COUNTER_OPTION = WORDS["counter"]
FOR_OPTION = WORDS["for"]
COUNTER_WORDS = COUNTER_OPTION.words
FOR_WORD = FOR_OPTION.word
# Every word above: nothing made up at the table may be called one (engine/core/names.py
# COMMAND_WORDS, kept in step by tests/test_reserved_names.py).
KEYWORDS = frozenset(WORDS)
_DICE = re.compile(r"^([+-]\d+)d$", re.IGNORECASE)  # \d takes ² and ٣: whole() refuses

# the verb that declares each maneuver on its own (language/attack_verbs.py)
VERB_OF = {"Basic Attack": "attack", "Feint": "feint", "Grab": "grab", "Shove": "shove",
           "Intercept": "intercept", "Forestall": "forestall"}


def options_at(place: Where) -> tuple[LineOption, ...]:
    """The options that may stand at ``place``, in the table's order."""
    return tuple(o for o in OPTIONS if place in o.where)


ODDS_OPTIONS = options_at(Where.ODDS)


def fields_at(place: Where) -> frozenset[str]:
    """The ``Attack`` fields the options at ``place`` set (the parts' not included)."""
    return frozenset(f for o in options_at(place) if o.kind is not Kind.PART
                     for f in o.fields)


def maneuver_of(verb: str) -> str:
    """The maneuver an attack verb declares (``odds``: a Basic Attack)."""
    return next((m for m, v in VERB_OF.items() if v == verb), "Basic Attack")


def option_of(word: str) -> tuple[LineOption, str | None] | None:
    """The option ``word`` is and the value written in it (``deflect=Buckler``: the
    Buckler; ``+2d``: ``+2``), or None for a word that is no option. KEY=VALUE is read
    for the options that take a value and the defenses; a flag is its whole word."""
    low = word.lower()
    key, eq, value = word.partition("=")
    o = WORDS.get(key.lower())
    if o is not None and (o.kind in VALUED or o.kind is Kind.DEFENSE):
        return o, value if eq else None
    o = WORDS.get(low)
    if o is not None:
        return o, None
    m = _DICE.match(low)
    return (DICE_OPTION, m[1]) if m else None


def is_option(word: str) -> bool:
    """Whether ``word`` is one of the attack line's options (a name never is). ``for`` is
    none: the line is cut at it before names and options are read."""
    found = option_of(word)
    return found is not None and found[0] is not FOR_OPTION


# --- a line typed so far ------------------------------------------------------------------


@dataclass
class Partial:
    """What the words of an attack line typed so far say (tab completion reads it; the
    parser reads whole lines). A name of several words is one word here (completion
    offers names quoted)."""

    names: list[str] = field(default_factory=list)  # the names before the options
    options: bool = False  # an option word was seen: no more names
    place: Where = Where.ATTACK  # the part being typed: ATTACK, COUNTER or FOR
    more: str | None = None  # the name after the last ``for`` ("" while awaited)
    pending: LineOption | None = None  # an option waiting for its value
    area: list[str] | None = None  # the words after ``area`` while its shape, size and
    # square are typed (None: no area, or it is complete)
    given: set[str] = field(default_factory=set)  # fields this part's options set
    declared: set[str] = field(default_factory=set)  # the current target's reactions
    # (its part's fields, and ``counter`` once its Counterattack is begun)
    main: dict[str, Any] = field(default_factory=dict)  # the attack's own fields so far

    @property
    def weapon(self) -> str | None:
        return self.main.get("weapon")

    @property
    def ranged(self) -> bool:
        return bool(self.main.get("ranged"))

    @property
    def distance(self) -> int | None:
        return self.main.get("distance")

    def said(self, o: LineOption, fields: dict[str, Any] | None) -> None:
        """Note ``o`` as given in the part being typed, with the fields it sets (None:
        its value is not known yet)."""
        self.options = True
        self.given.update(o.fields)
        if self.place is not Where.COUNTER:
            self.declared.update(o.fields)
        if self.place is Where.ATTACK and fields is not None:
            self.main.update(fields)


def read_partial(words: list[str]) -> Partial:
    """The words of an attack line after its verb, read as far as they go."""
    p = Partial()
    for w in words:
        low = w.lower()
        if p.area is not None:  # area SHAPE [N] SQUARE
            p.area.append(low)
            if not (len(p.area) == 1 or (len(p.area) == 2 and low.isdigit())):
                p.area = None  # the square: the area is complete
            continue
        if p.pending is not None:
            o, p.pending = p.pending, None
            p.said(o, _value_of(o, w))
            continue
        found = option_of(w)
        if found is not None and found[0] is FOR_OPTION:
            p.place, p.more, p.options = Where.FOR, "", True
            p.given, p.declared = set(), set()
            continue
        if p.more == "":
            p.more = w
            continue
        if found is None:
            if not p.options:
                p.names.append(w)
            continue
        o, value = found
        if o is COUNTER_OPTION:
            p.options = True
            p.declared.add(o.field)
            p.place, p.given = Where.COUNTER, set()  # its options are its own
        elif o.kind is Kind.AREA:
            p.said(o, None)
            p.area = []
        elif o.kind in VALUED:
            if value is None:
                p.pending, p.options = o, True
            else:
                p.said(o, _value_of(o, value))
        else:
            p.said(o, None if o.kind is Kind.DICE else o.sets(value))
    return p


def _value_of(o: LineOption, text: str) -> dict[str, Any] | None:
    """The fields ``o`` sets with the value ``text``, or None when ``text`` is no value of
    its kind (a line typed so far: the parser says what is wrong once it is sent)."""
    try:
        return o.sets(o.read(text))
    except CommandError:
        return None
