"""An attack read off a fight for the odds: the same ``Attack`` command the attack verb
builds, checked and pooled by the engine's own look-ahead (``prepare``: the attack's
checks in its own order, then its pools; ``declare_defense``) on a throwaway draft, so
a refusal is the attack's own and every modifier is the one the attack would roll with.

It refuses what the attack refuses about the attacker (out of the fight, Broken, a cost
stated for what is no spell) with the attack's own words, from the same engine
functions; it does not check what belongs to the turn the attack is paid in: whose turn
it is, the Vigor it costs, a full-turn maneuver already taken and an enemy's maneuvers
used up (R7, R24, R25). Odds are asked before one's turn, or with the encounter not
started.
"""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.attack import (
    Attack,
    declare_defense,
    prepare,
    solid_applies,
)
from momenta_cli.engine.core import (
    DamageTable,
    Fight,
    Fighter,
    Pool,
    WeaponSpec,
)
from momenta_cli.engine.harm import Meets, meets, reminders
from momenta_cli.errors import RuleError
from momenta_cli.odds.outcomes import Odds, OddsDice, Target, odds


@dataclass(frozen=True)
class AttackOdds:
    """An attack as the engine would roll it, and its odds."""

    attacker: str
    target: str
    weapon: str
    mode: str
    location: str
    types: tuple[str, ...]
    pool: Pool
    auto: int | None
    defense: str | None
    defense_pool: Pool
    defense_auto: int | None
    unsoaked: str  # why Guard soaks nothing: "Penetrating", "untyped" or ""
    resisted: tuple[str, ...]
    weak: tuple[str, ...]
    tiers: DamageTable
    odds: Odds
    # "NAME: reminder" for the attacker's and the target's conditions whose effect the GM
    # applies by hand (Frightened, GM-defined, made up at the table): the odds leave
    # them out, so the GM is told, as the attack's log would
    notes: tuple[str, ...] = ()


def _refuse_extras(cmd: Attack) -> None:
    if cmd.counter is not None:
        raise RuleError("odds looks at the attack alone: leave out 'counter'")
    if cmd.also or cmd.area is not None:
        raise RuleError("odds looks at one target: leave out 'for ...' and 'area ...'")
    if cmd.typed is not None or cmd.defense_typed is not None:
        raise RuleError("odds counts every possible roll: leave out 'roll' and 'def'")


def target_of(fight: Fight, t: Fighter, w: WeaponSpec, types: tuple[str, ...],
              location: str, brace: bool) -> tuple[Target, Meets]:
    """What an attack with ``w`` dealing ``types`` at ``location`` meets on ``t`` (ch20
    step 4, R9, R10, R19), as the odds count it; the attack preview (``?``) reads its
    damage tiers off the same ``Target``."""
    m = meets(w, types, location, t)
    if w.strain:
        where = (t.strain, t.spec.max_strain, t.spec.burden_slots - len(t.burdens))
    else:
        where = (t.vitality, t.spec.max_vitality, t.spec.wound_slots - len(t.wounds))
    target = Target(guard=m.guard, resisted=bool(m.resisted),
                    weak=bool(m.weak), brace=brace, strain=m.strain, current=where[0],
                    maximum=where[1], free_slots=max(where[2], 0),
                    wounds_on=fight.settings.wounds)
    return target, m


def attack_odds(fight: Fight, cmd: Attack) -> AttackOdds:
    """The odds of ``cmd`` against the current state of ``fight`` (unchanged). Raises the
    attack's own ``RuleError`` when the attack is not allowed."""
    _refuse_extras(cmd)
    s = fight.draft()
    # the attack's own checks and pools in its own order, and what its payment refuses
    # whoever's turn it is (odds are asked before one's turn)
    pr = prepare(s, cmd, anytime=True)
    a, t, p = pr.attacker, pr.targets[0], pr.plans[0]
    if not p.deals_damage:
        raise RuleError(f"odds covers attacks that deal damage, not a {p.maneuver}")
    parts, auto = pr.pools[0]
    defense = None
    if cmd.defense is not None:
        _, defense = declare_defense(s, s.get(t.name), p.weapon, p.mode, cmd.defense,
                                     cmd.defense_with)
    w = p.weapon
    settings = fight.settings
    target, m = target_of(fight, t, w, p.types, p.location.name, cmd.brace)
    roll = OddsDice(parts.total, defense.parts.total if defense else None,
                    settings.success_face, auto, defense.auto if defense else None,
                    solid=solid_applies(settings.solid_hit, a.side))
    return AttackOdds(a.name, t.name, w.name, p.mode, p.location.name, p.types, parts,
                      auto, defense.label if defense else None,
                      defense.parts if defense else Pool(),
                      defense.auto if defense else None,
                      m.unsoaked, m.resisted, m.weak, w.damage,
                      odds(roll, target, w.damage),
                      tuple(f"{f.name}: {text}" for f in (a, t)
                            for text in reminders(s, f, acting=True)))
