"""Pydantic models of the encounter file format (docs/encounter-format.md).

These describe what may be written, for validation and for ``momenta schema``; they fill
no derived values (that is build.py's job). Every model forbids unknown keys. Fields of a
combatant are all optional here because a stat block may supply them; ``side`` is checked
after the stat block is merged in.
"""

from __future__ import annotations

import dataclasses
import os
import typing
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    WithJsonSchema,
    create_model,
)

from momenta_cli.encounter.validators import (
    ALIASES as ALIASES,
    ENCOUNTER_ONLY as ENCOUNTER_ONLY,
    EVENT_NAME_PATTERN,
    NAME_PATTERN,
    ROUND_PATTERN,
    SIZE_PATTERN,
    CaseOf,
    ListOf,
    bare_off,
    plain_name,
    settings_from as settings_from,
    shape,
    size,
)
from momenta_cli.engine.core import MAX_SIZE, MAX_SPD, THREAT_CLASSES
from momenta_cli.engine.geometry import KINDS
from momenta_cli.rules import Settings
from momenta_cli.text import NAME_MAX

# The first model pydantic builds in a process looks for plugins in every installed
# distribution's entry points (pydantic/plugin/_loader.py ``get_plugins``: about 2.5 ms
# of `momenta validate`), and momenta uses none. The look-up reads
# PYDANTIC_DISABLE_PLUGINS when it runs (not when pydantic is imported), and "__all__"
# skips it. This module builds the process's first model (the other model module,
# party_file.py, imports it first), so here is in time. Only this process's environment
# (and its children's) has it; a value the user set is kept (empty: every plugin back).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


def _case_of(choices: tuple[str, ...]) -> BeforeValidator:
    """Read a word of ``choices`` written in any case (``Allies``, ``ELITE``) as the
    choice itself (validators.CaseOf: an object the kept schema can name)."""
    return BeforeValidator(CaseOf(choices))


def _case_schema(choices: tuple[str, ...]) -> WithJsonSchema:
    """The schema of such a word: the choices (an editor's completion), or any of them
    in any case."""
    anycase = "|".join("".join(f"[{ch.lower()}{ch.upper()}]" if ch.isalpha() else ch
                               for ch in c) for c in choices)
    return WithJsonSchema({"anyOf": [{"enum": list(choices)},
                                     {"type": "string", "pattern": f"^(?:{anycase})$"}]})


SIDES = ("allies", "adversaries", "independents")
Side = Annotated[Literal["allies", "adversaries", "independents"], _case_of(SIDES),
                 _case_schema(SIDES)]
Threat = Annotated[Literal[THREAT_CLASSES],  # type: ignore[valid-type]
                   _case_of(THREAT_CLASSES), _case_schema(THREAT_CLASSES)]
WeightName = Literal["Light", "Medium", "Heavy", "Superheavy"]
# Numbers are whole YAML numbers: strict, so `'5'` or `1_000` (text in YAML 1.2) is an error
# rather than quietly converted.
Count = Annotated[int, Field(strict=True, ge=0, le=999)]


# A name must have something visible in it: a blank name could never be typed at the table
# (the same rule for names typed at the table: text.name_problem).
Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX, pattern=NAME_PATTERN),
                 AfterValidator(plain_name)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", coerce_numbers_to_str=True)


def _name_or(model: type[BaseModel], what: str) -> Any:
    """A list entry that is either a plain name or a mapping, with one clear error."""
    return Annotated[
        Annotated[Name, Tag("text")] | Annotated[model, Tag("map")],
        Discriminator(shape, custom_error_type="name_or_mapping",
                      custom_error_message=f"expected a name or a {what} mapping"),
    ]


class WeaponModel(_Model):
    """A weapon, an enemy attack or a spell (ch20 Attacking, R21)."""

    name: Name
    weight: WeightName = "Medium"
    attribute: str = Field(
        "POW", description="POW, AGI, either, shield (rolls POW), or any attribute name")
    tags: list[str] = Field(
        default_factory=list,
        description="damage types (A/B = attacker picks), Melee N, Range N, flags, or text")
    damage: dict[str, Count] = Field(
        description="net successes -> damage: 0s, 1s, ... and a last open-ended N+")
    overflow: Count = Field(0, description="extra damage per success above the last tier")
    strain: bool = Field(False, strict=True, description="deals Strain instead of damage")
    pool: Count | None = Field(None, description="printed pool (enemy attacks, R7)")
    cost: Annotated[int, Field(strict=True, ge=0, le=20)] | None = Field(
        None, description="a spell's Vigor cost (Cast a Spell; default 2)")
    note: str = ""


class DefenseModel(_Model):
    """An enemy's scripted defense (R7)."""

    name: Name
    pool: Count
    against: Literal["melee", "ranged", "spell", "any"] = "melee"
    uses: Annotated[int, Field(strict=True, ge=1, le=99)] = 1


