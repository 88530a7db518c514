"""``momenta los FILE FROM TARGET`` and ``momenta path FILE NAME SQUARE``: the map's
questions from the shell, for a GM between sessions and for scripts and other tools
(``--json``). FILE is an encounter (the fight as it starts) or a saved fight (as it
stands); read only, as ``momenta map`` reads it: no lock, nothing written."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from momenta_cli.cli.common import NoColor, Width, guarded, make_console, prefixed, print_plain

if TYPE_CHECKING:
    from momenta_cli.engine.core import Fight

# The journal, the engine and Rich come in when the command runs (start-up time).

FileArg = Annotated[Path, typer.Argument(
    help="An encounter (*.yaml: as the fight starts) or a saved fight (*.fight.jsonl: as "
         "it stands now).", readable=False, metavar="ENCOUNTER_OR_FIGHT")]
Json = Annotated[bool, typer.Option("--json", help="Print one line of JSON for scripts "
                                    "instead of the text.")]


def read_cached(file: Path, what: str) -> Fight:
    """``common.read_fight``, with an encounter opened from the encounter cache
    (encounter/cache.py: no YAML, no validation while its files are unchanged) as
    ``status`` and ``do`` open theirs. A file the cache cannot open (a library, one with
    problems) is read by ``read_fight``, which says what is wrong in its own words."""
    from momenta_cli.journal import SUFFIX

    if not file.name.lower().endswith(SUFFIX):
        from momenta_cli.encounter import load_encounter_cached
        from momenta_cli.engine.core import Session
        from momenta_cli.errors import MomentaError

        try:
            return Session(load_encounter_cached(file)).state
        except (MomentaError, OSError):
            pass
    from momenta_cli.cli.common import read_fight

    return read_fight(file, what)


def _json_line(doc: dict[str, Any]) -> None:
    import json

    from momenta_cli.text import json_safe

    typer.echo(json_safe(json.dumps(doc, ensure_ascii=False)))


@contextmanager
def _json_errors() -> Iterator[None]:
    """For --json: a refusal or an unreadable file as ``{"error": "..."}`` on stdout and
    exit 1, so that a script reads one shape whatever happens."""
    from momenta_cli.errors import EncounterError, MomentaError
    from momenta_cli.text import one_line

    try:
        yield
    except EncounterError as err:
        _json_line({"error": "; ".join(one_line(p) for p in err.problems)})
        raise typer.Exit(1) from None
    except MomentaError as err:
        _json_line({"error": one_line(str(err))})
        raise typer.Exit(1) from None


def _print(lines: list[str], fight, no_color: bool, width: int | None) -> None:
    from momenta_cli.render import keep_names

    keep = keep_names(fight)
    if print_plain(lines, keep, width):  # a pipe: the same bytes without Rich's console
        return
    from momenta_cli.cli.screen import block
    from momenta_cli.render import lit

    block(make_console(no_color=no_color, width=width), [lit(t) for t in lines], keep)


def los_cmd(
    file: FileArg,
    source: Annotated[str, typer.Argument(help="Who looks: a name, or any unambiguous "
                                          "part of one.", metavar="FROM")],
    target: Annotated[str, typer.Argument(help="Who is looked at.", metavar="TARGET")],
    square: Annotated[str | None, typer.Option(
        "--from", metavar="SQUARE", help="Answer as if FROM stood at SQUARE (its top-left "
        "square), to plan a move; nothing moves. A square FROM cannot stand on is "
        "refused.")] = None,
    as_json: Json = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Line of sight from FROM to TARGET on the map (R33), whether TARGET has cover from
    FROM's ranged attacks (R34: every clear line passes a low wall or another creature;
    with no line of sight at all, cover too; the text names what gives it, as the
    attack's log does) and the distance in squares (R32). --json
    prints {"line_of_sight": true, "cover": false, "distance": 4}, or {"error": "why"}
    when there is no answer. Changes nothing; a question that has no answer (no map, a
    name that fits nobody, one out of the fight) is one line, exit 1.

    Example: momenta los encounters/yard-with-a-map.yaml mira ogre --json

    Example: momenta los encounters/yard-with-a-map.yaml mira ogre --from c9
    """
    from momenta_cli.engine.battlefield import LookAt, sighting
    from momenta_cli.language import Meta, Request
    from momenta_cli.render import as_if, los_doc, los_lines

    ask = Meta(Request.LOS, square, command=LookAt(source, target))
    if as_json:
        with _json_errors():
            fight = read_cached(file, "los reads encounters and saved fights")
            doc = los_doc(sighting(as_if(fight, ask), LookAt(source, target)))
        _json_line(doc)
        return
    with guarded():
        fight = read_cached(file, "los reads encounters and saved fights")
    with prefixed(file):
        lines = los_lines(fight, ask)
    _print(lines, fight, no_color, width)


