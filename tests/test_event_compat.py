"""Journals written before an event gained a field still load and render (events carry the
numbers; render only formats them)."""

from momenta_cli.engine.attack import AttackRolled
from momenta_cli.engine.core import Pool, Roll, event_from_dict
from momenta_cli.engine.movement import movement_events  # noqa: F401  (registers the Fell event)
from momenta_cli.render.log_lines import line


def test_fell_carries_its_counted_squares_and_old_journals_still_load():
    # R23 / ch19 Falling: AGI 3 from 5 squares leaves 2 squares -> 4 untyped damage.
    new = event_from_dict({"kind": "fell", "name": "Mira", "squares": 5, "agi": 3,
                           "damage": 4, "counted": 2})
    assert line(new) == "Mira falls 5 squares; AGI 3 leaves 2: 4 untyped damage"
    old = event_from_dict({"kind": "fell", "name": "Mira", "squares": 5, "agi": 3,
                           "damage": 4})
    assert line(old) == "Mira falls 5 squares; AGI 3: 4 untyped damage"


def test_attack_rolled_knows_whether_it_deals_damage():
    # ch19: Grab, Shove and Feint have an effect instead of damage.
    def rolled(maneuver: str) -> AttackRolled:
        return AttackRolled("A", "B", maneuver, "Unarmed Attack", "melee", "Mass", (), Pool(),
                            Roll(0, how="typed"))
    assert rolled("Basic Attack").deals_damage and rolled("Counterattack").deals_damage
    assert not any(rolled(m).deals_damage for m in ("Grab", "Shove", "Feint"))
