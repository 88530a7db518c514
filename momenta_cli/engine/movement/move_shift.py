"""Move, Shift, jumps and falls (ch19 Movement, Vertical Jump, Falling, Grab; R4, R23,
R24): how far each goes (speeds, difficult squares, a fall's damage), and deciding them
without a map, with the medium a combatant moves in. The events they record are in
``engine/movement/movement_events.py``; who holds whom in ``engine/movement/grabs.py``;
movement square by square on a map in ``engine/movement/walk.py``, which shares the
helpers here."""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.actions import check_can_maneuver, pay_maneuver
from momenta_cli.engine.core import (
    Command,
    Event,
    Fight,
    Fighter,
    Roller,
    actor,
    apply_all,
    find_fighter,
    handles,
    size_rank,
)
from momenta_cli.engine.movement import grabs
from momenta_cli.engine.movement.movement_events import Dragged, Fell, Moved, TerrainSet
from momenta_cli.errors import RuleError
from momenta_cli.text import squares_text

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


@dataclass(frozen=True)
class Move(Command):
    """``squares`` moved (``difficult`` of them difficult terrain); ``terrain`` sets the
    medium ("" ground, "climb", "swim"; None keeps the current one); ``jump`` = vertical."""

    name: str | None
    squares: int
    difficult: int = 0
    terrain: str | None = None
    jump: bool = False


@dataclass(frozen=True)
class Shift(Command):
    name: str | None
    squares: int
    difficult: int = 0


@dataclass(frozen=True)
class Fall(Command):
    name: str
    squares: int


@dataclass(frozen=True)
class SetTerrain(Command):
    name: str
    terrain: str


# --- helpers (the map's movement, engine/movement/walk.py, shares them) ----------------------


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


def _grab_lock(fight: Fight, f: Fighter, squares: int) -> list[Event]:
    """ch19 Grab: neither side moves unless it is the bigger one, which drags the other."""
    return [Dragged(other.name, f.name, squares) for other in draggees(fight, f)]


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


def fall_events(fight: Fight, f: Fighter, squares: int, roller: Roller) -> list[Event]:
    """R23 / ch19 Falling: the fall and its damage, 2 untyped per square after
    subtracting AGI (untyped damage skips Guard), worked out on ``fight`` as it is."""
    from momenta_cli.engine.harm import deal_harm  # not for planning a path (start-up)

    amount = fall_damage(f, squares)
    events: list[Event] = [Fell(f.name, squares, f.spec.attr("AGI"), amount,
                                   fall_squares(f, squares))]
    return events + deal_harm(fight, f, amount, roller, reason="fall")


# --- deciders --------------------------------------------------------------------------


@handles(Move)
def move(fight: Fight, cmd: Move, roller: Roller) -> list[Event]:
    """ch19 Move: first each turn free, then 2 Vigor; up to SPD squares (half, min 1, while
    Hindered), difficult squares count double, climbing 1 square per Move, vertical jump
    1 + POW/2; swimming doubles the cost (R24)."""
    from momenta_cli.engine.harm import reminder_events  # not for planning a path (start-up)

    f = actor(fight, cmd.name)
    if cmd.squares < 1:
        raise RuleError("a Move covers at least 1 square")
    if not 0 <= cmd.difficult <= cmd.squares:
        raise RuleError("difficult squares must be between 0 and the squares moved")
    terrain = f.terrain if cmd.terrain is None else cmd.terrain
    if terrain not in TERRAINS:
        raise RuleError(f"unknown terrain {terrain!r}")
    events: list[Event] = []
    if terrain != f.terrain:
        events.append(TerrainSet(f.name, f.terrain, terrain))
    # The cost is paid in the medium moved in (R24: swimming doubles it)
    scratch = apply_all(fight.draft(), events)
    me = scratch.get(f.name)
    events += pay_maneuver(scratch, me, "Move", 2, is_move=True)
    if cmd.jump:
        budget = jump_height(f)
        if cmd.squares > budget:
            raise RuleError(f"{f.name} can jump {squares_text(budget)} up (1 + POW/2, ch19 "
                            "Vertical Jump)")
    else:
        budget, why = move_budget(f, terrain)
        need = squares_needed(cmd.squares, cmd.difficult)
        if need > budget:
            extra = f" ({cmd.difficult} difficult, counted double)" if cmd.difficult else ""
            raise RuleError(f"{f.name} can Move {squares_text(budget)} ({why}); "
                            f"{squares_text(cmd.squares)}{extra} would need {need} (ch19 "
                            "Movement)")
    events.append(Moved(f.name, "Move", cmd.squares, budget, cmd.difficult, terrain,
                           cmd.jump))
    events += _grab_lock(fight, f, cmd.squares)
    return events + reminder_events(fight, f)


@handles(Shift)
def shift(fight: Fight, cmd: Shift, roller: Roller) -> list[Event]:
    """ch19 Shift: 2 Vigor, half SPD (min 1), provokes no reactive attacks; not while
    Hindered, climbing or swimming."""
    from momenta_cli.engine.harm import reminder_events  # not for planning a path (start-up)

    f = actor(fight, cmd.name)
    if cmd.squares < 1:
        raise RuleError("a Shift covers at least 1 square")
    if not 0 <= cmd.difficult <= cmd.squares:
        raise RuleError("difficult squares must be between 0 and the squares moved")
    check_shift(fight, f, f.terrain)  # its turn, Broken, full turn: the first reasons
    events = pay_maneuver(fight, f, "Shift", 2)
    budget = shift_speed(f)
    need = squares_needed(cmd.squares, cmd.difficult)
    if need > budget:
        raise RuleError(f"{f.name} can Shift {squares_text(budget)} (half SPD); "
                        f"{squares_text(cmd.squares)} would need {need} (ch19 Shift)")
    events.append(Moved(f.name, "Shift", cmd.squares, budget, cmd.difficult, f.terrain))
    events += _grab_lock(fight, f, cmd.squares)
    return events + reminder_events(fight, f)


@handles(Fall)
def fall(fight: Fight, cmd: Fall, roller: Roller) -> list[Event]:
    """R23 / ch19 Falling: 2 untyped damage per square fallen after subtracting AGI;
    untyped damage skips Guard."""
    f = find_fighter(fight, cmd.name)
    if cmd.squares < 1:
        raise RuleError("a fall is at least 1 square")
    if f.out:
        raise RuleError(f"{f.name} is out of the fight")
    return fall_events(fight, f, cmd.squares, roller)


@handles(SetTerrain)
def set_terrain(fight: Fight, cmd: SetTerrain, roller: Roller) -> list[Event]:
    """The GM says a fighter is now on the ground, climbing or swimming (ch19 Movement)."""
    f = find_fighter(fight, cmd.name)
    if cmd.terrain not in TERRAINS:
        raise RuleError("terrain is ground, climb or swim")
    if cmd.terrain == f.terrain:
        raise RuleError(f"{f.name} is already {_terrain_word(f.terrain)}")
    return [TerrainSet(f.name, f.terrain, cmd.terrain)]


def _terrain_word(t: str) -> str:
    return {"": "on the ground", "climb": "climbing", "swim": "swimming"}[t]
