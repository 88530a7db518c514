"""TODO: what this package is for.

Modules:

    economy    The action economy shared by maneuvers and reactions (ch19, R7, R24-R27):
    maneuvers  Deciding the maneuvers of chapter 19 that are neither attacks
               (``engine/attack/resolution.py``) nor movement
               (``engine/movement/move_shift.py``):

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
