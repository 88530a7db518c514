"""Policies: who plays each side of a simulated fight, and how.

A policy has three functions (a policy file defines ``choose`` and may define the other
two; the built-in ones are used for what it leaves out):

``choose(view, actor) -> list[str | Command]``
    Called on ``actor``'s turn (the turn has started: Vigor and Guard refreshed). Returns
    the next commands for it: command-language lines as typed at the prompt (``attack
    gorm with cudgel at mark``, ``breath``) or engine ``Command`` objects. After they
    have run it is called again, until it returns an empty list: then the turn ends. A
    refused command is skipped (the engine's refusals, and on a map a melee attack
    with no line of sight: the simulator's ruling, ``melee_sight.py``); a call whose
    commands were all refused ends the turn too, and so does the 12th call in a turn.
    ``turn``, ``end`` and ``next`` are the simulator's: do not return them. Any
    iterable will do (a generator too): the first 50 items of each call are taken.
    Returning something else (a number), or raising (a MomentaError from an engine
    helper included), ends the run in one line naming the policy and the function.

``pick(view, options) -> str``
    Who of ``options`` (the names the zipper allows, ch18) takes the next turn: a name
    (one not among them means the first); anything but a str ends the run.

``react(view, attacker, target, weapon) -> str``
    ``target``'s reaction to being attacked by ``attacker`` with the weapon called
    ``weapon``, as the words the attack command takes: ``""`` (none), ``"dodge"``,
    ``"deflect"``, ``"deflect=Buckler"``, ``"defend"``, ``"defend=Parry"``, any of them
    followed by ``"brace"`` (``None`` is none too; anything else ends the run). Asked
    for every single-target attack whose line declares no reaction; if the engine
    refuses the reaction, the attack is made without it.

``view`` is a ``View`` (``view.py``): a copy of the engine state (changing it changes
nothing in the fight), helpers (``enemies``,
``friends``, ``attacks``, ``best_attack``), a per-fight ``memory`` dict and a seeded
``rng``.

The built-in policies:

``tactical`` (the default), for both sides:
    - turn order: among those who may act, the one with the fewest turns taken this
      round, then the one with the best attack (so multi-turn bosses interleave);
    - an enemy (a stat block with a threat class, R7) makes as many attacks as its
      stat block allows (a Move plus its maneuvers), each the one with the best
      expected damage; one with a Telegraphed attack (a text tag: announced at the end
      of a turn, swung on the next) announces it at the end of every turn it did not
      swing it (a ``note`` in the log) and swings it first thing on its next turn;
    - a hero, at the start of a turn: Catch Your Breath if at a third of Max Vitality or
      less and it has Resolve, or if it cannot pay for any attack and the healing would
      not be wasted; Steady Yourself if Strain is at 70 % of Max Strain or more.
      Otherwise it attacks with the best expected damage while it can pay for it,
      keeping 2 Vigor for reactions after the first attack;
    - reactions: an enemy uses its scripted defense whenever one applies (free, so many
      uses a round). A hero Dodges or Deflects when the damage it is expected to prevent
      is at least 1 per Vigor it costs (picking the best of the two), and Braces when the
      hit is expected to take all its Vitality.
    - on a map (R32-R34), only the attacks the engine allows from where each stands
      count, and a melee attack only with a line of sight (R33: the simulator, having
      no GM to rule a spear through a wall reasonable, never takes one; a line of a
      policy file that tries is refused unless it says ``sight``, ``melee_sight.py``);
      a combatant with none walks toward the nearest enemy it may target
      (``approach.py``: the cheapest square within its reach and in sight of it, else
      the nearest), up to two Moves a turn (the free one, and one paid for a hero with
      the Vigor), and answers no trigger on the way (nobody Intercepts or Forestalls in
      a simulation).
    No Feint, Grab, Shove, Surge, consumables or Counterattack; without a map no
    movement at all.

``reckless``: every combatant attacks the first enemy in file order with its first
    weapon at Mass as often as it can pay (on a map walking toward the nearest enemy
    while it cannot reach that one or see it), never defends, never rests: a baseline to compare
    a policy with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from momenta_cli.engine.actions import enemy_maneuver_limit
from momenta_cli.engine.attack import (
    Attack,
    Plan,
    attack_pool,
    open_reactions,
    plan_attack,
    reaction_ask,
)
from momenta_cli.engine.core import Fighter, Option, Pool
from momenta_cli.errors import MomentaError, RuleError
from momenta_cli.simulate import approach, estimate
from momenta_cli.simulate.melee_sight import blind_melee
from momenta_cli.simulate.view import View, attack_cost
from momenta_cli.text import quote_word as quote

Choose = Callable[[View, str], list[Any]]
Pick = Callable[[View, list[str]], str]
React = Callable[[View, str, str, str], str]

RESERVE = 2  # Vigor a hero keeps for reactions after its first attack of a turn
LOW_VITALITY = 1 / 3  # Catch Your Breath at or below this share of Max Vitality
HIGH_STRAIN = 0.7  # Steady Yourself at or above this share of Max Strain
WORTH_PER_VIGOR = 1.0  # damage a Dodge or Deflect must be expected to prevent per Vigor


class PolicyError(MomentaError):
    """A policy file that cannot be used (missing, not Python, no ``choose``)."""


@dataclass(frozen=True)
class Policy:
    """The three functions of a policy (module docstring) and its name for the report."""

    name: str
    choose: Choose
    pick: Pick
    react: React


# --- tactical ------------------------------------------------------------------------------


def _full_turn_first(view: View, f: Fighter) -> list[str]:
    """Catch Your Breath or Steady Yourself, when the tactical policy wants one (they
    take the whole turn, so only before anything else)."""
    if f.maneuvers or f.moves > 1 or f.surged or f.spec.is_enemy:
        return []
    s = f.spec
    heal = s.max_vitality // 2
    if f.resolve >= 1 and heal > 0:
        if f.vitality <= s.max_vitality * LOW_VITALITY:
            return ["breath"]
        if view.best_attack(f.name) is None and f.vitality + heal <= s.max_vitality:
            return ["breath"]
    if s.max_strain > 0 and f.strain >= s.max_strain * HIGH_STRAIN:
        return ["steady"]
    return []


def tactical_choose(view: View, actor: str) -> list[Any]:
    """The tactical policy's turn (module docstring)."""
    f = view.fighter(actor)
    if f.full_turn or f.has("Broken"):  # Broken: only the free Move is left
        return []
    if f.spec.is_enemy:
        return _enemy_turn(view, f)
    rest = _full_turn_first(view, f)
    if rest:
        return rest
    best = view.best_attack(actor)
    if best is None:
        return _walk(view, f)
    if f.maneuvers and f.vigor - best.cost < RESERVE:
        return []
    return [best.line]


