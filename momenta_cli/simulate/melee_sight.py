"""The simulator's ruling on melee through a wall (ch20 Line of Sight, R33).

The engine asks line of sight of ranged attacks and spells beyond Touch only; a melee
attack with none is allowed with a note, because whether the weapon "can reasonably
reach" is the GM's call (ch20). A simulation has no GM to make it, and no GM would let a
spear through a storehouse wall, so the simulator rules it out: on a map a melee attack
is taken only with a line of sight between the two (``geometry.sight.line_of_sight``),
unless the line itself says ``sight`` (a policy file standing in for the GM's word).
The built-in policies never list such an attack (``view.py``) and walk to a square in
reach with a line of sight instead (``approach.py``); the runner refuses one from any
policy (``fight.py``), as a refused command.
"""

from __future__ import annotations

from momenta_cli.engine.attack import MOVEMENT_REACTIONS, Attack, Plan, needs_sight
from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import Fight, Fighter
from momenta_cli.engine.geometry import GeometryTooComplex, line_of_sight


def blind_melee(fight: Fight, a: Fighter, t: Fighter, cmd: Attack, plan: Plan) -> bool:
    """Whether ``cmd`` (planned as ``plan``) is an attack the engine would make with no
    line of sight between ``a`` and ``t`` on the map, and the simulator refuses (module
    docstring). False without a map, with either off it, for an area (its shape stops at
    walls), for a movement reaction (measured where it triggered) and with ``sight``."""
    board = board_of(fight)
    if (board is None or cmd.sight or cmd.area is not None
            or cmd.maneuver in MOVEMENT_REACTIONS or needs_sight(plan.weapon, plan.mode)):
        return False  # ranged and spells: the engine itself refuses them without sight
    mine, theirs = squares_of(a), squares_of(t)
    if not mine or not theirs:
        return False
    try:
        return not line_of_sight(board, mine, theirs)
    except GeometryTooComplex:
        return False  # the map cannot tell: the engine's rule (melee needs no sight)
