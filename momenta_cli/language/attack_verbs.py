"""Verbs for attacks and reactive attacks: attack, feint, grab, shove, intercept,
forestall. Everything the rules want declared before the roll goes on one line (R27):

    attack [ATTACKER] TARGET [with WEAPON] [at LOCATION] [as TYPE] [OPTIONS]
           [dodge | deflect[=WEAPON] | defend[=NAME]] [brace]
           [counter [OPTIONS for the Counterattack]]
           [for OTHER-TARGET [its reactions] ...]
    attack [ATTACKER] area burst N SQUARE | area line|cone [N] SQUARE [OPTIONS]
           [for TARGET [its reactions] ...]

Words after ``counter`` describe the target's Counterattack with the same options; each
``for NAME`` adds a target of an Area attack (R22) with its own reactions. With ``area``
(a map) the area picks the targets (engine/attack/area_attack.py): the one name before the
options is the attacker, and ``for NAME`` gives the reactions of a creature in it.

The options are the rows of the attack grammar's table (language/attack_grammar.py):
which words they are, the field each sets, how its value reads and where it may stand.
This module reads a whole line with it.
"""

from __future__ import annotations

from dataclasses import replace

from momenta_cli.engine.attack import SHAPES, Area, Attack
from momenta_cli.errors import CommandError
from momenta_cli.language.attack_grammar import (
    AREA_OPTION,
    COUNTER_WORDS,
    DICE_OPTION,
    FOR_WORD,
    KEYWORDS as KEYWORDS,
    OPTIONS,
    VALUED,
    Kind,
    LineOption,
    Where,
    fields_at,
    is_option,
    option_of,
)
from momenta_cli.language.meta import Meta, Request
from momenta_cli.language.parsing import number, verb
from momenta_cli.text import echo

MAX_DICE = DICE_OPTION.most  # a sanity bound on +Nd/-Nd: pools are a handful of dice
# a further Area target's own fields (its reactions and roll), and the reactions, which
# an attack aimed at an area leaves to its targets (after ``for NAME``)
_FOR_FIELDS = fields_at(Where.FOR)
_REACTIONS = frozenset(f for o in OPTIONS if o.target and o.kind is not Kind.PART
                       for f in o.fields)

OPTIONS_HELP = (
    "Options: 'with WEAPON' (default: the first listed), 'at LOCATION' (Mass, Edge, Mark, "
    "...), 'as TYPE' (pick from Slashing/Piercing), 'using POW' or 'using AGI', 'dist N' "
    "squares (or 'adjacent'), 'thrown', 'cover', 'obscured', '+1d' or '-2d', 'cost N' "
    "(spells), 'roll 5,6,1' or 'roll 2s' (the attack's dice), 'def ...' (the defense's). "
    "DEFENSE, declared by the target: 'dodge', 'deflect' or 'deflect=WEAPON', 'defend' or "
    "'defend=NAME' (an enemy's scripted defense). 'brace': the target Braces if damage "
    "reaches its Vitality. 'counter' and the words after it: the target's Counterattack, "
    "with the same options. An Area attack takes more targets as 'for NAME' each followed "
    "by that target's reactions (and, for a spell, its own roll). On a map the tracker "
    "measures distance, line of sight and cover; 'dist N', 'sight', 'cover' and "
    "'no-cover' overrule it. 'area burst N SQUARE', 'area line [N] SQUARE' or 'area cone "
    "[N] SQUARE' aims an Area attack at the map: every creature in it is a target, "
    "'for NAME' then gives one's reactions.")


def _names_and_options(words: list[str]) -> tuple[list[str], list[str]]:
    """Leading words up to the first option word are names (1: the target, 2: the
    attacker and the target)."""
    for i, w in enumerate(words):
        if is_option(w):
            return words[:i], words[i:]
    return words, []


