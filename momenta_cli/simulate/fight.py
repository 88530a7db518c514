"""Playing one fight to the end through the engine, as the policies choose.

The simulator does what a GM at the prompt does: it starts the turn of whoever the side's
policy picks among those the zipper allows (ch18), runs the commands the policy chooses
for that combatant (each decided by the engine, exactly as typed at the prompt), and
ends the turn. The rules are the engine's alone: a command it refuses changes nothing
and is skipped. One ruling is the simulator's, where the engine leaves it to the GM: on
a map no melee attack without a line of sight (melee_sight.py). The fight ends when one
side is out (every ally, or every adversary: Defeated or Lost; with no adversaries,
every independent), or as "undecided" when the round cap is passed.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from dataclasses import dataclass, replace
from typing import Any

from momenta_cli.engine.attack import Attack, plan_attack
from momenta_cli.engine.core import (
    Command,
    EncounterSpec,
    EndCombat,
    EndTurn,
    Fight,
    NextTurn,
    SeededRoller,
    Session,
    StartTurn,
    actor,
    find_fighter,
)
from momenta_cli.engine.turns import may_act
from momenta_cli.errors import MomentaError
from momenta_cli.language import Meta, parse_line
from momenta_cli.simulate.melee_sight import blind_melee
from momenta_cli.simulate.policy import Policy
from momenta_cli.simulate.policy_file import contained
from momenta_cli.simulate.timed import check_events, fire_due, untouched
from momenta_cli.simulate.view import View
from momenta_cli.text import quote_word as quote

ALLIES, ADVERSARIES, UNDECIDED = "allies", "adversaries", "undecided"
BOTH_OUT = "both_out"  # both sides out at once: over, but nobody won
MAX_CALLS = 12  # calls of choose per turn
MAX_ITEMS = 50  # commands taken from one call of choose
MAX_COMMANDS = 100_000  # per fight: a safety net under the round cap
MAX_FIGHTERS = 200  # a policy adding combatants: each joins the round, which never ends
_SIMULATOR_ONLY = (StartTurn, EndTurn, NextTurn, EndCombat)


def _plain(value: Any) -> Any:
    """``value`` with a ``str`` subclass made an exact ``str``: a subclass's methods
    (``strip``, ``__eq__``, ``replace`` inside the parser) would run the policy's code
    outside the guard. ``type()`` and ``str.__str__`` run none of it."""
    if issubclass(type(value), str) and type(value) is not str:
        return str.__str__(value)
    return value


def _is(value: Any, kinds: Any) -> bool:
    """``isinstance`` by the real type only: ``isinstance`` falls back on a
    ``__class__`` attribute, which a policy's object could compute with its own code."""
    return issubclass(type(value), kinds)


class PolicyFailed(MomentaError):
    """A policy function raised or returned something that is not a command."""


class NoOpponents(MomentaError):
    """An encounter with no two sides to fight each other."""


def check_playable(encounter: EncounterSpec) -> None:
    """Refuse (one line) an encounter with no allies or no one against them: nothing
    there could ever win; or with a scheduled event whose line is not a command of the
    fight (timed.py: it could never fire)."""
    sides = {c.side for c in encounter.combatants}
    if ALLIES not in sides or not sides & {ADVERSARIES, "independents"}:
        has = ", ".join(sorted(sides)) or "nobody"
        raise NoOpponents(f"{encounter.name}: simulate needs allies and someone against "
                          f"them (adversaries or independents); this encounter has {has}")
    check_events(encounter)


@dataclass(frozen=True)
class FightResult:
    """What one fight came to. Per-combatant tuples follow the encounter's order.

    ``winner``: ALLIES or ADVERSARIES, BOTH_OUT, or UNDECIDED (the round cap, or nobody
    left who could take a turn); ``rounds`` the round it ended in (the cap if undecided).
    ``dealt``/``taken``: damage that reached Vitality (after Guard, resistance and
    weakness, overkill included) from attacks; ``strain_dealt``/``strain_taken`` the
    same for Strain attacks; ``wounds`` Wound slots filled; ``down`` Defeated or Lost at
    the end; ``refused`` policy commands the engine refused. Played on from a fight in
    progress (a forecast), all of it counts from there: ``wounds`` are the Wounds taken
    since, ``wounded`` whether any was (``down`` is at the end, whenever it happened)."""

    index: int
    winner: str
    rounds: int
    dealt: tuple[int, ...]
    taken: tuple[int, ...]
    strain_dealt: tuple[int, ...]
    strain_taken: tuple[int, ...]
    wounds: tuple[int, ...]
    down: tuple[bool, ...]
    refused: int = 0
    wounded: tuple[bool, ...] = ()


