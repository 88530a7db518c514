"""TODO

Modules:

    log_attack       Log lines for attacks and reactive defenses
                     (engine/attack/resolution.py, engine/attack/defense.py).
    log_export       Exporting a fight's log:
    log_harm         Damage and Strain that fill Wound or Burden slots, told in the
                     order they happen (R10, R11):
    log_lines        Log lines:
    log_made_up      Log lines for what the GM makes up at the table
                     (engine/harm/conditions.py ``ConditionMadeUp``):
    log_maneuver     Log lines for the maneuver, movement and grab events
                     (engine/actions/maneuvers.py, engine/movement/speed.py,
                     engine/movement/grabs.py).
    log_position     Log lines for the map's events (engine/battlefield/positions.py).
    log_recap        What a recap keeps of a fight, round by round:
    log_script       A fight as a replay script (``momenta log FIGHT --format script``):
    map_overlay      What ``map NAME`` lays over the battlemap:
    map_sight        ``los [NAME] TARGET``:
    map_view         The battlefield drawn with Rich:
    map_walk         ``path NAME C5``:
    odds_view        Drawing the odds (issue 14):
    preview_view     Drawing a preview (a line ending in ``?``):
    show             Rich tables for ``momenta show`` and ``momenta rules``.
    simulate_report  The report of ``momenta simulate``:
    state_json       The fight as one JSON-friendly document (README "JSON state").
    status_table     The status table:
    status_view      The status view:
    turnline         The views of whose turn it is:
    wrap             Lines wrapped for the screen:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
