"""An attack line read for its preview, off the engine's own decisions: every roll's pool
from the ``AttackRolled`` events of deciding the line on a copy, each reaction the
target may still declare from the engine's reaction point (one look-ahead, ``survey``,
each option with the cost and pool the engine gives it), and the damage tiers after
Guard, resistance and weakness (``odds.target_of``, the odds' own arithmetic). No
modifier is worked out here: what the engine would roll is read."""

from __future__ import annotations

from collections.abc import Sequence

from momenta_cli.engine.attack import (
    Attack,
    AttackRolled,
    PartPath,
    plan_attack,
    replace_part,
    solid_applies,
    target_path,
)
from momenta_cli.engine.core import (
    Ask,
    Event,
    Fight,
    Fighter,
    Option,
    Pool,
    Roll,
    WeaponSpec,
    actor,
    find_fighter,
    survey,
)
from momenta_cli.errors import MomentaError
from momenta_cli.odds import Odds, OddsDice, odds, outcome, target_of
from momenta_cli.play.preview.preview_model import Against, ReactionOption, RollPreview, Tier
from momenta_cli.text import quote_word


def rolls(events: Sequence[Event]) -> tuple[RollPreview, ...]:
    """Every roll of the decided attack, in the order the engine made them (a
    Counterattack before the attack it answers, R27)."""
    out = []
    for e in events:
        if isinstance(e, AttackRolled):
            out.append(RollPreview(
                e.attacker, e.target, e.maneuver, e.weapon, e.mode, e.location, e.types,
                e.pool, _auto(e.roll), e.defense, e.defense_pool, _auto(e.defense_roll)))
    return tuple(out)


def area(fight: Fight, cmd: Attack) -> str:
    """How an attack on several targets rolls (R22, ours): ``"one"`` roll for them all
    with a weapon, ``"each"`` target its own with a spell; ``""`` for one target."""
    if not cmd.also:
        return ""
    try:
        w = plan_attack(actor(fight, cmd.attacker), find_fighter(fight, cmd.target), cmd,
                        fight).weapon
    except MomentaError:
        return ""
    return "each" if w.has("Spell") else "one"


def _auto(roll: Roll | None) -> int | None:
    """A Grunt's fixed successes (R7), or None for a roll that is rolled or typed."""
    return roll.successes if roll is not None and roll.auto else None


def _main(events: Sequence[Event], a: str, t: str, maneuver: str) -> AttackRolled | None:
    return next((e for e in events if isinstance(e, AttackRolled) and e.attacker == a
                 and e.target == t and e.maneuver == maneuver), None)


def _reaction_points(fight: Fight, cmd: Attack) -> dict[PartPath, Ask]:
    """Each target's reaction point as the engine meets it (ch19 Reactions, R27): one
    look-ahead of the attack with no reaction written (``survey``: nothing rolled), so
    every option comes with the cost and pool the engine gives it."""
    bare = cmd
    for i in range(1 + len(cmd.also)):
        bare = replace_part(bare, target_path(i), defense=None, defense_with=None,
                            defense_typed=None, counter=None)
    try:
        _, asks = survey(fight, bare)
    except MomentaError:
        return {}
    return {a.key[1]: a for a in asks if a.kind == "reaction" and len(a.key[1]) <= 1}


def _uses(o: Option) -> str:
    if o.left is None or o.per_round is None:
        return ""
    return f"{o.left} of {o.per_round} use{'s' if o.per_round != 1 else ''} left this round"


def _option(o: Option, declared: str | None, countered: str | None) -> ReactionOption:
    """An engine option as the preview words it: the line's words for it, and whether
    the line declares it already."""
    change = dict(o.change)
    counter = change.get("counter")
    if counter is not None:
        weapon = counter.weapon
        return ReactionOption(f"counter with {quote_word(weapon)}", o.label, o.pool or Pool(),
                              o.auto, o.cost, declared=countered == weapon)
    choice, chosen = change["defense"], change.get("defense_with")
    words = choice if chosen is None else f"{choice}={quote_word(chosen)}"
    return ReactionOption(words, o.label, o.pool or Pool(), o.auto, o.cost, _uses(o),
                          declared=declared == o.label)


def _options(point: Ask | None, base: Sequence[Event], a: Fighter, t: Fighter,
             maneuver: str) -> tuple[ReactionOption, ...]:
    """What ``t`` may declare against this attack, as the engine offers it."""
    if point is None:
        return ()
    main = _main(base, a.name, t.name, maneuver)
    declared = main.defense if main is not None else None
    countered = _main(base, t.name, a.name, "Counterattack")
    return tuple(_option(o, declared, countered.weapon if countered else None)
                 for o in point.options if not o.none)


def _chance(fight: Fight, a: Fighter, main: AttackRolled, w: WeaponSpec, target,
            deals_damage: bool) -> Odds | None:
    """The exact odds of this roll, unless a die of it was typed (then it is known)."""
    droll = main.defense_roll
    if main.roll.typed or (droll is not None and droll.typed):
        return None
    roll = OddsDice(main.pool.total, main.defense_pool.total if droll else None,
                fight.settings.success_face, _auto(main.roll),
                _auto(droll) if droll else None,
                solid=solid_applies(fight.settings.solid_hit, a.side))
    return odds(roll, target if deals_damage else None, w.damage if deals_damage else None)


def against(fight: Fight, cmd: Attack, base: Sequence[Event]) -> tuple[Against, ...]:
    """Each target of the attack ``cmd`` (decided on a copy of ``fight`` as ``base``):
    the reactions it may declare and what the damage does to it."""
    a = actor(fight, cmd.attacker)
    points = _reaction_points(fight, cmd)
    out = []
    for i, x in enumerate((cmd, *cmd.also)):
        t = find_fighter(fight, x.target)
        main = _main(base, a.name, t.name, cmd.maneuver)
        w = next((v for v in a.spec.weapons if main and v.name == main.weapon), None)
        if main is None or w is None:
            continue
        point = points.get(target_path(i))
        options = _options(point, base, a, t, cmd.maneuver)
        brace_open = point is not None and point.may_brace  # ch19 Brace, as the engine says
        if not main.deals_damage:
            out.append(Against(t.name, w.name, options, False, False, False,
                                     chance=_chance(fight, a, main, w, None, False)))
            continue
        target, m = target_of(fight, t, w, main.types, main.location, x.brace)
        tiers = tuple(Tier(n, *outcome(w.damage, target, n, 0))
                      for n in range(len(w.damage.tiers)))
        out.append(Against(
            t.name, w.name, options, brace_open and not w.strain, x.brace, True, tiers,
            w.damage.overflow, m.strain, m.guard, m.unsoaked, m.resisted, m.weak,
            solid=not m.strain and solid_applies(fight.settings.solid_hit, a.side),
            current=target.current, maximum=target.maximum,
            chance=_chance(fight, a, main, w, target, True)))
    return tuple(out)
