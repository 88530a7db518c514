"""TODO: what this package is for.

Modules:

    literal  Text that reaches a terminal or a file is shown, never obeyed.
    words    How a command line splits into words, and the ``dice F,F,...`` clause that
             may end it.

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
