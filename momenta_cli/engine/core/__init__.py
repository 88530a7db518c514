"""The engine's core: the fight's state and how it changes. ``decide(state, command,
roller) -> events`` checks a command; applying events is arithmetic; a ``Session`` is
the opening state plus the journal of accepted entries, and undo is a replay of it.

Modules:

    between_fights  what an ally carries from one fight into the next (R38), and
                 starting it from that
    asking       decision points: ``Ask``, a ``Decider`` consulted at each, ``step``
                 (decide as far as the answers go), ``written`` (an answer on the line)
    commands     the commands every rules module shares (turns, conditions, GM
                 overrides)
    deciding     ``decide``: find the command's handler, then roll the round over
    rollers      where faces come from (R1): seeded, preset, recording, all ones
    events       the ``Event`` base, the core events, ``apply``, where each kind lives
    names        finding a combatant, weapon or condition from what the GM typed
    opening      the opening state of a fight from an encounter (ch18)
    players      the fight as the players know it: no Hidden enemy, health as a label
    registry     which function decides which command, and the modules that register
    rolls        dice pools and rolls (R1, R2, R7): ``Pool``, ``Roll``, rolling the
                 tracker's dice or taking the GM's, and the one wording of each
    session      a fight in progress: the journal, undo and redo as replays
    specs        the encounter as the engine sees it: resolved, immutable
    state        the fight's state: ``Fight`` and its ``Fighter``s, changed only by
                 events

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
