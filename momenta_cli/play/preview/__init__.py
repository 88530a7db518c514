"""Previewing a line (``?``): a command line whose last word is ``?`` shows what the
command would do and does nothing. It is parsed without the ``?`` and decided against a
throwaway copy of the state with throwaway dice; nothing is journaled, asked or saved.

``mark`` finds the ``?``, ``model`` holds what a preview found, ``attack`` reads an
attack's pools, reactions and damage tiers off the engine's own decisions, ``line`` puts
a whole line's preview together. Pure: no printing, files, Typer or Rich.

Modules:

    attack_preview  An attack line read for its preview, off the engine's own decisions:
    line_preview    A whole line's preview:
    mark            The preview mark:
    preview_model   What a preview found:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
