"""TODO: what this package is for.

Modules:

    attack_words  Tab completion of an attack line (language/attack_verbs.py's grammar):
    completer     Tab completion that knows the command language:
    grammar       The command language's grammar as the completer reads it:
    live_words    What the live state offers tab completion, by kind of word:
    move_words    Completion of a map movement after its square:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
