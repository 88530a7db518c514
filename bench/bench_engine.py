"""Engine figures, in process: deciding and applying commands, and one attack.

- decide: parse + decide + apply per command over a generated 2,000-command fight, beside
  a fixed pure-Python calibration workload (same every version: it measures the machine).
- attack: one attack command through ``run_line`` beside a minimal plain-Python attack
  (roll both pools, count 5+, net, damage tier, Guard before Vitality), same dice source.

Run: python bench/bench_engine.py [decide attack] [--reps N]
"""

from __future__ import annotations

import random
import textwrap
import time

from common import ENCOUNTER, Bench, Figure, Workdir, interleaved, main, robust

from momenta_cli.encounter import load_encounter_text
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line

DECIDE_N = 2000
CALIBRATION_N = 20_000  # calls of calibration_unit per sample

# --- decide: the engine per command, against the calibration loop ---------------------

_CAL_LINE = "cond Rat-3 vulnerable +1 heal Ogre 4 dmg Ana 2 next turn Bo"


def calibration_unit() -> int:
    """A fixed pure-Python workload of the kind a command costs: split a line, fold names
    into a dict, sort, sum, and build a few small objects."""
    words = _CAL_LINE.split()
    seen: dict[str, int] = {}
    for i, w in enumerate(words):
        seen[w.lower()] = seen.get(w.lower(), 0) + i
    total = 0
    for k in sorted(seen):
        total += seen[k] * len(k)
    events = [(k, v, {"before": v, "after": v + 1}) for k, v in seen.items()]
    return total + len(events)


def _decide(work: Workdir, reps: int) -> Figure:
    lines = work.lines(DECIDE_N)
    encounter = load_encounter_text(ENCOUNTER)

    def subject() -> float:
        session = Session(encounter)
        roller = SeededRoller(1)
        t0 = time.perf_counter()
        for line in lines:
            run_line(session, line, roller)
        return (time.perf_counter() - t0) / len(lines)

    def baseline() -> float:  # about as long as a subject sample, so both see one noise
        t0 = time.perf_counter()
        for _ in range(CALIBRATION_N):
            calibration_unit()
        return (time.perf_counter() - t0) / CALIBRATION_N

    subj, base = interleaved(subject, baseline, reps)
    return Figure("decide", f"decide+apply per command, {DECIDE_N:,}-command fight",
                  robust(subj), robust(base), "calibration loop", "us", 50, "subject")


# --- attack: one attack command, against a minimal plain-Python attack ------------------

ATTACK_YARD = textwrap.dedent("""
    name: Attack bench
    weapons:
      - {name: Longsword, weight: Medium, attribute: POW, tags: [Slashing, Melee 1],
         damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
    combatants:
      - name: Kira
        side: allies
        attributes: {POW: 3, AGI: 2, REA: 1, INS: 2, PRE: 2, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
        max_vitality: 21
        max_guard: 2
        max_vigor: 7
        weapons: [Longsword]
      - name: Gorm
        side: adversaries
        threat: Regular
        attributes: {POW: 2, AGI: 1, REA: 0, INS: 1, PRE: 1, LUCK: 2, SPD: 5, SEN: 10, SIZE: 1M}
        max_vitality: 900
        max_guard: 3
        defenses:
          - {name: Parry, pool: 3, against: melee}
""")
ATTACK_LINE = "attack gorm with longsword defend"  # Kira's 3d6 (POW) against Gorm's Parry 3d6
ATTACK_BATCH = 500
TIERS = (2, 6, 11, 17)  # the Longsword's damage by net successes: 0s, 1s, 2s, 3+


def plain_attack(rng: random.Random, target: dict[str, int],
                 attack_pool: int = 3, defense_pool: int = 3) -> int:
    """The least an attack has to do: roll both pools of d6, count successes at 5+, net,
    look the damage tier up, take Guard before Vitality. Returns the damage dealt."""
    hits = sum(1 for _ in range(attack_pool) if rng.randint(1, 6) >= 5)
    blocks = sum(1 for _ in range(defense_pool) if rng.randint(1, 6) >= 5)
    net = max(hits - blocks, 0)
    amount = TIERS[min(net, len(TIERS) - 1)]
    soaked = min(target["guard"], amount)
    target["guard"] -= soaked
    target["vitality"] -= amount - soaked
    return amount


def _attack(work: Workdir, reps: int) -> Figure:
    session = Session(load_encounter_text(ATTACK_YARD))
    roller = SeededRoller(1)
    run_line(session, "turn kira", roller)
    run_line(session, ATTACK_LINE, roller)  # it is accepted here, or the figure is void
    session.undo()

    def subject() -> float:
        spent = 0.0
        for _ in range(ATTACK_BATCH):
            t0 = time.perf_counter()
            run_line(session, ATTACK_LINE, roller)
            spent += time.perf_counter() - t0
            session.undo()  # untimed: back to Kira's fresh turn
        return spent / ATTACK_BATCH

    rng = random.Random(1)  # the dice SeededRoller uses

    def baseline() -> float:
        t0 = time.perf_counter()
        for _ in range(ATTACK_BATCH):
            plain_attack(rng, {"guard": 3, "vitality": 900})
        return (time.perf_counter() - t0) / ATTACK_BATCH

    subj, base = interleaved(subject, baseline, reps)
    return Figure("attack", "one attack in process / minimal plain-Python attack",
                  robust(subj), robust(base), "plain attack", "us", 15)


BENCHES = [
    Bench("decide", "decide+apply per command", _decide, reps=9),
    Bench("attack", "one attack in process", _attack, reps=21),
]

if __name__ == "__main__":
    main(BENCHES)
