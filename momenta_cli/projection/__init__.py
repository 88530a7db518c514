"""What the players may know of a fight, as one JSON-ready document: the projection the
players' screen is drawn from (``momenta serve``) and ``momenta status --json``
prints. Built from an allow-list: every field of the fight's state has a class (shown,
shaped or never sent), so a field added later is a decision, not a leak.

Modules:

    fields     the class of every field of the fight's state (shown, shaped, never)
    results    the last results in the players' words (nothing about a Hidden enemy)
    document   the document: round, who may act, allies' cards, enemies' bands, the map

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
