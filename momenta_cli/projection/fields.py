"""The class of every field of the fight's state, for the players' document
(projection/document.py): ``shown`` as it is, ``shaped`` (turned into something less, or
only part of it read), or ``never`` sent; with a short why for the last two.

A table for each dataclass the document can reach from ``Fight`` through a field not
``never`` sent (tests/test_projection.py walks the type hints): a field added to one of
them, or a new class reached, fails that test until someone classes it here, so a
field added later is a decision, not a leak.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from momenta_cli.engine.core import CombatantSpec, Cond, EncounterSpec, Fight, Fighter
from momenta_cli.engine.geometry import Board, Terrain
from momenta_cli.rules import Settings

Kind = Literal["shown", "shaped", "never"]
KINDS: tuple[Kind, ...] = ("shown", "shaped", "never")


class Rule(NamedTuple):
    """A field's class, and why when it is not simply shown."""

    kind: Kind
    why: str = ""


def shown() -> Rule:
    return Rule("shown")


def shaped(why: str) -> Rule:
    return Rule("shaped", why)


def never(why: str) -> Rule:
    return Rule("never", why)


_HIDDEN = "of a combatant shown only; a Hidden enemy (R20) is in no field"
_BOOK = "the tracker's bookkeeping for the rules, nothing a player reads"

