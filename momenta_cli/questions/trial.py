"""Deciding an attack without keeping it (engine/core/deciding.py never changes the state it is
given): what the questions learn the pools, the legal reactions and the damage from,
with no engine arithmetic copied here.

Looking ahead at pools and reactions rolls nothing real (``OnesRoller``); looking at the
damage before Brace rolls the tracker's dice for real and keeps them (``Trial.faces``),
so the final run, given the same faces first, does exactly what was shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from momenta_cli.engine.attack import (
    COUNTER_STEP,
    Attack,
    PartPath,
    part_at,
    rolls_once,
    weapon_for,
)
from momenta_cli.engine.core import (
    Fight,
    OnesRoller,
    PresetRoller,
    RecordingRoller,
    Roller,
    actor,
    decide,
    find_fighter,
)
from momenta_cli.errors import MomentaError
from momenta_cli.questions.roll_order import Landing, landings


def one_roll(fight: Fight, cmd: Attack) -> bool:
    """Whether the further Area targets share the attack's roll (the engine's
    ``rolls_once``: a weapon, R22; a spell rolls per target)."""
    if not cmd.also:
        return False
    try:
        w = weapon_for(actor(fight, cmd.attacker), cmd)
    except MomentaError:
        return False
    return rolls_once(w, 1 + len(cmd.also))


def _attacker(fight: Fight, cmd: Attack, path: PartPath) -> str:
    if not path:
        return actor(fight, cmd.attacker).name
    if path[-1] == COUNTER_STEP:  # a Counterattack is made by the target it answers
        return _target(fight, cmd, path[:-1])
    return _attacker(fight, cmd, path[:-1])  # a further Area target: the same attacker


def _target(fight: Fight, cmd: Attack, path: PartPath) -> str:
    if path and path[-1] == COUNTER_STEP:  # ... at the one who attacked it
        return _attacker(fight, cmd, path[:-1])
    return find_fighter(fight, part_at(cmd, path).target).name


def _matches(fight: Fight, cmd: Attack, lands: list[Landing], events: list[Any],
             marks: list[int]) -> bool:
    """Every landing found its roll: as many rolls as landings, each by and at whom the
    landing's part says (the order is the engine's; this checks it, roll by roll)."""
    if len(marks) != len(lands):
        return False
    try:
        return all(events[i].attacker == _attacker(fight, cmd, landing.strike)
                   and events[i].target == _target(fight, cmd, landing.strike)
                   for landing, i in zip(lands, marks, strict=True))
    except MomentaError:
        return False


@dataclass(frozen=True)
class Trial:
    """One decision of ``command`` against the live state: its events, each roll's
    ``AttackRolled`` beside the ``Landing`` it belongs to, and the faces the roller
    handed out, in order."""

    command: Attack
    events: list[Any]
    landed: list[tuple[Landing, int]]  # (landing, index of its AttackRolled in events)
    faces: tuple[int, ...]
    aligned: bool  # every landing found its roll (a Counterattack not made: not)

    def roll_of(self, strike: PartPath) -> Any | None:
        """The ``AttackRolled`` landing on the target of part ``strike``."""
        for landing, i in self.landed:
            if landing.strike == strike:
                return self.events[i]
        return None

    def after(self, i: int, kind: str) -> tuple[int, Any] | None:
        """The first ``kind`` event for the target of the roll at ``events[i]``, before
        the next roll."""
        target = self.events[i].target
        for j in range(i + 1, len(self.events)):
            e = self.events[j]
            if e.kind == "attack_rolled":
                return None
            if e.kind == kind and getattr(e, "target", getattr(e, "name", None)) == target:
                return j, e
        return None


def trial(fight: Fight, cmd: Attack, roller: Roller | None = None,
          faces: Sequence[int] = ()) -> Trial:
    """``cmd`` decided against ``fight`` (unchanged): ``faces`` first, then ``roller``
    (default ``OnesRoller``). Raises ``MomentaError`` when the engine refuses it."""
    rec = RecordingRoller(PresetRoller(faces, fallback=roller or OnesRoller()))
    events = decide(fight, cmd, rec)
    marks = [i for i, e in enumerate(events) if e.kind == "attack_rolled"]
    lands = landings(cmd, one_roll(fight, cmd))
    aligned = _matches(fight, cmd, lands, events, marks)
    return Trial(cmd, events, list(zip(lands, marks, strict=False)), tuple(rec.faces),
                 aligned)


def longer(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    """Of two tapes of faces that start alike, the longer: every face rolled so far."""
    return tuple(b) if len(b) > len(a) else tuple(a)
