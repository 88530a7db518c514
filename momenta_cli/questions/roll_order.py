"""The parts of one attack command and the rolls they land, in the order the engine
resolves them (engine/attack/resolution.py ``_resolve``): each part's Counterattack first (R27),
then the roll against each target (an Area weapon rolls once for all of them, R22).

A part is found by its ``PartPath`` (engine/attack/parts.py) from the whole command:
``()`` is the attack itself, ``("counter",)`` the target's Counterattack, ``(1,)`` the
second further Area target (``also[1]``), ``(0, "counter")`` that target's Counterattack.
"""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.attack import COUNTER_STEP, Attack, PartPath, part_at


@dataclass(frozen=True)
class Landing:
    """One roll landing on one target (one ``AttackRolled`` event): ``strike`` is the
    part whose target it is (its defense, defense roll and Brace), ``roll`` the part whose
    ``typed`` holds the attack's dice; ``first`` is False for the further targets of an
    Area weapon's single roll (asked once, at the first)."""

    strike: PartPath
    roll: PartPath
    first: bool = True


def landings(cmd: Attack, one_roll: bool) -> list[Landing]:
    """Every roll of ``cmd`` in resolution order; ``one_roll``: the attack's further Area
    targets share its roll (a weapon, not a spell: R22)."""

    def walk(path: PartPath) -> list[Landing]:
        x = part_at(cmd, path)
        group: list[PartPath] = [path, *((*path, i) for i in range(len(x.also)))]
        out: list[Landing] = []
        for p in group:
            if part_at(cmd, p).counter is not None:
                out += walk((*p, COUNTER_STEP))
        shared = one_roll and len(group) > 1
        for n, p in enumerate(group):
            out.append(Landing(p, path if shared else p, first=not shared or n == 0))
        return out

    return walk(())


def paths(cmd: Attack) -> list[PartPath]:
    """The path of every part of ``cmd``: the attack, its further Area targets, their
    Counterattacks, depth first."""
    out: list[PartPath] = []

    def walk(path: PartPath) -> None:
        out.append(path)
        x = part_at(cmd, path)
        for i in range(len(x.also)):
            walk((*path, i))
        if x.counter is not None:
            walk((*path, COUNTER_STEP))

    walk(())
    return out
