"""The reports of ``momenta simulate``: the verdict, the outcome by side, rounds to finish
and a table per combatant, from the dict of ``simulate.stats.summarise``; a forecast
from a fight in progress (``forecast_report``, also the prompt's ``forecast``); the
values a ``--tune`` tried or a ``--sweep`` played, with a bar chart
(``tuning_report``); chained fights (``chain_report``). Fits 80 columns; names from the
file are shown literally (``lit``)."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from momenta_cli.render.wrap import lit
from momenta_cli.simulate import interval, percent

_SIDE_NAMES = {"allies": "Allies", "adversaries": "Adversaries", "independents": "Indep."}
_SIDE_SHORT = {"allies": "Ally", "adversaries": "Adv.", "independents": "Ind."}


class _Fitting:
    """The first of ``tables`` (the widest first) whose every cell fits the width it is
    drawn at; else the last. 80 columns is the design width, and ``--width`` goes down
    to 40: a narrower table (shorter headings, sides shortened, then left out) reads
    better there than the widest one squeezed until its names and headings fold."""

    def __init__(self, *tables: Table):
        self.tables = tables

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        whole = options.update_width(10**4)  # the natural width, not the one it is given
        for table in self.tables[:-1]:
            if Measurement.get(console, whole, table).maximum <= options.max_width:
                yield table
                return
        yield self.tables[-1]


def _table() -> Table:
    return Table(box=None, pad_edge=False, show_edge=False, header_style="bold")


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

    sides = _sides(s)

    people = _Fitting(*(_people(s, side) for side in (_SIDE_NAMES, _SIDE_SHORT, None)),
                      _people(s, None, ("Str d/t", "Def.")))
    note = lit("Means per fight; damage is what reached Vitality; Defeated counts Lost.",
               "dim")
    parts: list[RenderableType] = [verdict, head, Text(""), sides, Text(""),
                                   lit(_rounds(s["rounds"])), Text(""), people, note]
    if s["refused_per_fight"]:
        parts.append(lit(f"The engine refused {s['refused_per_fight']:.2f} policy "
                         "commands per fight (skipped).", "dim"))
    return Group(*parts)


def _people(s: dict[str, Any], side: dict[str, str] | None,
            heads: tuple[str, str] = ("Strain d/t", "Defeated")) -> Table:
    """A run's table per combatant; ``side``: how sides are named (None: no column);
    ``heads``: the Strain's and the Defeated rate's headings."""
    strain = any(c["strain_dealt"] or c["strain_taken"] for c in s["combatants"])
    people = _table()
    people.add_column("Combatant", overflow="fold", max_width=24)
    if side is not None:
        people.add_column("Side")
    people.add_column("Dealt", justify="right")
    people.add_column("Taken", justify="right")
    if strain:
        people.add_column(heads[0], justify="right")
    people.add_column("Wounds", justify="right")
    people.add_column(heads[1], justify="right")
    for c in s["combatants"]:
        row: list[Text | str] = [lit(c["name"])]
        if side is not None:
            row.append(side.get(c["side"], c["side"]))
        row += [_num(c["damage_dealt"]), _num(c["damage_taken"])]
        if strain:
            row.append(f"{_num(c['strain_dealt'])}/{_num(c['strain_taken'])}")
        row += [f"{c['wounds']:.2f}", percent(c["defeated_rate"])]
        people.add_row(*row)
    return people


def _sides(s: dict[str, Any]) -> _Fitting:
    return _Fitting(_sides_table(s, "95% interval"), _sides_table(s, "95%"),
                    _sides_table(s, "95%", short=True))


def _sides_table(s: dict[str, Any], band: str, *, short: bool = False) -> Table:
    """The outcome by side; ``band``: the intervals' heading; ``short``: the outcomes
    in a word ("Allies", "Undecided (30)")."""
    sides = _table()
    for col, just in (("Outcome", "left"), ("Fights", "right"), ("Rate", "right"),
                      (band, "right")):
        sides.add_column(col, justify=just)  # type: ignore[arg-type]
    win = "" if short else " win"
    for key, label in (("allies", "Allies"), ("adversaries", "Adversaries")):
        side = s["sides"][key]
        lo, hi = side["ci95"]
        sides.add_row(label + win, f"{side['wins']:,}", percent(side["rate"]),
                      interval(lo, hi))
    both = s["sides"]["both_out"]
    sides.add_row("Both out" if short else "Both sides out", f"{both['count']:,}",
                  percent(both["rate"]), "")
    und = s["sides"]["undecided"]
    cap = f"({s['max_rounds']})" if short else f"(cap {s['max_rounds']})"
    sides.add_row(f"Undecided {cap}", f"{und['count']:,}", percent(und["rate"]), "")
    return sides


def forecast_report(summary: dict[str, Any]) -> RenderableType:
    """A forecast (``simulate.forecast_summary``): the verdict from here, the outcome by
    side, rounds left, and each combatant's chance to be Defeated and to take a Wound
    from here, with 95% intervals."""
    s = summary
    now = s["forecast"]
    verdict = lit(s["verdict"], "bold")
    whose = f", {now['active']}'s turn" if now["active"] else ""
    head = lit(f"{s['encounter']}: round {now['round']}{whose}; {s['fights']:,} "
               f"fight{'s' if s['fights'] != 1 else ''} played on from here, seed "
               f"{s['seed']}, policy {s['policy']}", "dim")
    if now["over"]:
        return Group(verdict, head)
    r, left = s["rounds"], s["rounds_left"]
    if r["decided"]:
        rounds = (f"Rounds left after this one: median {left['median']}, middle half "
                  f"{left['q1']}-{left['q3']}, all {left['min']}-{left['max']} (fights "
                  "that ended)")
    else:
        rounds = "Rounds left: no fight ended"
    who = s["combatants"]
    people = _Fitting(_fates(who, "Combatant", _SIDE_NAMES, "95% interval"),
                      _fates(who, "Combatant", _SIDE_SHORT, "95%"),
                      _fates(who, "Combatant", None, "95%"),
                      _fates(who, "Combatant", None, "95%", ("Def.", "Wnd.")))
    note = lit("Defeated: by the end (Lost too); Wounded: takes a Wound from here on.",
               "dim")
    return Group(verdict, head, Text(""), _sides(s), Text(""), lit(rounds), Text(""),
                 people, note)


def _fates(rows: list[dict[str, Any]], first: str, side: dict[str, str] | None,
           band: str, heads: tuple[str, str] = ("Defeated", "Wounded")) -> Table:
    """A table of each one's chance to be Defeated and to take a Wound, with intervals
    (a forecast's combatants, a chain's allies): ``first``, the names' heading; ``side``:
    how sides are named (None: no column); ``band``: the intervals' heading; ``heads``:
    the two rates'. One out already (``out_now``) says so."""
    people = _table()
    people.add_column(first, overflow="fold", max_width=22)
    if side is not None:
        people.add_column("Side")
    for col in (heads[0], band, heads[1], band):
        people.add_column(col, justify="right", no_wrap=True)
    for c in rows:
        row: list[Text | str] = [lit(c["name"])]
        if side is not None:
            row.append(side.get(c["side"], c["side"]))
        if c.get("out_now"):
            row += ["out now", "", "", ""]
        else:
            row += [percent(c["defeated_rate"]), interval(*c["defeated_ci95"]),
                    percent(c["wounded_rate"]), interval(*c["wounded_ci95"])]
        people.add_row(*row)
    return people


