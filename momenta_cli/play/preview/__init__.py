"""Previewing a line: a line whose last word is ``?`` shows what the command would do
and does nothing. It is decided against a throwaway copy of the state with throwaway
dice; nothing is rolled, saved or changed.

Modules:

    attack_preview  an attack read for its preview: pools, open reactions, damage tiers
    line_preview    a whole line's preview: cost, whether allowed, its events
    mark            the preview mark: a line whose last word is ``?``
    preview_model   what a preview found, as values render/ draws

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
