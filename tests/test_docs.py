"""The README documents every command (sqlite-utils' test_docs idea)."""

from __future__ import annotations

import re
from pathlib import Path

from momenta_cli.cli.app import app
from momenta_cli.language import VERBS
from momenta_cli.language.reference import markdown

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_readme_command_language_block_is_generated_from_the_verbs():
    block = re.search(r"<!-- commands:start -->\n(.*)<!-- commands:end -->", README, re.S)
    assert block, "README lacks the commands block"
    assert block.group(1) == markdown(), (
        "README is stale: run python -m momenta_cli.language.reference and paste it")


def test_every_verb_has_help_and_an_example():
    for v in VERBS.values():
        assert v.help and v.example and v.usage.split()[0] == v.name, v.name


def test_every_cli_command_is_in_the_readme_and_has_an_example():
    import typer.main

    group = typer.main.get_command(app)
    for name, cmd in group.commands.items():
        assert f"`momenta {name}" in README, name
        assert "Example:" in (cmd.help or ""), name


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_second():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", quick, re.S)
    assert len(blocks) == 2 and all(len(b.strip().splitlines()) == 1 for b in blocks)
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    assert blocks[1].strip() in ci


def test_the_format_doc_lists_every_built_in_damage_type():
    from momenta_cli.rules import catalogue

    doc = (Path(__file__).resolve().parent.parent / "docs" / "encounter-format.md").read_text(
        encoding="utf-8")
    physical, other = catalogue.damage_types()
    missing = [t for t in (*physical, *other) if not re.search(rf"\b{t}\b", doc)]
    assert missing == [], f"docs/encounter-format.md does not name {missing}"


def test_the_readme_map_example_is_a_whole_encounter_that_validates(enc):
    """The README's map example is copied by new users: it must load as it stands,
    beside the shipped library (encounters/library/)."""
    from tests.conftest import invoke

    block = re.search(r"```yaml\n(name: [^\n]*\n(?:(?!```).)*\nmap:\n.*?)```", README, re.S)
    assert block, "README lacks its map example"
    example = enc.with_name("readme-map.yaml")
    example.write_text(block.group(1), encoding="utf-8")
    r = invoke("validate", example)
    assert r.exit_code == 0, r.output
    assert "(1 combatant)" in r.output
