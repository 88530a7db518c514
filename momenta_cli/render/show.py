"""Rich tables for ``momenta show`` and ``momenta rules``.

Everything that comes from a file is wrapped in ``Text`` so that a name such as
``[bold]Boss[/bold]`` prints literally; no markup strings are built here.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from momenta_cli.engine.specs import SIDES, CombatantSpec, EncounterSpec, WeaponSpec
from momenta_cli.rules.settings import Settings

_ATTR_ROWS = (("POW", "AGI", "REA"), ("INS", "PRE", "LUCK"), ("BODY", "MIND", "SOUL"),
              ("SPD", "SEN", "SIZE"))


def _lines(items: Iterable[str]) -> Text:
    return Text("\n".join(items))


def _attributes(c: CombatantSpec) -> Text:
    return _lines(" ".join(f"{a} {c.attr(a)}" for a in row) for row in _ATTR_ROWS)


def _conditions(c: CombatantSpec) -> Text:
    parts = [f"{name} {stacks}" for name, stacks in c.conditions]
    parts += [f"immune: {name}" for name in sorted(c.immunities)]
    return _lines(parts)


def _defenses(c: CombatantSpec) -> list[str]:
    return [f"{d.name} ({d.pool}d vs {d.against}, {d.uses}/round)" for d in c.defenses]


def side_table(side: str, combatants: list[CombatantSpec]) -> Table:
    """One side's combatants with attributes, maxima, turns, weapons and defences."""
    table = Table(title=Text(side.capitalize()), title_justify="left", show_lines=True)
    for header in ("Name", "Threat", "Attributes", "Vit", "Guard", "Vigor", "Strain",
                   "Weapons", "Resist / Weak", "Conditions"):
        table.add_column(header, overflow="fold")
    for c in combatants:
        threat = f"{c.threat or 'PC'}\n{c.turns} turn{'s' if c.turns > 1 else ''}"
        if c.is_enemy:
            threat += f"\n{c.maneuvers} maneuver{'s' if c.maneuvers > 1 else ''}"
        resist = [f"resist {t}" for t in sorted(c.resistances)]
        resist += [f"weak {t}" for t in sorted(c.weaknesses)]
        table.add_row(
            Text(c.name), Text(threat), _attributes(c),
            Text(str(c.max_vitality)), Text(str(c.max_guard)), Text(str(c.max_vigor)),
            Text(str(c.max_strain)),
            _lines([w.name for w in c.weapons] + _defenses(c)),
            _lines(resist), _conditions(c),
        )
    return table


def _tags(w: WeaponSpec) -> str:
    parts = list(w.damage_types)
    if w.type_options:
        parts.append("/".join(w.type_options))
    if w.melee is not None:
        parts.append(f"Melee {w.melee}")
    if w.range is not None:
        parts.append(f"Range {w.range}")
    parts += sorted(w.flags) + list(w.other_tags)
    if w.strain:
        parts.append("Strain")
    return ", ".join(parts)


def weapons_table(weapons: Iterable[WeaponSpec]) -> Table:
    """Weapons with weight, attribute or pool, tags and damage tiers."""
    table = Table(title=Text("Weapons"), title_justify="left")
    for header in ("Weapon", "Weight", "Roll", "Tags", "Damage"):
        table.add_column(header, overflow="fold")
    for w in weapons:
        roll = f"{w.pool}d" if w.pool is not None else w.attribute
        table.add_row(Text(w.name), Text(w.weight.name), Text(roll), Text(_tags(w)),
                      Text(w.damage.label()))
    return table


def encounter_view(enc: EncounterSpec) -> RenderableType:
    """The whole ``show`` output: title, one table per side, the weapons in use."""
    parts: list[RenderableType] = [Text(enc.name, style="bold")]
    if enc.description:
        parts.append(Text(enc.description))
    for side in SIDES:
        members = [c for c in enc.combatants if c.side == side]
        if members:
            parts.append(side_table(side, members))
    used: dict[str, WeaponSpec] = {}
    for c in enc.combatants:
        for w in c.weapons:
            used.setdefault(w.name, w)
    parts.append(weapons_table(used.values()))
    return Group(*parts)


def rules_table(settings: Settings, sources: dict[str, str]) -> Table:
    """Every setting, its value and where it came from ("default" or ``FILE:LINE``)."""
    table = Table(title=Text("Rules settings"), title_justify="left")
    table.add_column("Setting", no_wrap=True)
    table.add_column("Value", overflow="fold")
    table.add_column("Source", no_wrap=True)
    table.add_column("Meaning", overflow="fold")
    for name, meaning in Settings.describe().items():
        value = getattr(settings, name)
        if isinstance(value, list):
            shown = ", ".join(value)
        else:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
        table.add_row(Text(name), Text(shown), Text(sources.get(name, "default")),
                      Text(meaning))
    return table
