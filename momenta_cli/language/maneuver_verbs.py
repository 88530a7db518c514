"""Verbs for the maneuvers of chapter 19 other than attacks, grab release, falls and
terrain. NAME may be left out for the combatant whose turn is running."""

from __future__ import annotations

from momenta_cli.engine.actions import (
    CastSpell,
    CatchBreath,
    Hide,
    LimitBreak,
    ShakeItOff,
    SteadyYourself,
    Surge,
    UseConsumable,
)
from momenta_cli.engine.core import Command
from momenta_cli.engine.geometry import parse_square
from momenta_cli.engine.movement import Apart, Fall, Move, MoveTo, Release, SetTerrain, Shift
from momenta_cli.errors import CommandError
from momenta_cli.language.meta import Meta, Request
from momenta_cli.language.parsing import need, number, typed_result, verb
from momenta_cli.text import echo

TERRAIN_WORDS = {"climb": "climb", "climbing": "climb", "swim": "swim", "swimming": "swim",
                 "ground": "", "land": "", "walk": ""}


def _is_int(word: str) -> bool:
    # isdigit takes ² and ٣ too: read as N, ``number`` refuses them, saying why
    return word.lstrip("+-").isdigit()


def _name_then_number(words: list[str], what: str) -> tuple[str | None, int | None, list[str]]:
    """[NAME ...] N REST: the words before the first whole number name the combatant;
    two leading numbers are a short name and N (``move 3 2``: Deckhand-3 moves 2)."""
    if len(words) >= 2 and _is_int(words[0]) and _is_int(words[1]):
        return words[0], number(words[1], what), words[2:]
    for i, w in enumerate(words):
        if _is_int(w):
            return (" ".join(words[:i]) or None), number(w, what), words[i + 1:]
    return (" ".join(words) or None), None, []


def _move_options(rest: list[str], *, terrain_ok: bool) -> tuple[int, str | None, bool]:
    difficult, terrain, jump = 0, None, False
    i = 0
    while i < len(rest):
        w = rest[i].lower()
        if w in ("difficult", "diff", "d") and i + 1 < len(rest):
            difficult = number(rest[i + 1], "difficult squares")
            i += 2
            continue
        if w in TERRAIN_WORDS and terrain_ok:
            terrain = TERRAIN_WORDS[w]
        elif w == "jump" and terrain_ok:
            jump = True
        else:
            raise CommandError(f"unexpected {echo(rest[i])}")
        i += 1
    return difficult, terrain, jump


MAP_USAGE = {"Move": "move [NAME] to SQUARE [via SQUARE ...] [intercept|forestall REACTOR "
                      "[OPTIONS] ... | no-reactions]",
             "Shift": "shift [NAME] to SQUARE [via SQUARE ...]"}


class MapUsage(CommandError):
    """A movement on the map that cannot be read: told with the map form's usage, not
    the squares-moved one (language/parsing.py ``parse_line`` reads ``usage``)."""

    def __init__(self, message: str, how: str):
        super().__init__(message)
        self.usage = MAP_USAGE[how]


MAX_VIA = 20  # squares after 'via': a route's turns, far fewer than a search's legs


def read_via(words: list[str]) -> tuple[tuple[str, ...], list[str]]:
    """``via B3 D4`` (or ``via B3,D4``) at the start of ``words``: the squares to pass
    through in order (at most ``MAX_VIA``), and the words after them; no ``via``: none."""
    if not words or words[0].lower() != "via":
        return (), words
    out: list[str] = []
    i = 1
    while i < len(words):
        parts = [p for p in words[i].split(",") if p]
        if not parts or any(parse_square(p) is None for p in parts):
            break
        out += parts
        i += 1
        if len(out) > MAX_VIA:
            raise CommandError(f"'via' takes at most {MAX_VIA} squares to pass through; "
                               f"this gives more")
    if not out:
        after = f", got {echo(words[1])}" if len(words) > 1 else ""
        raise CommandError(f"'via' needs the squares to pass through, like via B3 or "
                           f"via B3 D4{after}")
    return tuple(out), words[i:]


def _to_square(words: list[str], how: str) -> MoveTo | None:
    """``[NAME] to SQUARE [via SQUARE ...] [REACTIONS]``: a movement on the map through
    the squares after ``via``, with the answers to its triggers
    (language/trigger_words.py, R35); None when the words say no ``to``."""
    from momenta_cli.language import trigger_words

    low = [w.lower() for w in words]
    if "to" not in low:
        return None
    i = low.index("to")
    if i + 1 == len(words):
        raise MapUsage("missing the square to go to after 'to' (like to C5)", how)
    if parse_square(words[i + 1]) is None:
        raise MapUsage(f"{echo(words[i + 1])} after 'to' is not a square: a column letter "
                       "and a row number, like C5", how)
    try:
        via, rest = read_via(words[i + 2:])
        reactions, said = trigger_words.read(rest)
    except MapUsage:
        raise
    except CommandError as err:
        raise MapUsage(str(err), how) from None
    return MoveTo(" ".join(words[:i]) or None, words[i + 1], how, reactions, said,
                          via)


