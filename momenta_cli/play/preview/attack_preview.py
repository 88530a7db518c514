"""An attack line read for its preview, off the engine's own decisions: every roll's pool
from the ``AttackRolled`` events of deciding the line on a copy, each reaction the
target may still declare (``defense.open_reactions``) with the pool and cost the
engine gives it when the line is decided again with that reaction written, and the
damage tiers after Guard, resistance and weakness (``odds.preview.target_of``, the odds'
own arithmetic). No modifier is worked out here: what the engine would roll is read."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from momenta_cli.engine.actions import ReactionTaken
from momenta_cli.engine.attack import (
    Attack,
    AttackRolled,
    DefenseUsed,
    open_reactions,
    plan_attack,
    replace_part,
    solid_applies,
    target_path,
)
from momenta_cli.engine.core import (
    Event,
    Fight,
    Fighter,
    Roll,
    Roller,
    WeaponSpec,
    actor,
    decide,
    find_fighter,
)
from momenta_cli.errors import MomentaError
from momenta_cli.odds import Odds, OddsDice, odds, outcome, target_of
from momenta_cli.play.preview.preview_model import Against, ReactionOption, RollPreview, Tier
from momenta_cli.text import quote_word

Throwaway = Callable[[], Roller]  # a fresh roller whose dice are thrown away


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


def _with(cmd: Attack, i: int, **change: object) -> Attack:
    """``cmd`` with target ``i`` (0: the main one, then ``also``) changed."""
    return replace_part(cmd, target_path(i), **change)


def _decided(fight: Fight, cmd: Attack, dice: Throwaway) -> list[Event] | None:
    try:
        return decide(fight.clone(), cmd, dice())
    except MomentaError:
        return None


def _cost(events: Sequence[Event], name: str, what: str) -> int | None:
    return next((e.cost for e in events if isinstance(e, ReactionTaken) and e.name == name
                 and e.reaction.startswith(what)), None)


def _defense(fight: Fight, cmd: Attack, i: int, a: Fighter, t: Fighter, choice: str,
             chosen: str | None, dice: Throwaway, declared: str | None
             ) -> ReactionOption | None:
    """The reactive defense ``choice`` (with ``chosen``) as the engine would roll it."""
    events = _decided(fight, _with(cmd, i, defense=choice, defense_with=chosen,
                                   defense_typed=None, counter=None), dice)
    rolled = _main(events or (), a.name, t.name, cmd.maneuver)
    if events is None or rolled is None or rolled.defense is None:
        return None
    words = choice if chosen is None else f"{choice}={quote_word(chosen)}"
    uses = ""
    used = next((e for e in events if isinstance(e, DefenseUsed) and e.name == t.name
                 and e.weapon is None), None)
    if used is not None:
        left = used.uses - used.used + 1
        uses = f"{left} of {used.uses} use{'s' if used.uses != 1 else ''} left this round"
    cost = _cost(events, t.name, rolled.defense.split(" (")[0])
    return ReactionOption(words, rolled.defense, rolled.defense_pool,
                        _auto(rolled.defense_roll), cost, uses,
                        declared=declared == rolled.defense)


def _counter(fight: Fight, cmd: Attack, i: int, a: Fighter, t: Fighter, w: WeaponSpec,
             dice: Throwaway, declared: str | None) -> ReactionOption | None:
    """A Counterattack with ``w`` as the engine would roll it (first, R27)."""
    counter = Attack(None, "", "Counterattack", weapon=w.name)
    events = _decided(fight, _with(cmd, i, counter=counter, defense=None, defense_with=None,
                                   defense_typed=None), dice)
    rolled = _main(events or (), t.name, a.name, "Counterattack")
    if events is None or rolled is None:
        return None
    return ReactionOption(f"counter with {quote_word(w.name)}", f"Counterattack ({w.name})",
                        rolled.pool, _auto(rolled.roll),
                        _cost(events, t.name, "Counterattack"),
                        declared=declared == w.name)


def _options(fight: Fight, cmd: Attack, i: int, a: Fighter, t: Fighter, w: WeaponSpec,
             mode: str, base: Sequence[Event], dice: Throwaway) -> tuple[ReactionOption, ...]:
    """What ``t`` may declare against this attack, each as the engine would have it."""
    x = (cmd, *cmd.also)[i]
    main = _main(base, a.name, t.name, cmd.maneuver)
    declared = main.defense if main is not None else None
    countered = _main(base, t.name, a.name, "Counterattack") if x.counter else None
    open_ = open_reactions(fight, t, w, mode)
    found: list[ReactionOption | None] = []
    if open_.dodge:
        found.append(_defense(fight, cmd, i, a, t, "dodge", None, dice, declared))
    found += [_defense(fight, cmd, i, a, t, "deflect", d, dice, declared)
              for d in open_.deflect_with]
    found += [_defense(fight, cmd, i, a, t, "defend", d, dice, declared)
              for d in open_.defenses]
    if open_.counter:
        found += [_counter(fight, cmd, i, a, t, m, dice,
                           countered.weapon if countered else None)
                  for m in t.spec.weapons if m.is_melee]
    return tuple(o for o in found if o is not None)


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


def against(fight: Fight, cmd: Attack, base: Sequence[Event], dice: Throwaway
            ) -> tuple[Against, ...]:
    """Each target of the attack ``cmd`` (decided on a copy of ``fight`` as ``base``):
    the reactions it may declare and what the damage does to it."""
    a = actor(fight, cmd.attacker)
    out = []
    for i, x in enumerate((cmd, *cmd.also)):
        t = find_fighter(fight, x.target)
        main = _main(base, a.name, t.name, cmd.maneuver)
        w = next((v for v in a.spec.weapons if main and v.name == main.weapon), None)
        if main is None or w is None:
            continue
        options = _options(fight, cmd, i, a, t, w, main.mode, base, dice)
        brace_open = open_reactions(fight, t, w, main.mode).brace
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
