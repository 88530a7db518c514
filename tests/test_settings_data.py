"""The rules settings are data: one plain frozen dataclass (momenta_cli/rules/settings.py)
that the engine reads without pydantic, and from which the encounter package builds the
``rules:`` model, its messages and its JSON Schema."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
import typing

import pytest

from momenta_cli.encounter import load_encounter_text
from momenta_cli.encounter.file_model import SettingsModel, settings_from
from momenta_cli.encounter.loader import load_text
from momenta_cli.encounter.schema import encounter_schema
from momenta_cli.rules import DEFAULT_SETTINGS, Settings

METADATA = {"description", "ge", "le", "length", "bare_off"}


def rules(body: str) -> list[str]:
    text = f"name: N\nrules: {body}\ncombatants:\n  - {{name: A, side: allies}}\n"
    return load_text(text, "x.yaml").problems


def test_settings_are_a_frozen_dataclass_with_the_shipped_defaults():
    assert dataclasses.is_dataclass(Settings)
    assert DEFAULT_SETTINGS == Settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_SETTINGS.success_face = 4  # type: ignore[misc]
    assert DEFAULT_SETTINGS.pc_wound_table == ("Impaired", "Hindered", "Exhausted",
                                               "Slowed", "Shrouded", "Broken")
    assert hash(DEFAULT_SETTINGS) == hash(Settings())  # every value is immutable


def test_each_setting_is_described_with_its_ruling_and_nothing_unknown():
    described = Settings.describe()
    assert list(described) == [f.name for f in dataclasses.fields(Settings)]
    for f in dataclasses.fields(Settings):
        assert set(f.metadata) <= METADATA, f.name
        assert re.match(r"^R\d+: \S", described[f.name]), f.name


def test_the_file_model_is_built_from_the_dataclass():
    model = SettingsModel.model_fields
    assert list(model) == [f.name for f in dataclasses.fields(Settings)]
    for f in dataclasses.fields(Settings):
        assert model[f.name].description == f.metadata["description"]
        assert model[f.name].get_default(call_default_factory=True) == (
            list(f.default) if isinstance(f.default, tuple) else f.default)
    assert settings_from(SettingsModel()) == DEFAULT_SETTINGS


def test_the_schema_of_the_settings_says_what_the_dataclass_does():
    schema = encounter_schema()["$defs"]["Settings"]
    assert schema["additionalProperties"] is False
    assert schema["description"] == Settings.__doc__
    props = schema["properties"]
    for f in dataclasses.fields(Settings):
        p = props[f.name]
        assert p["description"] == f.metadata["description"]
        assert p.get("minimum") == f.metadata.get("ge")
        assert p.get("maximum") == f.metadata.get("le")
        if typing.get_origin(f.type) is typing.Literal:
            assert p["enum"] == list(typing.get_args(f.type))
        if "length" in f.metadata:
            assert p["minItems"] == p["maxItems"] == f.metadata["length"]
            assert "default" not in p
        else:
            assert p["default"] == f.default


def test_a_rules_block_gives_the_engine_a_tuple_table():
    enc = load_encounter_text("name: N\nrules: {pc_wound_table: [Hindered, Hindered, "
                              "Hindered, Hindered, Hindered, Broken], solid_hit: off}\n"
                              "combatants:\n  - {name: A, side: allies}\n")
    assert type(enc.settings) is Settings
    assert enc.settings.pc_wound_table == ("Hindered",) * 5 + ("Broken",)
    assert enc.settings.solid_hit == "off"


@pytest.mark.parametrize("body, problem", [
    ("{success_face: '5'}", "x.yaml:2:23: rules.success_face: input should be a valid "
                            "integer"),
    ("{success_face: true}", "x.yaml:2:23: rules.success_face: input should be a valid "
                             "integer"),
    ("{success_face: 5.0}", "x.yaml:2:23: rules.success_face: input should be a valid "
                            "integer"),
    ("{success_face: 7}", "x.yaml:2:23: rules.success_face: input should be less than or "
                          "equal to 6"),
    ("{wounds: yes}", "x.yaml:2:17: rules.wounds: input should be a valid boolean"),
    ("{wounds: 1}", "x.yaml:2:17: rules.wounds: input should be a valid boolean"),
    ("{solid_hit: Off}", "x.yaml:2:20: rules.solid_hit: should be 'allies', 'everyone' or "
                         "'off'"),
    ("{enemy_clearing: rolls}", "x.yaml:2:25: rules.enemy_clearing: should be 'by_class' "
                                "or 'roll'"),
    ("{pc_wound_table: [Impaired]}", "x.yaml:2:25: rules.pc_wound_table: list should have "
                                     "at least 6 items after validation, not 1"),
    ("{pc_wound_table: Impaired}", "x.yaml:2:25: rules.pc_wound_table: should be a list "
                                   "(one '- item' per line)"),
    ("{succes_face: 4}", "x.yaml:2:9: rules.succes_face: unknown key 'succes_face' (did you "
                         "mean 'success_face'?)"),
    ("[1, 2]", "x.yaml:2:8: rules: should be a mapping of names to values (key: value "
               "lines)"),
])
def test_the_rules_block_is_validated_as_before(body, problem):
    assert rules(body) == [problem]


@pytest.mark.parametrize("body", ["{solid_hit: off}", "{solid_hit: false}",
                                  "{beyond_sen_penalty: 0x3}", "{}"])
def test_values_the_rules_block_accepts(body):
    assert rules(body) == []


ENGINE = """
import json, sys
import momenta_cli.engine.core.session, momenta_cli.engine.core.deciding
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in
                        ("pydantic", "pydantic_core") or m.startswith("momenta_cli.encounter"))))
"""


def test_the_engine_imports_no_pydantic():
    r = subprocess.run([sys.executable, "-c", ENGINE], capture_output=True, text=True,
                       timeout=60, check=True)
    assert json.loads(r.stdout) == []
