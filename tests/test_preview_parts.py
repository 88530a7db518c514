"""The parts of an attack command (momenta_cli/engine/attack/parts.py), which the preview
changes one at a time to ask the engine about each reaction: the attack itself, an Area
target (R22) and a Counterattack (R27), each found and changed by its path."""

from __future__ import annotations

from momenta_cli.engine.attack import COUNTER_STEP, Attack, part_at, replace_part, target_path
from momenta_cli.language import parse_line


def attack(line: str) -> Attack:
    cmd = parse_line(line)
    assert isinstance(cmd, Attack)
    return cmd


def test_each_part_is_found_and_changed_by_its_path_and_no_other():
    cmd = attack("attack wren with firebomb dist 3 counter for gorm for vessa")
    assert part_at(cmd, target_path(0)) is cmd
    assert part_at(cmd, target_path(2)).target == "vessa"
    assert part_at(cmd, (COUNTER_STEP,)) is cmd.counter
    dodged = replace_part(cmd, target_path(1), defense="dodge")
    assert dodged.also[0].defense == "dodge" and dodged.defense is None
    assert dodged.also[1] == cmd.also[1] and dodged.counter == cmd.counter
    braced = replace_part(cmd, (), brace=True)
    assert braced.brace and braced.also == cmd.also
    countered = replace_part(cmd, (COUNTER_STEP,), weapon="Rapier")
    assert countered.counter is not None and countered.counter.weapon == "Rapier"
    assert cmd.counter is not None and cmd.counter.weapon != "Rapier"  # a copy
