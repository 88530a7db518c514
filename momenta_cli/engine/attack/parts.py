"""The parts of one attack command, found by their path from the whole command: ``()``
is the attack itself, ``("counter",)`` the target's Counterattack, ``(1,)`` the second
further Area target (``also[1]``), ``(0, "counter")`` that target's Counterattack.

Plain data (no engine decisions): the preview (``?``, play/preview/attack_preview.py) changes a
part to see what the engine would do with it, and a decision point's answer is written
into the part it belongs to (engine/core/asking.py ``written``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from momenta_cli.engine.attack.plan import Attack

PartPath = tuple[int | str, ...]
COUNTER_STEP = "counter"


def part_at(cmd: Attack, path: PartPath) -> Attack:
    """The part of ``cmd`` at ``path``."""
    x = cmd
    for step in path:
        if step == COUNTER_STEP:
            assert x.counter is not None, path
            x = x.counter
        else:
            assert isinstance(step, int)
            x = x.also[step]
    return x


def replace_part(cmd: Attack, path: PartPath, **changes: Any) -> Attack:
    """``cmd`` with the part at ``path`` changed by ``changes`` (dataclasses.replace)."""
    if not path:
        return replace(cmd, **changes)
    step, rest = path[0], path[1:]
    if step == COUNTER_STEP:
        assert cmd.counter is not None, path
        return replace(cmd, counter=replace_part(cmd.counter, rest, **changes))
    assert isinstance(step, int)
    also = list(cmd.also)
    also[step] = replace_part(also[step], rest, **changes)
    return replace(cmd, also=tuple(also))


def target_path(i: int) -> PartPath:
    """The path of target ``i`` of an attack (0: the main one, then ``also``)."""
    return () if i == 0 else (i - 1,)
