"""Where each kind of event not defined in engine/core/events.py is defined: plain data, so
reading a journal imports a kind's module only when a record holds that kind
(``events.event_type``)."""

from __future__ import annotations

# The module that defines each kind of event not defined here. Reading a journal imports
# a kind's module only when a record holds that kind (``event_from_dict``): the rules
# modules that define events also decide commands, and importing them all costs a
# ``status`` more than the rest of its start-up. tests/test_startup_imports.py checks that
# this names every Event subclass's kind and module, so it cannot go stale.
EVENT_MODULES: dict[str, str] = {
    "condition_made_up": "momenta_cli.engine.harm.conditions",
    "moved": "momenta_cli.engine.movement.speed",
    "dragged": "momenta_cli.engine.movement.speed",
    "shoved": "momenta_cli.engine.movement.speed",
    "move_answered": "momenta_cli.engine.movement.speed",
    "terrain_set": "momenta_cli.engine.movement.speed",
    "fell": "momenta_cli.engine.movement.speed",
    "maneuver_taken": "momenta_cli.engine.actions.economy",
    "reaction_taken": "momenta_cli.engine.actions.economy",
    "defense_used": "momenta_cli.engine.attack.defense",
    "placed_at": "momenta_cli.engine.battlefield.positions",
    "door_set": "momenta_cli.engine.battlefield.doors",
    "grab_ended": "momenta_cli.engine.movement.grabs",
    "halted": "momenta_cli.engine.movement.triggers",
    "grab_taken": "momenta_cli.engine.attack.effects",
    "attack_rolled": "momenta_cli.engine.attack.attack_events",
    "attack_damage": "momenta_cli.engine.attack.attack_events",
    "surged": "momenta_cli.engine.actions.maneuvers",
    "consumable_used": "momenta_cli.engine.actions.maneuvers",
    "hide_rolled": "momenta_cli.engine.actions.maneuvers",
}
