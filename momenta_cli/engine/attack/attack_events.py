"""The events of an attack's roll and its damage (ch20 Attacking; R2, R3, R5, R8, R9), on
their own so that reading a journal needs none of the code that decides an attack
(``engine/attack/resolution.py``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from momenta_cli.engine.core import Event, Pool, Roll, read_roll

if TYPE_CHECKING:
    from momenta_cli.engine.core import Fight


@dataclass(frozen=True)
class AttackRolled(Event):
    """An attack's roll against the target's defense (ch20 steps 1-2, R2, R3): the pool
    with every modifier, the dice, and the net successes. Changes no number itself."""

    kind: ClassVar[str] = "attack_rolled"
    touches_round: ClassVar[bool] = False
    attacker: str
    target: str
    maneuver: str
    weapon: str
    mode: str  # "melee" or "ranged"
    location: str
    types: tuple[str, ...]
    pool: Pool
    roll: Roll
    defense: str | None = None
    defense_pool: Pool = Pool()
    defense_roll: Roll | None = None
    net: int = 0
    situation: tuple[str, ...] = ()  # what the map said (engine/attack/map_attack.py)
    readers: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "pool": Pool.read, "roll": Roll.from_dict, "defense_pool": Pool.read,
        "defense_roll": read_roll}

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if not self.situation:  # no map: written as it always was
            del out["situation"]
        return out

    @property
    def deals_damage(self) -> bool:
        """Whether this attack deals damage (ch19: Grab, Shove and Feint have an effect
        instead); derived from ``maneuver``, so journals of any age agree."""
        from momenta_cli.engine.attack.attack_names import EFFECTS  # no deciding code

        return self.maneuver not in EFFECTS

    def apply(self, fight: Fight) -> None:
        return None


@dataclass(frozen=True)
class AttackDamage(Event):
    """How the net successes became damage (R3, R5, R8, R9): the tier, Solid Hit, what
    Guard soaked, resistance or weakness, and what reaches Vitality (or Strain). The
    numbers change through the ResourceSet and Wound events that follow it."""

    kind: ClassVar[str] = "attack_damage"
    touches_round: ClassVar[bool] = False
    target: str
    weapon: str
    net: int
    tier: int
    solid: int = 0
    strain: bool = False
    guard: int = 0
    unsoaked: str = ""  # why Guard soaked nothing: "Penetrating" or "untyped"
    resisted: tuple[str, ...] = ()
    weak: tuple[str, ...] = ()
    amount: int = 0

    def apply(self, fight: Fight) -> None:
        return None
