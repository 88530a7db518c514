"""TODO: what this package is for.

Modules:

    clearing  End-of-turn condition clearing (ch18 Taking a Turn, draft 22, R15, R16,
              R30).
    taking    Deciding turn commands:
    zipper    Zipper initiative (ch18 Turn Order, R12-R17):

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
