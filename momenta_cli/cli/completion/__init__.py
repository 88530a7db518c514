"""Tab completion at the prompt: after a verb, only what may follow it, read from the
verb table (language/) and the live fight.

Modules:

    attack_words  an attack line: names, options, the reactions the target may still
                  declare
    completer     the prompt_toolkit completer: which kind of word comes next
    grammar       the verbs' usage lines read as the completer needs them
    live_words    what the fight offers: who may act, combatants, conditions, weapons
    move_words    a map movement after its square: ``via`` and the answers to its
                  triggers

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
