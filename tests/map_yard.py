"""A small fight on a map for the attack tests (tests/test_attack_map*.py): helpers only.

Every combatant stands where ``on_map`` says (``at:``); the rest stay off the file. The
default legend: ``.`` floor, ``#`` wall, ``=`` low wall (a partial obstruction, R34).
"""

from __future__ import annotations

import textwrap

from momenta_cli.engine.core import Session
from tests.engine_helpers import session_from

WEAPONS = """
weapons:
  - {name: Shortbow, weight: Medium, attribute: AGI, tags: [Piercing, Range 20],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Longbow, weight: Heavy, attribute: AGI, tags: [Piercing, Range 30],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Homing Dart, weight: Light, attribute: AGI, tags: [Piercing, Range 20, Seeking],
     damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
  - {name: Longsword, weight: Medium, attribute: POW, tags: [Slashing, Melee 1],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Spear, weight: Medium, attribute: POW, tags: [Piercing, Melee 2],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Dagger, weight: Light, attribute: AGI, tags: [Piercing, Melee 1, Range 5],
     damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
  - {name: Firebomb, weight: Light, attribute: POW, tags: [Fire, Range 10, Area],
     damage: {0s: 2, 1s: 5, 2s: 8, 3+: 12}}
  - {name: Fireball, attribute: INS, tags: [Fire, Range 12, Area, Spell],
     damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
  - {name: Firebolt, attribute: INS, tags: [Fire, Range 12, Spell],
     damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
  - {name: Sear, attribute: INS, tags: [Fire, Melee 2, Spell],
     damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
  - {name: Shock Touch, attribute: INS, tags: [Lightning, Melee 1, Spell, Touch],
     damage: {0s: 1, 1s: 4, 2s: 8, 3+: 12}}
"""

ROSTER = {
    # SEN 3: the distance penalties of R18 show (adjacent, beyond SEN)
    "tamsin": """  - name: Tamsin
    side: allies
    attributes: {POW: 1, AGI: 3, INS: 3, SPD: 5, SEN: 3, SIZE: 1M}
    max_vitality: 20
    max_vigor: 12
    weapons: [Shortbow, Longbow, Homing Dart, Dagger, Firebomb, Fireball, Firebolt, Sear,
              Shock Touch]
""",
    "brannoc": """  - name: Brannoc
    side: allies
    attributes: {POW: 3, AGI: 1, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 21
    max_vigor: 12
    weapons: [Longsword, Spear]
""",
    "gorm": """  - name: Gorm
    side: adversaries
    threat: Regular
    attributes: {POW: 3, AGI: 1, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 40
    weapons: [Longsword]
""",
    "knife": """  - name: Knife
    side: adversaries
    threat: Regular
    attributes: {POW: 1, AGI: 2, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 40
    weapons: [Dagger]
""",
    "sneak": """  - name: Sneak
    side: adversaries
    threat: Regular
    attributes: {POW: 1, AGI: 2, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 40
    weapons: [Dagger]
    conditions: [Hidden]
""",
    # all Mass (ch20 Cover: no Edge or Mark to aim at from behind cover)
    "jelly": """  - name: Jelly
    side: adversaries
    threat: Regular
    attributes: {POW: 2, AGI: 0, SPD: 2, SEN: 4, SIZE: 1M}
    max_vitality: 40
    hit_locations: [Mass]
    attacks:
      - {name: Slap, pool: 2, tags: [Crushing, Melee 1], damage: {0s: 1, 1s: 3, 2s: 6, 3+: 9}}
""",
    "ogre": """  - name: Ogre
    side: adversaries
    threat: Regular
    attributes: {POW: 5, AGI: 0, SPD: 4, SEN: 8, SIZE: 2}
    max_vitality: 60
    attacks:
      - {name: Club, pool: 4, tags: [Crushing, Melee 1], damage: {0s: 2, 1s: 8, 2s: 14, 3+: 20}}
""",
}


def yaml_on(rows: str, **at: str) -> str:
    """The encounter text: ``rows`` (default legend) and the roster members named in
    ``at``, each at its square."""
    body = textwrap.indent(textwrap.dedent(rows).strip("\n"), "    ")
    combatants = "".join(f"{ROSTER[who]}    at: {sq}\n" for who, sq in at.items())
    return (f"name: Map attacks\n{WEAPONS}map:\n  rows: |\n{body}\n"
            f"combatants:\n{combatants}")


def on_map(rows: str, **at: str) -> Session:
    """A session on ``rows`` with the roster members named in ``at`` placed there."""
    return session_from(yaml_on(rows, **at))


def rolled(s: Session, target: str | None = None):
    """The last ``AttackRolled`` of the last command (at ``target`` when given)."""
    found = [e for e in s.entries[-1].events if e.kind == "attack_rolled"
             and (target is None or e.target == target)]
    return found[-1]


def pool(s: Session, target: str | None = None) -> dict[str, int]:
    return dict(rolled(s, target).pool)
