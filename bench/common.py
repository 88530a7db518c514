"""Shared set-up for the benchmarks: a generated fight of N accepted commands."""

from __future__ import annotations

import random
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from momenta_cli.dice import SeededRoller  # noqa: E402
from momenta_cli.encounter import load_encounter_text  # noqa: E402
from momenta_cli.engine.session import Session  # noqa: E402
from momenta_cli.errors import MomentaError  # noqa: E402
from momenta_cli.runner import run_line  # noqa: E402

ENCOUNTER = textwrap.dedent("""
    name: Benchmark brawl
    combatants:
      - {name: Ana, side: allies, attributes: {POW: 2, AGI: 3}, max_guard: 2}
      - {name: Bo, side: allies, turns: 2, attributes: {POW: 4, AGI: 1}}
      - {name: Cy, side: allies, max_vitality: 400}
      - {name: Ogre, side: adversaries, threat: Champion, max_vitality: 900}
      - {name: Rat, side: adversaries, threat: Regular, max_vitality: 500, count: 4}
      - {name: Crow, side: independents, max_vitality: 600}
""")

NAMES = ["Ana", "Bo", "Cy", "Ogre", "Rat-1", "Rat-2", "Rat-3", "Rat-4", "Crow"]


def generate(n: int, seed: int = 1) -> tuple[Session, list[str]]:
    """A session that accepted ``n`` commands, and the lines it accepted."""
    enc = load_encounter_text(ENCOUNTER)
    s = Session(enc)
    rng = random.Random(seed)
    roller = SeededRoller(seed)
    accepted: list[str] = []
    while len(accepted) < n:
        r = rng.random()
        who = rng.choice(NAMES)
        if r < 0.5:
            line = "next"
        elif r < 0.65:
            line = f"heal {who} {rng.randint(1, 6)}"
        elif r < 0.8:
            line = f"dmg {who} {rng.randint(1, 4)}"
        elif r < 0.9:
            line = f"cond {who} {rng.choice(['impaired', 'slowed', 'vulnerable'])} +1"
        else:
            line = f"cond {who} {rng.choice(['impaired', 'slowed', 'vulnerable'])} -all"
        try:
            run_line(s, line, roller)
        except MomentaError:
            continue
        accepted.append(line)
    return s, accepted
