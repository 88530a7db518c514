"""The GM's direct commands: conditions, surprise, defeat, overrides of resources,
ending the combat, reinforcements and combatants made up at the table.

Modules:

    improvise  a stat block made up from a few numbers (``add NAME vit N ...``)
    overrides  conditions, surprise, defeat, resources, notes, ending the combat
    reinforce  ``add``: reinforcements join the current round (R17)

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
