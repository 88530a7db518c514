"""TODO: what this package is for.

Modules:

    commands     Commands:
    deciding     ``decide(state, command, roller) -> events``:
    dice         Dice rollers (R1):
    event_kinds  Where each kind of event not defined in engine/core/events.py is
                 defined:
    events       Events:
    names        Finding things from what the GM typed:
    opening      Building the opening state of a fight from an encounter (ch18:
    players      The player-facing view:
    registry     Which function decides which command:
    rolls        Dice pools (R1, R2):
    session      A fight in progress:
    specs        Resolved, immutable descriptions of an encounter as the engine sees it.
    state        The fight's state:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
