"""How far a combatant moves (ch19 Movement, Shift, Vertical Jump, Falling, Grab, Climb,
Swim; R4, R23): speeds, a Move's budget in the medium it moves in, the lockouts on a
Shift, who a grab drags along, a fall's damage. Plain rules, no command and no event:
planning a route on the map (engine/movement/walk.py, ``momenta path``) reads them
without loading the Move and Shift commands (engine/movement/move_shift.py), which
share them."""

from __future__ import annotations

from momenta_cli.engine.actions import check_can_maneuver
from momenta_cli.engine.core import Fight, Fighter, size_rank
from momenta_cli.engine.movement import grabs
from momenta_cli.errors import RuleError

FORCED = "forced"  # how one moves on a Shove or being dragged (ch19 Movement), not Move/Shift
# --- how far (ch19 Movement, Vertical Jump, Falling; R4, R23) ----------------------------

TERRAINS = ("", "climb", "swim")


def speed(f: Fighter) -> int:
    """SPD, halved (minimum 1, R4) while Hindered (ch19 Movement, condition table)."""
    spd = f.spec.attr("SPD")
    return max(spd // 2, 1) if f.has("Hindered") else spd


def shift_speed(f: Fighter) -> int:
    """ch19 Shift: half SPD, minimum 1 (R4). Ours: R4's minimum of 1 applies to a
    positive SPD only: a creature with SPD 0 does not move (its Move goes 0 squares), so
    its Shift goes 0 squares too, not 1."""
    spd = f.spec.attr("SPD")
    return max(spd // 2, 1) if spd > 0 else 0


def jump_height(f: Fighter) -> int:
    """ch19 Vertical Jump: 1 + POW/2 squares, rounded down (R4)."""
    return 1 + f.spec.attr("POW") // 2


def squares_needed(squares: int, difficult: int) -> int:
    """ch19 Movement: each difficult square costs double."""
    return squares + difficult


def fall_squares(f: Fighter, squares: int) -> int:
    """R23 / ch19 Falling: the squares that count, after subtracting AGI."""
    return max(squares - f.spec.attr("AGI"), 0)


def fall_damage(f: Fighter, squares: int) -> int:
    """R23 / ch19 Falling: 2 untyped damage per square after subtracting AGI."""
    return 2 * fall_squares(f, squares)


def draggees(fight: Fight, f: Fighter) -> list[Fighter]:
    """ch19 Grab: whom ``f`` drags along when it moves (the smaller side of each grab it
    is part of); refused when it is not the bigger one of a grab, as neither may then
    move."""
    out: list[Fighter] = []
    for grabber, target in grabs.grab_partners(fight, f):
        other = target if grabber.name == f.name else grabber
        mine, theirs = f.spec.size, other.spec.size
        if size_rank(mine) <= size_rank(theirs):
            how = "holds" if grabber.name == f.name else "is Grabbed by"
            if size_rank(mine) < size_rank(theirs):
                who = (f"{other.name} is bigger (SIZE {theirs} vs {mine}): only "
                       f"{other.name} may move, dragging {f.name}")
            else:
                who = f"neither is bigger (both SIZE {mine}), so neither may move"
            raise RuleError(f"{f.name} {how} {other.name}: {who}; release, shake it off "
                            "or 'apart' first (ch19 Grab)")
        out.append(other)
    return out


def move_budget(f: Fighter, terrain: str) -> tuple[int, str]:
    """ch19 Movement: the squares one Move covers in ``terrain`` and why: SPD, half SPD
    (min 1) while Hindered, 1 while climbing (ch19 Climb)."""
    if terrain == "climb":
        return 1, "climbing: 1 square per Move"
    return speed(f), "half SPD while Hindered" if f.has("Hindered") else "SPD"


def check_shift(fight: Fight, f: Fighter, terrain: str) -> None:
    """ch19 Shift: its turn and the lockouts first, then no Shift while Hindered
    (ch19 Movement), climbing (ch19 Climb) or swimming (ch19 Swim)."""
    check_can_maneuver(fight, f, "Shift")
    shift_lockouts(f, terrain)


def shift_lockouts(f: Fighter, terrain: str) -> None:
    """The reasons ``f`` may not Shift whoever's turn it is (``check_shift`` without the
    turn's own checks; a preview asks this)."""
    if f.has("Hindered"):
        raise RuleError(f"{f.name} is Hindered and cannot Shift (ch19 Movement)")
    if terrain == "climb":
        raise RuleError(f"{f.name} is climbing and cannot Shift (ch19 Climb)")
    if terrain == "swim":
        raise RuleError(f"{f.name} is swimming and cannot Shift (ch19 Swim)")
