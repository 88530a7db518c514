"""The action economy (ch19, R7, R24-R27) and the maneuvers that are neither an attack
nor a movement.

Modules:

    economy    who may act now, what a maneuver or reaction costs, and paying for it
    maneuvers  Use Consumable, Hide, Shake It Off, Catch Your Breath, Steady, Surge,
               spells

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
