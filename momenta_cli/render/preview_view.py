"""Drawing a preview (a line ending in ``?``): whether the command is allowed and what it
costs, then for an attack each roll's pool, the reactions the target may declare with
their pools and costs, the damage tiers and a one-line chance; for any other command the
log lines it would write. Plain lines for render/wrap.py, designed for 80 columns."""

from __future__ import annotations

from rich.text import Text

from momenta_cli.engine.core import KEEP_LOWEST, Fight, pool_text
from momenta_cli.play.preview import Against, LinePreview, Paid, ReactionOption, RollPreview
from momenta_cli.render.odds_view import pct
from momenta_cli.render.wrap import lit

NOTHING_DONE = "(a preview: nothing is done or saved)"


def _paid(p: Paid) -> str:
    if p.enemy_limit == 1:
        return f"{p.name}'s one maneuver this turn (R7)"
    if p.enemy_limit is not None:
        return f"one of {p.name}'s {p.enemy_limit} maneuvers this turn (R7)"
    if p.free_move:
        return f"nothing ({p.name}'s free Move)"
    if p.cost == 0:
        return f"nothing ({p.name}: {p.what})"
    return f"{p.cost} Vigor from {p.name} for {p.what} (Vigor {p.vigor_from}->{p.vigor_to})"


def cost_line(pv: LinePreview) -> str:
    if not pv.paid:
        return "cost: nothing (no maneuver or reaction)"
    return "cost: " + "; ".join(_paid(p) for p in pv.paid)


def _roll_head(r: RollPreview) -> str:
    # worded as the odds' breakdown words it (render/odds_view.py)
    types = "/".join(r.types) or "untyped"
    # feints, grabs, shoves, counterattacks, intercepts, forestalls
    how = "attacks" if r.maneuver == "Basic Attack" else f"{r.maneuver.lower()}s"
    return f"{r.attacker} {how} {r.target} with {r.weapon} ({r.mode}, at {r.location}, {types})"


def _option(o: ReactionOption) -> str:
    cost = o.uses if o.cost is None else f"{o.cost} Vigor"
    mark = " (written)" if o.declared else ""
    return f"{o.words}: {pool_text(o.pool, o.auto)}, {cost}{mark}".rstrip(", ")


def _damage(t: Against) -> list[str]:
    where = "Strain" if t.strain else "Vitality"
    now = f" {t.current}/{t.maximum}" if t.current is not None else ""
    meets = []
    if not t.strain:
        meets.append(f"Guard skipped ({t.unsoaked})" if t.unsoaked else f"Guard {t.guard}")
        meets += _sides(t)
    steps = []
    for x in t.tiers:
        text = f"{x.net}: {x.tier}" if x.amount == x.tier else f"{x.net}: {x.tier}->{x.amount}"
        if x.down:
            text += " Lost" if t.strain else " Defeat"
        elif x.slot:
            text += " Burden" if t.strain else " Wound"
        steps.append(text)
    if t.overflow:
        steps.append(f"+{t.overflow} a net success past {len(t.tiers) - 1}")
    after = f"tier->after {', '.join(meets)}" if meets else "the tier itself, R9"
    lines = [f"damage to {where}{now} by net successes ({after}):",
             "  " + " · ".join(steps)]
    if t.solid:
        lines[-1] += "; Solid Hit may add (R5)"
    return lines


def _sides(t: Against) -> list[str]:
    """What resistance and weakness do to the damage (R9): any resistance (a Brace is
    one, ch19) halves, any weakness doubles, both cancel; they do not stack."""
    resists = [f"resists {', '.join(t.resisted)}"] if t.resisted else []
    resists += ["Braces"] if t.braces else []
    said = " and ".join(resists)
    broken = ", then Broken" if t.braces else ""
    if resists and t.weak:
        return [f"{said} and weak to {', '.join(t.weak)}: they cancel (R9){broken}"]
    if len(resists) > 1:
        return [f"{said}: halved once (R9){broken}"]
    if resists:
        return [f"{said}: halved{broken}"]
    if t.weak:
        return [f"weak to {', '.join(t.weak)}: doubled"]
    return []


def _chance(t: Against) -> str | None:
    o = t.chance
    if o is None:
        return None
    parts = [f"hit {pct(o.p_hit)}"]
    if o.tiers is not None:
        where = "Strain" if t.strain else "Vitality"
        parts.append(f"expected {float(o.expected_damage):.2f} to {where}")
        if o.knows_target:
            slot, down = ("Burden", "Lost") if t.strain else ("Wound", "Defeat")
            parts += [f"{slot} {pct(o.p_wound)}", f"{down} {pct(o.p_down)}"]
    return "odds: " + " · ".join(parts)