FIELDS: dict[type, dict[str, Rule]] = {
    Fight: {
        "encounter": shaped("its name is the title, its board the map, one setting read"),
        "fighters": shaped("each read as a card, a zipper row, a token; " + _HIDDEN),
        "round": shown(),
        "first_side": never("what it decides shows as the side due"),
        "last_side": never("what it decides shows as the side due"),
        "active": shaped("null while a Hidden enemy acts (its side is told instead)"),
        "active_turn": shaped("as turn_of (R15), null for a Hidden actor"),
        "over": shown(),
        "over_reason": shown(),
        "table_conditions": never("the GM's made-up conditions show on those who have them"),
        "doors": shaped("applied to the board: each door square open or closed"),
        "fired": never("which of the GM's scheduled events have fired"),
    },
    EncounterSpec: {
        "name": shown(),
        "combatants": never("the opening stat blocks; the fighters as they are are read"),
        "settings": shaped("only players_enemy_numbers, which shapes the enemies (R39)"),
        "description": never("the GM's notes on the scene"),
        "weapons": never("the GM's library"),
        "stat_blocks": never("the GM's library: who might still come"),
        "extra_conditions": never("the GM's definitions"),
        "source": never("a path on the GM's disk"),
        "board": shaped("the squares that are not floor, doors as they are now"),
        "events": never("the GM's script of the fight: what is still to come"),
        "party": never("a path on the GM's disk"),
    },
    Settings: {
        "success_face": never("a rule of the table, not the fight's state"),
        "solid_hit": never("a rule of the table, not the fight's state"),
        "wounds": never("a rule of the table, not the fight's state"),
        "pc_wound_slots": never("each ally's slots are on its card"),
        "pc_burden_slots": never("each ally's slots are on its card"),
        "pc_wound_table": never("a rule of the table, not the fight's state"),
        "enemy_wound_condition": never("a rule of the table, not the fight's state"),
        "adjacent_ranged_penalty": never("a rule of the table, not the fight's state"),
        "beyond_sen_penalty": never("a rule of the table, not the fight's state"),
        "adjacent_penalty_when_sen_covers": never("a rule of the table"),
        "edge_penalty": never("a rule of the table, not the fight's state"),
        "mark_penalty": never("a rule of the table, not the fight's state"),
        "edge_hinders": never("a rule of the table, not the fight's state"),
        "mark_wound_breaks": never("a rule of the table, not the fight's state"),
        "enemy_clearing": never("a rule of the table, not the fight's state"),
        "players_pick": never("how the GM's prompt asks"),
        "ask_dice": never("how the GM's prompt asks"),
        "offer_enemy_defense": never("how the GM's prompt asks"),
        "table_every_turn": never("how the GM's prompt draws"),
        "warrior_reactions_for_all": never("a rule of the table, not the fight's state"),
        "players_enemy_numbers": shown(),
        "phone_time_limit": never("how the GM's prompt asks"),
    },
    Board: {
        "squares": shaped("only the squares that are not floor, with a door's state and "
                          "a pit's depth"),
    },
    Terrain: {
        "kind": shown(),
        "height": shaped("a pit's depth only"),
        "open": shaped("a door's only"),
    },
    Fighter: {
        "spec": shaped("its name, side, size and maxima; the stat block is the GM's"),
        "vitality": shaped("an ally's in numbers; an enemy's as the setting says (R39)"),
        "guard": shaped("an ally's in numbers; an enemy's as the setting says (R39)"),
        "vigor": shaped("an ally's in numbers; an enemy's as the setting says (R39)"),
        "strain": shaped("an ally's in numbers; an enemy's as the setting says (R39)"),
        "resolve": never("a resource the screen leaves to the character sheet"),
        "consumables": never("a resource the screen leaves to the character sheet"),
        "conditions": shaped("names and stacks; a condition's source and hold are not"),
        "wounds": shaped("an ally's only: an enemy's are its numbers"),
        "burdens": shaped("an ally's only: an enemy's are its numbers"),
        "defeated": shaped("as status and out"),
        "lost": shaped("as status and out"),
        "removed": shaped("as status; no zipper row"),
        "turns_taken": shown(),
        "turns_allowed": shown(),
        "moves": never(_BOOK),
        "maneuvers": never(_BOOK),
        "full_turn": never(_BOOK),
        "surged": never(_BOOK),
        "deflected": never(_BOOK),
        "defense_uses": never("an enemy's scripted defenses are the GM's"),
        "grabbing": never("names a combatant, maybe a Hidden one; Grabbed shows as a "
                          "condition"),
        "terrain": shaped("as swimming or climbing, as the status table says it"),
        "moved": never(_BOOK),
        "answered_by": never(_BOOK),
        "trail": never(_BOOK),
        "position": shaped("as the square names of its footprint (R31)"),
        "name": shown(),
        "side": shown(),
    },
    Cond: {
        "stacks": shown(),
        "source": never("names who inflicted it, maybe a Hidden enemy"),
        "hold": never(_BOOK),
    },
    CombatantSpec: {
        "name": shown(),
        "side": shown(),
        "attributes": never("the stat block is the GM's"),
        "max_vitality": shaped("an ally's; an enemy's as the setting says (R39)"),
        "max_guard": shaped("an ally's; an enemy's as the setting says (R39)"),
        "max_vigor": shaped("an ally's; an enemy's as the setting says (R39)"),
        "max_strain": shaped("an ally's; an enemy's as the setting says (R39)"),
        "max_resolve": never("a resource the screen leaves to the character sheet"),
        "consumables": never("a resource the screen leaves to the character sheet"),
        "wound_slots": shaped("an ally's only"),
        "burden_slots": shaped("an ally's only"),
        "turns": never("turns_allowed tells it for the round"),
        "threat": never("the stat block is the GM's"),
        "maneuvers": never("the stat block is the GM's"),
        "locations": never("the stat block is the GM's"),
        "resistances": never("the stat block is the GM's"),
        "weaknesses": never("the stat block is the GM's"),
        "immunities": never("the stat block is the GM's"),
        "weapons": never("the stat block is the GM's"),
        "defenses": never("the stat block is the GM's"),
        "armor_penalty": never("the stat block is the GM's"),
        "size": shown(),
        "start": never("the opening values; the fighter's are read"),
        "conditions": never("the opening conditions; the fighter's are read"),
        "notes": never("the GM's notes"),
        "reactions": never("the stat block is the GM's"),
        "archetype": never("the stat block is the GM's"),
        "position": never("the opening square; the fighter's is read"),
        "wounds": never("the opening Wounds (R38); the fighter's are read"),
        "burdens": never("the opening Burdens (R38); the fighter's are read"),
        "down": never("how it came in (R38); the fighter's state is read"),
    },
}


def field_class(cls: type, name: str) -> Rule:
    """The class of field ``name`` of ``cls`` (KeyError when it has none: a field nobody
    has classed yet is never read)."""
    return FIELDS[cls][name]
