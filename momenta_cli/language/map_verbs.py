"""Verbs for the battlefield: ``place`` (the GM sets where a combatant stands), ``map``
(draw it), ``los`` (what one combatant sees of another) and ``door``. Movement on the
map is ``move``'s (language/maneuver_verbs.py)."""

from __future__ import annotations

from momenta_cli.engine.battlefield import LookAt, Place, SetDoor
from momenta_cli.engine.core import Command
from momenta_cli.errors import CommandError
from momenta_cli.language.meta import Meta, Request
from momenta_cli.language.parsing import need, verb
from momenta_cli.text import echo


@verb("place", usage="place NAME SQUARE",
      help="Put a combatant on a square of the map by hand (a GM fix, not a movement: "
           "no Vigor, no reactions). SQUARE is a column letter and a row number, C5, and "
           "is the top-left of a larger creature's squares; it must be on the map, not a "
           "wall or closed door, not wholly over a pit, and free.",
      example="place gorm c5")
def _place(words: list[str]) -> Command:
    need(words, "combatant name", "square")
    return Place(" ".join(words[:-1]), words[-1])


def _from(words: list[str], usage: str) -> tuple[list[str], str | None]:
    """``words`` without a closing ``from SQUARE``, and the square (None: not said)."""
    low = [w.lower() for w in words]
    if "from" not in low:
        return words, None
    i = low.index("from")
    if i != len(words) - 2:
        raise CommandError(f"'from' needs one square, last: {usage}")
    return words[:i], words[-1]


@verb("map", usage="map [NAME [from SQUARE]]",
      help="Draw the battlefield: terrain, combatants by side, the active one "
           "highlighted; a map too wide for the screen is drawn around the active "
           "combatant. With NAME: drawn around NAME, with the squares NAME can reach "
           "this Move and the ones it sees marked, and how far each other combatant is, "
           "whether NAME sees it and whether it has cover. 'from SQUARE' answers as if "
           "NAME stood there (to plan a move); nothing moves.",
      example="map tamsin from c5", group="session")
def _map(words: list[str]) -> Meta:
    words, square = _from(words, "map NAME from SQUARE")
    if square is None:
        return Meta(Request.MAP, " ".join(words) if words else None)
    need(words, "combatant name (map NAME from SQUARE: who would stand there)")
    name = " ".join(words)
    # the look from there, as ``place NAME SQUARE`` would put NAME (never decided)
    return Meta(Request.MAP, name, command=Place(name, square))


@verb("los", usage="los [NAME] TARGET [from SQUARE]",
      help="Line of sight from NAME (the acting combatant when left out) to TARGET on "
           "the map, whether TARGET has cover from NAME's ranged attacks (a low wall or "
           "another creature in every clear line) and the distance; changes nothing. "
           "'from SQUARE' answers as if NAME stood there (to plan a move).",
      example="los tamsin gorm from c5", group="session")
def _los(words: list[str]) -> Meta:
    words, square = _from(words, "los [NAME] TARGET from SQUARE")
    if len(words) >= 2 and words[-2].lower() == "to":  # `los tamsin to gorm` reads too
        words = words[:-2] + words[-1:]
    need(words, "target")
    if len(words) > 2:
        raise CommandError(f"expected [NAME] TARGET, got {echo(' '.join(words))} (quote names "
                           "with spaces)")
    source, target = (None, words[0]) if len(words) == 1 else (words[0], words[1])
    # ``arg``: the square NAME is asked from, as if it stood there (None: where it is)
    return Meta(Request.LOS, square, command=LookAt(source, target))


@verb("door", usage="door SQUARE [open|close]",
      help="Open or close the door at SQUARE (with neither word: the other way). A "
           "closed door blocks like a wall; one with a creature in it cannot close.",
      example="door d5 open")
def _door(words: list[str]) -> Command:
    need(words, "square")
    if len(words) > 2:
        raise CommandError(f"unexpected {echo(words[2])}")
    how = words[1].lower() if len(words) == 2 else None
    if how not in (None, "open", "close", "closed", "shut"):
        raise CommandError(f"open or close, got {echo(words[1])}")
    return SetDoor(words[0], None if how is None else "open" if how == "open" else "close")
