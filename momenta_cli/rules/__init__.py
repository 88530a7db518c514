"""Rules as data: settings, the condition catalogue, damage types, built-in weapons.

Modules:

    catalogue  Loads the rules data shipped in ``momenta_cli/data`` (conditions, damage
               types, weapons, consumables).
    settings   Rules settings:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
