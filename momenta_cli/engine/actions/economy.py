"""The action economy shared by maneuvers and reactions (ch19, R7, R24-R27): who may act
now, what it costs, and the events that pay for it.

Attack, maneuver and reaction deciders all go through ``pay_maneuver`` / ``pay_reaction``
so every lockout is enforced in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from momenta_cli.engine.core import Event, Fight, Fighter, WeaponSpec
from momenta_cli.errors import RuleError


@dataclass(frozen=True)
class ManeuverTaken(Event):
    """A maneuver is taken and paid for. ``free_move`` marks the turn's first, free Move;
    ``full_turn`` locks the rest of the turn (R25). ``extra_move`` marks an enemy's second
    Move, which is one of its other maneuvers (R7)."""

    kind: ClassVar[str] = "maneuver_taken"
    touches_round: ClassVar[bool] = False
    name: str
    maneuver: str
    cost: int
    vigor_from: int
    vigor_to: int
    is_move: bool = False
    full_turn: bool = False
    counts: bool = True  # counts against an enemy's maneuvers per turn (R7)
    extra_move: bool = False

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        f.vigor = self.vigor_to
        if self.is_move:
            f.moves += 1
        if (not self.is_move and self.counts) or self.extra_move:
            f.maneuvers += 1
        if self.full_turn:
            f.full_turn = True


@dataclass(frozen=True)
class ReactionTaken(Event):
    """A reaction is taken and paid for (ch19 Reactions)."""

    kind: ClassVar[str] = "reaction_taken"
    touches_round: ClassVar[bool] = False
    name: str
    reaction: str
    cost: int
    vigor_from: int
    vigor_to: int

    def apply(self, fight: Fight) -> None:
        fight.get(self.name).vigor = self.vigor_to


def scaled(f: Fighter, cost: int) -> int:
    """R24: swimming doubles every Vigor cost (reactions too); free stays free."""
    return cost * 2 if f.terrain == "swim" else cost


def enemy_maneuver_limit(f: Fighter) -> int:
    """R7: a Move plus ``maneuvers`` others per turn; Exhausted enemies take one fewer
    (condition table)."""
    return max(f.spec.maneuvers - (1 if f.has("Exhausted") else 0), 0)


def check_may_maneuver(f: Fighter, *, free_move: bool = False) -> None:
    """Refuse when ``f`` may take no maneuver whoever's turn it is: out of the fight
    (Defeated, Lost, removed: R11, R17), or Broken, which leaves only the free Move
    (condition table). ``check_can_maneuver`` adds the turn's own checks; ``odds``
    previews an attack with this alone, as odds are asked before one's turn."""
    if f.out:
        raise RuleError(f"{f.name} is out of the fight")
    if f.has("Broken") and not free_move:
        raise RuleError(f"{f.name} is Broken: only the free Move is allowed")


def check_stated_cost(w: WeaponSpec, cost: int | None) -> None:
    """ch19 Cast a Spell: only a spell's cost may be stated at the table (``cost N``);
    every other maneuver's cost is fixed by the rules."""
    if cost is not None and not w.has("Spell"):
        raise RuleError("only a spell's cost may be stated (cost N)")


def check_can_maneuver(fight: Fight, f: Fighter, what: str, *, is_move: bool = False) -> None:
    """Refuse unless ``f`` may take maneuver ``what`` now (its turn, not out, lockouts)."""
    if fight.active != f.name:
        raise RuleError(f"{what} is a maneuver: only on {f.name}'s own turn")
    free_move = is_move and f.moves == 0
    check_may_maneuver(f, free_move=free_move)
    if f.full_turn and not free_move:
        raise RuleError(f"{f.name} took a full-turn maneuver: only the free Move is left")


def pay_maneuver(
    fight: Fight, f: Fighter, what: str, cost: int, *, is_move: bool = False,
    full_turn: bool = False, counts: bool = True,
) -> list[Event]:
    """Check every lockout for maneuver ``what`` and return the event that pays ``cost``
    Vigor (R24; the first Move of a turn is free). Enemies pay with their maneuver count
    instead of Vigor (R7)."""
    check_can_maneuver(fight, f, what, is_move=is_move)
    if full_turn and (f.maneuvers > 0 or f.moves > 1 or f.surged):  # Surge is a maneuver
        raise RuleError(f"{what} takes the full turn: only allowed when nothing but the "
                        "free Move was taken this turn (R25)")
    if f.spec.is_enemy:
        limit = enemy_maneuver_limit(f)
        extra_move = is_move and f.moves >= 1
        if extra_move and f.maneuvers >= limit:
            raise RuleError(f"{f.name} has already moved and used its {_maneuvers(limit)} "
                            "this turn (R7: a second Move counts as one of its maneuvers)")
        if counts and not is_move and f.maneuvers >= limit:
            raise RuleError(f"{f.name} has used its {_maneuvers(limit)} this turn (R7: an "
                            "enemy takes a Move plus its maneuvers)")
        return [ManeuverTaken(f.name, what, 0, f.vigor, f.vigor, is_move, full_turn, counts,
                              extra_move)]
    if is_move and f.moves == 0:
        cost = 0
    cost = scaled(f, cost)
    if cost > f.vigor:
        raise RuleError(f"{what} costs {cost} Vigor; {f.name} has {f.vigor} (R24)")
    return [ManeuverTaken(f.name, what, cost, f.vigor, f.vigor - cost, is_move, full_turn,
                          counts)]


def _maneuvers(n: int) -> str:
    return f"{n} maneuver" if n == 1 else f"{n} maneuvers"


def check_can_react(f: Fighter, what: str) -> None:
    """Refuse unless ``f`` may take reaction ``what`` (ch19 Reactions, R7, R25, R27)."""
    if f.out:
        raise RuleError(f"{f.name} is out of the fight")
    if f.spec.is_enemy:
        raise RuleError(f"{f.name} is an enemy: enemies take no reactions, only scripted "
                        "defenses (R7)")
    if f.has("Surprised"):
        raise RuleError(f"{f.name} is Surprised and cannot react")
    if f.has("Broken"):
        raise RuleError(f"{f.name} is Broken and cannot react")
    if f.full_turn:
        raise RuleError(f"{f.name} took a full-turn maneuver: no reactions until its next "
                        "turn (R25)")
    if what.lower().startswith("dodge") and f.has("Hindered"):
        raise RuleError(f"{f.name} is Hindered and cannot Dodge (condition table)")


def why_no_reaction(f: Fighter, what: str) -> str | None:
    """Why ``f`` may not take reaction ``what`` now (``check_can_react``'s reason), or
    None; whether it can pay for it is the reaction's to say when it is made."""
    try:
        check_can_react(f, what)
    except RuleError as err:
        return str(err)
    return None


def pay_reaction(f: Fighter, what: str, cost: int) -> list[Event]:
    """Check the lockouts for reaction ``what`` and return the event paying ``cost``."""
    check_can_react(f, what)
    cost = scaled(f, cost)
    if cost > f.vigor:
        raise RuleError(f"{what} costs {cost} Vigor; {f.name} has {f.vigor} (R24)")
    return [ReactionTaken(f.name, what, cost, f.vigor, f.vigor - cost)]
