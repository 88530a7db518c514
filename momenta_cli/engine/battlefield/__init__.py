"""The battlefield as the fight sees it (R31-R34): where each combatant stands, the
doors, and what one combatant makes of another. The squares themselves are geometry's.

Modules:

    doors      ``door C5 open``: a closed door is solid, an open one floor
    positions  where each combatant stands; the GM's ``place``
    seeing     distance, line of sight and cover between two combatants (``los``)

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
