"""Commands about encounter files: validate, show, schema, rules."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from momenta_cli.cli.common import NoColor, Width, guarded, make_console
from momenta_cli.errors import EncounterError

# Each command imports what it uses when it runs (the loader and pydantic, the tables),
# so that `momenta --help` and the other commands start without them.


def validate(
    files: Annotated[list[Path], typer.Argument(
        help="Encounter or library files to check.", show_default=False, readable=False)],
) -> None:
    """Check encounter files and print every problem as FILE:LINE:COL: field: message.

    Library files (only include, weapons, stat_blocks, conditions, damage_types) are
    checked too. Exit code 1 if any file has a problem.

    Example: momenta validate encounters/mill-ambush.yaml encounters/library/armoury.yaml
    """
    from momenta_cli.encounter import cached_verdict, store_verdict

    bad = False
    for path in files:
        if _party_file(path):  # R38: its shape; the encounter naming it checks the rest
            from momenta_cli.encounter import load_party

            model, problems = load_party(path)
            for line in problems:
                typer.echo(line, err=True)
            if model is None:
                bad = True
            else:
                n = len(model.party)
                typer.echo(f"OK {path} (a party file: {n} all{'y' if n == 1 else 'ies'})")
            continue
        kept = cached_verdict(path)  # checked before, and nothing has changed since
        if kept is not None:
            typer.echo(f"OK {path} {kept}")
            continue
        # YAML on a miss; pydantic only if the schemas it kept find a doubt (or were
        # never kept: encounter/fastcheck.py)
        from momenta_cli.encounter import load_checked

        result = load_checked(path, library_ok=True)
        problems = result.problems
        if result.events:  # each event's lines, read by the command language
            from momenta_cli.play import line_problems

            problems = _in_order([*problems, *line_problems(result.events, result.spec)])
        if problems:
            bad = True
            for line in problems:
                typer.echo(line, err=True)
        elif result.library:
            from momenta_cli.rules import builtin_weapons

            spec = result.spec
            assert spec is not None
            builtin = {w["name"] for w in builtin_weapons()}
            weapons = len(set(spec.weapons) - builtin)
            verdict = f"(library: {weapons} weapons, {len(spec.stat_blocks)} stat blocks)"
        else:
            assert result.spec is not None
            n = len(result.spec.combatants)
            more = ""
            if result.spec.events:
                k = len(result.spec.events)
                more += f", {k} event{'' if k == 1 else 's'}"
            if result.spec.party:
                more += f", party: {result.spec.party}"
            verdict = f"({n} combatant{'' if n == 1 else 's'}{more})"
        if not problems:
            typer.echo(f"OK {path} {verdict}")
            if result.reads is not None:
                store_verdict(path, verdict, result.reads.files, result.reads.links)
    if bad:
        raise typer.Exit(1)


def _party_file(path: Path) -> bool:
    """Whether ``path`` reads as a party file (``party:`` a list, and no encounter keys),
    without YAML: its first key at the start of a line is ``party:``."""
    from momenta_cli.storage import is_regular

    try:
        if not is_regular(path):  # a FIFO or a device is never opened here (the loader
            return False  # refuses it in its own words)
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(4096)
    except OSError:
        return False
    keys = [x.split(":", 1)[0] for x in head.splitlines()
            if x and not x[0].isspace() and not x.startswith("#") and ":" in x]
    return bool(keys) and keys[0] == "party" and "name" not in keys


def _in_order(problems: list[str]) -> list[str]:
    """``FILE:LINE:COL: ...`` lines ordered by file, line and column, as the loader
    orders its own (a line it does not read as one keeps its place at the end)."""
    import re

    def key(text: str) -> tuple[str, int, int]:
        m = re.match(r"^(.*?):(\d+):(\d+): ", text)
        return (m[1], int(m[2]), int(m[3])) if m else ("\U0010ffff", 0, 0)

    return sorted(problems, key=key)


def show(
    file: Annotated[Path, typer.Argument(help="Encounter file to draw.", show_default=False,
                                         readable=False)],
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Draw an encounter's combatants (by side) and its weapons as tables.

    Example: momenta show encounters/mill-ambush.yaml --width 120
    """
    from momenta_cli.encounter import load_checked, load_encounter
    from momenta_cli.render import encounter_view

    with guarded():
        loaded = load_checked(file, library_ok=True)
        if loaded.library and not loaded.problems:
            raise EncounterError([f"{file}: a library (weapons, stat blocks), not an "
                                  "encounter: show draws encounters; 'momenta validate' "
                                  "checks libraries"])
        enc = load_encounter(file)
        make_console(no_color=no_color, width=width).print(encounter_view(enc))


def schema() -> None:
    """Print the JSON Schema of encounter and library files (docs/encounter.schema.json).

    Example: momenta schema > docs/encounter.schema.json
    """
    from momenta_cli.encounter import schema_text

    typer.echo(schema_text(), nl=False)


def rules(
    file: Annotated[Path | None, typer.Argument(
        help="Encounter whose rules: block to apply (default: the shipped rules).",
        show_default=False, readable=False)] = None,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Print every rules setting, its value and its source (default or FILE:LINE).

    Example: momenta rules encounters/mill-ambush.yaml
    """
    from momenta_cli.encounter import load_checked
    from momenta_cli.render import rules_table
    from momenta_cli.rules import DEFAULT_SETTINGS

    with guarded():
        settings, sources = DEFAULT_SETTINGS, {}
        if file is not None:
            result = load_checked(file)
            if result.spec is None:
                raise EncounterError(result.problems)
            settings, sources = result.spec.settings, result.rule_sources
        make_console(no_color=no_color, width=width).print(rules_table(settings, sources))


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    for command in (validate, show, schema, rules):
        app.command()(command)