class LocationModel(_Model):
    """A hit location (R19): Mass, Edge, Mark or one a stat block adds."""

    name: Name
    penalty: Annotated[int, Field(strict=True, ge=0, le=10)] | None = Field(
        None, description="dice lost aiming here (default: Edge/Mark settings, else 0)")
    wound_effect: str | None = Field(None, description="condition an enemy Wound here gives")
    effect: str = ""


class ConditionModel(_Model):
    """A GM-defined condition, beside the catalogue."""

    name: Name
    cap: Annotated[int, Field(strict=True, ge=1, le=99)] | None = Field(
        None, description="null = no cap")
    clear: Literal["auto", "roll", "persistent"] = "persistent"
    attributes: list[str] = Field(default_factory=list, description="rolled to clear")
    effect: str = ""


SizeValue = Annotated[
    Annotated[str, Field(pattern=SIZE_PATTERN)]
    | Annotated[int, Field(strict=True, ge=1, le=MAX_SIZE)],
    BeforeValidator(size),
    Field(description="R31: 1T, 1S, 1M, 1L (one square) or 2, 3, 4, ... (N x N squares); "
                      "1 reads as 1M"),
]


class AttributesModel(_Model):
    """Attributes; missing ones are 0 (SPD 5, SEN 10, SIZE 1M), BODY/MIND/SOUL derive (R6)."""

    POW: Count | None = None
    AGI: Count | None = None
    REA: Count | None = None
    INS: Count | None = None
    PRE: Count | None = None
    LUCK: Count | None = None
    BODY: Count | None = None
    MIND: Count | None = None
    SOUL: Count | None = None
    SPD: Annotated[int, Field(strict=True, ge=0, le=MAX_SPD)] | None = Field(
        None, description=f"squares a Move goes (ch19), 0 to {MAX_SPD}")
    SEN: Count | None = None
    SIZE: SizeValue | None = None


class StartModel(_Model):
    """Starting values other than the maxima; guard may exceed max_guard (Over-Guard)."""

    vitality: Count | None = None
    guard: Count | None = None
    vigor: Count | None = None
    strain: Count | None = None
    resolve: Count | None = None


ConditionStacks = Annotated[
    Annotated[dict[str, Annotated[int, Field(strict=True, ge=1)]], Tag("map")]
    | Annotated[list[str], Tag("list")],
    Discriminator(shape, custom_error_type="conditions_shape",
                  custom_error_message="expected {Name: stacks} or a list of names"),
]


class StatBlockModel(_Model):
    """A combatant template; every field but ``name`` is optional."""

    name: Name
    side: Side | None = None
    threat: Threat | None = Field(None, description="makes an enemy stat block (R7)")
    attributes: AttributesModel | None = None
    max_vitality: Annotated[int, Field(strict=True, ge=1, le=9999)] | None = None
    hp: Annotated[int, Field(strict=True, ge=1, le=9999)] | None = Field(
        None, description="the same as max_vitality (give one of the two)")
    hit_points: Annotated[int, Field(strict=True, ge=1, le=9999)] | None = Field(
        None, description="the same as max_vitality (give one of the two)")
    max_guard: Count | None = None
    max_vigor: Count | None = None
    max_strain: Annotated[int, Field(strict=True, ge=1, le=9999)] | None = None
    resolve: Count | None = None
    consumables: Count | None = None
    wound_slots: Annotated[int, Field(strict=True, ge=0, le=10)] | None = None
    burden_slots: Annotated[int, Field(strict=True, ge=0, le=10)] | None = None
    turns: Annotated[int, Field(strict=True, ge=1, le=10)] | None = None
    maneuvers: Annotated[int, Field(strict=True, ge=0, le=10)] | None = None
    weapons: list[_name_or(WeaponModel, "weapon")] | None = None  # type: ignore[valid-type]
    attacks: list[WeaponModel] | None = None
    defenses: list[DefenseModel] | None = None
    armor_penalty: Annotated[int, Field(strict=True, ge=0, le=10)] | None = None
    resistances: list[str] | None = None
    weaknesses: list[str] | None = None
    immunities: list[str] | None = None
    conditions: ConditionStacks | None = None
    start: StartModel | None = None
    hit_locations: list[_name_or(LocationModel, "location")] | None = None  # type: ignore
    archetype: str | None = Field(
        None, description="R37: Warrior grants Deflect and Counterattack (ch19); the "
                          "only archetype whose reactions the tracker knows")
    reactions: list[str] | None = Field(
        None, description="R37: reactions beyond everyone's it may take: Deflect, "
                          "Counterattack")
    notes: str | None = None