def _attack_roll(pv: LinePreview, r: RollPreview, first: str | None) -> str:
    """The attack's pool; on several targets, whether it is one roll for all (R22)."""
    pool = pool_text(r.pool, r.auto)
    if pv.area == "one" and first is not None:
        return f"the same roll as against {first} (R22)"
    if pv.area == "one":
        return f"{pool}, one roll for all {len(pv.against)} targets (R22)"
    if pv.area == "each":
        return f"{pool} (a spell rolls for each target, R22)"
    return pool


def _enemy(fight: Fight, name: str) -> bool:
    try:
        return fight.get(name).spec.is_enemy
    except Exception:  # a name the preview gave that the state lacks: say the general
        return False


def _target(pv: LinePreview, t: Against, first: str | None = None,
            enemy: bool = False) -> list[str]:
    out = []
    for r in pv.rolls:
        if r.maneuver == "Counterattack" and t.name == r.attacker:
            out += [f"first (R27), {_roll_head(r)}", f"  rolls: {pool_text(r.pool, r.auto)}"]
    main = next((r for r in pv.rolls if r.target == t.name and r.maneuver != "Counterattack"),
                None)
    if main is not None:
        out.append(_roll_head(main))
        out.append(f"  attack: {_attack_roll(pv, main, first)}")
        if main.defense is None:
            out.append("  defense: none written")
        else:
            out.append(f"  defense: {main.defense}: "
                       f"{pool_text(main.defense_pool, main.defense_auto)}")
    if t.options:
        out.append(f"  {t.name} may declare one, before the roll:")
        out += [f"    {_option(o)}" for o in t.options]
    elif enemy:  # R7: its scripted defenses are all it has
        out.append(f"  {t.name}: no scripted defense applies (an enemy takes no reactions, "
                   "R7)")
    else:
        out.append(f"  {t.name} may declare no reaction to this attack")
    if t.brace_open and not t.braces:
        out.append(f"  {t.name} may also brace when damage is about to reach it: free, "
                   "then Broken")
    if t.deals_damage:
        out += ["  " + x for x in _damage(t)]
    chance = _chance(t)
    if chance:
        out.append("  " + chance)
    return out


def preview_lines(pv: LinePreview, fight: Fight) -> list[Text]:
    """The preview's lines; ``fight`` is the state the line was previewed on (it is
    unchanged), for the log lines' Wound numbers."""
    out = [lit(f"? {pv.line} {NOTHING_DONE}", "yellow")]
    if pv.says is not None:
        out.append(lit(f"  {pv.says}"))
    if pv.refusal is not None:
        out.append(lit(f"  not allowed: {pv.refusal}", "red"))
        if not pv.attack:
            return out
        out.append(lit("  without the dice written on the line it would roll:", "dim"))
    elif pv.says is None:
        out.append(lit(f"  allowed; {cost_line(pv)}"))
    met = _met(pv, fight)
    if met:
        out.append(lit("  on the way:"))
        out += [lit(f"    {x.strip()}") for x in met]
    if pv.attack:
        for i, t in enumerate(pv.against):
            first = pv.against[0].name if i else None
            out += [lit("  " + x) for x in _target(pv, t, first, _enemy(fight, t.name))]
        if pv.refusal is None and pv.rolled == 0:
            out += _would(pv, fight, "every die is given: it would do")
            out += _set_off(pv)
        return out
    if pv.says is None:
        out += _would(pv, fight, "it would do")
        out += _set_off(pv)
        if pv.rolled:
            dice = "1 die" if pv.rolled == 1 else f"{pv.rolled} dice"
            out.append(lit(f"  ({dice} rolled for this preview only, then thrown away: "
                           "the command rolls its own)", "dim"))
    return out


def _set_off(pv: LinePreview) -> list[Text]:
    """The encounter's scheduled events the line would set off (issue 27), by name."""
    return [lit(f"  would set off: {', '.join(pv.sets_off)}")] if pv.sets_off else []


def _met(pv: LinePreview, fight: Fight) -> list[str]:
    """What a movement's path meets (R35), as ``path`` lists it."""
    if pv.route is None:
        return []
    from momenta_cli.render.map_walk import trigger_lines

    return trigger_lines(fight, pv.route, pv.written)


def _would(pv: LinePreview, fight: Fight, head: str) -> list[Text]:
    from momenta_cli.render.log_harm import Ledger
    from momenta_cli.render.log_lines import event_lines as log_lines

    told = log_lines(pv.events, Ledger.of(fight))
    if not told:
        return []
    return [lit(f"  {head}:", "dim"), *(lit(f"    {x}", "dim") for x in told)]


def preview_keep(pv: LinePreview, names: tuple[str, ...]) -> tuple[str, ...]:
    """What a wrapped line never breaks: the fight's names and the phrases that read as
    one, longest first."""
    phrases = set(names) | {KEEP_LOWEST, "then Broken", NOTHING_DONE,
                            "(R27)", "this round", "Solid Hit may add (R5)"}
    for t in pv.against:
        phrases |= {_option(o) for o in t.options if len(_option(o)) < 40}
    return tuple(sorted((x for x in phrases if " " in x), key=len, reverse=True))
