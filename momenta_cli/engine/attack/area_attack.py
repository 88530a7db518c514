"""An Area attack aimed at the map (ch20 Area Attacks, R22): ``attack ... area burst 2
C5`` affects every creature with a square in the area, Hidden ones included, each
defending on its own. Here the area becomes the attack's targets: the main one and the
further ones (``Attack.also``), the shape that every other part of the engine, the
preview and the table's questions already know.

``aimed`` is idempotent: the targets written on the line (``for NAME`` with that one's
reactions) must be in the area, and come first in the order written; every other
creature in it follows in reading order (by row, then column, of its top-left square),
with no reaction declared. So the line the journal keeps, the attack with each target's
reactions written, decides the same attack again on replay.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from momenta_cli.engine.core import Note, actor, find_fighter
from momenta_cli.errors import RuleError

if TYPE_CHECKING:
    from momenta_cli.engine.attack.area_shape import Area
    from momenta_cli.engine.attack.plan import Attack
    from momenta_cli.engine.core import Fight, Fighter
    from momenta_cli.engine.geometry import Square

# The map's modules come in when an attack has an area: every attack asks ``aimed`` and
# ``area_note``, and most have none.

# a target's own part of the line: its reactions (and, for a spell, its roll)
_OWN = ("defense", "defense_with", "defense_typed", "brace", "counter")


def touched(fight: Fight, attacker: Fighter, area: Area, reach: int | None
            ) -> frozenset[Square]:
    """The squares ``area`` touches (geometry/areas.py), from ``attacker``'s squares for
    a line or a cone, ``reach`` squares long unless the area says how long."""
    from momenta_cli.engine.attack.map_attack import aim_square
    from momenta_cli.engine.battlefield import board_of, squares_of
    from momenta_cli.engine.geometry import burst_squares, cone_squares, line_squares

    board = board_of(fight)
    assert board is not None
    aim = aim_square(board, area)  # on the map and open, whatever the shape
    if area.shape == "burst":
        if area.size is None:
            raise RuleError("a burst needs its radius: area burst 2 C5")
        return burst_squares(board, aim, area.size)
    length = area.size if area.size is not None else reach
    if length is None or length < 1:
        raise RuleError(f"say how long the {area.shape} is: area {area.shape} 3 "
                        f"{area.square.upper()}")
    mine = squares_of(attacker)
    if aim in mine:
        raise RuleError(f"a {area.shape} needs a direction: aim it at a square other "
                        f"than {attacker.name}'s own")
    if area.shape == "line":
        return frozenset(line_squares(board, mine, aim, length))
    return cone_squares(board, mine, aim, length)


def caught(fight: Fight, squares: frozenset[Square]) -> list[Fighter]:
    """Every creature in the fight with a square in ``squares`` (Hidden ones too, ch20),
    the attacker too when it stands there (R22: "an area attack affects the space, not a
    chosen target"), in reading order of their top-left squares."""
    from momenta_cli.engine.battlefield import squares_of

    out = [f for f in fight.fighters.values()
           if not f.out and squares.intersection(squares_of(f))]
    return sorted(out, key=lambda f: (f.position[1], f.position[0]) if f.position else (0, 0))


def aimed(fight: Fight, cmd: Attack) -> Attack:
    """``cmd`` with its area turned into targets (see the module docstring); ``cmd``
    itself when it has no area. The attacker standing in its own area is one of the
    targets like any creature there (R22; it may not react to its own attack). Raises
    ``RuleError`` for an area off the map, with no creature in it, a weapon that is no
    Area attack, or a named target outside it."""
    area = cmd.area
    if area is None:
        return cmd
    from momenta_cli.engine.attack.plan import Attack, weapon_for
    from momenta_cli.engine.battlefield import board_of

    a = actor(fight, cmd.attacker)
    w = weapon_for(a, cmd)
    if not w.has("Area"):
        raise RuleError(f"{w.name} is not an Area attack: 'area' is for one (R22)")
    if board_of(fight) is None:
        raise RuleError("this fight has no map: name an Area attack's targets with "
                        "'for NAME' instead of 'area ...'")
    reach = w.range if w.range is not None else w.melee
    inside = caught(fight, touched(fight, a, area, reach))
    if not inside:
        raise RuleError(f"{area.text} touches no creature: nothing to attack")
    if not cmd.target and any(getattr(cmd, k) not in (None, False) for k in _OWN):
        raise RuleError(f"with 'area', a reaction belongs to a target: for NAME dodge "
                        f"({area.text} touches {', '.join(f.name for f in inside)})")
    parts = ([cmd] if cmd.target else []) + list(cmd.also)
    named: list[tuple[Fighter, Attack]] = []
    for x in parts:
        f = find_fighter(fight, x.target)
        if f.name not in {g.name for g in inside}:
            raise RuleError(f"{f.name} is not in the {area.text}: it touches "
                            + ", ".join(g.name for g in inside))
        if any(f.name == g.name for g, _ in named):
            raise RuleError(f"{f.name} is named twice")
        named.append((f, x))
    rest = [f for f in inside if f.name not in {g.name for g, _ in named}]
    first, *others = [(f.name, x) for f, x in named] + [(f.name, None) for f in rest]
    main_name, main_part = first
    own = {k: getattr(main_part, k) for k in _OWN} if main_part is not None else \
        {k: getattr(Attack(None, ""), k) for k in _OWN}
    if main_part is not None and main_part is not cmd and main_part.typed is not None:
        if cmd.typed is not None:
            raise RuleError("the roll is given twice")
        own["typed"] = main_part.typed
    also = tuple(replace(x, target=n) if x is not None else Attack(None, n)
                 for n, x in others)
    return replace(cmd, target=main_name, also=also, **own)


def area_note(fight: Fight, cmd: Attack) -> list[Note]:
    """The log line naming whom the area caught (ch20 Area Attacks), before the roll:
    ``Fireball, burst 2 at C5: Knife-1, Kira (the attacker, R22), Sneak (Hidden)``."""
    area = cmd.area
    if area is None:
        return []
    from momenta_cli.engine.attack.plan import weapon_for

    a = actor(fight, cmd.attacker)
    w = weapon_for(a, cmd)
    reach = w.range if w.range is not None else w.melee
    names = [f"{f.name} (Hidden)" if f.has("Hidden") else f.name
             for f in caught(fight, touched(fight, a, area, reach))]
    notes = [Note(f"{w.name}, {area.text}: {', '.join(names)} (ch20 Area Attacks)", a.name)]
    if a.name in names:
        notes.append(Note(f"{a.name} stands in its own {area.shape}: it is affected like "
                          "every creature there, and may not react to its own attack "
                          "(R22)", a.name))
    return notes

