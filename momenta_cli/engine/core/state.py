"""The fight's state: plain data, changed only by applying events.

``Fight.clone()`` is cheap and exact (specs are immutable and shared), which is what undo,
replay and the "refused command changes nothing" guarantee rely on.

Deciders work out what follows from the events so far on a ``Fight.draft()``: a copy
that copies a fighter only when an event is about to change it (copy on write), which is
what keeps a command cheap. For that, events change fighters only through
``Fight.get`` (a draft's ``get`` hands out the draft's own copy), never through a
fighter read straight from ``Fight.fighters``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TypeVar

from momenta_cli.engine.core.specs import CombatantSpec, EncounterSpec
from momenta_cli.engine.geometry import Square
from momenta_cli.rules import Settings


def other_side(side: str) -> str:
    """The opposite zipper side (ch18 Turn Order)."""
    return "adversaries" if side == "allies" else "allies"


@dataclass
class Cond:
    """Stacks of one condition on one combatant, with the source that inflicted it.

    ``hold`` means "survive the next end-of-turn clearing once" (R16: Surprise inflicted
    after the combatant acted lasts to the end of its next turn).
    """

    stacks: int
    source: str | None = None
    hold: bool = False

    def clone(self) -> Cond:
        """An independent copy (``ConditionChanged`` changes a Cond in place)."""
        return Cond(self.stacks, self.source, self.hold)


@dataclass
class Fighter:
    """One combatant's changing values; everything fixed lives in ``spec``."""

    spec: CombatantSpec
    vitality: int
    guard: int
    vigor: int
    strain: int
    resolve: int
    consumables: int
    conditions: dict[str, Cond] = field(default_factory=dict)
    wounds: list[str] = field(default_factory=list)
    burdens: list[str] = field(default_factory=list)
    defeated: bool = False
    lost: bool = False
    removed: bool = False
    turns_taken: int = 0  # this round
    turns_allowed: int = 1  # this round; lowered when extra turns are forgone
    # Per-turn bookkeeping, reset at the start of each of the fighter's turns.
    moves: int = 0
    maneuvers: int = 0
    full_turn: bool = False
    surged: bool = False
    deflected: list[str] = field(default_factory=list)
    # Per-round bookkeeping: uses of each scripted defense (R7).
    defense_uses: dict[str, int] = field(default_factory=dict)
    grabbing: list[str] = field(default_factory=list)  # names this fighter holds
    terrain: str = ""  # "", "swim" or "climb": the medium the fighter is moving in (ch19)
    # The fighter's last movement since the current turn (anyone's) started: "", "Move",
    # "Shift" or "forced", and who already made a reactive attack at it (ch19, R35).
    moved: str = ""
    answered_by: list[tuple[str, str]] = field(default_factory=list)  # (reactor, reaction)
    # On a map, the squares of that movement so far (its start first, then each top-left
    # square entered): where a reaction stated after it triggered (R35); () when unknown.
    trail: tuple[str, ...] = ()
    # On a map, the top-left square of the fighter's footprint (R31); None without a map.
    # Set at setup from the encounter, changed only by events (engine/battlefield/positions.py).
    position: Square | None = None
    # The spec's name and side, kept at hand: every name lookup and turn-order check reads
    # them (a property costs a call each time). Never compared: the spec is.
    name: str = field(init=False, repr=False, compare=False)
    side: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.name = self.spec.name
        self.side = self.spec.side

    @property
    def out(self) -> bool:
        """Out of the fight: Defeated, Lost or removed (takes no turns, R11, R17)."""
        return self.defeated or self.lost or self.removed

    @property
    def out_reason(self) -> str:
        """Why the fighter is out: "Lost", "Defeated", "removed", or "" while in the fight."""
        return ("Lost" if self.lost else "Defeated" if self.defeated
                else "removed" if self.removed else "")

    @property
    def turns_left(self) -> int:
        """Turns still to take this round (0 when out of the fight)."""
        if self.out:
            return 0
        return max(self.turns_allowed - self.turns_taken, 0)

    def stacks(self, condition: str) -> int:
        """Stacks of ``condition`` (0 when absent)."""
        c = self.conditions.get(condition)
        return c.stacks if c else 0

    def has(self, condition: str) -> bool:
        """Whether ``condition`` has at least one stack."""
        c = self.conditions.get(condition)
        return c is not None and c.stacks > 0

    @property
    def slowed(self) -> bool:
        """Acts in the Slowed phase: Slowed, or Surprised which includes Slowed (R12, R16)."""
        return self.has("Slowed") or self.has("Surprised")

    def clone(self) -> Fighter:
        """An independent copy of this fighter's changing state.

        Field by field: not ``dataclasses.replace``, which re-runs ``__init__``, nor a copy
        of ``__dict__``, as touching ``__dict__`` makes every later attribute access of
        both fighters slower (CPython keeps attributes inline until it is asked for).
        Numbers, strings and the shared immutable spec are copied as they are; each
        container events change in place gets its own copy. A new field must be added
        here: ``tests/test_engine_copies.py`` checks that every one is copied and no
        container shared."""
        new = object.__new__(Fighter)
        new.spec, new.name, new.side = self.spec, self.name, self.side
        new.vitality, new.guard, new.vigor = self.vitality, self.guard, self.vigor
        new.strain, new.resolve, new.consumables = self.strain, self.resolve, self.consumables
        new.conditions = {k: c.clone() for k, c in self.conditions.items()}
        new.wounds, new.burdens = self.wounds.copy(), self.burdens.copy()
        new.defeated, new.lost, new.removed = self.defeated, self.lost, self.removed
        new.turns_taken, new.turns_allowed = self.turns_taken, self.turns_allowed
        new.moves, new.maneuvers = self.moves, self.maneuvers
        new.full_turn, new.surged = self.full_turn, self.surged
        new.deflected = self.deflected.copy()
        new.defense_uses = self.defense_uses.copy()
        new.grabbing = self.grabbing.copy()
        new.terrain, new.moved = self.terrain, self.moved
        new.answered_by = self.answered_by.copy()  # of (str, str) tuples: immutable
        new.trail = self.trail  # a tuple: replaced, never changed
        new.position = self.position  # a tuple: replaced, never changed
        return new


