"""Move, Shift, jumps and falls (ch19 Movement, Vertical Jump, Falling, Grab; R4, R23,
R24): the commands, deciding them without a map, with the medium a combatant moves in.
How far each goes (speeds, difficult squares, a fall's damage) is in
``engine/movement/distances.py``; the events they record in
``engine/movement/movement_events.py``; who holds whom in ``engine/movement/grabs.py``;
movement square by square on a map in ``engine/movement/walk.py``."""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.actions import pay_maneuver
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
)
from momenta_cli.engine.movement.distances import (
    TERRAINS,
    check_shift,
    draggees,
    fall_damage,
    fall_squares,
    jump_height,
    move_budget,
    shift_speed,
    squares_needed,
)
from momenta_cli.engine.movement.movement_events import Dragged, Fell, Moved, TerrainSet
from momenta_cli.errors import RuleError
from momenta_cli.text import squares_text


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


# --- helpers ---------------------------------------------------------------------------


def _grab_lock(fight: Fight, f: Fighter, squares: int) -> list[Event]:
    """ch19 Grab: neither side moves unless it is the bigger one, which drags the other."""
    return [Dragged(other.name, f.name, squares) for other in draggees(fight, f)]


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
