"""Log lines for attacks and reactive defenses (engine/attack/resolution.py,
engine/attack/defense.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from momenta_cli.engine.attack import AttackDamage, AttackRolled, DefenseUsed, GrabTaken
from momenta_cli.engine.core import roll_text
from momenta_cli.render.log_harm import Ledger, read_harm
from momenta_cli.render.log_lines import GROUPERS, formats

_VERB = {"Basic Attack": "attacks", "Counterattack": "counterattacks",
         "Intercept": "intercepts", "Forestall": "forestalls", "Feint": "feints at",
         "Grab": "tries to grab", "Shove": "shoves"}
_NO_EFFECT = {"Feint": "no Vulnerable", "Grab": "no grip", "Shove": "no push"}


def situation_text(e: AttackRolled) -> str | None:
    """What the map said of the attack (engine/attack/map_attack.py): ``Tamsin to Knife-1:
    distance 5 (map), line of sight (map), no cover (map)``; None without a map."""
    if not getattr(e, "situation", ()):
        return None
    return f"{e.attacker} to {e.target}: {', '.join(e.situation)}"


@formats("attack_rolled")
def _rolled(e: AttackRolled) -> str:
    verb = _VERB.get(e.maneuver, "attacks")
    types = f" ({', '.join(e.types)})" if e.types else ""
    how = ", ranged" if e.mode == "ranged" else ""
    where = f" at {e.location}" if e.location != "Mass" else ""
    text = (f"{e.attacker} {verb} {e.target} with {e.weapon}{types}{how}{where}: "
            f"{roll_text(e.roll, e.pool)}")
    if e.defense is not None and e.defense_roll is not None:
        text += f" vs {e.defense} {roll_text(e.defense_roll, e.defense_pool)}"
    text += f" -> net {e.net}s"
    if e.net == 0 and e.maneuver in _NO_EFFECT:
        text += f", {_NO_EFFECT[e.maneuver]}"
    return text


@formats("attack_damage")
def _damage(e: AttackDamage) -> str:
    if e.strain:
        return f"{e.target} takes {e.amount} Strain from {e.weapon} (net {e.net}s)"
    bits = [f"{e.tier} damage"]
    if e.solid:
        bits[0] += f" + {e.solid} Solid Hit"
    if e.unsoaked:
        bits.append(f"{e.unsoaked}: Guard soaks nothing")
    elif e.guard:
        bits.append(f"Guard soaks {e.guard}")
    if e.resisted and e.weak:
        bits.append(f"resistance ({', '.join(e.resisted)}) and weakness "
                    f"({', '.join(e.weak)}) cancel")
    elif e.resisted:
        bits.append(f"halved ({', '.join(e.resisted)})")
    elif e.weak:
        bits.append(f"doubled ({', '.join(e.weak)})")
    bits.append(f"{e.amount} to Vitality")
    return f"{e.target}: " + ", ".join(bits)


@formats("defense_used")
def _defense(e: DefenseUsed) -> str | None:
    if e.weapon is not None:
        return None  # the reaction line already names the weapon
    return f"{e.name} defends: {e.defense} ({e.used} of {e.uses} this round)"


@formats("grab_taken")
def _grab(e: GrabTaken) -> str:
    return f"{e.grabber} holds {e.target} (ch19 Grab)"


def _is_brace(ev: Any) -> bool:
    return (ev.kind == "reaction_taken" and ev.reaction == "Brace") or \
        (ev.kind == "condition_changed" and ev.source == "Brace")


def _used_up(ev: Any, target: str) -> bool:
    """The target's Vulnerable, used up by the roll (told after the attack's line)."""
    return ev.kind == "condition_changed" and ev.reason == "used" and ev.name == target


def compact(events: Sequence[Any], i: int, ledger: Ledger | None = None
            ) -> tuple[list[str], int] | None:
    """One compact entry for an attack and what its damage did:
    ``Kira -> Goblin-2 (Mark): Mace POW 4, Mark -3 = 1d [5] 1s vs Dodge AGI 2d [6,2] 1s
    = 0s -> 2 dmg; Guard 2->0; 0 to Vitality``, and the Wounds it caused in order
    (``...; 15 to Vitality; Vitality 11->0: Wound 1/3 (Hindered), Vitality refilled to
    15, 4 carried over -> 11``: render/log_harm.py). Conditions and the like that follow
    keep their own lines; a Brace taken on the way is listed first."""
    from momenta_cli.render.log_lines import line
    e = events[i]
    where = situation_text(e)
    if not e.deals_damage:
        return ([where, _rolled(e) or ""], 1) if where is not None else None
    pre0 = [where] if where is not None else []
    at_loc = f" ({e.location})" if e.location != "Mass" else ""
    # Several types all apply together: joined with "+" ("/" means a choice in tags).
    types = f" ({'+'.join(e.types)})" if e.types else ""
    text = (f"{e.attacker} -> {e.target}{at_loc}: {e.weapon}{types} "
            f"{roll_text(e.roll, e.pool)}")
    if e.defense is not None and e.defense_roll is not None:
        text += f" vs {e.defense} {roll_text(e.defense_roll, e.defense_pool)}"
    text += f" = {e.net}s"
    used = 1
    j = i + 1
    pre: list[str] = list(pre0)
    k = j
    while k < len(events) and (_is_brace(events[k]) or _used_up(events[k], e.target)):
        k += 1
    if k < len(events) and events[k].kind == "attack_damage" and events[k].target == e.target:
        pre = pre0 + [t for t in (line(x) for x in events[j:k] if _is_brace(x)) if t]
        after = [t for t in (line(x) for x in events[j:k] if not _is_brace(x)) if t]
        used += k - j
        j = k
        d = events[j]
        used += 1
        j += 1
        if d.strain:
            text += f" -> {d.amount} Strain"
        else:
            solid = f" +{d.solid} Solid Hit" if d.solid else ""
            text += f" -> {d.tier}{solid} dmg"
            if d.unsoaked:
                text += f"; {d.unsoaked}: Guard skipped"
        guard = ""
        if j < len(events) and events[j].kind == "resource_set" and not d.strain \
                and events[j].name == e.target and events[j].reason == e.weapon \
                and events[j].resource == "guard":
            guard = f"; Guard {events[j].before}->{events[j].after}"
            used += 1
            j += 1
        harm = read_harm(events, j, ledger, name=e.target, amount=d.amount) \
            if j < len(events) else None
        change = ""
        if harm is not None:
            change = harm.text
            post = [t for t in (line(x) for x in harm.inner) if t]
            used += harm.used
        else:
            post = []
            r = events[j] if j < len(events) else None
            if r is not None and r.kind == "resource_set" and r.name == e.target \
                    and r.reason == e.weapon:
                change = f"{r.resource.capitalize()} {r.before}->{r.after}"
                used += 1
        if d.strain:
            text += f" ({change})" if change and harm is None else \
                f"; {change}" if change else ""
            return [*pre, text, *after, *post], used
        text += guard
        if d.resisted and d.weak:
            text += (f"; resistance ({', '.join(d.resisted)}) and weakness "
                     f"({', '.join(d.weak)}) cancel")
        elif d.resisted:
            text += f"; halved ({', '.join(d.resisted)})"
        elif d.weak:
            text += f"; doubled ({', '.join(d.weak)})"
        text += f"; {d.amount} to Vitality"
        if harm is not None:
            text += f"; {change}"
        elif change:
            text += f" ({change})"
        return [*pre, text, *after, *post], used
    return [*pre, text], used


GROUPERS["attack_rolled"] = compact
