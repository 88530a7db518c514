"""``momenta party``: the party carried from one fight into the next (R38). ``party save
FIGHT FILE`` writes the allies of a saved fight as they stand into a party file (plain
YAML, encounter/party_file.py); ``party show FILE`` draws one. An encounter that names the
file (``party: FILE``) starts its allies from it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from momenta_cli.cli.common import NoColor, Width, guarded, make_console
from momenta_cli.errors import EncounterError, MomentaError
from momenta_cli.text import one_line

ACTIONS = ("save", "show")


def party(
    action: Annotated[str, typer.Argument(help="save (FIGHT FILE: write the allies of a "
                                          "saved fight into FILE) or show (FILE: draw "
                                          "it).", show_default=False)],
    paths: Annotated[list[Path], typer.Argument(help="FIGHT FILE for save; FILE for "
                                                "show.", show_default=False,
                                                readable=False)],
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Carry the party from one fight into the next (R38): Vitality, Strain, Wounds and
    Burdens with their conditions, persistent conditions, Resolve and consumable points
    are kept; Vigor and Guard start full, and conditions that clear at the end of a turn
    are gone. An encounter names the file (party: party.yaml) to start from it.

    Example: momenta party save encounters/campaign-cellar.fight.jsonl party.yaml

    Example: momenta party show encounters/parties/campaign-party.yaml
    """
    if action not in ACTIONS:
        raise typer.BadParameter(f"{one_line(action)!r}: say save or show",
                                 param_hint="'ACTION'")
    want = 2 if action == "save" else 1
    if len(paths) != want:
        raise typer.BadParameter("save takes FIGHT and FILE" if action == "save" else
                                 "show takes FILE", param_hint="'PATHS'")
    with guarded():
        if action == "save":
            _save(paths[0], paths[1])
        else:
            _show(paths[0], no_color, width)


def _save(fight: Path, target: Path) -> None:
    from momenta_cli.encounter import party_text
    from momenta_cli.journal import FightFile
    from momenta_cli.storage import atomic_write, why

    ff = FightFile.open(fight, repair=False, state_only=True)
    for warning in ff.warnings:
        typer.echo(one_line(warning), err=True)
    state = ff.session.state
    _may_replace(target, fight, ff.encounter_path)
    text = party_text(state, fight.name)
    try:
        atomic_write(target, text.encode("utf-8"))
    except OSError as err:
        raise MomentaError(f"{target}: cannot write the party file: {why(err)}") from None
    allies = sum(1 for f in state.fighters.values() if f.side == "allies" and not f.removed)
    typer.echo(one_line(f"saved {allies} all{'y' if allies == 1 else 'ies'} of "
                        f"{fight} into {target} (round {state.round})"))


def _may_replace(target: Path, fight: Path, encounter: Path | None) -> None:
    """Refuse a FILE that is not ours to replace: the fight or its encounter (a slip
    of the argument order would lose the fight), anything but a regular file (``/dev/null``
    would be swapped for a file by the atomic rename), or a file that is not a party file
    (a README, an encounter): only a party file, or a new name, is written."""
    from momenta_cli.storage import is_regular

    def same(a: Path, b: Path | None) -> bool:
        try:
            return b is not None and a.resolve() == b.resolve()
        except OSError:
            return False

    if same(target, fight) or same(target, encounter):
        what = "the fight itself" if same(target, fight) else "the fight's encounter"
        raise MomentaError(f"{target}: is {what}; save the party into a file of its own "
                           f"(e.g. party.yaml)")
    if not target.exists() and not target.is_symlink():
        return
    if not is_regular(target):
        raise MomentaError(f"{target}: is not a regular file; save the party into a "
                           f"file of its own (e.g. party.yaml)")
    try:
        with open(target, "rb") as f:
            head = f.read(65536)
    except OSError:
        head = b""  # unreadable: the write below says why in one line
    # A party file, even one the GM's editing broke, has its top-level ``party:`` key.
    if not any(line.rstrip().startswith(b"party:") for line in head.splitlines()):
        raise MomentaError(f"{target}: exists and is not a party file, so it is left "
                           f"alone; save into a new file or remove it first")


def _show(path: Path, no_color: bool, width: int | None) -> None:
    from rich.table import Table

    from momenta_cli.encounter import load_party
    from momenta_cli.render import lit

    model, problems = load_party(path)
    if model is None:
        raise EncounterError(problems)
    table = Table(title=lit(f"Party: {path}"), title_justify="left", box=None,
                  header_style="bold")
    for head in ("Name", "Vit", "Str", "Res", "Cons", "Wounds", "Burdens", "Conditions"):
        table.add_column(head, overflow="fold")

    def shown(v: int | None) -> str:
        return "full" if v is None else str(v)

    for m in model.party:
        conds = ", ".join(f"{n} {s}" for n, s in m.conditions.items())
        name = m.name + (f" ({m.down})" if m.down else "")
        table.add_row(lit(name), shown(m.vitality), str(m.strain or 0), shown(m.resolve),
                      shown(m.consumables), lit(", ".join(m.wounds) or "-"),
                      lit(", ".join(m.burdens) or "-"), lit(conds or "-"))
    make_console(no_color=no_color, width=width).print(table)


def register(app: typer.Typer) -> None:
    """Add this module's command to ``app``."""
    app.command()(party)
