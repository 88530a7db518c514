"""Rich tables for ``momenta show`` and ``momenta rules``.

Everything that comes from a file is wrapped in ``Text`` so that a name such as
``[bold]Boss[/bold]`` prints literally; no markup strings are built here.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from momenta_cli.engine.core import SIDES, CombatantSpec, EncounterSpec, WeaponSpec
from momenta_cli.render.wrap import hang, lit, lit_lines
from momenta_cli.rules import Settings
from momenta_cli.text import one_line

_PRIMARY = ("POW", "AGI", "REA", "INS", "PRE", "LUCK")
_DERIVED = ("BODY", "MIND", "SOUL")
_OTHER = ("SPD", "SEN")


def _lines(items: Iterable[str]) -> Text:
    return lit_lines("\n".join(items))


def _attr_text(c: CombatantSpec, names: Iterable[str]) -> str:
    return " ".join(f"{a} {c.attr(a)}" for a in names)


def _defenses(c: CombatantSpec) -> list[str]:
    return [f"{d.name} ({d.pool}d vs {d.against}, {d.uses}/round)" for d in c.defenses]


def _kind(c: CombatantSpec) -> str:
    kind = c.threat or "PC"
    if c.turns > 1:
        kind += f" x{c.turns}"
    return kind


def _details(c: CombatantSpec) -> _Details:
    """The long facts of one combatant as indented lines that wrap at any width."""
    rows = [
        _attr_text(c, _PRIMARY),
        f"{_attr_text(c, _DERIVED)}; {_attr_text(c, _OTHER)} SIZE {c.size}",
        "weapons: " + ", ".join(w.name for w in c.weapons),
    ]
    if c.defenses:
        rows.append("defenses: " + "; ".join(_defenses(c)))
    locations = [loc.name + (f" -{loc.penalty}d" if loc.penalty else "")
                 + (f" (Wound: {loc.wound_effect})" if loc.wound_effect else "")
                 for loc in c.locations]
    rows.append("hit locations: " + ", ".join(locations))
    slots = f"{c.wound_slots} Wound, {c.burden_slots} Burden slots"
    rows.append(f"{slots}; {c.consumables} consumable point"
                f"{'s' if c.consumables != 1 else ''}")
    if c.start:
        rows.append("starts below max: " + ", ".join(f"{k} {v}" for k, v in c.start.items()))
    if c.is_enemy:
        rows.append(f"{c.maneuvers} maneuver{'s' if c.maneuvers > 1 else ''} a turn besides "
                    "its Move; no Vigor, no reactions")
    if _grunt(c):
        rows.append("a Grunt: never rolls, each of its attacks scores 1 success (R7)")
    extra = []
    if c.resistances:
        extra.append("resist " + ", ".join(sorted(c.resistances)))
    if c.weaknesses:
        extra.append("weak " + ", ".join(sorted(c.weaknesses)))
    if c.immunities:
        extra.append("immune " + ", ".join(sorted(c.immunities)))
    if c.conditions:
        extra.append("starts " + ", ".join(f"{n} {k}" for n, k in c.conditions))
    if extra:
        rows.append("; ".join(extra))
    if c.notes:
        rows.append("notes: " + " ".join(c.notes.split()))
    return _Details(c.name, [one_line(row) for row in rows], _keep(c))


class _Details:
    """A combatant's name, then its facts each on its own line, wrapped under itself 4
    columns in (render/wrap.py ``hang``): a long note stays clear of the next name. One
    Text for them all, so that a thousand combatants draw in a blink."""

    def __init__(self, name: str, rows: list[str], keep: tuple[str, ...]):
        self.name, self.rows, self.keep = name, rows, keep

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        out = lit(self.name, "bold")
        lines = [x for row in self.rows
                 for x in hang(row, options.max_width, first="  ", keep=self.keep)]
        out.append(lit_lines("\n" + "\n".join(lines)))
        yield out


def _keep(c: CombatantSpec) -> tuple[str, ...]:
    """The names a detail line must not break inside: the weapons' and defenses'."""
    names = {w.name for w in c.weapons} | {d.name for d in c.defenses}
    return tuple(sorted((n for n in names if " " in n), key=len, reverse=True))


def _grunt(c: CombatantSpec) -> bool:
    return c.is_enemy and c.threat == "Grunt"


def side_table(side: str, combatants: list[CombatantSpec]) -> Group:
    """One side: a summary row per combatant (kind, maxima), then each one's details
    (attributes, weapons, defenses, resistances, conditions). Readable at 80 columns."""
    table = Table(title=Text(side.upper(), style="bold"), title_justify="left",
                  box=None, padding=(0, 1), pad_edge=False)
    table.add_column("Name", overflow="fold", max_width=30)
    table.add_column("Kind", no_wrap=True)
    for header in ("Vit", "Guard", "Vigor", "Strain", "Resolve", "Wounds"):
        table.add_column(header, justify="right", no_wrap=True)
    for c in combatants:
        table.add_row(lit(c.name), lit(_kind(c)), Text(str(c.max_vitality)),
                      Text(str(c.max_guard)), Text(str(c.max_vigor) if c.max_vigor else "-"),
                      Text(str(c.max_strain)), Text(str(c.max_resolve)),
                      Text(str(c.wound_slots)))
    return Group(table, *[_details(c) for c in combatants], Text(""))


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


def weapons_table(weapons: Iterable[WeaponSpec], unrolled: Iterable[str] = ()) -> Table:
    """Weapons with weight, attribute or pool, tags and damage tiers; those named in
    ``unrolled`` are carried only by Grunts, who never roll (R7): no roll is shown."""
    table = Table(title=Text("WEAPONS", style="bold"), title_justify="left", box=None,
                  padding=(0, 1), pad_edge=False)
    table.add_column("Weapon", overflow="fold", max_width=22)
    table.add_column("Weight", no_wrap=True)
    table.add_column("Roll", no_wrap=True)
    table.add_column("Tags", overflow="fold")
    table.add_column("0s/1s/2s/3+", overflow="fold")
    for w in weapons:
        roll = f"{w.pool}d" if w.pool is not None else w.attribute
        if w.name in set(unrolled):
            roll = "no roll"  # R7: a Grunt's attack always scores 1 success
        tiers = " / ".join(str(d) for d in w.damage.tiers)
        if w.damage.overflow:
            tiers += f" (+{w.damage.overflow}/s)"
        table.add_row(lit(w.name), Text(w.weight.name), lit(roll), lit(_tags(w)),
                      lit(tiers))
    return table


def encounter_view(enc: EncounterSpec) -> RenderableType:
    """The whole ``show`` output: title, one table per side, the weapons in use."""
    parts: list[RenderableType] = [lit(enc.name, "bold")]
    if enc.description:
        parts.append(lit(enc.description))
    for side in SIDES:
        members = [c for c in enc.combatants if c.side == side]
        if members:
            parts.append(side_table(side, members))
    used: dict[str, WeaponSpec] = {}
    rolled: set[str] = set()
    for c in enc.combatants:
        for w in c.weapons:
            used.setdefault(w.name, w)
            if not _grunt(c):
                rolled.add(w.name)
    parts.append(weapons_table(used.values(), set(used) - rolled))
    return Group(*parts)


def rules_table(settings: Settings, sources: dict[str, str]) -> Group:
    """Every setting, its value and where it came from ("default" or ``FILE:LINE``), with
    its meaning on the line below: readable at any width."""
    rows: list[RenderableType] = [Text("Rules settings", style="bold")]
    for name, meaning in Settings.describe().items():
        value = getattr(settings, name)
        if isinstance(value, tuple | list):
            shown = ", ".join(value)
        else:
            shown = str(value).lower() if isinstance(value, bool) else str(value)
        line = Text(name, style="bold")
        line.append(f" = {shown}")
        line.append(f"  ({sources.get(name, 'default')})", style="dim")
        line.append(f"\n  {meaning}")
        rows.append(line)
    return Group(*rows)
