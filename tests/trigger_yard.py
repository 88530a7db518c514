"""Shared encounter for the movement-trigger tests (R35; no tests here): a 7x4 yard,
Wren (a Spear, Melee 2 Reflexive, and a Rapier) and Kira (a Longsword) on the allies'
side, Gorm and Nix (enemies) to move past them."""

from __future__ import annotations

import json
from pathlib import Path

from momenta_cli.engine.core import Session
from tests.engine_helpers import session_from

YARD = """
name: Trigger yard
weapons:
  - {name: Longsword, weight: Medium, attribute: POW, tags: [Slashing, Melee 1],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Rapier, weight: Light, attribute: AGI, tags: [Piercing, Melee 1],
     damage: {0s: 1, 1s: 5, 2s: 10, 3+: 15}}
  - {name: Spear, weight: Medium, attribute: POW, tags: [Piercing, Melee 2, Reflexive],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
map:
  rows: |
@rows
combatants:
  - name: Kira
    side: allies
    attributes: {POW: 3, AGI: 2, REA: 1, INS: 2, PRE: 2, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 21
    max_vigor: 7
    weapons: [Longsword]
    at: @kira
  - name: Wren
    side: allies
    attributes: {POW: 2, AGI: 3, REA: 2, INS: 1, PRE: 3, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 19
    max_vigor: 7
    weapons: [Spear, Rapier]
    at: @wren
  - name: Gorm
    side: adversaries
    threat: Regular
    attributes: {POW: 2, AGI: 1, REA: 0, INS: 1, PRE: 1, LUCK: 2, SPD: 6, SEN: 10, SIZE: 1M}
    max_vitality: 22
    attacks:
      - {name: Cudgel, pool: 3, tags: [Crushing, Melee 1], damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
    defenses:
      - {name: Parry, pool: 2}
    at: @gorm
  - name: Nix
    side: adversaries
    threat: Grunt
    attributes: {POW: 1, AGI: 1, SPD: 6, SEN: 8, SIZE: 1M}
    max_vitality: 4
    attacks:
      - {name: Knife, pool: 2, tags: [Piercing, Melee 1], damage: {0s: 1, 1s: 3, 2s: 5, 3+: 7}}
    at: @nix
"""

ROWS = """\
    .......
    .......
    .......
    ......."""


def yard_text(rows: str = ROWS, *, kira: str = "A4", wren: str = "D1", gorm: str = "A2",
              nix: str = "G4") -> str:
    """The yard's encounter file with everyone where given (the default: Gorm at A2 west
    of Wren's reach, Kira in the far corner, Nix in the other)."""
    text = YARD.replace("@rows", rows)
    for key, square in (("kira", kira), ("wren", wren), ("gorm", gorm), ("nix", nix)):
        text = text.replace(f"@{key}", square)
    return text


def yard(rows: str = ROWS, *, kira: str = "A4", wren: str = "D1", gorm: str = "A2",
         nix: str = "G4") -> Session:
    """The yard (``yard_text``) as a session."""
    return session_from(yard_text(rows, kira=kira, wren=wren, gorm=gorm, nix=nix))


def spawn_prompt(tmp_path: Path, text: str, seed: int = 3, timeout: float = 30):
    """``momenta run`` of the encounter ``text`` (written to tmp_path/yard.yaml) in a real
    pseudo-terminal, 100x40, no colour, a private MOMENTA_HOME: a ``tests.screen.Terminal``
    (imported here: the other trigger tests need neither pexpect nor pyte)."""
    from tests.screen import spawn_momenta

    (tmp_path / "yard.yaml").write_text(text)
    return spawn_momenta(tmp_path, "run", "yard.yaml", "--new", "--seed", str(seed),
                         timeout=timeout)


def records(fight: Path) -> list[str]:
    """The command lines a fight file holds, in order (its header left out)."""
    return [json.loads(x).get("cmd", "") for x in fight.read_text().splitlines()[1:]]
