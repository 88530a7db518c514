"""The status table: combatants by side, resources with bars, turns, conditions.

Built from Rich ``Text`` objects only, so names from files are never read as markup, and
every piece of text from a file goes through ``lit`` (text.escape) so control characters (ANSI
escapes included) show as visible ``\\x1b`` escapes instead of driving the terminal.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from momenta_cli.engine import turns
from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.render.players import LABEL_STYLE, health_label, hidden
from momenta_cli.text import escape, one_line

SIDE_STYLE = {"allies": "cyan", "adversaries": "red", "independents": "yellow"}
SIDES = ("allies", "adversaries", "independents")



def lit(text: str, style: str = "") -> Text:
    """A Rich ``Text`` showing ``text`` as written on one line: no markup is read, and a
    newline or any control, bidi or invisible character shows as an escape (a name or a
    recorded command can never forge a line of its own)."""
    return Text(one_line(text), style=style)


def lit_lines(text: str, style: str = "") -> Text:
    """``lit`` for text of several lines: the newlines are kept, the rest is escaped."""
    return Text(escape(text), style=style)


def _pair(cur: int, top: int) -> Text:
    return Text(f"{cur}/{top}")


def _bar(cur: int, top: int, width: int = 4) -> Text:
    if top <= 0:
        return Text("")
    full = max(0, min(width, round(width * cur / top)))
    style = "green" if cur * 2 > top else "yellow" if cur * 4 > top else "red"
    return Text("█" * full, style=style) + Text("·" * (width - full), style="dim")


def _gauge(cur: int, top: int, *, rising_is_bad: bool = False) -> Text:
    """``7/7▮▮``: the numbers and a 2-cell bar (for Strain, fuller is worse)."""
    out = Text(f"{cur}/{top}")
    if top <= 0:
        return out + Text("··", style="dim")
    full = max(0, min(2, round(2 * cur / top)))
    share = cur / top
    if rising_is_bad:
        style = "red" if share >= 0.75 else "yellow" if share >= 0.5 else "green"
    else:
        style = "green" if share > 0.5 else "yellow" if share > 0.25 else "red"
    if cur > top:  # Over-Guard
        style = "cyan"
    return out + Text("▮" * full, style=style) + Text("·" * (2 - full), style="dim")


def _conditions(f: Fighter, *, players: bool = False) -> Text:
    parts = []
    for name, c in f.conditions.items():
        # A no-break space keeps "Vulnerable 2" on one line when the column wraps.
        parts.append(name if c.stacks == 1 else f"{name}\u00a0{c.stacks}")
    if f.terrain:  # swimming doubles every Vigor cost: the GM should see why (ch19)
        parts.append({"swim": "swimming", "climb": "climbing"}.get(f.terrain, f.terrain))
    if not (players and hidden(f)):
        if f.wounds:
            parts.append(f"W{len(f.wounds)}/{f.spec.wound_slots}")
        if f.burdens:
            parts.append(f"B{len(f.burdens)}/{f.spec.burden_slots}")
    return lit(", ".join(parts))


def _turns(fight: Fight, f: Fighter, may: set[str]) -> Text:
    if f.out:
        return Text(f.out_reason)
    if fight.active == f.name:
        of = f" {fight.active_turn}/{f.turns_allowed}" if f.turns_allowed > 1 else ""
        return Text(f"acting{of}", style="bold")
    if f.turns_left == 0:
        return Text("acted", style="dim")
    left = f" ({f.turns_left} left)" if f.turns_allowed > 1 else ""
    if f.name in may:
        return Text(f"may act{left}", style="bold green")
    return Text(f"waiting{left}")


def status_table(fight: Fight, *, bars: bool = True, players: bool = False) -> Table:
    """One table, a section per side, a row per combatant. ``players`` hides the exact
    numbers of everyone but the allies (see render/players.py)."""
    t = Table(box=None, pad_edge=False, expand=False, show_edge=False, padding=(0, 1))
    t.add_column("Name", no_wrap=True, max_width=22, overflow="ellipsis")
    t.add_column("Vit", justify="right", no_wrap=True)
    if bars:
        t.add_column("", no_wrap=True)
    t.add_column("Grd", justify="right", no_wrap=True)
    t.add_column("Vig", justify="right", no_wrap=True)
    t.add_column("Str", justify="right", no_wrap=True)
    # SIZE as the draft writes it (R31); only when it tells the GM something, so a
    # fight of medium folk keeps its width for the conditions.
    sizes = any(f.spec.size != "1M" for f in fight.fighters.values() if not f.removed)
    if sizes:
        t.add_column("Sz", no_wrap=True)
    t.add_column("Turn", no_wrap=True)
    t.add_column("Conditions", overflow="fold", min_width=10)
    may = {f.name for f in turns.may_act(fight)}
    for side in SIDES:
        members = [f for f in fight.fighters.values() if f.side == side and not f.removed]
        if not members:
            continue
        due = " (due)" if turns.side_due(fight) == side and not fight.active else ""
        header = [Text(side.upper() + due, style=f"bold {SIDE_STYLE[side]}")]
        t.add_row(*header, *[Text("")] * (len(t.columns) - 1))
        for f in members:
            style = "dim" if f.out else ""
            name = Text(("▶ " if fight.active == f.name else "  ") + one_line(f.name), style)
            row: list[RenderableType] = [name]
            if players and hidden(f):
                label = health_label(f)
                row.append(Text(label, style=LABEL_STYLE[label]))
                if bars:
                    row.append(Text(""))
                row += [Text("")] * 3
            else:
                gauge = _gauge if bars else (lambda c, t, **_: _pair(c, t))
                vig = gauge(f.vigor, f.spec.max_vigor) if f.spec.max_vigor else Text("-")
                row.append(_pair(f.vitality, f.spec.max_vitality))
                if bars:
                    row.append(_bar(f.vitality, f.spec.max_vitality))
                row += [gauge(f.guard, f.spec.max_guard), vig,
                        gauge(f.strain, f.spec.max_strain, rising_is_bad=True)]
            if sizes:
                row.append(Text(f.spec.size, style=style or "dim"))
            row += [_turns(fight, f, may), _conditions(f, players=players)]
            t.add_row(*row, style=style)
    return t


def headline(fight: Fight) -> Text:
    """``Round 2 · main phase · allies due, may act: Kira, Mira (suggest Kira)``."""
    if fight.over:
        return lit(f"Round {fight.round} · combat over: {fight.over_reason}", "bold")
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
            bits.append(f"{due} due, may act: {', '.join(names)}{s}")
        elif turns.round_done(fight):
            bits.append("round done: 'turn' starts the next")
    may_end = turns.combat_may_end(fight)
    if may_end:
        bits.append(f"combat may end: {may_end}")
    return lit(" · ".join(bits), "bold")


def reminder_lines(fight: Fight) -> list[Text]:
    """Effects the tracker leaves to the GM (Frightened, GM-defined conditions)."""
    from momenta_cli.engine.conditions import reminders

    out = []
    for f in fight.fighters.values():
        if f.out:
            continue
        for text in reminders(fight, f):
            out.append(lit(f"note: {f.name}: {text}", "yellow"))
    return out


def status(fight: Fight, *, bars: bool = True, players: bool = False) -> Group:
    parts: list[RenderableType] = [headline(fight),
                                   status_table(fight, bars=bars, players=players)]
    if not players:
        parts += reminder_lines(fight)
        if fight.active and fight.get(fight.active).spec.notes:
            # The stat block's notes (regeneration, auras...) when its turn comes round.
            notes = " ".join(fight.get(fight.active).spec.notes.split())
            parts.append(lit(f"notes ({fight.active}): {notes}", "dim"))
    return Group(*parts)


def prompt_text(fight: Fight) -> str:
    """The prompt: ``R2 allies> ``, ``R2 slowed allies> ``, ``R2 Kira> `` while Kira acts,
    ``R2 end> `` when the round is done, ``over> `` after the combat."""
    if fight.over:
        return "over> "
    if fight.active:
        return one_line(f"R{fight.round} {fight.active}> ")
    phase = turns.current_phase(fight)
    due = turns.side_due(fight)
    if due is None:
        return f"R{fight.round} end> "
    tag = "slowed " if phase and "slowed" in turns.PHASE_NAMES[phase] else ""  # R12
    return f"R{fight.round} {tag}{due}> "