def _walk(view: View, f: Fighter) -> list[Any]:
    """On a map, nothing in reach: a Move toward the nearest enemy (``approach.py``); a
    hero's paid Move only with the 2 Vigor for it (ch19 Move)."""
    if not f.spec.is_enemy and f.moves >= 1 and f.vigor < 2:
        return []
    line = approach.toward(view.state, f)
    return [line] if line else []


def _enemy_turn(view: View, f: Fighter) -> list[Any]:
    """An enemy's next attack, the announced Telegraphed one first; at the end of a turn
    in which it did not swing one, the announcement of the next (module docstring)."""
    announced, swung = f"telegraphed:{f.name}", f"swung:{f.name}"
    turn = (view.round, f.turns_taken)
    if f.maneuvers >= enemy_maneuver_limit(f):
        if view.memory.get(swung) == turn or view.memory.get(announced):
            return []
        tele = view.attacks(f.name, telegraphed=True)
        if not tele or all("Telegraphed" in w.other_tags for w in f.spec.weapons):
            return []  # none, or all it has (then swung as any other): nothing to announce
        view.memory[announced] = tele[0].weapon
        return [f"note {f.name} announces {tele[0].weapon} for its next turn"]
    weapon = view.memory.get(announced)
    if weapon:
        view.memory[announced] = None
        view.memory[swung] = turn
        tele = [o for o in view.attacks(f.name, telegraphed=True) if o.weapon == weapon]
        if tele:
            return [tele[0].line]
    best = view.best_attack(f.name)
    return [best.line] if best else _walk(view, f)


def _best_attack_worth(view: View, name: str) -> float:
    best = view.best_attack(name)
    return best.expected if best else 0.0


