"""The command language: one line of text -> one command. Used alike by the interactive
prompt, one-shot commands and replay scripts.

Modules:

    attack_verbs    Verbs for attacks and reactive attacks:
    maneuver_verbs  Verbs for the maneuvers of chapter 19 other than attacks, grab
                    release, falls and terrain.
    map_verbs       Verbs for the battlefield:
    parsing         Verb registry and line parsing.
    reference       The command-language reference as Markdown, generated from the verb
                    registry so the README can never drift from what the parser accepts
                    (tests compare the two).
    trigger_words   The answers to a movement's triggers written on its line (R35):
    turn_verbs      Verbs for turn flow, conditions and GM overrides.
    unparsing       An attack command written back as a line of the command language:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
