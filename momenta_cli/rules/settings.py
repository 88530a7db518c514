"""Rules settings: every ruling marked "setting" in docs/rulings.md, with its default.

An encounter's ``rules:`` block overrides any of them; ``momenta rules FILE`` shows each
value and where it came from.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class Settings(BaseModel):
    """The active rules settings of a fight. Defaults are the shipped rulings."""

    # strict: a setting is the YAML value written (1.2 core types), never text converted
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    success_face: int = Field(
        5, ge=2, le=6, description="R1: lowest d6 face that counts as a success."
    )
    solid_hit: Literal["allies", "everyone", "off"] = Field(
        "allies", description="R5: who gets +N damage for a pair of equal faces N."
    )
    wounds: bool = Field(
        True, description="R10: Vitality at 0 fills a Wound slot (off: Defeated at once)."
    )
    pc_wound_slots: int = Field(3, ge=0, le=10, description="R10: default Wound slots of a PC.")
    pc_burden_slots: int = Field(
        3, ge=0, le=10, description="R10: default Burden slots of a PC."
    )
    pc_wound_table: list[str] = Field(
        default_factory=lambda: ["Impaired", "Hindered", "Exhausted", "Slowed", "Shrouded",
                                 "Broken"],
        min_length=6,
        max_length=6,
        description="R10: condition a PC's Wound gives, by d6 face 1-6.",
    )
    enemy_wound_condition: str = Field(
        "Impaired", description="R10: Wound condition of an enemy hit where no effect is set."
    )
    adjacent_ranged_penalty: int = Field(
        1, ge=0, le=5, description="R18: dice lost by a ranged attack on an adjacent target."
    )
    beyond_sen_penalty: int = Field(
        1, ge=0, le=5, description="R18: dice lost by a ranged attack beyond the attacker's SEN."
    )
    adjacent_penalty_when_sen_covers: bool = Field(
        False, description="R18: keep the adjacent penalty even when SEN >= range (ch20 "
        "says no penalty at any distance then; true is an older house call)."
    )
    edge_penalty: int = Field(2, ge=0, le=6, description="R19: dice lost aiming at an Edge.")
    mark_penalty: int = Field(3, ge=0, le=6, description="R19: dice lost aiming at a Mark.")
    edge_hinders: bool = Field(
        True, description="R19: an Edge hit with 1+ net successes makes the target Hindered."
    )
    mark_wound_breaks: bool = Field(
        True, description="R19: a Mark hit that causes a Wound also makes the target Broken."
    )
    enemy_clearing: Literal["by_class", "roll"] = Field(
        "by_class",
        description="R30: enemies clear conditions by threat class, or roll like PCs.",
    )

    @field_validator("solid_hit", mode="before")
    @classmethod
    def _bare_off(cls, value: object) -> object:
        # YAML 1.1 reads a bare `off` as false; the GM meant the word.
        return "off" if value is False else value

    @classmethod
    def describe(cls) -> dict[str, str]:
        """Each setting's one-line description, by name."""
        return {name: f.description or "" for name, f in cls.model_fields.items()}


DEFAULT_SETTINGS = Settings()