F = TypeVar("F", bound="Fight")


@dataclass
class Fight:
    """The whole fight: round, whose turn runs, the zipper's memory, and every fighter."""

    encounter: EncounterSpec
    fighters: dict[str, Fighter]
    round: int = 1
    first_side: str = "allies"
    last_side: str = "adversaries"  # side of the last ally/adversary turn this round
    active: str | None = None
    active_turn: int = 0  # which of the active fighter's turns (1-based)
    over: bool = False
    over_reason: str = ""
    # Conditions the GM made up at the table (``cond NAME SOAKED new``): persistent, at
    # most 3 stacks, a reminder only. Known to this fight from the event that made them.
    table_conditions: tuple[str, ...] = ()
    # On a map, the doors opened or closed since the start ((square, open) pairs, sorted):
    # the encounter's Board stays as the file drew it (positions.board_of applies these).
    doors: tuple[tuple[Square, bool], ...] = ()
    # The encounter's once-only scheduled events that have fired (their names, in the
    # order they fired): set by the fired entry's event (engine/schedule/firing.py), so
    # undo, resume and replay put it back with everything else.
    fired: tuple[str, ...] = ()

    @property
    def settings(self) -> Settings:
        return self.encounter.settings

    def clone(self) -> Fight:
        """An independent copy to simulate on (specs are shared, being immutable)."""
        return self._copy({k: f.clone() for k, f in self.fighters.items()}, Fight)

    def draft(self) -> Draft:
        """A copy to apply events to, copying each fighter only when ``get`` first hands
        it out (copy on write), so that working out a command copies the few fighters it
        touches rather than all of them. ``self`` never changes through the draft.

        A fighter read straight from the draft's ``fighters`` (as ``names.find`` and the
        grab links do) may still be ``self``'s own: read it, but after the next event is
        applied look it up again (``get``) rather than keep reading it."""
        new = self._copy(dict(self.fighters), Draft)
        new._shared = set(self.fighters)
        return new

    def _copy(self, fighters: dict[str, Fighter], cls: type[F]) -> F:
        # Field by field, for the reason given in ``Fighter.clone``; the other values are
        # numbers, strings and the shared encounter.
        new = object.__new__(cls)
        new.encounter, new.fighters, new.round = self.encounter, fighters, self.round
        new.first_side, new.last_side = self.first_side, self.last_side
        new.active, new.active_turn = self.active, self.active_turn
        new.over, new.over_reason = self.over, self.over_reason
        new.table_conditions = self.table_conditions  # a tuple: replaced, never changed
        new.doors = self.doors  # a tuple too
        new.fired = self.fired  # a tuple too
        return new

    def get(self, name: str) -> Fighter:
        """The fighter called exactly ``name`` (KeyError otherwise; see ``names.find``).
        Events change fighters only through this (a draft hands out its own copy)."""
        return self.fighters[name]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Fight):
            return NotImplemented
        # The encounter is shared and immutable; compare everything that changes.
        return all(
            getattr(self, f.name) == getattr(other, f.name)
            for f in fields(self)
            if f.name != "encounter"
        )

    __hash__ = None  # type: ignore[assignment]


class Draft(Fight):
    """A ``Fight.draft()``: ``get`` copies a fighter still shared with the fight drafted
    from the first time it hands it out, and keeps the copy in ``fighters``."""

    _shared: set[str]  # the names whose fighter is still the drafted-from fight's

    def get(self, name: str) -> Fighter:
        f = self.fighters[name]
        if name in self._shared:
            self._shared.discard(name)
            f = self.fighters[name] = f.clone()
        return f
