"""TODO: what this package is for.

Modules:

    forced        Forced movement that stops for the reactive attacks it triggers (ch19
                  Shove, Grab, Movement; R35):
    grabs         Grabs (ch19 Grab; R11):
    move_shift    Deciding movement (ch19 Movement, Grab; R4, R23, R24):
    speed         Movement rules without a map (ch19 Movement, Grab; R4, R23):
    steering      Steering a movement on the map (R32, R35, R36, ch19 Swim; ours):
    trigger_spot  Where a movement's reactive attack triggered (R35), read off the
                  mover's ``trail`` (the squares of its current movement, kept by the
                  movement events):
    triggers      The reactive attacks a movement on the map triggers (ch19 Reactions:
    walk          Movement on the map (ch19 Movement, Climb, Swim, Horizontal Jump,
                  Falling, Shove, Grab; R23, R31, R32, R36):

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
