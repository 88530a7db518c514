"""Resolved, immutable descriptions of an encounter as the engine sees it.

The encounter package turns a YAML file into these (filling every derived value); the
engine never looks at the file format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from momenta_cli.engine.geometry import Board, Square
from momenta_cli.rules import DEFAULT_SETTINGS, Settings

SIDES = ("allies", "adversaries", "independents")
ATTRIBUTES = ("POW", "AGI", "REA", "INS", "PRE", "LUCK", "BODY", "MIND", "SOUL", "SPD", "SEN")
THREAT_CLASSES = ("Grunt", "Regular", "Elite", "Champion", "Nemesis")
# R7: per threat class, turns per round and Wound slots.
ENEMY_TURNS = {"Grunt": 1, "Regular": 1, "Elite": 1, "Champion": 2, "Nemesis": 3}
ENEMY_WOUNDS = {"Grunt": 0, "Regular": 0, "Elite": 1, "Champion": 2, "Nemesis": 3}
# R6: the attributes of a stat block that gives none (BODY, MIND, SOUL are derived)
BASE_ATTRIBUTES = {"POW": 0, "AGI": 0, "REA": 0, "INS": 0, "PRE": 0, "LUCK": 0,
                   "SPD": 5, "SEN": 10}


def enemy_vitality_strain(threat: str, body: int, mind: int, soul: int) -> tuple[int, int]:
    """Max Vitality and Max Strain of an enemy that does not give them: a Grunt's 10 and
    4 (R7), else (BODY + 3) x 3 and MIND + SOUL + 3 (R6). The encounter loader and the
    combatants made up at the table both ask."""
    if threat == "Grunt":
        return 10, 4
    return (body + 3) * 3, mind + soul + 3
FLAG_TAGS = ("Reflexive", "Deflect", "Shield", "Indefensible", "Imprecise", "Seeking",
             "Penetrating", "Cumbersome", "Area", "Spell", "Touch")


# R31 (draft 05): the one-square sizes, smallest first; SIZE N >= 2 is N x N squares.
ONE_SQUARE_SIZES = ("1T", "1S", "1M", "1L")
MAX_SIZE = 20
# The fastest a creature goes (SPD, ch19 Movement): a Move of 99 squares searches at most
# 199 x 199 positions of a map, well within the largest map (702 x 999) and its budget
# (geometry/budget.py). A SIZE 20 creature takes 20 x 20 squares, which any map of that
# size holds.
MAX_SPD = 99
# The most combatants a fight holds (count: included, reinforcements too). Far above any
# table's fight, and low enough that every screen stays quick: a status table or an
# encounter's tables of 10,000 rows take Rich several seconds to draw.
MAX_COMBATANTS = 1000
SIZE_HELP = ("SIZE is 1T, 1S, 1M or 1L (one square: tiny, small, medium, large) or 2, 3, "
             f"4, ... up to {MAX_SIZE} (N x N squares); a bare 1 reads as 1M")


def parse_size(value: object) -> str | None:
    """SIZE as the draft writes it (R31): ``1T``, ``1S``, ``1M``, ``1L``, ``2``, ``3``, ...;
    a bare ``1`` is ``1M``. None when ``value`` is no SIZE."""
    if isinstance(value, bool):
        return None
    text = str(value).strip().upper()
    if text == "1":
        return "1M"
    if text in ONE_SQUARE_SIZES:
        return text
    if text.isascii() and text.isdigit() and 2 <= int(text) <= MAX_SIZE:
        return str(int(text))
    return None


def size_rank(size: str) -> int:
    """Where ``size`` stands in 1T < 1S < 1M < 1L < 2 < 3 < ... (R31), for "bigger"."""
    if size in ONE_SQUARE_SIZES:
        return ONE_SQUARE_SIZES.index(size)
    return len(ONE_SQUARE_SIZES) + int(size) - 2


class Weight(IntEnum):
    """Weapon weight classes, ordered (ch19 Deflect): Superheavy > Heavy > Medium > Light."""

    Light = 1
    Medium = 2
    Heavy = 3
    Superheavy = 4


@dataclass(frozen=True)
class DamageTable:
    """Damage by net successes (R3): ``tiers[i]`` for i successes, the last tier open-ended,
    plus ``overflow`` per success beyond the last tier."""

    tiers: tuple[int, ...]
    overflow: int = 0

    @staticmethod
    def first_drop(values: tuple[int, ...] | list[int]) -> int | None:
        """R3: damage never goes down with more net successes; the first tier (by net
        successes) that does, or None. The encounter loader and ``odds`` both ask."""
        return next((n for n in range(1, len(values)) if values[n] < values[n - 1]), None)

    def damage(self, net: int) -> int:
        last = len(self.tiers) - 1
        if net <= last:
            return self.tiers[max(net, 0)]
        return self.tiers[last] + self.overflow * (net - last)


@dataclass(frozen=True)
class WeaponSpec:
    """A weapon, an enemy's attack, or a spell: anything that rolls against a target.

    ``damage_types`` all apply together (a multi-type attack); ``type_options`` are
    alternatives the attacker picks from (a ``Slashing/Piercing`` tag).
    ``pool`` is an enemy's printed pool, used instead of an attribute; ``cost`` a spell's
    Vigor cost from the data.
    """

    name: str
    damage: DamageTable
    weight: Weight = Weight.Medium
    attribute: str = "POW"  # POW, AGI, "either", or any attribute name
    damage_types: tuple[str, ...] = ()
    type_options: tuple[str, ...] = ()
    melee: int | None = 1
    range: int | None = None
    flags: frozenset[str] = frozenset()
    other_tags: tuple[str, ...] = ()
    strain: bool = False
    pool: int | None = None
    note: str = ""
    cost: int | None = None  # a spell's Vigor cost (Cast a Spell); None: the default 2

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def is_melee(self) -> bool:
        return self.melee is not None

    @property
    def is_ranged(self) -> bool:
        return self.range is not None


@dataclass(frozen=True)
class DefenseSpec:
    """An enemy's scripted defense (R7): a pool opposing some attacks, N uses per round."""

    name: str
    pool: int
    against: str = "melee"  # melee | ranged | any | spell
    uses: int = 1