# A square's name (C5) is checked against the map by the loader (encounter/mapstart.py).
SquareName = Annotated[str, Field(strict=True, min_length=1, max_length=8)]
MapText = Annotated[str, Field(strict=True, min_length=1)]
AtValue = Annotated[
    Annotated[SquareName, Tag("text")] | Annotated[list[SquareName], Tag("list")],
    Discriminator(shape, custom_error_type="at_shape",
                  custom_error_message="expected a square like C5, or a list of squares "
                                       "(one per copy)"),
]


class CombatantModel(StatBlockModel):
    """A combatant: ``side`` is required, here or in its stat block."""

    stat_block: Name | None = Field(None, description="start from this template")
    count: Annotated[int, Field(strict=True, ge=1, le=50)] | None = Field(
        None, description="stamp out Name-1 .. Name-N")
    at: AtValue | None = Field(
        None, description="on a map: the square it starts on, like C5 (the top-left of a "
                          "larger creature's squares); with count, a list, one each")
    mark: Annotated[str, Field(strict=True, min_length=1, max_length=1)] | None = Field(
        None, description="on a map: the letter or digit that stands for it in the rows "
                          "(with count, one per copy, in reading order)")


class LegendModel(_Model):
    """What one map character stands for (docs/encounter-format.md, Map)."""

    kind: Literal[KINDS] = Field(  # type: ignore[valid-type]
        description="floor, wall, difficult, low (a low wall: cover, crossed as "
                    "difficult), water, climb, pit or door")
    height: Annotated[int, Field(strict=True, ge=1, le=99)] | None = Field(
        None, description="a pit or drop: how many squares deep")
    open: bool | None = Field(None, strict=True, description="a door: open (default "
                                                             "closed)")


RowsValue = Annotated[
    Annotated[MapText, Tag("text")] | Annotated[list[MapText], Tag("list")],
    Discriminator(shape, custom_error_type="rows_shape",
                  custom_error_message="expected the rows as a block of text (rows: |) "
                                       "or a list of quoted rows"),
]


class MapModel(_Model):
    """The battlefield: one character a square, columns A, B, ... from the left, rows
    1, 2, ... from the top."""

    rows: RowsValue = Field(description="one text row per map row, one character a "
                                        "square (see the legend)")
    legend: dict[str, LegendModel] = Field(
        default_factory=dict, description="characters added to or changed in the default "
                                          "legend, e.g. X: {kind: pit, height: 3}")


class LibraryModel(_Model):
    """A library file: shared weapons, stat blocks, conditions and damage types."""

    include: list[Name] = Field(default_factory=list, description="paths relative to this file")
    damage_types: list[Name] = Field(default_factory=list)
    conditions: list[ConditionModel] = Field(default_factory=list)
    weapons: list[WeaponModel] = Field(default_factory=list)
    stat_blocks: list[StatBlockModel] = Field(default_factory=list)


def _settings_model() -> type[BaseModel]:
    """The ``rules:`` block's model, built from the settings' one definition
    (momenta_cli/rules/settings.py): strict (a setting is the YAML value written, never
    text converted), no unknown keys. A table (a tuple there) is a list of exactly
    ``length`` entries here, with no default in the schema."""
    spec: dict[str, Any] = {}
    for f in dataclasses.fields(Settings):
        meta = dict(f.metadata)
        kind: Any = f.type
        bounds = {k: meta[k] for k in ("ge", "le") if k in meta}
        if typing.get_origin(kind) is tuple:
            kind = list[typing.get_args(kind)[0]]  # type: ignore[misc]
            length = meta["length"]
            default = typing.cast(tuple[Any, ...], f.default)
            value = Field(default_factory=ListOf(default), min_length=length,
                          max_length=length, description=meta["description"], **bounds)
        else:
            value = Field(f.default, description=meta["description"], **bounds)
        if meta.get("bare_off"):
            kind = Annotated[kind, BeforeValidator(bare_off)]
        spec[f.name] = (kind, value)
    return create_model(
        "Settings", __config__=ConfigDict(extra="forbid", frozen=True, strict=True),
        __doc__=Settings.__doc__, __module__=__name__, **spec)


SettingsModel = _settings_model()


RoundValue = Annotated[
    Annotated[int, Field(strict=True, ge=1, le=999)]
    | Annotated[str, Field(pattern=ROUND_PATTERN)],
    Field(description="a round number, 'every' (every round) or 'N+' (every round from "
                      "N)"),
]
SquareList = Annotated[
    Annotated[SquareName, Tag("text")] | Annotated[list[SquareName], Tag("list")],
    Discriminator(shape, custom_error_type="squares_shape",
                  custom_error_message="expected a square like C5, or a list of squares"),
]


