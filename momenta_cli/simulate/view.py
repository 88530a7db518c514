"""What a policy sees of a simulated fight (``View``) and the attacks it may pick from
(``Option``), each with its estimated worth (``estimate.py``).

A policy reads the engine's state through ``view.state`` (and ``fighter``, ``enemies``,
``friends``), which is a copy of the fight's state made for it: whatever a policy
changes there cannot change the fight (only the commands it returns do), and the copy
is made again, from the fight, after every command the engine accepts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from momenta_cli.engine.actions import scaled
from momenta_cli.engine.attack import Attack, attack_cost as engine_cost, plan_attack
from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import Fight, Fighter, WeaponSpec
from momenta_cli.engine.geometry import distance
from momenta_cli.errors import RuleError
from momenta_cli.simulate import estimate
from momenta_cli.simulate.melee_sight import blind_melee
from momenta_cli.text import quote_word as quote


def attack_cost(f: Fighter, w: WeaponSpec) -> int:
    """Vigor a Basic Attack (or a spell) with ``w`` costs ``f`` on its own turn: the
    engine's ``attack_cost``, doubled while swimming (R24), 0 for an enemy (R7: it pays
    with its maneuver count)."""
    if f.spec.is_enemy:
        return 0
    return scaled(f, engine_cost(w))


@dataclass(frozen=True)
class AttackOption:
    """One attack a combatant could make now: against ``target`` with ``weapon`` at
    ``location``, costing ``cost`` Vigor, worth ``expected`` damage on average before the
    target's defense; ``line`` is the command that makes it."""

    attacker: str
    target: str
    weapon: str
    location: str
    cost: int
    expected: float

    @property
    def line(self) -> str:
        return (f"attack {quote(self.attacker)} {quote(self.target)} with "
                f"{quote(self.weapon)} at {quote(self.location)}")


