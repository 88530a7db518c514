"""TODO: what this package is for.

Modules:

    home     Where momenta keeps its own files between runs (prompt history, the
             encounter cache).
    reading  Reading the files a GM hands the tracker, defensively.
    sealed   Sealed cache entries:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