def _options(words: list[str]) -> dict:
    """The keyword options of one attack (no names, no ``counter`` part), each read as
    its row of the grammar (language/attack_grammar.py) says."""
    out: dict = {}

    def put(key: str, value: object, shown: str) -> None:
        if key in out:
            raise CommandError(f"{shown} is given twice")
        out[key] = value

    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        found = option_of(word)
        if found is None or found[0].kind is Kind.PART:
            raise CommandError(f"unexpected {echo(word)}")
        o, value = found
        shown = o.twice or word.partition("=")[0].lower()
        if o.kind in VALUED:
            if value is None:
                value, i = _value_words(o, words, i)
            put(o.field, o.read(value), shown)
        elif o.kind is Kind.DEFENSE:
            put(o.field, o.word, shown)
            if value is not None:
                out[o.with_field] = o.read(value)  # what it uses: never empty
        elif o.kind is Kind.AREA:
            area, i = _area(words, i)
            put(o.field, area, shown)
        elif o.kind is Kind.FLAG:
            put(o.field, o.value, shown)
        else:
            _dice(out, o, value)
    if out.get("cover") and out.get("no_cover"):
        raise CommandError("'cover' and 'no-cover' contradict each other")
    return out


def _value_words(o: LineOption, words: list[str], i: int) -> tuple[str, int]:
    """The value of ``o`` written after it from ``words[i]`` on, and the index after it:
    a name takes every word up to the next option (``with great maul``)."""
    if i >= len(words):
        raise CommandError(f"'{o.word}' needs a value")
    j = i + 1
    if o.kind is Kind.NAME:
        while j < len(words) and not is_option(words[j]):
            j += 1
    return " ".join(words[i:j]), j


def _dice(out: dict, o: LineOption, text: str | None) -> None:
    """``+Nd``/``-Nd`` added to the dice given so far, at most ``MAX_DICE`` either way."""
    assert text is not None  # the pattern holds the number
    if len(text.lstrip("+-0")) > len(str(MAX_DICE)):  # never more digits than that
        raise CommandError(f"a dice modifier of more than {MAX_DICE} is not a roll")
    out[o.field] = out.get(o.field, 0) + number(text, "a dice modifier")
    if abs(out[o.field]) > MAX_DICE:
        raise CommandError(f"a dice modifier of more than {MAX_DICE} is not a roll")


AREA_HELP = "area burst N SQUARE, area line [N] SQUARE or area cone [N] SQUARE"


def _area(words: list[str], i: int) -> tuple[Area, int]:
    """``burst 2 C5``, ``line D4``, ``cone 3 D4`` from ``words[i:]``; the index after."""
    if i >= len(words) or words[i].lower() not in SHAPES:
        raise CommandError(f"'area' needs a shape: {AREA_HELP}")
    shape, i = words[i].lower(), i + 1
    size = None
    if i < len(words) and words[i].isdigit():  # ² too: number() says it is no number
        size, i = number(words[i], f"the {shape}'s size"), i + 1
        if size < 1:
            raise CommandError(f"a {shape} is 1 square or more")
    if shape == "burst" and size is None:
        raise CommandError(f"a burst needs its radius: {AREA_HELP}")
    if i >= len(words) or is_option(words[i]):
        raise CommandError(f"'area {shape}' needs a square, like C5: {AREA_HELP}")
    return Area(shape, words[i], size), i + 1


def _split_counter(words: list[str]) -> tuple[list[str], list[str] | None]:
    for i, w in enumerate(words):
        if w.lower() in COUNTER_WORDS:
            return words[:i], words[i + 1:]
    return words, None


def _split_targets(words: list[str]) -> list[list[str]]:
    """The main part, then one part per ``for NAME ...`` (further Area targets, R22)."""
    parts: list[list[str]] = [[]]
    for w in words:
        if w.lower() == FOR_WORD:
            parts.append([])
        else:
            parts[-1].append(w)
    return parts


