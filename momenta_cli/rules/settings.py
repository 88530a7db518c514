"""Rules settings: every ruling marked "setting" in docs/rulings.md, with its default.

An encounter's ``rules:`` block overrides any of them; ``momenta rules FILE`` shows each
value and where it came from.

Each setting is defined once, here: its name, type (a ``Literal`` lists the choices),
default, and in the field's metadata its description (with the ruling's R-number) and
bounds. The engine reads a plain frozen dataclass (so importing it costs nothing); the
encounter package builds the file's validation model and its JSON Schema from these same
fields (``momenta_cli.encounter.file_model.SettingsModel``).

Metadata keys, all optional but ``description``:

``ge``, ``le``
    the smallest and largest whole number allowed;
``length``
    a table (held as a tuple, written as a YAML list) has exactly this many entries;
``bare_off``
    a YAML ``false`` is read as the word ``off`` (a GM writing ``off`` meant the word,
    whichever YAML version their editor speaks).
"""

# No ``from __future__ import annotations``: the encounter package reads each field's
# type as a real object (the Literal's choices) to build the file model.

from dataclasses import dataclass, field, fields
from typing import Any, Literal


def setting(default: Any, description: str, **rules: Any) -> Any:
    """A setting's field: its default, its description and its bounds (see above)."""
    return field(default=default, metadata={"description": description, **rules})


@dataclass(frozen=True)
class Settings:
    """The active rules settings of a fight. Defaults are the shipped rulings."""

    success_face: int = setting(
        5, "R1: lowest d6 face that counts as a success.", ge=2, le=6)
    solid_hit: Literal["allies", "everyone", "off"] = setting(
        "allies", "R5: who gets +N damage for a pair of equal faces N.", bare_off=True)
    wounds: bool = setting(
        True, "R10: Vitality at 0 fills a Wound slot (false: Defeated at once).")
    pc_wound_slots: int = setting(3, "R10: default Wound slots of a PC.", ge=0, le=10)
    pc_burden_slots: int = setting(3, "R10: default Burden slots of a PC.", ge=0, le=10)
    pc_wound_table: tuple[str, ...] = setting(
        ("Impaired", "Hindered", "Exhausted", "Slowed", "Shrouded", "Broken"),
        "R10: condition a PC's Wound gives, by d6 face 1-6.", length=6)
    enemy_wound_condition: str = setting(
        "Impaired", "R10: Wound condition of an enemy hit where no effect is set.")
    adjacent_ranged_penalty: int = setting(
        1, "R18: dice lost by a ranged attack on an adjacent target.", ge=0, le=5)
    beyond_sen_penalty: int = setting(
        1, "R18: dice lost by a ranged attack beyond the attacker's SEN.", ge=0, le=5)
    adjacent_penalty_when_sen_covers: bool = setting(
        False, "R18: keep the adjacent penalty even when SEN >= range (ch20 says no "
        "penalty at any distance then; true is an older house call).")
    edge_penalty: int = setting(2, "R19: dice lost aiming at an Edge.", ge=0, le=6)
    mark_penalty: int = setting(3, "R19: dice lost aiming at a Mark.", ge=0, le=6)
    edge_hinders: bool = setting(
        True, "R19: an Edge hit with 1+ net successes makes the target Hindered.")
    mark_wound_breaks: bool = setting(
        True, "R19: a Mark hit that causes a Wound also makes the target Broken.")
    enemy_clearing: Literal["by_class", "roll"] = setting(
        "by_class", "R30: enemies clear conditions by threat class, or roll like PCs.")
    players_pick: bool = setting(
        True, "R14: a bare turn at the prompt waits for the players' pick of an ally.")
    ask_dice: bool = setting(
        True, "R1: at the prompt an attack asks each roll's dice (faces, successes, or "
        "Enter: the tracker rolls); false: never asked, the tracker rolls.")
    offer_enemy_defense: bool = setting(
        True, "R7: at the prompt an attack on an enemy with a scripted defense that can "
        "answer it, the line naming none, offers it to the GM; false: never offered.")
    table_every_turn: bool = setting(
        False, "R14: the status table at every turn change, not one headline line.")
    warrior_reactions_for_all: bool = setting(
        False, "R37: every ally (anyone without a threat class) may Deflect and "
        "Counterattack, as if each were a Warrior (ch19 gives them through the Warrior "
        "archetype; for tables that play without archetypes).")
    players_enemy_numbers: Literal["band", "numbers", "none"] = setting(
        "band", "R39: what the players' screen tells of an enemy's Vitality, Guard, "
        "Vigor and Strain: a health band (Unhurt, Hurt, Bloodied, Down), band and "
        "numbers, or none.")
    phone_time_limit: int = setting(
        0, "R1: at the prompt, the seconds a seated player's phone has to answer its PC's "
        "question (a reaction, its dice, Brace...) before the prompt simply asks the GM "
        "(0: no limit; the GM may type the answer at any time).", ge=0, le=3600)

    @classmethod
    def describe(cls) -> dict[str, str]:
        """Each setting's one-line description, by name."""
        return {f.name: f.metadata["description"] for f in fields(cls)}


DEFAULT_SETTINGS = Settings()
