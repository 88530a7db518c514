"""TODO: what this package is for.

Modules:

    area_attack    An Area attack aimed at the map (ch20 Area Attacks, R22):
    area_shape     An area attack's shape as the attack line names it (ch20 Area
                   Attacks):
    attack_events  The events of an attack's roll and its damage (ch20 Attacking; R2,
                   R3, R5, R8, R9), on their own so that reading a journal needs none of
                   the code that decides an attack (``engine/attack/resolution.py``,
                   which re-exports them).
    defense        The target's side of an attack (ch19 Reactions, R7, R27):
    effects        What Grab, Shove and Feint do instead of damage (ch19 Maneuvers):
    map_attack     Attacks on a map (ch20 Melee vs.
    parts          The parts of one attack command, found by their path from the whole
                   command:
    plan           Everything an attack fixes before the roll (ch20 Attacking step 1;
                   ch19 Basic Attack, Shove, Grab, Feint and the reactive attacks;
                   R18-R22, R27):
    pools          The attack's pool (ch20 Attacking step 1, R2, R5, R7, R18, R20;
                   condition table):
    resolution     Attacks (ch20 Attacking; ch19 Basic Attack, Shove, Grab, Feint,
                   Counterattack, Intercept, Forestall):

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
