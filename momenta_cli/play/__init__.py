"""TODO: what this package is for.

Modules:

    pinned      A line that pins its dice:
    preview/    Previewing a line (``?``):
    questions/  The table's questions about an attack (issue 12):
    runner      Running one line of the command language against a session.

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
