"""Chained fights: several encounters played in order by the same party, its harm carried
from each into the next (R38), and how often it survives them all.

The first encounter starts as its file says. When the allies win it, the next starts
with each of its allies as the party left the last fight, matched by name as a party
file is (``momenta party save``; engine/core/between_fights.py ``carried`` and
``start_carried``): Vitality, Strain, Wounds and Burdens with their conditions,
persistent conditions, Resolve and consumable points kept; Vigor and Guard full
(ch18); conditions that clear at a turn's end gone; a Defeated or Lost ally comes in
so. The later encounter's own numbers for those allies
(and its ``party:`` file, if it names one) give way to the carried state; its stats,
weapons and squares stay. An ally of the party that a later encounter does not have sits
that fight out and comes back, as it was, in a later one that has it; an ally only a
later encounter has joins there as its file says. A value past the later encounter's
maximum for that ally is lowered to it (more Wounds than slots: the first ones).

A chain stops at the first fight the allies do not win (lost, both sides out, or
undecided at the round cap): the party did not get through. Each encounter has its own
dice: fight ``i`` of encounter ``k`` is seeded from the run's seed, ``i`` and ``k`` (the
first encounter's fights are those of ``simulate`` of it alone), so a run is the same
whatever the number of jobs.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from momenta_cli.engine.core import EncounterSpec, Fight, Session
from momenta_cli.simulate.fight import ALLIES, BOTH_OUT, UNDECIDED, FightResult, play_fight
from momenta_cli.simulate.policy import Policy
from momenta_cli.simulate.stats import wilson
from momenta_cli.text import name_key

MAX_CHAIN = 20  # encounters in one chain

# name_key(ally) -> its party-file entry (engine/core/between_fights.py ``carried``)
Party = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class ChainResult:
    """One chain: the result of each fight played, in order (fewer than the encounters
    when the allies did not win one: the chain stopped there)."""

    index: int
    legs: tuple[FightResult, ...]
    encounters: int

    @property
    def survived(self) -> bool:
        return len(self.legs) == self.encounters and self.legs[-1].winner == ALLIES


def leg_seed(seed: int, k: int) -> int:
    """The seed of encounter ``k`` of a chain run seeded ``seed`` (the first: ``seed``,
    so its fights are those of ``simulate`` of it alone)."""
    if k == 0:
        return seed
    digest = hashlib.sha256(f"momenta-chain:{seed}:{k}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 2 ** 31


def party_of(fight: Fight, party: Party | None = None) -> Party:
    """``party`` (the party so far) with the allies of ``fight`` as they stand (R38);
    removed allies are left out, as ``momenta party save`` leaves them."""
    from momenta_cli.engine.core import carried, persistent_conditions

    keep = persistent_conditions(fight)
    out = dict(party or {})
    for f in fight.fighters.values():
        if f.side == ALLIES and not f.removed:
            out[name_key(f.name)] = carried(f, keep)
    return out


def party_yaml(party: Party) -> str:
    """``party`` as the body of a party file (encounter/party_file.py), for the
    ``--script`` of a chain."""
    import yaml

    return yaml.safe_dump({"party": list(party.values())}, sort_keys=False,
                          allow_unicode=True, default_flow_style=None, width=76)


def carry_into(encounter: EncounterSpec, party: Party) -> EncounterSpec:
    """``encounter`` with each of its allies the party has starting as the party left it
    (R38; the module's docstring)."""
    from momenta_cli.engine.core import start_carried

    combatants = []
    for c in encounter.combatants:
        m = party.get(name_key(c.name)) if c.side == ALLIES else None
        combatants.append(c if m is None else start_carried(c, m))
    return replace(encounter, combatants=tuple(combatants))


def play_chain(encounters: Sequence[EncounterSpec], policy: Policy, seed: int, index: int,
               max_rounds: int = 30, *, keep: bool = False
               ) -> tuple[ChainResult, list[tuple[Party, Session]] | None]:
    """Play chain ``index`` of a run seeded ``seed``: each encounter in turn while the
    allies win, the party carried between them. With ``keep``, each fight played as
    (the party carried into it, empty for the first; its session)."""
    legs: list[FightResult] = []
    kept: list[tuple[Party, Session]] = []
    party: Party = {}
    for k, enc in enumerate(encounters):
        spec = enc if k == 0 else carry_into(enc, party)
        result, session = play_fight(spec, policy, leg_seed(seed, k), index, max_rounds,
                                     keep=True)
        assert session is not None
        legs.append(result)
        if keep:
            kept.append((party, session))
        if result.winner != ALLIES:
            break
        party = party_of(session.state, party)
    return ChainResult(index, tuple(legs), len(encounters)), (kept if keep else None)


class ChainTally:
    """Running sums of a chain run, per encounter: the chains that reached it and how its
    fight ended, rounds, and each of its allies' Defeats and Wounds (memory that does not
    grow with the number of chains)."""

    def __init__(self, encounters: Sequence[EncounterSpec]):
        self.encounters = list(encounters)
        self.chains = 0
        self.survived = 0
        self.reached = [0] * len(encounters)
        self.ends = [{ALLIES: 0, "adversaries": 0, BOTH_OUT: 0, UNDECIDED: 0}
                     for _ in encounters]
        self.rounds = [0] * len(encounters)
        self.allies = [[i for i, c in enumerate(e.combatants) if c.side == ALLIES]
                       for e in encounters]
        self.down = [[0] * len(a) for a in self.allies]
        self.wounded = [[0] * len(a) for a in self.allies]

    def add(self, r: ChainResult) -> None:
        self.chains += 1
        self.survived += r.survived
        for k, leg in enumerate(r.legs):
            self.reached[k] += 1
            self.ends[k][leg.winner] += 1
            self.rounds[k] += leg.rounds
            for j, i in enumerate(self.allies[k]):
                self.down[k][j] += leg.down[i]
                self.wounded[k][j] += leg.wounds[i] > 0


def _rate(k: int, n: int) -> dict[str, Any]:
    return {"count": k, "rate": k / n if n else 0.0, "ci95": list(wilson(k, n))}


def chain_summary(t: ChainTally, *, seed: int, policy: str, max_rounds: int
                  ) -> dict[str, Any]:
    """Every figure of a chain run as one JSON-ready dict (docs/simulate.md, Chained
    fights): the chance the party survives them all, and per encounter the chains that
    reached it, won it, and each ally's chance to end it Defeated and to take a Wound in
    it (out of the chains that reached it), with 95 % intervals."""
    from momenta_cli.simulate.stats import interval, percent

    n = t.chains
    survived = _rate(t.survived, n)
    legs = []
    for k, enc in enumerate(t.encounters):
        reached = t.reached[k]
        ends = t.ends[k]
        allies = []
        for j, i in enumerate(t.allies[k]):
            allies.append({
                "name": enc.combatants[i].name,
                "defeated_rate": t.down[k][j] / reached if reached else 0.0,
                "defeated_ci95": list(wilson(t.down[k][j], reached)),
                "wounded_rate": t.wounded[k][j] / reached if reached else 0.0,
                "wounded_ci95": list(wilson(t.wounded[k][j], reached)),
            })
        legs.append({
            "encounter": enc.name,
            "reached": _rate(reached, n),
            "won": _rate(ends[ALLIES], n),
            "won_when_reached": _rate(ends[ALLIES], reached),
            "ended": dict(ends),
            "rounds_mean": t.rounds[k] / reached if reached else 0.0,
            "allies": allies,
        })
    lo, hi = survived["ci95"]
    count = len(t.encounters)
    verdict = (f"The party survives all {count} fights {percent(survived['rate'])} "
               f"({interval(lo, hi)})")
    return {
        "chain": [e.name for e in t.encounters],
        "fights": n,
        "seed": seed,
        "policy": policy,
        "max_rounds": max_rounds,
        "verdict": verdict,
        "survived": survived,
        "encounters": legs,
    }
