"""Previewing a line (``?``): a command line whose last word is ``?`` shows what the
command would do and does nothing. It is parsed without the ``?`` and decided against a
throwaway copy of the state with throwaway dice; nothing is journaled, asked or saved.

``mark`` finds the ``?``, ``model`` holds what a preview found, ``attack`` reads an
attack's pools, reactions and damage tiers off the engine's own decisions, ``line`` puts
a whole line's preview together. Pure: no printing, files, Typer or Rich.
"""

from momenta_cli.play.preview.mark import strip_mark

__all__ = ["strip_mark"]
