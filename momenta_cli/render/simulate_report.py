"""The report of ``momenta simulate``: the verdict, the outcome by side, rounds to finish
and a table per combatant, from the dict of ``simulate.stats.summarise``. Fits 80
columns; names from the file are shown literally (``lit``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from momenta_cli.render.wrap import lit
from momenta_cli.simulate import interval, percent

_SIDE_NAMES = {"allies": "Allies", "adversaries": "Adversaries", "independents": "Indep."}


def _num(x: float) -> str:
    return f"{x:.1f}"


def _rounds(r: dict[str, Any]) -> str:
    if not r["decided"]:
        return "Rounds to finish: no fight ended"
    return (f"Rounds to finish: median {r['median']}, middle half {r['q1']}-{r['q3']}, "
            f"all {r['min']}-{r['max']} (fights that ended)")


def simulation_report(summary: dict[str, Any]) -> RenderableType:
    """The whole report as one renderable."""
    s = summary
    head = lit(f"{s['encounter']}: {s['fights']:,} fight{'s' if s['fights'] != 1 else ''}"
               f", seed {s['seed']}, policy {s['policy']}", "dim")
    verdict = lit(s["verdict"], "bold")

    sides = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for col, just in (("Outcome", "left"), ("Fights", "right"), ("Rate", "right"),
                      ("95% interval", "right")):
        sides.add_column(col, justify=just)  # type: ignore[arg-type]
    for key, label in (("allies", "Allies win"), ("adversaries", "Adversaries win")):
        side = s["sides"][key]
        lo, hi = side["ci95"]
        sides.add_row(label, f"{side['wins']:,}", percent(side["rate"]),
                      interval(lo, hi))
    both = s["sides"]["both_out"]
    sides.add_row("Both sides out", f"{both['count']:,}", percent(both["rate"]), "")
    und = s["sides"]["undecided"]
    sides.add_row(f"Undecided (cap {s['max_rounds']})", f"{und['count']:,}",
                  percent(und["rate"]), "")

    strain = any(c["strain_dealt"] or c["strain_taken"] for c in s["combatants"])
    people = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    people.add_column("Combatant", overflow="fold", max_width=24)
    people.add_column("Side")
    people.add_column("Dealt", justify="right")
    people.add_column("Taken", justify="right")
    if strain:
        people.add_column("Strain d/t", justify="right")
    people.add_column("Wounds", justify="right")
    people.add_column("Defeated", justify="right")
    for c in s["combatants"]:
        row: list[Text | str] = [lit(c["name"]), _SIDE_NAMES.get(c["side"], c["side"]),
                                 _num(c["damage_dealt"]), _num(c["damage_taken"])]
        if strain:
            row.append(f"{_num(c['strain_dealt'])}/{_num(c['strain_taken'])}")
        row += [f"{c['wounds']:.2f}", percent(c["defeated_rate"])]
        people.add_row(*row)
    note = lit("Means per fight; damage is what reached Vitality; Defeated counts Lost.",
               "dim")
    parts: list[RenderableType] = [verdict, head, Text(""), sides, Text(""),
                                   lit(_rounds(s["rounds"])), Text(""), people, note]
    if s["refused_per_fight"]:
        parts.append(lit(f"The engine refused {s['refused_per_fight']:.2f} policy "
                         "commands per fight (skipped).", "dim"))
    return Group(*parts)