@verb("move", aliases=("mv",), usage="move [NAME] N [difficult D] [climb|swim|ground] [jump]",
      help="Move N squares (first Move each turn free, then 2 Vigor). D of them difficult "
           "terrain (count double); climb = 1 square per Move, swim doubles every Vigor "
           "cost until 'ground'; jump = vertical jump of up to 1 + POW/2. On a map, 'move "
           "[NAME] to SQUARE' walks the cheapest legal path there within SPD (half while "
           "Hindered): difficult ground counts double, water swims, climbing goes 1 "
           "square, a one-square pit is jumped, walking into a pit falls; a bigger "
           "grabber drags the one it holds; of equally cheap paths it takes the one "
           "entering fewer enemy reaches. 'via SQUARE ...' after the square steers it "
           "through those squares in order, within the same SPD. The reactions the path "
           "triggers (R35) are written last: 'intercept NAME' or 'forestall NAME', each "
           "with an attack's options (with WEAPON, roll, the mover's dodge, brace...), "
           "or 'no-reactions'; none written, none made (the prompt offers them).",
      example="move brannoc 4 difficult 1")
def _move(words: list[str]) -> Command:
    to = _to_square(words, "Move")
    if to is not None:
        return to
    name, n, rest = _name_then_number(words, "squares")
    if n is None:
        raise CommandError("missing number of squares")
    difficult, terrain, jump = _move_options(rest, terrain_ok=True)
    return Move(name, n, difficult, terrain, jump)


@verb("shift", usage="shift [NAME] N [difficult D]",
      help="Shift N squares (2 Vigor, up to half SPD, provokes no reactive attacks; not "
           "while Hindered, climbing or swimming). On a map, 'shift [NAME] to SQUARE "
           "[via SQUARE ...]' takes the cheapest legal path there (through the squares "
           "after 'via', in order).",
      example="shift tamsin 2")
def _shift(words: list[str]) -> Command:
    to = _to_square(words, "Shift")
    if to is not None:
        return to
    name, n, rest = _name_then_number(words, "squares")
    if n is None:
        raise CommandError("missing number of squares")
    difficult, _, _ = _move_options(rest, terrain_ok=False)
    return Shift(name, n, difficult)


@verb("path", usage="path [NAME] SQUARE [via SQUARE ...] [shift]",
      help="Show the path a Move (or, with 'shift', a Shift) to SQUARE would take on the "
           "map (through the squares after 'via', in order) and what it costs, or why "
           "there is none, and the reactions it would trigger (Intercept, Forestall: "
           "R35); changes nothing.",
      example="path brannoc h8 via e7", group="session")
def _path(words: list[str]) -> Meta:
    how = "Move"
    if words and words[-1].lower() == "shift":
        how, words = "Shift", words[:-1]
    low = [w.lower() for w in words]
    via: tuple[str, ...] = ()
    if "via" in low:
        i = low.index("via")
        via, rest = read_via(words[i:])
        if rest:
            raise CommandError(f"unexpected {echo(rest[0])} after the squares of 'via'")
        words = words[:i]
    if len(words) >= 2 and words[-2].lower() == "to":  # `path brannoc to h8` reads too
        words = words[:-2] + words[-1:]
    need(words, "square")
    if parse_square(words[-1]) is None:  # `path kira`: a name, no square
        raise CommandError("missing square" if len(words) == 1 else
                           f"{echo(words[-1])} is not a square: a column letter and a row "
                           "number, like C5")
    return Meta(Request.PATH, command=MoveTo(" ".join(words[:-1]) or None, words[-1], how,
                                               via=via))


@verb("use", usage="use [NAME] [ITEM]",
      help="Use Consumable (1 Vigor, one consumable point). Shipped items apply their "
           "effect (Healing Draught: +6 Vitality, Calming Tonic: -4 Strain); any other item "
           "is logged for the GM to apply.",
      example="use tamsin healing draught")
def _use(words: list[str]) -> Command:
    return UseConsumable(tuple(words))


@verb("hide", usage="hide [NAME] [roll [RESULT]]",
      help="Hide (1 Vigor): Hidden when the GM confirms; with 'roll', an AGI roll where 1+ "
           "success hides (RESULT types faces 5,2 or successes 1s).",
      example="hide tamsin roll")
def _hide(words: list[str]) -> Command:
    low = [w.lower() for w in words]
    if "roll" in low:
        i = low.index("roll")
        after = words[i + 1:]
        if len(after) > 1:
            raise CommandError(f"unexpected {echo(after[1])}")
        typed = typed_result(after[0]) if after else None
        return Hide(" ".join(words[:i]) or None, True, typed)
    return Hide(" ".join(words) or None)


