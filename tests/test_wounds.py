"""Wounds and Burdens (R10, R11; R19 Mark hits): slots filling, the conditions they give,
several from one hit."""

from __future__ import annotations

from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.engine.harm import damage
from tests.engine_helpers import run
from tests.rules_arena import arena


def test_two_wounds_of_one_condition_give_two_stacks():
    # R10: each Wound slot filled gives its condition; two Impaired Wounds -> Impaired 2.
    s = arena()
    run(s, "dmg kira 25", faces=[1, 1])  # 10 -> -15 -> -5 -> 5: two Wounds, both Impaired
    k = s.state.get("Kira")
    assert k.wounds == ["Impaired", "Impaired"]
    assert k.stacks("Impaired") == 2
    assert k.vitality == 5


def test_mark_hit_broken_adds_to_a_wound_rolled_broken():
    # R10 + R19: a Wound that rolled Broken (d6 6) and the Mark hit's Broken make Broken 2.
    s = arena()
    fight = s.state
    events = damage.deal_harm(fight, fight.get("Kira"), 12, QueueRoller([6]), mark=True)
    broken = [e for e in events if getattr(e, "condition", None) == "Broken"
              and e.kind == "condition_changed"]
    assert [(e.before, e.after) for e in broken] == [(0, 1), (1, 2)]
    assert not fight.get("Kira").has("Broken")  # harm never changes the fight it is given


def test_two_burdens_of_one_condition_give_two_stacks():
    # R10: Burdens work like Wounds: two Impaired Burdens -> Impaired 2.
    s = arena()
    run(s, "strain kira 11", faces=[1, 1])  # Max Strain 5: two Burdens, Strain 1
    k = s.state.get("Kira")
    assert k.burdens == ["Impaired", "Impaired"]
    assert k.stacks("Impaired") == 2
    assert k.strain == 1