def _attack(maneuver: str, words: list[str]) -> Attack:
    main, *more = _split_targets(words)
    names, rest = _names_and_options(main)
    if any(w.lower() in AREA_OPTION.words for w in _split_counter(rest)[0]):
        mine, counter_words = _split_counter(rest)
        counter = _counter(counter_words) if counter_words is not None else None
        return _area_attack(maneuver, names, counter, tuple(_also(g) for g in more),
                            _options(mine))
    if not names:
        raise CommandError("missing target")
    if len(names) > 2:
        raise CommandError(f"expected [ATTACKER] TARGET, got {echo(' '.join(names))} "
                           "(quote names with spaces)")
    attacker, target = (None, names[0]) if len(names) == 1 else (names[0], names[1])
    mine, counter_words = _split_counter(rest)
    counter = _counter(counter_words) if counter_words is not None else None
    also = tuple(_also(group) for group in more)
    return Attack(attacker, target, maneuver, counter=counter, also=also, **_options(mine))


def _area_attack(maneuver: str, names: list[str], counter: Attack | None,
                 also: tuple[Attack, ...], opts: dict) -> Attack:
    """An attack aimed at an area: the one name is the attacker; the first ``for``
    part is the main target (engine/attack/area_attack.py ``aimed`` adds the rest)."""
    if maneuver not in AREA_OPTION.maneuvers:
        raise CommandError("'area' is for an attack with an Area weapon (R22)")
    if len(names) > 1:
        raise CommandError("an area picks its own targets: name only the attacker, and "
                           "give a target's reactions after 'for NAME'")
    if _REACTIONS & opts.keys() or counter is not None:
        raise CommandError("with 'area', give each target's reactions after 'for NAME'")
    attacker = names[0] if names else None
    if not also:
        return Attack(attacker, "", maneuver, **opts)
    first, *rest = also
    if first.typed is not None and "typed" in opts:
        raise CommandError(f"the roll is given twice (for {first.target} and the attack)")
    mine = {k: getattr(first, k) for k in _FOR_FIELDS if getattr(first, k) not in
            (None, False)}
    return Attack(attacker, first.target, maneuver, counter=first.counter,
                  also=tuple(rest), **{**opts, **mine})


def _also(words: list[str]) -> Attack:
    """``for NAME [reactions] [roll R]``: one more target of an Area attack."""
    if not words or is_option(words[0]):
        raise CommandError(f"'{FOR_WORD}' needs the name of another target")
    mine, counter_words = _split_counter(words[1:])
    opts = _options(mine)
    extra = sorted(k for k in opts if k not in _FOR_FIELDS)
    if extra:
        raise CommandError(f"after 'for {words[0]}' only that target's reactions and roll "
                           f"may follow, not {', '.join(extra)}")
    counter = _counter(counter_words) if counter_words is not None else None
    return Attack(None, words[0], counter=counter, **opts)


def _counter(words: list[str]) -> Attack:
    """The target's Counterattack: the same options, attacker and target filled in by the
    engine; a further ``counter`` is the attacker's answer to it."""
    mine, more = _split_counter(words)
    counter = _counter(more) if more is not None else None
    return Attack(None, "", "Counterattack", counter=counter, **_options(mine))


@verb("attack", aliases=("a", "atk", "hit"),
      usage="attack [ATTACKER] TARGET [with WEAPON] [at LOCATION] [OPTIONS] "
            "[DEFENSE] [brace] [counter ...]",
      help="Basic Attack (2 Vigor; 3 with a Cumbersome weapon). The attacker rolls, then "
           "the target's reactive defense; net successes pick the damage tier; Guard, "
           "resistance and weakness follow. " + OPTIONS_HELP,
      example="attack gorm wren with cudgel at edge deflect=buckler brace")
def _attack_verb(words: list[str]) -> Attack:
    return _attack("Basic Attack", words)


@verb("odds", usage="odds [ATTACKER] TARGET [with WEAPON] [at LOCATION] [OPTIONS] "
                   "[DEFENSE] [brace]",
      help="The exact odds of that attack (the acting combatant's unless ATTACKER is "
           "named): its pools, then per net-success count the chance, tier, damage, Wound "
           "and Defeat. A preview: nothing changes and nothing is saved. The attack's "
           "words, without counter, for, roll or def.",
      example="odds gorm with longsword at mark", group="session")
