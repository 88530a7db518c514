"""Movement (ch19 Movement, Grab, Shove; R4, R23, R31-R36): how far, by what path, who is
dragged along, and the reactive attacks a movement triggers on the way.

Modules:

    distances        how far: speeds, a Move's budget, the lockouts on a Shift, who a
                     grab drags along, a fall's damage
    forced           a push or drag that stops at each reaction it triggers (R35)
    grabs            who holds whom; release, apart, and what ends a grab
    move_shift       Move, Shift, jumps and falls: deciding them off the map
    movement_events  the events a movement records, and the trail it leaves
    steering         waypoints, and which of equally cheap paths the tracker takes
    trigger_points   a movement's triggers as decision points: asked as it reaches
                     each, walked stop by stop, the answers written on its line
    trigger_spot     a reaction to a movement stated by hand, checked (R35): on the map
                     where it triggered, read off the mover's trail
    triggers         who may Intercept or Forestall a movement, and at which square
    walk             a Move or Shift to a square on the map; a Shove's push

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
