"""What a preview found: the line's cost and whether it is allowed, and for an attack
each roll's pool, the target's open reactions with their cost and pool, and the damage
tiers after Guard, resistance and weakness."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from momenta_cli.engine.core import Event, Pool
from momenta_cli.odds import Odds

if TYPE_CHECKING:
    from momenta_cli.engine.movement import Route


@dataclass(frozen=True)
class Paid:
    """A payment the command would make: Vigor (``cost``, ``vigor_from`` -> ``vigor_to``),
    or for an enemy one of its ``limit`` maneuvers this turn (R7)."""

    name: str
    what: str
    cost: int
    vigor_from: int
    vigor_to: int
    enemy_limit: int | None = None  # an enemy pays with its maneuver count (R7)
    free_move: bool = False


@dataclass(frozen=True)
class RollPreview:
    """One roll of the attack as the engine would make it (counters first, R27): the
    attacker's pool with every modifier and the defense declared against it."""

    attacker: str
    target: str
    maneuver: str
    weapon: str
    mode: str
    location: str
    types: tuple[str, ...]
    pool: Pool
    auto: int | None
    defense: str | None = None
    defense_pool: Pool = Pool()
    defense_auto: int | None = None


@dataclass(frozen=True)
class ReactionOption:
    """A reaction the target may still declare: the words that declare it on the line
    (``dodge``, ``deflect=Buckler``, ``counter with Rapier``), its pool and its cost in
    Vigor (None for an enemy's scripted defense, which costs a use: ``uses``)."""

    words: str
    label: str
    pool: Pool
    auto: int | None
    cost: int | None
    uses: str = ""  # "2 of 2 left this round" for a scripted defense
    declared: bool = False


@dataclass(frozen=True)
class Tier:
    """One net-success count: the weapon's tier and what reaches Vitality (Strain) after
    Guard, resistance, weakness and a declared Brace, without Solid Hit (R5, R9)."""

    net: int
    tier: int
    amount: int
    slot: bool
    down: bool


@dataclass(frozen=True)
class Against:
    """One target of the attack: its reactions, and what the damage does to it."""

    name: str
    weapon: str
    options: tuple[ReactionOption, ...]
    brace_open: bool  # it may Brace when damage is about to reach it (ch19)
    braces: bool  # it Braces, as written on the line
    deals_damage: bool
    tiers: tuple[Tier, ...] = ()
    overflow: int = 0  # damage per net success past the last tier
    strain: bool = False
    guard: int = 0
    unsoaked: str = ""
    resisted: tuple[str, ...] = ()
    weak: tuple[str, ...] = ()
    solid: bool = False  # Solid Hit may add to the tier (R5)
    current: int | None = None
    maximum: int | None = None
    chance: Odds | None = None  # None when the roll is typed or not one to count


@dataclass(frozen=True)
class LinePreview:
    """A previewed line: ``refusal`` says why the command is not allowed (None: it is);
    ``events`` is what the throwaway decision produced, ``rolled`` the dice it rolled
    (thrown away). ``says`` is what a session line (undo, help, ...) would do."""

    line: str
    refusal: str | None = None
    paid: tuple[Paid, ...] = ()
    events: tuple[Event, ...] = ()
    rolled: int = 0
    attack: bool = False
    rolls: tuple[RollPreview, ...] = ()
    against: tuple[Against, ...] = ()
    says: str | None = None
    # an attack on several targets (R22): "one" (a weapon: one roll for them all),
    # "each" (a spell: a roll per target), "" (one target)
    area: str = ""
    # a movement on the map: its route, to list what the path meets (R35) as ``path``
    # does, and the (reactor, reaction) pairs the line names
    route: Route | None = None
    written: tuple[tuple[str, str], ...] = ()
    # the encounter's scheduled events the line would set off (engine/schedule/timing.py
    # ``due``), in the order they would fire; left empty in the players' view and for an
    # attack decided with the preview's own dice (one throw of them is no outcome)
    sets_off: tuple[str, ...] = ()

    @property
    def allowed(self) -> bool:
        return self.refusal is None
