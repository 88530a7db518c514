"""Running one line at the table: the same for the prompt, ``do`` and replay scripts.
A line is parsed (language/), decided by the engine, and comes back as an ``Outcome``
for render/ to draw; a line ending in ``?`` is previewed instead.

Modules:

    event_check  ``validate``'s check of the event lines: every combatant, square,
              door, condition and weapon they name is the encounter's
    pinned    a line that pins its dice (``... dice 5,6,2``)
    preview/  previewing a line (``?``): what it would do, changing nothing
    runner    running one line against a session: ``Outcome``, undo, redo, previews
    scheduled the encounter's scheduled events at the table: their lines read, fired
              when a line sets them off

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
