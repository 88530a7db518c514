"""``momenta validate``'s check of an encounter's event lines: each ``do:`` line reads as
a command of the fight, and every name, square, condition and weapon in it is one the
encounter has. The fields are checked by their kind (a combatant, a square, a door, a
condition, a weapon), read off the parsed command's fields, so a new verb is checked
without a line here. What depends on the moment (whose turn it is, who stands where,
who is still up) is left to the firing: a problem here is one at any moment.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from momenta_cli.engine.core import (
    AddFighter,
    AddNote,
    Command,
    EncounterSpec,
    Fight,
    OnesRoller,
    ScheduledEvent,
    Session,
    apply_all,
    candidates,
    closest_names,
    decide,
    did_you_mean,
    find_fighter,
)
from momenta_cli.errors import MomentaError, RuleError
from momenta_cli.language import event_command

if TYPE_CHECKING:
    from momenta_cli.engine.geometry import Board

# The kind of a command's field, by the field's name: what it must name.
FIELD_KINDS = {
    "target": "combatant", "attacker": "combatant", "grabber": "combatant",
    "first": "combatant", "second": "combatant", "name": "combatant",
    "square": "square", "at": "square", "via": "square",
    "condition": "condition", "weapon": "weapon",
}
# The exceptions, by (command class name, field): None is a field of no kind here.
_OWN_KINDS: dict[tuple[str, str], str | None] = {
    ("AddFighter", "name"): None,  # the newcomer's own name
    ("FireEvent", "name"): None,
    ("SetDoor", "square"): "door",
}


def line_problems(events: tuple[ScheduledEvent, ...], encounter: EncounterSpec | None
                  ) -> list[str]:
    """Every line of ``events`` that does not read as a command of the fight, or names a
    combatant, square, door, condition or weapon ``encounter`` has not (a combatant any
    event's ``add`` brings in counts), as ``FILE:LINE:COL: events[I].do[J]: 'LINE':
    message`` (``momenta validate``)."""
    commands: list[tuple[str, str, Command]] = []
    out = []
    for i, sched in enumerate(events):
        for j, (line, at) in enumerate(zip(sched.lines, sched.lines_at, strict=False)):
            at = f"{at}: events[{i}].do[{j}]"
            try:
                command = event_command(sched, line, j)
            except RuleError as err:
                why = str(err).split(f"'{line}': ", 1)[-1]
                out.append(f"{at}: '{line}': {why}")
                continue
            if sched.trigger.kind == "combat_ends" and not isinstance(command, AddNote):
                out.append(f"{at}: '{line}': after the combat's end an event runs notes "
                           "only")
            commands.append((line, at, command))
    if encounter is None:
        return out
    # on paper without the map: a newcomer's square is the moment's (one taken now may
    # be free then), its name is not; the squares are checked on the file's map
    fight = Session(dataclasses.replace(encounter, board=None)).initial
    for line, at, command in commands:
        problem = _problem(fight, encounter.board, command)
        if problem is None and isinstance(command, AddFighter):
            fight = _with_newcomers(fight, command)
        if problem is not None:
            out.append(f"{at}: '{line}': {problem}")
    return out


def _with_newcomers(fight: Fight, add: AddFighter) -> Fight:
    """``fight`` with the combatants ``add`` makes (``add footpad as Wallman x2``:
    Wallman-1, Wallman-2), so the later lines may name them."""
    try:
        return apply_all(fight, decide(fight, dataclasses.replace(add, at=None),
                                       OnesRoller()))
    except MomentaError:
        return fight  # refused on paper (a name taken...): the firing says why


def _problem(fight: Fight, board: Board | None, command: Command) -> str | None:
    """The first field of ``command`` that names what ``fight`` (or the map ``board``)
    has not, said."""
    for kind, text, owner in _fields(command):
        try:
            _check(fight, board, kind, text, owner)
        except MomentaError as err:
            return str(err)
    return None


def _fields(command: Any) -> Iterator[tuple[str, str, Any]]:
    """``(kind, text, command)`` for every field of a kind in ``command`` and the
    commands and shapes inside it (an attack's counter, a move's reactions, an area)."""
    cls = type(command).__name__
    for f in dataclasses.fields(command):
        value = getattr(command, f.name)
        kind = _OWN_KINDS.get((cls, f.name), FIELD_KINDS.get(f.name))
        if cls == "AddFighter" and f.name == "block" and command.copy:
            kind = "combatant"  # add copy NAME
        if cls == "ChangeCondition" and f.name == "condition" and command.new:
            kind = None  # a condition made up at the table
        values = value if isinstance(value, tuple) else (value,)
        for v in values:
            if dataclasses.is_dataclass(v) and not isinstance(v, type):
                yield from _fields(v)
            elif kind is not None and isinstance(v, str):
                yield kind, v, command


def _check(fight: Fight, board: Board | None, kind: str, text: str, owner: Any) -> None:
    """Refuse (``RuleError``) ``text`` when it names no ``kind`` of ``fight``."""
    if kind == "combatant":
        find_fighter(fight, text)
    elif kind in ("square", "door"):
        _square(board, text, door=kind == "door")
    elif kind == "condition":
        from momenta_cli.engine.harm import resolve_condition

        resolve_condition(fight, text)
    elif kind == "weapon":
        _weapon(fight, text, owner)


def _square(board: Board | None, text: str, *, door: bool) -> None:
    from momenta_cli.engine.battlefield import no_map, square_of
    from momenta_cli.engine.geometry import map_size, square_name

    if board is None:
        raise no_map(f"there is no square {text}")
    sq = square_of(text)
    if not board.on(sq):
        raise RuleError(f"{square_name(sq)} is off the map ({map_size(board)})")
    if door and board.at(sq).kind != "door":
        raise RuleError(f"{square_name(sq)} is not a door (it is {board.at(sq).kind})")


def _weapon(fight: Fight, text: str, owner: Any) -> None:
    """The attacker's weapon when the line names the attacker; any combatant's (or the
    Unarmed Attack) when the attacker is whoever's turn it is then."""
    from momenta_cli.engine.attack import UNARMED, pick_weapon

    attacker = getattr(owner, "attacker", None)
    if attacker is not None:
        pick_weapon(find_fighter(fight, attacker), text)
        return
    names = sorted({w.name for f in fight.fighters.values() for w in f.spec.weapons}
                   | set(fight.encounter.weapons) | {UNARMED})
    if not candidates(names, text, words=True):
        near = closest_names(text, names)
        raise RuleError(f"no weapon {text!r} among the combatants' and the encounter's"
                        + (f": {did_you_mean(near)}" if near else ""))
