"""The names of the attack maneuvers and reactions (ch19 Maneuvers, Reactions): apart
from the ``Attack`` command (plan.py) so that code asking only which reactions a movement
triggers (engine/movement/triggers.py, map_attack.py) needs none of the attack's checks
(start-up: ``los`` and ``path``, docs/speed.md)."""

from __future__ import annotations

MANEUVERS = ("Basic Attack", "Grab", "Shove", "Feint")  # ch19 Maneuvers
REACTIVE = ("Counterattack", "Intercept", "Forestall")  # ch19 Reactions
MOVEMENT_REACTIONS = ("Intercept", "Forestall")  # triggered by a movement (R35)
EFFECTS = ("Grab", "Shove", "Feint")  # ch19: an effect of N net successes instead of damage
UNARMED = "Unarmed Attack"  # ch19 Shove, Grab; carried by everyone
ATTACK_MANEUVERS = MANEUVERS + REACTIVE
