"""Harm (R9-R11): damage through Guard, resistance and weakness to Vitality or Strain,
Wounds and Burdens, Defeated and Lost; conditions with their stacks and caps.

Modules:

    condition_lookup  the condition catalogue a fight knows, and the GM's reminders
    conditions        stacking with caps and immunities, conditions made up at the
                      table
    damage            Guard soak, resistance, Wounds, Burdens, Defeated and Lost

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
