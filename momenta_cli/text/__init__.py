"""Text: what may reach a terminal or a file (shown, never obeyed), how a command line
splits into words, and how much of it the tracker takes (its length, its numbers).

Modules:

    limits   the longest line, the short echo of a refused input, typed digits to a number
    literal  escaping control and invisible characters, clipping, name keys
    words    splitting a line into words, quoting one, the ``dice F,F,...`` clause

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