@verb("shake", aliases=("shake-it-off",), usage="shake [NAME] [CONDITION]",
      help="Shake It Off (2 Vigor): one stack of Exhausted, Grabbed, Hindered or "
           "Vulnerable; the last Grabbed stack ends the grab.",
      example="shake brannoc grabbed")
def _shake(words: list[str]) -> Command:
    return ShakeItOff(tuple(words))


@verb("breath", aliases=("catch", "cyb"), usage="breath [NAME]",
      help="Catch Your Breath (full turn): 1 Resolve, heal half Max Vitality.",
      example="breath brannoc")
def _breath(words: list[str]) -> Command:
    return CatchBreath(" ".join(words) or None)


@verb("steady", usage="steady [NAME]",
      help="Steady Yourself (full turn): clear half Max Strain.", example="steady wren")
def _steady(words: list[str]) -> Command:
    return SteadyYourself(" ".join(words) or None)


@verb("surge", usage="surge [NAME] [N]",
      help="Surge (free, own turn, once until the next): gain N Vigor (default: as much as "
           "allowed, up to MIND and Max Vigor) for 2 Strain each.",
      example="surge wren 2")
def _surge(words: list[str]) -> Command:
    name, n, rest = _name_then_number(words, "Vigor")
    if rest:
        raise CommandError(f"unexpected {echo(rest[0])}")
    return Surge(name, n)


@verb("cast", usage="cast [NAME] COST [SPELL | -- SPELL]",
      help="Cast a Spell that is not an attack (a ward, a light, a healing word): pay its "
           "Vigor COST (doubled while swimming). An attack spell is cast by the attack "
           "command alone ('attack TARGET with SPELL'), which pays its cost once, so a "
           "SPELL that may name one of the caster's attack spells is refused; '-- SPELL' "
           "says it is another spell.",
      example="cast wren 3 warding light")
def _cast(words: list[str]) -> Command:
    other = "--" in words
    if other:  # `cast 3 -- fire shield`: the GM says it is none of the attack spells
        i = words.index("--")
        words = words[:i] + words[i + 1:]
    name, n, rest = _name_then_number(words, "Vigor cost")
    if n is None:
        raise CommandError("missing the spell's Vigor cost")
    return CastSpell(name, n, " ".join(rest), other)


@verb("limit", aliases=("limit-break",), usage="limit [NAME] [-- WHAT]",
      help="Limit Break (full turn, no Vigor); the GM applies its effect.",
      example="limit brannoc -- storm of blades")
def _limit(words: list[str]) -> Command:
    if "--" in words:
        i = words.index("--")
        return LimitBreak(" ".join(words[:i]) or None, " ".join(words[i + 1:]))
    return LimitBreak(" ".join(words) or None)


@verb("release", usage="release GRABBER [TARGET]",
      help="The grabber lets go (free action, any time): every Grabbed stack goes.",
      example="release gorm wren")
def _release(words: list[str]) -> Command:
    return Release(*_one_or_two(words, "grabber", "release GRABBER [TARGET]"))


def _one_or_two(words: list[str], what: str, usage: str) -> tuple[str, str | None]:
    """NAME [OTHER]: one required name and an optional second."""
    need(words, what)
    if len(words) > 2:
        raise CommandError(f"{usage} (quote names with spaces)")
    return words[0], (words[1] if len(words) > 1 else None)


@verb("apart", usage="apart NAME [OTHER]",
      help="The GM says these two were moved apart: the grab between them ends.",
      example="apart wren gorm")
def _apart(words: list[str]) -> Command:
    return Apart(*_one_or_two(words, "combatant", "apart NAME [OTHER]"))


@verb("fall", usage="fall NAME N",
      help="NAME falls N squares: 2 untyped damage per square after subtracting AGI.",
      example="fall tamsin 5")
def _fall(words: list[str]) -> Command:
    name, n, rest = _name_then_number(words, "squares")
    if name is None or n is None:
        raise CommandError("fall needs a combatant and a number of squares")
    if rest:
        raise CommandError(f"unexpected {echo(rest[0])}")
    return Fall(name, n)


@verb("terrain", usage="terrain NAME ground|climb|swim",
      help="Say what a combatant moves in: swimming doubles every Vigor cost, climbing "
           "allows 1 square per Move; neither allows Shift.",
      example="terrain brannoc swim")
def _terrain(words: list[str]) -> Command:
    need(words, "combatant", "terrain")
    t = words[-1].lower()
    if t not in TERRAIN_WORDS:
        raise CommandError("terrain is ground, climb or swim")
    return SetTerrain(" ".join(words[:-1]), TERRAIN_WORDS[t])