@dataclass(frozen=True)
class LocationSpec:
    """A hit location (ch20 Hit Locations, R19); ``penalty`` in dice, ``wound_effect`` the
    condition an enemy's Wound from a hit here gives."""

    name: str
    penalty: int = 0
    wound_effect: str | None = None
    effect: str = ""


STANDARD_LOCATIONS = ("Mass", "Edge", "Mark")

# R37 (ch19 "two notable reactions available via the Warrior archetype"): the reactions a
# stat block must grant; Dodge, Brace, Intercept and Forestall are every character's.
WARRIOR_REACTIONS = ("Deflect", "Counterattack")
ARCHETYPES = {"Warrior": WARRIOR_REACTIONS}  # the archetypes whose reactions ch19 names


def ally_locations(given: tuple[LocationSpec, ...], edge_penalty: int, mark_penalty: int
                   ) -> tuple[LocationSpec, ...]:
    """ch20 Hit Locations, R19: every ally has Mass, Edge and Mark. Those it lists keep
    what the list says; missing ones get the default penalties; extra locations follow."""
    penalty = {"Mass": 0, "Edge": edge_penalty, "Mark": mark_penalty}
    by_name = {loc.name: loc for loc in given}
    three = [by_name.get(n) or LocationSpec(n, penalty[n]) for n in STANDARD_LOCATIONS]
    return (*three, *(loc for loc in given if loc.name not in STANDARD_LOCATIONS))


