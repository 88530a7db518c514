"""Scheduled events: what an encounter's ``events:`` do, and when (docs/encounter-format.md,
Events). The definitions are data in the encounter (engine/core/specs.py
``ScheduledEvent``, ``EventTrigger``); this package says when each is due and fires it.

Modules:

    timing  which scheduled events a command made due (edge-triggered: the command in
            which round 2 started, in which the boss fell to half its Vitality, ...)
    firing  ``event NAME``: the command that fires one, its lines decided in turn, and
            the ``EventFired`` event that marks a once-only event as fired

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