def tactical_pick(view: View, options: list[str]) -> str:
    """Among the options (R13's zipper): fewest turns taken first, as the tracker's
    suggestion orders them (R14 lets the tracker only suggest; the order is ours), so
    one with N turns a round (R15) interleaves; then the best attack, then file order."""
    worth = {n: _best_attack_worth(view, n) for n in options}
    return min(options, key=lambda n: (view.fighter(n).turns_taken, -worth[n],
                                       options.index(n)))


def _defenses(view: View, t: Fighter, cmd: Attack, plan: Plan, parts: Pool
              ) -> list[tuple[str, int, Option]]:
    """The reactive defenses ``t`` may declare against this attack, as the engine offers
    them at its reaction point (``reaction_ask``): (words, Vigor, the option). Of each
    kind, the one the engine would pick when the line names none (the biggest pool)."""
    s = view.state
    if cmd.attacker is None:
        return []
    a = s.fighters[cmd.attacker]
    point = reaction_ask(s, cmd, (), a, t, plan, parts, counters=False)
    found: list[tuple[str, int, Option]] = []
    for kind in ("defend", "dodge", "deflect"):
        opts = [o for o in point.options if dict(o.change).get("defense") == kind]
        if not opts:
            continue
        best = max(opts, key=lambda o: o.pool.total if o.pool else 0)
        chosen = dict(best.change).get("defense_with")
        words = kind if kind != "deflect" or chosen is None else f"deflect={quote(chosen)}"
        found.append((words, best.cost or 0, best))
    return found


def tactical_react(view: View, attacker: str, target: str, weapon: str) -> str:
    """The tactical policy's reaction (module docstring)."""
    s = view.state
    a, t = s.fighters[attacker], s.fighters[target]
    cmd = Attack(attacker, target, weapon=weapon)
    try:
        plan = plan_attack(a, t, cmd)
    except RuleError:
        return ""
    parts, auto = attack_pool(s, a, [t], plan, cmd)
    undefended = estimate.expected_damage(s, plan, parts, auto, t)
    options = _defenses(view, t, cmd, plan, parts)
    best, expected = "", undefended
    if t.spec.is_enemy:  # R7: the stat block's defense, whenever it applies
        if options:
            best = options[0][0]
        return best
    gain = 0.0
    for words, cost, d in options:
        with_it = estimate.expected_damage(
            s, plan, parts, auto, t, estimate.defense_dist(s, d.pool or Pool(), d.auto))
        saved = undefended - with_it
        if saved >= WORTH_PER_VIGOR * max(cost, 1) and saved - cost > gain:
            best, expected, gain = words, with_it, saved - cost
    if expected >= t.vitality and not plan.weapon.strain:
        if not open_reactions(s, t, plan.weapon, plan.mode).brace:  # ch19 Brace
            return best
        best = f"{best} brace".strip()
    return best


# --- reckless ------------------------------------------------------------------------------


def reckless_choose(view: View, actor: str) -> list[Any]:
    """The first enemy, the first weapon, Mass, as long as it can pay."""
    f = view.fighter(actor)
    enemies = view.enemies(actor)
    if not enemies or not f.spec.weapons or f.full_turn:
        return []
    if f.spec.is_enemy and f.maneuvers >= enemy_maneuver_limit(f):
        return []
    w = f.spec.weapons[0]
    if attack_cost(f, w) > f.vigor:
        return []
    line = f"attack {quote(f.name)} {quote(enemies[0].name)} with {quote(w.name)}"
    if view.state.encounter.board is not None:  # a map: out of reach, walk toward it
        cmd = Attack(f.name, enemies[0].name, weapon=w.name)
        try:
            plan = plan_attack(f, enemies[0], cmd, view.state)
        except RuleError:
            return _walk(view, f)
        if blind_melee(view.state, f, enemies[0], cmd, plan):
            return _walk(view, f)
    return [line]


def reckless_pick(view: View, options: list[str]) -> str:
    return min(options, key=lambda n: (view.fighter(n).turns_taken, options.index(n)))


def no_reaction(view: View, attacker: str, target: str, weapon: str) -> str:
    return ""


BUILTIN = {
    "tactical": Policy("tactical", tactical_choose, tactical_pick, tactical_react),
    "reckless": Policy("reckless", reckless_choose, reckless_pick, no_reaction),
}
DEFAULT = "tactical"
