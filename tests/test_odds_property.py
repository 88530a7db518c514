"""A property over every sample encounter (issue 14): ``odds``
previews exactly the attack the attack command makes, from any state a fight can be in.

Attacker and target get conditions (Hindered, Vulnerable, Impaired, Provoked, Hidden,
Broken on either side), the target a Vitality, Guard, Strain and filled Wound/Burden
slots of its own, the attacker sometimes Defeated; the attack a weapon, hit location,
defense, Brace, distance, cover, obscured, thrown, the GM's +-Nd and sometimes a stated
cost. Then:

- a refusal of the preview is the attack's, word for word, and the preview refuses
  every attack the attack command refuses when it is the attacker's turn with Vigor to
  spare (what odds does not check: the turn and the Vigor, odds/from_fight.py);
- the preview's pools are those the attack rolls (ch20 step 1);
- for small pools, the engine's ``resolve`` played on every die outcome (QueueRoller)
  gives the preview's distribution exactly: per net-success count (R3) its chance, the
  damage that reaches Vitality or Strain (ch20 step 4, R5, R9, ch19 Brace), a Wound or
  Burden slot filled (R10) and Defeat or Lost (R11).

Kept to a few seconds: 600 cases, every outcome played up to 6^4 of them.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.attack import Attack, resolve
from momenta_cli.engine.core import Cond, Fight, Session
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.errors import RuleError
from momenta_cli.odds import AttackOdds, attack_odds
from tests.conftest import ROOT

SAMPLES = sorted((ROOT / "encounters").glob("*.yaml"))
CONDITIONS = ("Hindered", "Vulnerable", "Impaired", "Provoked", "Hidden", "Broken")
MAX_OUTCOMES = 6 ** 4
SPARE = [1] * 40  # dice after the attack's and the defense's (a Wound's roll, if any)


@cache
def _fresh(path: Path) -> Fight:
    return Session(load_encounter(path)).state


@st.composite
def cases(draw):
    """A state of one sample fight and an attack in it."""
    state = _fresh(draw(st.sampled_from(SAMPLES))).clone()
    names = [n for n, f in state.fighters.items() if not f.removed]
    a = draw(st.sampled_from(names))
    t = draw(st.sampled_from([n for n in names if n != a]))
    for name in (a, t):
        f = state.get(name)
        for c in draw(st.lists(st.sampled_from(CONDITIONS), unique=True, max_size=2)
                      if draw(st.booleans()) else st.just([])):
            f.conditions[c] = Cond(draw(st.integers(1, 2)))
    me, them = state.get(a), state.get(t)
    me.defeated = draw(st.integers(0, 9)) == 0
    them.vitality = draw(st.integers(1, them.spec.max_vitality))
    them.guard = draw(st.integers(0, them.spec.max_guard))
    them.wounds = ["Wound"] * draw(st.integers(0, them.spec.wound_slots))
    them.strain = draw(st.integers(0, max(them.spec.max_strain - 1, 0)))
    them.burdens = ["Burden"] * draw(st.integers(0, them.spec.burden_slots))
    cmd = Attack(
        a, t,
        weapon=draw(st.sampled_from([None, *(w.name for w in me.spec.weapons)])),
        location=draw(st.sampled_from([None, *(x.name for x in them.spec.locations)])),
        defense=draw(st.sampled_from([None, None, "dodge", "deflect", "defend"])),
        brace=draw(st.booleans()),
        distance=draw(st.sampled_from([None] * 6 + [1, 2, 6, 16, 25])),
        cover=draw(st.integers(0, 5)) == 0, obscured=draw(st.integers(0, 4)) == 0,
        ranged=draw(st.integers(0, 7)) == 0,
        dice=draw(st.sampled_from([0, 0, 0, 1, -1, -2, -3])),  # small pools: all played
        cost=draw(st.sampled_from([None] * 7 + [3])))
    return state, cmd


def _their_turn(state: Fight, name: str) -> Fight:
    """``state`` on ``name``'s own turn, nothing taken yet and Vigor to spare: what the
    attack checks and odds does not."""
    s = state.clone()
    s.active = name
    f = s.get(name)
    f.vigor, f.moves, f.maneuvers, f.full_turn, f.surged = 99, 0, 0, False, False
    return s


def _dice(pool: int, auto: int | None) -> int:
    """Dice one roll takes from the roller: none for a Grunt (R7), 2 for 0 or less (R2)."""
    return 0 if auto is not None else pool if pool > 0 else 2


def _played(state: Fight, cmd: Attack, pv: AttackOdds) -> dict[int, list[Fraction]] | None:
    """The engine on every die outcome: per net count, [chance, {amount: chance}, Wound,
    Defeat]; None when there are too many outcomes to play."""
    n = _dice(pv.pool.total, pv.auto)
    m = _dice(pv.defense_pool.total, pv.defense_auto) if pv.defense else 0
    if 6 ** (n + m) > MAX_OUTCOMES:
        return None
    total = 6 ** (n + m)
    rows: dict = defaultdict(lambda: [Fraction(0), defaultdict(Fraction), Fraction(0),
                                      Fraction(0)])
    for faces in product(range(1, 7), repeat=n + m):
        events = resolve(state, cmd, QueueRoller([*faces, *SPARE]))
        rolled = next(e for e in events if e.kind == "attack_rolled")
        dealt = next(e for e in events if e.kind == "attack_damage")
        row = rows[rolled.net]
        w = Fraction(1, total)
        row[0] += w
        row[1][dealt.amount] += w
        row[2] += w * any(e.kind == "wound_taken" and e.name == cmd.target for e in events)
        row[3] += w * any(e.kind == "fighter_down" and e.name == cmd.target for e in events)
    return rows


@pytest.mark.slow  # property
@settings(max_examples=600, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(cases())
def test_odds_preview_the_attack_the_attack_command_makes(case):
    _check(*case)


def _strain_cases():
    """Every Strain attack of the samples (R9) at every other combatant, its Strain one
    short of Max Strain, with a Burden slot free and with none (R10, R11)."""
    for path in SAMPLES:
        fresh = _fresh(path)
        for a in fresh.fighters.values():
            for w in (w for w in a.spec.weapons if w.strain):
                for t in fresh.fighters.values():
                    for full in (False, True):
                        if t.name == a.name or t.spec.max_strain < 1:
                            continue
                        state = fresh.clone()
                        them = state.get(t.name)
                        them.strain = t.spec.max_strain - 1
                        them.burdens = ["Burden"] * (t.spec.burden_slots if full else 0)
                        yield state, Attack(a.name, t.name, weapon=w.name)


def test_strain_attacks_on_every_die_outcome():
    cases = list(_strain_cases())
    assert cases  # the samples hold Strain attacks
    for state, cmd in cases:
        _check(state, cmd)


def _check(state: Fight, cmd: Attack) -> None:
    turn = _their_turn(state, cmd.attacker)
    try:
        resolve(turn, cmd, QueueRoller([1] * 200))
        refused = None
    except RuleError as err:
        refused = str(err)
    try:
        pv = attack_odds(state, cmd)  # off-turn: odds ask neither the turn nor the Vigor
    except RuleError as err:
        assert str(err) == refused, f"odds and the attack disagree on {cmd}"
        return
    assert refused is None, f"odds previews what the attack refuses: {refused}"
    assert attack_odds(turn, cmd) == pv  # whose turn it is changes nothing in the odds
    events = resolve(turn, cmd, QueueRoller([1] * 200))
    rolled = next(e for e in events if e.kind == "attack_rolled")
    assert pv.pool == rolled.pool
    assert pv.defense == rolled.defense and pv.defense_pool == rolled.defense_pool
    assert (pv.auto is None) == (rolled.roll.how != "auto")
    played = _played(turn, cmd, pv)
    if played is None:
        return
    rows = {r.net: [r.p, {a: p for a, p in r.amounts.items() if p}, r.wound, r.down]
            for r in pv.odds.rows}
    assert rows == {k: [v[0], dict(v[1]), v[2], v[3]] for k, v in played.items()}
