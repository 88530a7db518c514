"""The attack's pool (ch20 Attacking step 1, R2, R5, R7, R18, R20; condition table):
the attribute or printed pool and every modifier, each labelled for the log, and the
Solid Hit a roll's faces add."""

from __future__ import annotations

from momenta_cli.engine.attack import defense
from momenta_cli.engine.attack.plan import Attack, Plan
from momenta_cli.engine.core import Fight, Fighter, Pool, Roll
from momenta_cli.engine.harm import effective_sen
from momenta_cli.text import name_key

OBSCURED_PENALTY = 2  # R20
HIDDEN_BONUS = 2  # R20, condition table


def _range_parts(fight: Fight, a: Fighter, p: Plan) -> list[tuple[str, int]]:
    """R18: ranged penalties by the stated distance; SEN counts as 1 while Shrouded."""
    w, d, s = p.weapon, p.distance, fight.settings
    if p.mode != "ranged" or d is None or w.range is None:
        return []
    sen = effective_sen(a)
    covers = sen >= w.range
    if d <= 1:
        if w.has("Touch") or (covers and not s.adjacent_penalty_when_sen_covers):
            return []
        return [("adjacent", -s.adjacent_ranged_penalty)] if s.adjacent_ranged_penalty else []
    if not covers and d > sen and s.beyond_sen_penalty:
        return [("beyond SEN", -s.beyond_sen_penalty)]
    return []


def attack_pool(fight: Fight, a: Fighter, targets: list[Fighter], p: Plan, cmd: Attack
                ) -> tuple[Pool, int | None]:
    """The attack's pool parts (R2, netted by the roll) and the fixed success count of a
    Grunt (R7), from the attacker's and target's conditions, the location and the
    situation. With several ``targets`` (one roll for an Area weapon, R22) the target's
    own Hindered and Vulnerable bonuses are left out (ours)."""
    w = p.weapon
    if a.spec.is_enemy and w.pool is not None:
        parts = [("pool", w.pool)]
        if a.has("Impaired"):
            parts.append(("Impaired", -a.stacks("Impaired")))
    else:
        opts = defense.attribute_options(w)
        attr = cmd.attribute.upper() if cmd.attribute else defense.best_attribute(a, opts)
        parts = defense.attribute_pairs(a, attr)
    auto = 1 if a.spec.threat == "Grunt" else None  # R7: a Grunt never rolls
    if a.has("Hindered"):
        parts.append(("Hindered", -1))
    provoked = a.conditions.get("Provoked")
    src = name_key(provoked.source or "") if provoked is not None else ""
    if provoked is not None and any(name_key(t.name) != src for t in targets):
        parts.append(("Provoked", -2))
    if a.has("Hidden"):
        parts.append(("Hidden", HIDDEN_BONUS))
    if len(targets) == 1:
        t = targets[0]
        if t.has("Hindered"):
            parts.append(("target Hindered", 1))
        if t.has("Vulnerable") and auto is None:
            parts.append(("target Vulnerable", t.stacks("Vulnerable")))
    if p.location.penalty:
        parts.append((p.location.name, -p.location.penalty))
    parts += _range_parts(fight, a, p)
    if cmd.obscured:
        parts.append(("obscured", -OBSCURED_PENALTY))
    if cmd.dice:
        parts.append(("GM", cmd.dice))
    return Pool(parts), auto


def solid_hit(fight: Fight, a: Fighter, roll: Roll, net: int) -> int:
    """R5: with 1+ net successes, each pair of equal faces N among the kept dice adds N
    (a die in one pair only). Needs faces; the ``solid_hit`` setting says for whom."""
    if net < 1 or not roll.kept or not solid_applies(fight.settings.solid_hit, a.side):
        return 0
    kept = roll.kept  # a few dice: counting them beats building a Counter
    return sum(face * (kept.count(face) // 2) for face in set(kept))


def solid_applies(who: str, side: str) -> bool:
    """R5: whether Solid Hit counts for an attacker on ``side`` under the ``solid_hit``
    setting ``who`` (allies, everyone or off)."""
    return who == "everyone" or (who == "allies" and side == "allies")