class WhenModel(_Model):
    """An event's trigger: one of round, first_turn, defeated, half_vitality, enters,
    combat_ends (docs/encounter-format.md, Events)."""

    round: RoundValue | None = Field(None, description="the round (with at: start or end; "
                                     "with first_turn: the rounds it counts in)")
    at: Literal["start", "end"] | None = Field(None, description="with round: its start "
                                                "(default) or its end")
    first_turn: Literal["allies", "adversaries"] | None = Field(
        None, description="that side's first turn of a round")
    defeated: Name | None = Field(None, description="a combatant Defeated (or Lost)")
    half_vitality: Name | None = Field(None, description="a combatant brought to half its "
                                       "Max Vitality or below")
    enters: SquareList | None = Field(None, description="on a map: someone enters any of "
                                      "these squares")
    who: Name | None = Field(None, description="with enters: a combatant's name or a side "
                             "(default: anyone)")
    combat_ends: Literal[True] | None = Field(None, description="the combat's end (over)")


EventName = Annotated[str, Field(strict=True, min_length=1, max_length=40,
                                 pattern=EVENT_NAME_PATTERN)]


class EventModel(_Model):
    """A scheduled event: when it fires, what it runs, what is read out."""

    name: EventName = Field(description="one word: the GM fires it by hand with "
                            "'event NAME'")
    when: WhenModel
    do: list[Annotated[str, Field(strict=True, min_length=1, max_length=500)]] = Field(
        default_factory=list, description="lines of the command language, run in turn as "
                                          "one entry")
    say: str = Field("", description="read-aloud text shown when it fires")
    players: bool = Field(False, strict=True, description="show the say: text on the "
                          "players' screen too")
    once: bool | None = Field(None, strict=True, description="fire at most once (default: "
                              "yes, but every time for round: every or N+)")
    ask: bool = Field(False, strict=True, description="at the prompt, ask the GM before it "
                      "fires")


class EncounterModel(LibraryModel):
    """An encounter file."""

    name: Name
    description: str = ""
    rules: SettingsModel | None = Field(  # type: ignore[valid-type]
        None, description="overrides of the rules settings")
    combatants: list[CombatantModel] = Field(min_length=1)
    map: MapModel | None = Field(None, description="the battlefield (optional: without "
                                                   "it the GM states distances)")
    events: list[EventModel] = Field(
        default_factory=list, description="scheduled events: reinforcements, hazards, "
                                          "phase changes, fired at their triggers")
    party: Name | None = Field(None, description="R38: a party file (momenta party save) "
                               "the allies start from, relative to this file")


def piece(model: type[BaseModel], data: Any) -> Any:
    """``data`` as ``model``, or None. Problems are already reported by the whole-document
    pass; here a piece whose faulty keys are optional is checked again without them, so
    its other mistakes (an unknown weapon, a duplicate name) are reported in the same run
    instead of only after the first fix."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        if not isinstance(data, dict):
            return None
        bad = {e["loc"][0] for e in err.errors() if e["loc"]}
        # Keys whose absence means something of its own (a side from the stat block) are
        # never dropped: that would report a second, misleading problem.
        required = {n for n, f in model.model_fields.items() if f.is_required()}
        required |= {"side", "stat_block", "count", "name"}
        if not bad or bad & required:
            return None
        try:
            return model.model_validate({k: v for k, v in data.items() if k not in bad})
        except ValidationError:
            return None


# The models the loader validates with, by name (validators.Models), and those whose
# compiled schema is kept for the check without pydantic (fastcheck.py).
MODELS: dict[str, type[BaseModel]] = {m.__name__: m for m in (
    EncounterModel, LibraryModel, CombatantModel, WeaponModel, ConditionModel, MapModel,
    EventModel, SettingsModel)}


class PydanticModels:
    """The loader's validation by pydantic's models: the validator of record, whose
    errors become the problems the GM reads (validators.Models)."""

    def whole(self, kind: str, data: dict[str, Any], report: Any) -> None:
        """Validate a whole document; ``report(model, error)`` for its errors."""
        model = MODELS[kind]
        try:
            model.model_validate(data)
        except ValidationError as err:
            report(model, err)

    def piece(self, kind: str, data: Any) -> Any:
        """``data`` as ``kind``, or None (``piece``)."""
        return piece(MODELS[kind], data)

    def valid(self, kind: str, data: Any) -> Any:
        """``data`` as ``kind``, or None when it has any error."""
        try:
            return MODELS[kind].model_validate(data)
        except ValidationError:
            return None

    def needs_pydantic(self, what: str) -> None:
        """Nothing to do: this is pydantic."""


def core_schemas() -> dict[str, Any]:
    """pydantic's compiled (core) schema of each model in ``MODELS``, as it validates."""
    return {name: model.__pydantic_core_schema__ for name, model in MODELS.items()}
