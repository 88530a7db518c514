"""The encounter commands through Typer's CliRunner: validate, show, schema, rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momenta_cli.cli.app import app
from momenta_cli.encounter.schema import encounter_schema

FIXTURES = Path(__file__).parent / "fixtures"
SCHEMA_FILE = Path(__file__).parent.parent / "docs" / "encounter.schema.json"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_validate_counts_one_combatant_in_the_singular(tmp_path):
    one = tmp_path / "one.yaml"
    one.write_text("name: One\ncombatants:\n  - name: Solo\n    side: allies\n"
                   "    attributes: {POW: 2, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, "
                   "SPD: 5, SEN: 4, SIZE: 1M}\n    max_vitality: 20\n")
    result = run("validate", str(one))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"OK {one} (1 combatant)"]


def test_validate_ok():
    party = str(FIXTURES / "party.yaml")
    result = run("validate", party, str(FIXTURES / "ambush.yaml"))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"OK {party} (7 combatants)",
                                          f"OK {FIXTURES / 'ambush.yaml'} (2 combatants)"]


def test_validate_library_file():
    lib = FIXTURES / "lib" / "shared.yaml"
    result = run("validate", str(lib))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"OK {lib} (library: 4 weapons, 2 stat blocks)\n"


def test_show_draws_tables():
    result = run("show", str(FIXTURES / "party.yaml"), "--no-color", "--width", "160")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("Party at the Mill", "ALLIES", "ADVERSARIES", "INDEPENDENTS", "WEAPONS",
                 "Footpad-3", "Champion x2", "resist Crushing", "weak Sonic",
                 "starts Slowed 1", "Ward (4d vs any, 1/round)", "2 / 7 / 13 / 20",
                 "2 / 6 / 11 (+3/s)", "Slashing/Piercing, Melee 1, Deflect"):
        assert text in out, text
    assert "\x1b[" not in out


def test_show_is_readable_at_80_columns():
    # Names and headers stay whole at 80 columns (no "Brann/oc", no "Threa/t").
    result = run("show", str(FIXTURES / "party.yaml"), "--no-color", "--width", "80")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines)
    header = next(line for line in lines if line.startswith("Name"))
    assert header.split() == ["Name", "Kind", "Vit", "Guard", "Vigor", "Strain", "Resolve",
                              "Wounds"]


def test_show_prints_names_literally():
    result = run("show", str(FIXTURES / "markup_names.yaml"), "--no-color", "--width", "150")
    assert result.exit_code == 0, result.output
    assert "[red]Markup[/red] test" in result.stdout
    assert "[bold]Boss[/bold]" in result.stdout
    assert "[link=x]Claw[/link]" in result.stdout


def test_show_bad_file_gives_problems_not_traceback(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\ncombatants: [{name: A, side: allies, max_vitality: -3}]\n")
    result = run("show", str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{bad}:2:")
    assert "Traceback" not in result.output


def test_schema_file_matches_command():
    result = run("schema")
    assert result.exit_code == 0, result.output
    assert SCHEMA_FILE.read_text(encoding="utf-8") == result.stdout, (
        "docs/encounter.schema.json is stale: run `momenta schema > "
        "docs/encounter.schema.json`")
    assert json.loads(result.stdout)["title"].startswith("Momenta encounter")


def test_schema_accepts_encounters_and_libraries():
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    schema = encounter_schema()
    for name in ("party.yaml", "ambush.yaml", "lib/shared.yaml"):
        jsonschema.validate(yaml.safe_load((FIXTURES / name).read_text()), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"name": "no combatants"}, schema)


def test_rules_defaults():
    result = run("rules", "--no-color", "--width", "200")
    assert result.exit_code == 0, result.output
    assert "solid_hit" in result.stdout and "allies" in result.stdout
    assert "FILE" not in result.stdout


def test_rules_with_file_shows_sources():
    party = FIXTURES / "party.yaml"
    result = run("rules", str(party), "--no-color", "--width", "200")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    solid = next(ln for ln in lines if "solid_hit" in ln)
    assert "everyone" in solid and f"{party}:5" in solid
    wounds = next(ln for ln in lines if "pc_wound_slots" in ln)
    assert "4" in wounds and f"{party}:6" in wounds
    face = next(ln for ln in lines if "success_face" in ln)
    assert "default" in face


def test_rules_bad_file(tmp_path: Path):
    bad = tmp_path / "r.yaml"
    bad.write_text("name: R\nrules: {solid_hit: sometimes}\ncombatants: [{name: A, side: "
                   "allies}]\n")
    result = run("rules", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:2:20: rules.solid_hit: should be 'allies', 'everyone' or 'off'" \
        in result.stderr


@pytest.mark.parametrize("command", ["validate", "show", "schema", "rules"])
def test_every_command_has_help_and_an_example(command: str):
    result = run(command, "--help")
    assert result.exit_code == 0, result.output
    assert "Example: momenta " + command in result.stdout
    assert run(command, "-h").exit_code == 0


def test_show_on_a_library_says_what_it_is():
    lib = Path(__file__).resolve().parent.parent / "encounters" / "library" / "bestiary.yaml"
    result = run("show", str(lib))
    assert result.exit_code == 1
    assert "a library (weapons, stat blocks), not an encounter" in result.stderr


def test_show_lists_locations_slots_starting_values_and_notes():
    enc = Path(__file__).resolve().parent.parent / "encounters" / "mill-ambush.yaml"
    out = run("show", str(enc), "--no-color", "--width", "100").stdout
    for text in ("hit locations: Mass, Edge -2d, Mark -3d", "3 Wound, 3 Burden slots",
                 "2 consumable points", "starts below max: vitality 8", "notes: Tied"):
        assert text in out, text
