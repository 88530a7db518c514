"""Drawing the odds (issue 14): the pool breakdown, a table of net successes with a bar
chart, summary lines, and the JSON document with exact fractions beside floats.
Designed for 80 columns."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from momenta_cli.engine.core import KEEP_LOWEST, pool_text
from momenta_cli.odds import AttackOdds, Odds, Row
from momenta_cli.render.wrap import lit

BAR = 16  # columns of the longest bar
MIN_BAR = 6  # narrower than this a bar says too little: the column goes instead


def pct(p: Fraction) -> str:
    """A probability as a percentage for the eye; exact values are in ``--json``."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    x = float(p) * 100
    if x < 0.1:
        return "<0.1%"
    if x > 99.9:
        return ">99.9%"
    return f"{x:.1f}%"


def _num(x: Fraction) -> str:
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


def _bar(p: Fraction, top: Fraction, bar: int = BAR) -> Text:
    if top <= 0:
        return Text("")
    eighths = round(bar * 8 * p / top)
    full, part = divmod(eighths, 8)
    tail = " ▏▎▍▌▋▊▉"[part].strip()
    return Text("█" * full + tail, style="cyan")


def _share(part: Fraction, row: Row) -> str:
    """A row's Wound or Defeat chance: always, never, or how often within the row."""
    if part == 0:
        return "-"
    if part == row.p:
        return "yes"
    return pct(part / row.p)


def _damage(row: Row) -> str:
    hits = [a for a, p in row.amounts.items() if p > 0]
    if not hits:
        return ""
    lo, hi = min(hits), max(hits)
    return str(lo) if lo == hi else f"{lo}-{hi}"


TAIL = Fraction(1, 1000)  # rows less likely than this, together, are shown as one


def fold(rows: tuple[Row, ...]) -> tuple[list[Row], tuple[Row, ...]]:
    """The rows to draw: the unlikely end of a big roll (all of it together under 0.1%)
    folded into one ``N+`` row, so 20 dice fit a screen; returns the rows and the folded
    ones (empty when nothing is folded). ``--json`` keeps every row."""
    k, tail = len(rows), Fraction(0)
    while k > 1 and tail + rows[k - 1].p < TAIL:
        k -= 1
        tail += rows[k].p
    folded = rows[k:]
    if len(folded) < 2:
        return list(rows), ()
    amounts: dict[int, Fraction] = {}
    for r in folded:
        for a, p in r.amounts.items():
            amounts[a] = amounts.get(a, Fraction(0)) + p
    merged = Row(folded[0].net, tail, folded[0].tier, amounts,
                 sum((r.wound for r in folded), Fraction(0)),
                 sum((r.down for r in folded), Fraction(0)))
    return [*rows[:k], merged], folded


def _tiers(rows: tuple[Row, ...]) -> str:
    tiers = [r.tier for r in rows if r.tier is not None]
    lo, hi = min(tiers), max(tiers)
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _words(o: Odds) -> tuple[str, str, str]:
    if o.target.strain:
        return "Strain", "Burden", "Lost"
    return "Vitality", "Wound", "Defeat"


def table(o: Odds, bar: int = BAR) -> Table:
    """One row per net-success count: chance, a bar ``bar`` columns long at most (none
    for 0), tier, damage, Wound, Defeat."""
    where, slot, down = _words(o)
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    t.add_column("Net", justify="right")
    t.add_column("Chance", justify="right")
    if bar:
        t.add_column("", no_wrap=True, min_width=bar, max_width=bar)
    damage = o.tiers is not None
    if damage:
        t.add_column("Tier", justify="right")
        t.add_column(f"To {where}", justify="right")
    if o.knows_target:
        t.add_column(slot, justify="right")
        t.add_column(down, justify="right")
    shown, tail = fold(o.rows)
    top = max((r.p for r in o.rows), default=Fraction(0))
    for r in shown:
        last = r is shown[-1] and tail
        cells: list[Any] = [f"{r.net}+" if last else str(r.net), pct(r.p)]
        if bar:
            cells.append(_bar(r.p, top, bar))
        if damage:
            cells += [_tiers(tail) if last else str(r.tier), _damage(r)]
        if o.knows_target:
            cells += [_share(r.wound, r), _share(r.down, r)]
        t.add_row(*cells)
    return t


class Fitted:
    """The table at the console's width: the bar shortened first, then left out, so the
    header's words and the numbers stay whole (80 columns has room for all of it)."""

    def __init__(self, o: Odds):
        self.o = o

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        bare = table(self.o, bar=0)
        wide = options.update(width=10_000)
        need = Measurement.get(console, wide, bare).maximum
        room = options.max_width - need - 2  # the bar column's own padding
        yield table(self.o, bar=min(BAR, room) if room >= MIN_BAR else 0)


def summary(o: Odds) -> list[Text]:
    where, slot, down = _words(o)
    lines = [f"Hit (1+ net successes): {pct(o.p_hit)}"]
    if o.tiers is not None:
        lines[0] += f"   Expected damage to {where}: {_num(o.expected_damage)}"
        lines.append(f"Any damage to {where}: {pct(o.p_damage)}")
    if o.knows_target:
        lines[-1] += f"   {slot}: {pct(o.p_wound)}   {down}: {pct(o.p_down)}"
    return [lit(x, "bold") for x in lines]


