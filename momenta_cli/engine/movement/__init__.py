"""Movement (ch19 Movement, Grab, Shove; R4, R23, R31-R36): how far, by what path, who is
dragged along, and the reactive attacks a movement triggers on the way.

Modules:

    forced        a push or drag that stops at each reaction it triggers (R35)
    grabs         who holds whom; release, apart, and what ends a grab
    move_shift    deciding Move, Shift and falls without a map; the medium one moves in
    speed         speeds, jumps, falls and their damage; the events a movement records
    steering      waypoints, and which of equally cheap paths the tracker takes
    trigger_spot  where a movement's reaction triggered, read off the mover's trail
    triggers      who may Intercept or Forestall a movement, and at which square
    walk          a Move or Shift to a square on the map; a Shove's push

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
