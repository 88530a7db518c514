"""The status table: combatants by side, resources, turns, conditions. Built from Rich
``Text`` objects only, so names from files are never read as markup."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from momenta_cli.engine import turns
from momenta_cli.engine.state import Fight, Fighter

SIDE_STYLE = {"allies": "cyan", "adversaries": "red", "independents": "yellow"}


def _pair(cur: int, top: int) -> Text:
    return Text(f"{cur}/{top}")


def _bar(cur: int, top: int, width: int = 6) -> Text:
    if top <= 0:
        return Text("")
    full = max(0, min(width, round(width * cur / top)))
    style = "green" if cur * 2 > top else "yellow" if cur * 4 > top else "red"
    return Text("█" * full, style=style) + Text("·" * (width - full), style="dim")


def _conditions(f: Fighter) -> Text:
    parts = []
    for name, c in f.conditions.items():
        parts.append(name if c.stacks == 1 else f"{name} {c.stacks}")
    if f.wounds:
        parts.append(f"W{len(f.wounds)}/{f.spec.wound_slots}")
    if f.burdens:
        parts.append(f"B{len(f.burdens)}/{f.spec.burden_slots}")
    return Text(", ".join(parts))


def _turns(fight: Fight, f: Fighter) -> Text:
    if f.out:
        return Text("Lost" if f.lost else "Defeated" if f.defeated else "removed")
    if fight.active == f.name:
        return Text(f"acting {fight.active_turn}/{f.turns_allowed}", style="bold")
    if f.turns_left == 0:
        return Text("done")
    return Text(f"{f.turns_left} left" if f.turns_allowed > 1 else "ready")


def status_table(fight: Fight, *, bars: bool = True) -> Table:
    """One table, a section per side, a row per combatant."""
    t = Table(box=None, pad_edge=False, expand=False, show_edge=False, padding=(0, 1))
    t.add_column("Name", no_wrap=True, max_width=18, overflow="ellipsis")
    t.add_column("Vit", justify="right", no_wrap=True)
    if bars:
        t.add_column("", no_wrap=True)
    t.add_column("Grd", justify="right", no_wrap=True)
    t.add_column("Vig", justify="right", no_wrap=True)
    t.add_column("Str", justify="right", no_wrap=True)
    t.add_column("Turn", no_wrap=True)
    t.add_column("Conditions", overflow="fold")
    for side in ("allies", "adversaries", "independents"):
        members = [f for f in fight.fighters.values() if f.side == side and not f.removed]
        if not members:
            continue
        header = [Text(side.upper(), style=f"bold {SIDE_STYLE[side]}")]
        t.add_row(*header, *[Text("")] * (len(t.columns) - 1))
        for f in members:
            style = "dim" if f.out else ""
            vig = _pair(f.vigor, f.spec.max_vigor) if f.spec.max_vigor else Text("-")
            row: list[RenderableType] = [Text(f.name, style=style),
                                         _pair(f.vitality, f.spec.max_vitality)]
            if bars:
                row.append(_bar(f.vitality, f.spec.max_vitality))
            row += [_pair(f.guard, f.spec.max_guard), vig,
                    _pair(f.strain, f.spec.max_strain), _turns(fight, f), _conditions(f)]
            t.add_row(*row, style=style)
    return t


def headline(fight: Fight) -> Text:
    """``Round 2 · main phase · allies pick: Kira, Mira (suggest Kira)``."""
    if fight.over:
        return Text(f"Round {fight.round} · combat over: {fight.over_reason}", style="bold")
    phase = turns.current_phase(fight)
    bits = [f"Round {fight.round}"]
    if phase:
        bits.append(f"{turns.PHASE_NAMES[phase]} phase")
    if fight.active:
        bits.append(f"{fight.active} is acting")
    else:
        due = turns.side_due(fight)
        names = [f.name for f in turns.may_act(fight)]
        sugg = turns.suggestion(fight)
        if due and names:
            s = f" (suggest {sugg.name})" if sugg else ""
            bits.append(f"{due} pick: {', '.join(names)}{s}")
    may_end = turns.combat_may_end(fight)
    if may_end:
        bits.append(f"combat may end: {may_end}")
    return Text(" · ".join(bits), style="bold")


def status(fight: Fight, *, bars: bool = True) -> Group:
    return Group(headline(fight), status_table(fight, bars=bars))