class View:
    """A policy's window on one simulated fight.

    ``state`` is a copy of the engine's ``Fight`` (changing it changes nothing in the
    fight; it is made afresh after every accepted command); ``memory`` a dict the policy
    may keep anything in for the rest of this fight; ``rng`` a ``random.Random`` seeded
    for this fight (use it, not the ``random`` module, so that a seed still gives the
    same results)."""

    def __init__(self, state: Fight, rng: random.Random):
        self._real = state
        self._copy: Fight | None = None
        # fighters copied one by one until the whole state is asked for (most turns
        # read a fighter or two, and copying every fighter after every command was a
        # tenth of a simulation)
        self._handed: dict[str, Fighter] = {}
        self.memory: dict[str, Any] = {}
        self.rng = rng
        self._cache: dict[tuple[str, bool, bool], list[AttackOption]] = {}
        # what the map allows, by where everyone stands: kept while the fight goes on
        # (line of sight and cover are the slow part, and most commands move nobody)
        self._map: dict[tuple[Any, ...], bool] = {}
        self._made: dict[tuple[str, str, str, int], tuple[Any, list[AttackOption]]] = {}

    @property
    def state(self) -> Fight:
        """The policy's copy of the fight's state, made when first asked for."""
        if self._copy is None:
            self._copy = self._real.clone()
            # the fighters already handed out by ``fighter`` are this copy's: one copy
            self._copy.fighters.update(self._handed)
        return self._copy

    def follow(self, state: Fight) -> None:
        """The fight's state is now ``state``: the simulator says so after every command
        it runs (simulate/fight.py); the policy's copy and the attacks are made afresh
        when next asked for. A policy has no need to call it."""
        self._real = state
        self._copy = None
        self._handed.clear()
        self._cache.clear()

    @property
    def round(self) -> int:
        return self._real.round

    def fighter(self, name: str) -> Fighter:
        """The combatant called exactly ``name`` (of the policy's copy)."""
        if self._copy is not None:
            return self._copy.fighters[name]
        f = self._handed.get(name)
        if f is None:
            f = self._handed[name] = self._real.fighters[name].clone()
        return f

    def enemies(self, name: str) -> list[Fighter]:
        """Who ``name`` fights, still in the fight: the other side and the independents
        (an independent fights everyone), near or far (on a map, ``attacks`` lists only
        the ones it can hit from where it stands)."""
        return _enemies(self.state, name)

    def friends(self, name: str) -> list[Fighter]:
        """``name``'s own side still in the fight, itself left out (independents have
        none)."""
        me = self.fighter(name)
        if me.side == "independents":
            return []
        return [f for f in self.state.fighters.values()
                if not f.out and f.name != name and f.side == me.side]

    def attacks(self, name: str, *, affordable: bool = True, telegraphed: bool = False
                ) -> list[AttackOption]:
        """Every attack ``name`` could make now (each weapon at each enemy, at each hit
        location the weapon may aim at), best expected damage first; with
        ``affordable``, only those its Vigor pays for. Telegraphed attacks (a text tag:
        announced a turn ahead) are left out unless they are all it has; with
        ``telegraphed``, only they are listed. On a map, only the attacks the engine
        allows from where the two stand (reach or range, line of sight, cover: R32-R34),
        and no melee attack without a line of sight either (``melee_sight.py``).

        The list is worked out once per state; do not change it."""
        key = (name, affordable, telegraphed)
        if key not in self._cache:
            self._cache[key] = self._attacks(name, affordable, telegraphed)
        return self._cache[key]

    def _attacks(self, name: str, affordable: bool, telegraphed: bool) -> list[AttackOption]:
        # From the fight itself, not the policy's copy: what a policy scribbled on its
        # copy cannot change the estimates either.
        a = self._real.fighters[name]
        if telegraphed:
            weapons = [w for w in a.spec.weapons if "Telegraphed" in w.other_tags]
        else:
            weapons = [w for w in a.spec.weapons if "Telegraphed" not in w.other_tags] \
                or list(a.spec.weapons)
        out: list[AttackOption] = []
        on_map = board_of(self._real) is not None
        where = _where(self._real) if on_map else ()
        mine = estimate.marks(a)
        enemies = [(t, estimate.marks(t)) for t in _enemies(self._real, name)]
        for w in weapons:
            cost = attack_cost(a, w)
            if affordable and cost > a.vigor:
                continue
            for t, theirs in enemies:
                found = estimate.by_location(self._real, a, t, w, (mine, theirs))
                if on_map:
                    out += [AttackOption(a.name, t.name, w.name, loc, cost, worth)
                            for loc, worth in found
                            if self._allowed(where, a, t, w, loc)]
                else:
                    out += self._options(a, t, w, cost, found)
        # Best first; on a tie the cheaper, then the listed order (weapons, targets).
        return sorted(out, key=_best_first)

    def _options(self, a: Fighter, t: Fighter, w: WeaponSpec, cost: int,
                 found: list[tuple[str, float]]) -> list[AttackOption]:
        # The options of one estimate (the memo's list, the same object while the two
        # are as they were): made once a fight, not after every command.
        key = (a.name, t.name, w.name, cost)
        kept = self._made.get(key)
        if kept is None or kept[0] is not found:
            kept = self._made[key] = (found, [
                AttackOption(a.name, t.name, w.name, loc, cost, worth)
                for loc, worth in found])
        return kept[1]

    def _allowed(self, where: tuple[Any, ...], a: Fighter, t: Fighter, w: WeaponSpec,
                 location: str) -> bool:
        # cover tells Mass from the rest (R20); any other location is allowed alike
        key = (where, a.name, t.name, w.name, location.lower() == "mass")
        if key not in self._map:
            self._map[key] = _allowed(self._real, a, t, w, location)
        return self._map[key]

    def best_attack(self, name: str) -> AttackOption | None:
        """The affordable attack with the best expected damage, if any."""
        options = self.attacks(name)
        return options[0] if options else None


def _best_first(o: AttackOption) -> tuple[float, int]:
    return -o.expected, o.cost


def _where(fight: Fight) -> tuple[Any, ...]:
    """Where everyone in the fight stands and which doors are open: all a map's answer
    (distance, line of sight, cover) depends on."""
    return (tuple((f.name, f.position) for f in fight.fighters.values() if not f.out),
            fight.doors)


def _allowed(fight: Fight, a: Fighter, t: Fighter, w: WeaponSpec, location: str) -> bool:
    """Whether the engine allows this attack on the map now: the two within reach or
    range, line of sight, no Mass aimed at a target in cover (R20, R32-R34); and, the
    simulator's own ruling, no melee attack without a line of sight (melee_sight.py)."""
    mine, theirs = squares_of(a), squares_of(t)
    if mine and theirs:  # out of reach and range: no need to trace any line
        far = max((n for n in (w.melee, w.range) if n is not None), default=1)
        if distance(mine, theirs) > far:
            return False
    cmd = Attack(a.name, t.name, weapon=w.name, location=location)
    try:
        plan = plan_attack(a, t, cmd, fight)
    except RuleError:
        return False
    return not blind_melee(fight, a, t, cmd, plan)


def _enemies(state: Fight, name: str) -> list[Fighter]:
    me = state.fighters[name]
    return [f for f in state.fighters.values() if not f.out and f.side != me.side]