def summary_keep(o: Odds) -> tuple[str, ...]:
    """The "label: value" pieces of the summary, each kept whole when a line wraps."""
    where, slot, down = _words(o)
    pieces = [f"Hit (1+ net successes): {pct(o.p_hit)}",
              f"Expected damage to {where}: {_num(o.expected_damage)}",
              f"Any damage to {where}: {pct(o.p_damage)}",
              f"{slot}: {pct(o.p_wound)}", f"{down}: {pct(o.p_down)}"]
    return tuple(sorted(pieces, key=len, reverse=True))


def breakdown(pv: AttackOdds) -> list[Text]:
    """The pools first, each part labelled as the attack's log shows it, then what the
    damage meets."""
    types = "/".join(pv.types) or "untyped"
    lines = [f"{pv.attacker} attacks {pv.target} with {pv.weapon} ({pv.mode}, "
             f"at {pv.location}, {types})",
             f"  attack: {pool_text(pv.pool, pv.auto)}"]
    if pv.defense is None:
        lines.append("  defense: none")
    else:
        lines.append(f"  defense: {pv.defense}: "
                     f"{pool_text(pv.defense_pool, pv.defense_auto)}")
    t = pv.odds.target
    meets = [f"Guard {t.guard}" if not pv.unsoaked else f"Guard skipped ({pv.unsoaked})"]
    if pv.resisted:
        meets.append(f"resists {', '.join(pv.resisted)}")
    if t.brace:  # ch19 Brace: a resistance to damage past Guard, and then Broken
        meets.append("Braces (resists, then Broken if damage gets past Guard)")
    if pv.weak:
        meets.append(f"weak to {', '.join(pv.weak)}")
    if not pv.odds.roll.solid:
        meets.append("no Solid Hit")
    if t.strain:
        meets = [f"Strain {t.current}/{t.maximum}"]
        slots = f"{t.free_slots} Burden slot(s) free"
    else:
        meets.insert(0, f"Vitality {t.current}/{t.maximum}")
        slots = f"{t.free_slots} Wound slot(s) free"
    lines.append(f"  target: {', '.join(meets)}, {slots}")
    out = [lit(x) for x in lines]
    # conditions the odds cannot count: the GM's to apply (as the status view's notes)
    out += [lit(f"  note: {n} (not counted in these odds)", "yellow") for n in pv.notes]
    return out


def keep(pv: AttackOdds) -> tuple[str, ...]:
    """What a wrapped line of the breakdown never breaks: the names and the phrases that
    read as one (a name inside another comes after it)."""
    t = pv.odds.target
    phrases = {pv.attacker, pv.target, pv.weapon, pv.defense or "",
               f"{t.free_slots} Wound slot(s) free", f"{t.free_slots} Burden slot(s) free",
               f"Guard skipped ({pv.unsoaked})", KEEP_LOWEST,
               f"Vitality {t.current}/{t.maximum}", f"Strain {t.current}/{t.maximum}",
               "then Broken", "no Solid Hit", "(not counted in these odds)"}
    return tuple(sorted((x for x in phrases if " " in x), key=len, reverse=True))


def draw_odds(o: Odds, pv: AttackOdds | None = None) -> Group:
    """The whole drawing; the breakdown's lines wrap under themselves (render/wrap.py),
    names whole."""
    from momenta_cli.render.wrap import hanging

    parts: list[Any] = hanging(breakdown(pv), keep(pv)) if pv is not None else []
    parts += [Fitted(o), *hanging(summary(o), summary_keep(o))]
    return Group(*parts)


# --- JSON --------------------------------------------------------------------------------


def exact(p: Fraction) -> dict[str, Any]:
    """A probability as the exact fraction string and a float."""
    return {"exact": str(p), "float": float(p)}  # "46/81"; "0" and "1" as whole numbers


def odds_doc(o: Odds, pv: AttackOdds | None = None) -> dict[str, Any]:
    r, t = o.roll, o.target

    def known(p: Fraction) -> dict[str, Any] | None:
        """A Wound or Defeat chance; null when the target's Vitality (Strain) is not
        known, as nothing says what the damage does to it."""
        return exact(p) if o.knows_target else None

    doc: dict[str, Any] = {
        "dice": r.dice, "vs": r.vs, "success_face": r.face, "auto": r.auto,
        "vs_auto": r.vs_auto, "solid_hit": r.solid,
        "tiers": list(o.tiers.tiers) if o.tiers else None,
        "target": {"guard": t.guard, "resist": t.resisted, "weak": t.weak, "brace": t.brace,
                   "strain": t.strain, "current": t.current, "maximum": t.maximum,
                   "free_slots": t.free_slots},
        "rows": [{"net": row.net, "p": exact(row.p), "tier": row.tier,
                  "damage": [{"amount": a, "p": exact(p)} for a, p in row.amounts.items()],
                  "wound": known(row.wound), "defeat": known(row.down)} for row in o.rows],
        "hit": exact(o.p_hit),
        "expected_damage": exact(o.expected_damage),
        "any_damage": exact(o.p_damage),
        "wound": known(o.p_wound),
        "defeat": known(o.p_down),
    }
    if pv is not None:
        doc["attack"] = {
            "attacker": pv.attacker, "target": pv.target, "weapon": pv.weapon,
            "mode": pv.mode, "location": pv.location, "types": list(pv.types),
            "pool": [[label, n] for label, n in pv.pool],
            "defense": pv.defense,
            "defense_pool": [[label, n] for label, n in pv.defense_pool],
            "unsoaked": pv.unsoaked or None, "resisted": list(pv.resisted),
            "weak": list(pv.weak), "notes": list(pv.notes)}
    return doc