BAR = 24  # columns of the sweep's bar chart


def _bar(rate: float, target: float | None) -> Text:
    """``rate`` as BAR cells, ``#`` for the share won; ``|`` marks the target."""
    filled = round(rate * BAR)
    at = None if target is None else min(BAR - 1, max(0, round(target * BAR)))
    cells = [("|", "bold yellow") if i == at else ("#", "green") if i < filled
             else (".", "dim") for i in range(BAR)]
    bar = Text()
    for style, run in groupby(cells, key=lambda c: c[1]):  # a run of one style at once
        bar.append("".join(ch for ch, _ in run), style)
    return bar


def tuning_report(report: dict[str, Any], *, sweep: bool) -> RenderableType:
    """The values a ``--tune`` tried (in the order tried) or a ``--sweep`` played (from
    ``simulate.tune.Search.as_dict``), each with its rate, interval and fights, and a
    bar; then the value found (a tune)."""
    r = report
    target = r["target"]
    what = "sweep" if sweep else "tune"
    aim = f", target {percent(target)}" if target is not None else ""
    head = lit(f"{r['encounter']}: {what} of {r['param']} (the file has "
               f"{r['file_value']}){aim}; up to {r['fights_per_value']:,} fights a "
               f"value, seed {r['seed']}, policy {r['policy']}", "dim")
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for col in ("Value", "Allies win", "95% interval", "Fights"):
        table.add_column(col, justify="right", no_wrap=True, min_width=len(col))
    table.add_column("", no_wrap=True, overflow="crop")  # narrow: the bar gives way
    tried = sorted(r["tried"], key=lambda t: t["value"]) if sweep else r["tried"]
    refused: list[RenderableType] = []
    for t in tried:
        if "refused" in t:
            table.add_row(str(t["value"]), "refused", "", "", "")
            refused.append(lit(f"{t['value']}: the file refuses it: {t['refused']}",
                               "dim"))
            continue
        if not t["fights"]:
            continue
        fights = f"{t['fights']:,}" + ("*" if t["early"] else "")
        table.add_row(str(t["value"]), percent(t["allies_rate"]), interval(*t["ci95"]),
                      fights, _bar(t["allies_rate"], target))
    parts: list[RenderableType] = [head, Text(""), table, *refused]
    if any(t.get("early") for t in r["tried"]):
        parts.append(lit("* stopped early: the interval already left the target out",
                         "dim"))
    best = r.get("best")
    if not sweep and best is not None:
        lo, hi = best["ci95"]
        holds = lo <= target <= hi
        line = (f"{r['param']} = {best['value']}: allies win {percent(best['allies_rate'])}"
                f" ({interval(lo, hi)}), ")
        line += ("the target is within its interval" if holds else
                 "the nearest to the target of the values tried; none reaches it within "
                 "its interval")
        parts[0:0] = [lit(line, "bold")]
    if r["interrupted"]:
        parts.append(lit("Stopped by Ctrl-C: the figures so far.", "yellow"))
    return Group(*parts)


