"""Rules as data: the condition catalogue, damage types, built-in weapons and
consumables (``momenta_cli/data``), and every setting the rulings leave to the GM.

Modules:

    catalogue  the rules data shipped in ``momenta_cli/data``, read once
    settings   every ruling marked "setting", with its default

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
