"""Attacks (ch20 Attacking; ch19 Basic Attack, Shove, Grab, Feint and the reactive
attacks): what the line declares, the pools, the target's reactions, the roll and what
the net successes do; on a map, reach, sight, cover and areas.

Modules:

    area_attack    an Area attack aimed at the map: the creatures it affects (R22)
    area_shape     an area's shape as the line names it (no geometry needed to read it)
    attack_events  the events of a roll and its damage, apart from the deciding code
    attack_names   the maneuvers' and reactions' names (nothing to decide with)
    decision_points  where an attack stops for someone's decision: the target's
                   reaction, each roll's dice, Brace once the damage is known
    defense        the target's side: Dodge, Deflect, scripted defenses, Counterattack,
                   Brace
    effects        what Grab, Shove and Feint do instead of damage
    map_attack     what the positions say between attacker and target: reach, sight,
                   cover
    parts          the parts of one attack command (its Counterattacks, further targets)
                   by path
    plan           the ``Attack`` command and everything fixed before the roll
    pools          the attack's pool with every labelled modifier; Solid Hit
    resolution     paying, reactions, the roll and its outcome: deciding an attack

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