def path_cmd(
    file: FileArg,
    mover: Annotated[str, typer.Argument(help="Who moves: a name, or any unambiguous "
                                         "part of one.", metavar="NAME")],
    square: Annotated[str, typer.Argument(help="Where to: a column letter and a row "
                                          "number, C5 (a larger creature's top-left "
                                          "square).", metavar="SQUARE")],
    shift: Annotated[bool, typer.Option("--shift", help="A Shift (half SPD) instead of "
                                        "a Move.")] = False,
    via: Annotated[list[str] | None, typer.Option(
        "--via", help="A square to pass through on the way (repeat it, or separate "
        "squares with commas: --via B3,D4), in order, as the prompt's 'path NAME C5 via "
        "B3 D4'.", metavar="SQUARE")] = None,
    as_json: Json = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """The cheapest legal path a Move (or a Shift) of NAME to SQUARE would take on the
    map and its cost (R32, R36), as the path command at the prompt shows it; with
    --via, through those squares in order, the whole within the budget. --json
    prints {"cost": 4, "path": ["B2", ...], "triggers": [...]} (the squares entered, in
    order; each reactive attack the path triggers, R35, as {"reactor": "Wren",
    "reaction": "Intercept", "square": "B2", "weapons": ["Spear"], "not_now": null,
    "line_of_sight": true, "mover": "Gorm"}: "mover" is whom it answers, NAME or a
    creature NAME drags, ch19 Grab) or {"error": "why there is none"}. The text also
    says where a dragged creature falls into a pit (R23, R36). Changes nothing; no path
    is exit 1.

    Example: momenta path encounters/yard-with-a-map.yaml mira e11 --via d9 --json
    """
    from momenta_cli.engine.movement import MoveTo
    from momenta_cli.language import Meta, Request
    from momenta_cli.render import path_doc, path_lines

    squares = _via(via or [])
    with guarded() if not as_json else _json_errors():
        fight = read_cached(file, "path reads encounters and saved fights")
    ask = MoveTo(mover, square, "Shift" if shift else "Move", via=squares)
    if as_json:
        doc = path_doc(fight, ask)
        _json_line(doc)
        if "error" in doc:
            raise typer.Exit(1)
        return
    with prefixed(file):
        lines = path_lines(fight, Meta(Request.PATH, command=ask))
    _print(lines, fight, no_color, width)


def _via(values: list[str]) -> tuple[str, ...]:
    """The squares of the ``--via`` options, read as the prompt reads ``via B3 D4``
    (language/maneuver_verbs.py ``read_via``); a word that is no square is a usage error."""
    if not values:
        return ()
    from momenta_cli.errors import CommandError
    from momenta_cli.language import read_via
    from momenta_cli.text import echo

    try:
        # each --via may hold several squares, split by commas or spaces ("D3 D4")
        squares, rest = read_via(["via", *(w for v in values for w in v.split())])
    except CommandError as err:
        raise typer.BadParameter(str(err), param_hint="--via") from None
    if rest:
        raise typer.BadParameter(f"{echo(rest[0])} is not a square (a column letter and a row "
                                 "number, like B3)", param_hint="--via")
    return squares


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("los")(los_cmd)
    app.command("path")(path_cmd)