def fight_seed(seed: int, index: int) -> int:
    """The dice seed of fight ``index`` of a run seeded ``seed``: the same whatever the
    number of jobs, different for every fight."""
    digest = hashlib.sha256(f"momenta-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def outcome(fight: Fight) -> str | None:
    """The side that won, BOTH_OUT when both are out at once, None while it goes on."""
    # per side still in the file (not removed): [how many, how many out]; asked after
    # every command, so counted in one plain pass
    by_side: dict[str, list[int]] = {}
    for f in fight.fighters.values():
        if f.removed:
            continue
        counts = by_side.get(f.side)
        if counts is None:
            counts = by_side[f.side] = [0, 0]
        counts[0] += 1
        if f.defeated or f.lost:
            counts[1] += 1
    allies = by_side.get(ALLIES)
    foes = by_side.get(ADVERSARIES) or by_side.get("independents")
    allies_out = allies is not None and allies[0] == allies[1]
    foes_out = foes is not None and foes[0] == foes[1]
    if allies_out and foes_out:
        return BOTH_OUT
    if foes_out:
        return ALLIES
    if allies_out:
        return ADVERSARIES
    return None


class _Run:
    """One fight in progress: the session, its dice, the policy, and what was refused."""

    def __init__(self, encounter: EncounterSpec, policy: Policy, seed: int,
                 start: Fight | None = None):
        # On a map the engine measures every attack from where the two stand, and the
        # policies walk toward the fight (simulate/approach.py)
        self.session = Session(encounter)
        if start is not None:  # a fight in progress: its state is this one's opening
            self.session.initial = start.clone()
            self.session.state = start.clone()
        self.first_round = self.session.state.round
        # the fighters at the start, in order, and the Wounds each had then
        self.names = list(self.session.state.fighters) if start is not None else \
            [c.name for c in encounter.combatants]
        self.wounds_before = {n: len(f.wounds) for n, f in self.session.state.fighters.items()}
        self.roller = SeededRoller(seed)
        self.view = View(self.session.state, random.Random(seed + 1))
        self.policy = policy
        self.refused = 0
        self.commands = 0
        # the encounter's scheduled events fire after each command, as at the prompt
        # (timed.py); round 1 starts with the fight's first command
        self.timed = bool(encounter.events)
        self.opening = start is None or untouched(start)

    @property
    def state(self) -> Fight:
        return self.session.state

    def execute(self, cmd: Command, line: str) -> bool:
        """Run ``cmd``; False (and nothing changed) when the engine refuses it."""
        self.commands += 1
        # the state before, which the command's events are judged against (a copy only
        # for an encounter with events, and cheap: the specs are shared)
        before = self.session.state.clone() if self.timed else None
        try:
            entry = self.session.execute(cmd, line, self.roller)
            if before is not None:
                fire_due(self.session, before, entry, self.opening, self.roller)
            self.opening = False
        except MomentaError:
            return False
        finally:
            self.view.follow(self.session.state)
        return True

    def call(self, what: str, fn: Any, *args: Any) -> Any:
        return self.guard(what, fn, self.view, *args)

    def guard(self, what: str, fn: Any, *args: Any) -> Any:
        """``fn(*args)``, where ``fn`` runs the policy's code: whatever it raises (a bug,
        sys.exit(), or a MomentaError from an engine helper it called) becomes one line
        naming the policy and the function."""
        try:
            with contained():  # its prints to stderr; os._exit raises
                return fn(*args)
        except (PolicyFailed, KeyboardInterrupt):
            raise
        except BaseException as err:  # noqa: BLE001 - a policy's bug or sys.exit(): one line
            raise self.failed(f"{what} raised {type(err).__name__}: {err}") from None

    def failed(self, why: str) -> PolicyFailed:
        return PolicyFailed(f"policy {self.policy.name}: {why} (round {self.state.round})")

    def commands_from(self, items: Any) -> list[Any]:
        """At most MAX_ITEMS of what ``choose`` returned: a list, any iterable (an endless
        generator too) or one line or Command; [] for nothing."""
        items = _plain(items)
        if items is None or _is(items, str | Command):
            return [] if items is None or items == "" else [items]
        try:
            it = iter(items)
        except TypeError:
            raise self.failed(f"choose returned a {type(items).__name__}, not a list of "
                              "command lines or Commands") from None
        except KeyboardInterrupt:
            raise
        except BaseException as err:  # noqa: BLE001 - the object's own __iter__ failed
            raise self.failed(f"choose raised {type(err).__name__}: {err}") from None
        # A generator runs the policy's code as it is taken from: guard it like a call.
        taken: list[Any] = self.guard("choose", lambda: list(itertools.islice(it, MAX_ITEMS)))
        return [_plain(item) for item in taken]

    def item(self, item: Any) -> bool:
        """Run one thing ``choose`` returned; False when refused."""
        made_by_policy = False
        if type(item) is str:
            try:
                parsed = parse_line(item)
            except MomentaError:
                self.refused += 1
                return False
            if parsed is None or isinstance(parsed, Meta):
                self.refused += 1
                return False
            cmd, line = parsed, item
        elif _is(item, Command):
            cmd, line, made_by_policy = item, type(item).__name__, True
        else:
            raise self.failed(f"choose returned a {type(item).__name__}, not a command "
                              "line or a Command")
        if _is(cmd, _SIMULATOR_ONLY):
            self.refused += 1
            return False
        if not made_by_policy:
            return self._run(cmd, line)
        # A Command object the policy built may hold fields of the wrong type
        # (weapon=object()) that the engine meets half way through, or be a subclass
        # running its own code: put the session back and end in one line.
        saved = (list(self.session.entries), list(self.session.undone))
        try:
            return self._run(cmd, line)
        except (PolicyFailed, KeyboardInterrupt):
            raise
        except BaseException as err:  # noqa: BLE001 - a policy's Command: one line
            self.session.restore(*saved)
            self.view.follow(self.session.state)
            raise self.failed("choose returned a Command the engine cannot run: "
                              f"{type(err).__name__}: {err}") from None

    def _run(self, cmd: Command, line: str) -> bool:
        if _is(cmd, Attack) and self._blind(cmd):  # type: ignore[arg-type]
            self.refused += 1
            return False
        if _is(cmd, Attack) and self._undeclared(cmd):  # type: ignore[arg-type]
            reacted = self._with_reaction(cmd, line)  # type: ignore[arg-type]
            if reacted is not None and self.execute(*reacted):
                return True
        if self.execute(cmd, line):
            if len(self.state.fighters) > MAX_FIGHTERS:
                raise self.failed(f"the fight grew past {MAX_FIGHTERS} combatants (a policy "
                                  "that keeps adding them never ends a round)")
            return True
        self.refused += 1
        return False

    def _blind(self, cmd: Attack) -> bool:
        """A melee attack with no line of sight on the map: the simulator refuses it, as
        the GM it stands in for would (melee_sight.py)."""
        s = self.state
        if s.encounter.board is None:  # no map: nothing to see through (blind_melee)
            return False
        try:
            a = actor(s, cmd.attacker)
            t = find_fighter(s, cmd.target)
            plan = plan_attack(a, t, cmd, s)
        except MomentaError:
            return False  # the engine will say why when the attack itself is run
        return blind_melee(s, a, t, cmd, plan)

    @staticmethod
    def _undeclared(cmd: Attack) -> bool:
        return (cmd.defense is None and not cmd.brace and cmd.counter is None
                and not cmd.also)

    def _with_reaction(self, cmd: Attack, line: str) -> tuple[Command, str] | None:
        """``cmd`` with the target's reaction from the policy, or None for none."""
        s = self.state
        try:
            a = actor(s, cmd.attacker)
            t = find_fighter(s, cmd.target)
            weapon = plan_attack(a, t, cmd).weapon.name
        except MomentaError:
            return None  # the engine will say why when the attack itself is run
        words = _plain(self.call("react", self.policy.react, a.name, t.name, weapon))
        if words is None:
            return None
        if type(words) is not str:
            raise self.failed(f"react returned a {type(words).__name__}, not the words "
                              "of a reaction (a str such as \"dodge\", or \"\" for none)")
        if not words.strip():
            return None
        try:
            declared = parse_line(f"attack a t {words}")
        except MomentaError:
            return None
        if not isinstance(declared, Attack):
            return None
        with_it = replace(cmd, defense=declared.defense, defense_with=declared.defense_with,
                          brace=declared.brace)
        return with_it, f"{line} {words.strip()}"

    def turn(self) -> bool:
        """Pick and play the next turn (the rest of the one running, in a fight played on
        from the middle of a turn); False when nobody can start one."""
        if self.state.active is not None and self.state.active in self.state.fighters:
            self.play_turn(self.state.active)
            return True
        options = [f.name for f in may_act(self.state)]
        if not options:
            return False
        name = _plain(self.call("pick", self.policy.pick, options))
        if type(name) is not str:
            raise self.failed(f"pick returned a {type(name).__name__}, not the name of "
                              "one of the options")
        if name not in options:
            name = options[0]
        if not self.execute(StartTurn(name), f"turn {quote(name)}"):
            return False
        self.play_turn(name)
        return True

    def play_turn(self, name: str) -> None:
        """``name``'s turn, started: its commands as the policy chooses, then its end."""
        for _ in range(MAX_CALLS):
            if self.state.active != name or outcome(self.state):
                break
            items = self.commands_from(self.call("choose", self.policy.choose, name))
            if not items:
                break
            accepted = 0
            for it in items:
                if self.state.active != name or outcome(self.state):
                    break
                accepted += self.item(it)
            if not accepted:
                break
        # A won fight is over with the winning command: ending the turn could still
        # change the outcome (a Faltering check Defeating the last one standing).
        if self.state.active == name and not self.state.over and outcome(self.state) is None:
            if not self.execute(EndTurn(), "end"):
                # a turn the engine will not end (a fight handed over in a state no
                # policy can move on): nothing more can happen in it
                raise _Stuck


class _Stuck(Exception):
    """A turn that cannot be ended: the fight cannot go on."""


def play_fight(encounter: EncounterSpec, policy: Policy, seed: int, index: int,
               max_rounds: int = 30, *, keep: bool = False, start: Fight | None = None
               ) -> tuple[FightResult, Session | None]:
    """Play fight ``index`` of a run seeded ``seed`` to its end; the session too with
    ``keep``. Its journal's lines are a replay script: ``momenta replay`` of them with
    ``--seed fight_seed(seed, index)`` plays the same fight (for lines a policy gave as
    text; a ``Command`` object is journalled under its class name).

    ``start``: play on from this state of a fight of ``encounter`` (a forecast: a saved
    fight as it stands, mid-turn too) instead of from its opening; ``max_rounds`` then
    counts from its round, and the result from its moment (``FightResult``). A fight
    already over (every one of a side out, or ended) is that result at once."""
    run = _Run(encounter, policy, fight_seed(seed, index), start)
    last = run.first_round + max_rounds - 1  # the last round played
    winner = outcome(run.state)
    while winner is None:
        if run.state.over or run.state.round > last or run.commands > MAX_COMMANDS:
            winner = UNDECIDED
            break
        try:
            if not run.turn():
                winner = UNDECIDED
                break
        except _Stuck:
            winner = UNDECIDED
            break
        winner = outcome(run.state)
    return _result(run, index, winner, last), (run.session if keep else None)


def _result(run: _Run, index: int, winner: str, last_round: int) -> FightResult:
    s = run.session
    names = run.names
    at = {n: i for i, n in enumerate(names)}
    dealt, taken = [0] * len(names), [0] * len(names)
    sdealt, staken = [0] * len(names), [0] * len(names)
    by: dict[str, str] = {}
    for entry in s.entries:
        for ev in entry.events:
            if ev.kind == "attack_rolled":
                by[ev.target] = ev.attacker  # type: ignore[attr-defined]
            elif ev.kind == "attack_damage":
                target, amount = ev.target, ev.amount  # type: ignore[attr-defined]
                src = at.get(by.get(target, ""))
                dst = at.get(target)
                giver, getter = (sdealt, staken) if ev.strain else (dealt, taken)  # type: ignore[attr-defined]
                if src is not None:
                    giver[src] += amount
                if dst is not None:
                    getter[dst] += amount
    fighters = [s.state.fighters[n] for n in names]
    rounds = min(s.state.round, last_round)
    new = tuple(len(f.wounds) - run.wounds_before.get(f.name, 0) for f in fighters)
    return FightResult(index, winner, rounds, tuple(dealt), tuple(taken), tuple(sdealt),
                       tuple(staken), new, tuple(f.out for f in fighters), run.refused,
                       tuple(w > 0 for w in new))