def _legs(s: dict[str, Any], band: str, *, rounds: bool = True) -> Table:
    """A chain's table per encounter; ``band``: the intervals' heading; ``rounds``:
    with the mean rounds (the narrowest table leaves them out)."""
    legs = _table()
    legs.add_column("Encounter", overflow="fold", max_width=30)
    for col in ("Reached", "Won", band, *(["Rounds"] if rounds else [])):
        legs.add_column(col, justify="right", no_wrap=True)
    for i, leg in enumerate(s["encounters"]):
        won = leg["won"]
        row: list[Text | str] = [lit(f"{i + 1}. {leg['encounter']}"),
                                 percent(leg["reached"]["rate"]),
               percent(won["rate"]), interval(*won["ci95"])]
        if rounds:
            row.append(_num(leg["rounds_mean"]) if leg["reached"]["count"] else "")
        legs.add_row(*row)
    return legs


def chain_report(summary: dict[str, Any]) -> RenderableType:
    """Chained fights (``simulate.chain_summary``): the chance the party survives them
    all, each encounter's reached and won, and each ally's chance to end it Defeated
    and to take a Wound in it, with 95% intervals."""
    s = summary
    chains = f"{s['fights']:,} chain{'s' if s['fights'] != 1 else ''}"
    head = lit(f"{' -> '.join(s['chain'])}: {chains}, seed {s['seed']}, policy "
               f"{s['policy']}", "dim")
    legs = _Fitting(_legs(s, "95% interval"), _legs(s, "95%"), _legs(s, "95%", rounds=False))
    parts: list[RenderableType] = [lit(s["verdict"], "bold"), head, Text(""), legs]
    for i, leg in enumerate(s["encounters"]):
        reached = leg["reached"]["count"]
        parts += [Text(""), lit(f"{i + 1}. {leg['encounter']}: reached in {reached:,}",
                                "bold")]
        if not reached or not leg["allies"]:
            continue
        allies = leg["allies"]
        parts.append(_Fitting(_fates(allies, "Ally", None, "95% interval"),
                              _fates(allies, "Ally", None, "95%"),
                              _fates(allies, "Ally", None, "95%", ("Def.", "Wnd."))))
    parts.append(lit("Won: of all chains; a chain stops at the first fight the allies do "
                     "not win. Defeated: at the end of that fight (carried in so too); "
                     "Wounded: takes a Wound in it; both of the chains that reached it. "
                     "Rounds: the mean.", "dim"))
    return Group(*parts)