def _odds(words: list[str]) -> Meta:
    return Meta(Request.ODDS, command=_attack("Basic Attack", words))


@verb("feint", usage="feint [ATTACKER] TARGET [with WEAPON] [OPTIONS]",
      help="Feint (2 Vigor): a melee Basic Attack that deals no damage; the target gains "
           "Vulnerable N, N = net successes (max 3). Same options as attack.",
      example="feint wren knife-1 with rapier")
def _feint(words: list[str]) -> Attack:
    return _attack("Feint", words)


@verb("grab", usage="grab [ATTACKER] TARGET [OPTIONS]",
      help="Grab (2 Vigor): an Unarmed Attack; the target gains Grabbed N, N = net "
           "successes (max 3). Same options as attack.",
      example="grab brannoc knife-2 roll=5,6,2")
def _grab(words: list[str]) -> Attack:
    return _attack("Grab", words)


@verb("shove", usage="shove [ATTACKER] TARGET [OPTIONS] [together] [intercept REACTOR "
      "[OPTIONS] ...] [no-reactions]",
      help="Shove (2 Vigor): an Unarmed Attack that pushes the target N squares, N = net "
           "successes (max 3); forced movement. A pushed combatant that holds or is held "
           "by another is moved apart from it and the grab ends, unless 'together' says "
           "the push kept the two together. Same options as attack. On a map the push "
           "stops where it brings the target into a reactor's reach for each 'intercept "
           "REACTOR' written after the shove's own words (every word after it is the "
           "Intercept's), then goes on; 'no-reactions': none.",
      example="shove gorm tamsin")
def _shove(words: list[str]) -> Attack:
    from momenta_cli.language import trigger_words  # it reads reactions with this module

    cut = next((i for i, w in enumerate(words)
                if w.lower() in trigger_words.ANSWER_WORDS), len(words))
    x = _attack("Shove", words[:cut])
    if cut == len(words):
        return x
    reactions, said = trigger_words.read(words[cut:], after="the shove's words")
    return replace(x, push_reactions=reactions, push_said=said)


@verb("intercept", usage="intercept REACTOR MOVER [with WEAPON] [OPTIONS]",
      help="Intercept (reaction, 2 Vigor): MOVER came into reach of REACTOR's melee weapon "
           "while moving; REACTOR makes a Basic Attack at it. The mover may defend or "
           "counter as against any attack. On a map the move's own line answers it "
           "where it happens: 'move MOVER to SQUARE intercept REACTOR' (a push: 'shove "
           "... intercept REACTOR'); stated after the movement, the map checks it "
           "triggered and measures it there.",
      example="intercept brannoc knife-1 with longsword")
def _intercept(words: list[str]) -> Attack:
    return _reactive("Intercept", words)


@verb("forestall", usage="forestall REACTOR MOVER [with WEAPON] [OPTIONS]",
      help="Forestall (reaction, 2 Vigor): MOVER tries to move (not forced) while within "
           "reach of REACTOR's Reflexive melee weapon; REACTOR makes a Basic Attack at it. "
           "On a map: 'move MOVER to SQUARE forestall REACTOR'.",
      example="forestall brannoc knife-2 with boar spear")
def _forestall(words: list[str]) -> Attack:
    return _reactive("Forestall", words)


def movement_reaction(maneuver: str, words: list[str]) -> Attack:
    """``REACTOR [with WEAPON] [OPTIONS]`` after ``intercept`` or ``forestall`` on a
    movement line (language/trigger_words.py): the reactive attack, its target (the
    mover) left for the engine to fill in."""
    names, _ = _names_and_options(words)
    if len(names) != 1:
        raise CommandError(f"after '{maneuver.lower()}' name the reacting combatant only "
                           "(the one moving is its target)")
    x = _attack(maneuver, words)
    return replace(x, attacker=x.target, target="")


def _reactive(maneuver: str, words: list[str]) -> Attack:
    names, _ = _names_and_options(words)
    if len(names) != 2:
        raise CommandError("name both the reacting combatant and the one moving")
    return _attack(maneuver, words)