@dataclass(frozen=True)
class CombatantSpec:
    """Everything fixed about one combatant, every derived value already filled in."""

    name: str
    side: str
    attributes: dict[str, int]
    max_vitality: int
    max_guard: int
    max_vigor: int
    max_strain: int
    max_resolve: int
    consumables: int
    wound_slots: int
    burden_slots: int
    turns: int = 1
    threat: str | None = None
    maneuvers: int = 1
    locations: tuple[LocationSpec, ...] = (
        LocationSpec("Mass"), LocationSpec("Edge", 2), LocationSpec("Mark", 3),
    )
    resistances: frozenset[str] = frozenset()
    weaknesses: frozenset[str] = frozenset()
    immunities: frozenset[str] = frozenset()
    weapons: tuple[WeaponSpec, ...] = ()
    defenses: tuple[DefenseSpec, ...] = ()
    armor_penalty: int = 0
    size: str = "1M"  # R31, as the draft writes it
    start: dict[str, int] = field(default_factory=dict)
    conditions: tuple[tuple[str, int], ...] = ()
    notes: str = ""
    # R37: the reactions beyond everyone's its stat block grants (an ``archetype:
    # Warrior`` or ``reactions:`` in the file), from ``WARRIOR_REACTIONS``
    reactions: frozenset[str] = frozenset()
    archetype: str | None = None
    # Where it stands when the fight starts, on an encounter with a map: the top-left
    # square of its footprint (R31). None without a map (and on a stat block).
    position: Square | None = None
    # R38: what an ally carries in from the last fight (the encounter's ``party:`` file):
    # the conditions of its filled Wound and Burden slots, and "Defeated" or "Lost" when
    # it left that fight so ("" otherwise). Its numbers are in ``start``, its conditions in
    # ``conditions``.
    wounds: tuple[str, ...] = ()
    burdens: tuple[str, ...] = ()
    down: str = ""

    @property
    def is_enemy(self) -> bool:
        """R7: a combatant with a threat class uses an enemy stat block."""
        return self.threat is not None

    def attr(self, name: str) -> int:
        return self.attributes.get(name, 0)

    def weapon(self, name: str) -> WeaponSpec | None:
        for w in self.weapons:
            if w.name.lower() == name.lower():
                return w
        return None

    def location(self, name: str) -> LocationSpec | None:
        for loc in self.locations:
            if loc.name.lower() == name.lower():
                return loc
        return None


# What an event's trigger may be (engine/schedule/timing.py says when each is due):
TRIGGER_KINDS = ("round_starts", "round_ends", "first_turn", "defeated", "half_vitality",
                 "enters", "combat_ends")


@dataclass(frozen=True)
class EventTrigger:
    """When a scheduled event is due (docs/encounter-format.md, Events).

    ``kind`` is one of ``TRIGGER_KINDS``. ``rounds`` (round_starts, round_ends,
    first_turn) is ``(first, repeats)``: round ``first`` only, or every round from it
    when ``repeats``; None: every round. ``side``: the side whose first turn of a round
    it is (first_turn); ``who``: the combatant named (defeated, half_vitality), or who may
    set it off by entering (enters: a name, a side, or "" for anyone); ``squares``: the
    squares entered (enters)."""

    kind: str
    rounds: tuple[int, bool] | None = None
    side: str = ""
    who: str = ""
    squares: tuple[Square, ...] = ()

    def takes_round(self, number: int) -> bool:
        """Whether round ``number`` is one of the trigger's rounds."""
        if self.rounds is None:
            return True
        first, repeats = self.rounds
        return number >= first if repeats else number == first


@dataclass(frozen=True)
class ScheduledEvent:
    """One event of the encounter's ``events:`` (R38's neighbour, ours): when it is due
    (``trigger``), the command-language lines it runs (``lines``, decided in turn when it
    fires), the read-aloud text ``say`` (for the players' screen too when ``players``),
    whether it fires at most once, and whether the prompt asks the GM first (``ask``).
    ``source`` is where the file defines it (``FILE:LINE``); ``lines_at`` where each line
    is (``FILE:LINE:COL``), for the GM's messages."""

    name: str
    trigger: EventTrigger
    lines: tuple[str, ...] = ()
    say: str = ""
    players: bool = False
    once: bool = True
    ask: bool = False
    source: str = ""
    lines_at: tuple[str, ...] = ()
    when: str = ""  # the trigger in words ("round 2 starts"), for the log and the prompt


@dataclass(frozen=True)
class EncounterSpec:
    """A loaded encounter: its combatants in file order, the settings, and the libraries
    (weapons and stat blocks by name) a GM may draw on mid-fight."""

    name: str
    combatants: tuple[CombatantSpec, ...]
    settings: Settings = DEFAULT_SETTINGS
    description: str = ""
    weapons: dict[str, WeaponSpec] = field(default_factory=dict)
    stat_blocks: dict[str, CombatantSpec] = field(default_factory=dict)
    extra_conditions: tuple[tuple[str, int | None, str, tuple[str, ...], str], ...] = ()
    source: str = ""
    board: Board | None = None  # the battlefield (the file's ``map:``); None: no map (R28)
    # The encounter's scheduled events, in file order (``events:``); the party file its
    # allies' state came from (``party:``, R38), as the file names it ("" for none).
    events: tuple[ScheduledEvent, ...] = ()
    party: str = ""

    def event(self, name: str) -> ScheduledEvent | None:
        """The scheduled event called ``name`` (without case), or None."""
        low = name.casefold()
        return next((e for e in self.events if e.name.casefold() == low), None)
