"""TODO: what this package is for.

Modules:

    doors      Doors on the map:
    positions  Where each combatant stands on the map (R31, R32), and the GM's ``place``
               command.
    seeing     What one combatant makes of another on the map:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
