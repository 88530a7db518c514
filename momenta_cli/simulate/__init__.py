"""Simulating an encounter: play it many times through the engine, with simple policies
for both sides (or a policy file of the GM's), and sum up how it tends to go.

Modules:

    approach     walking toward the fight on a map, for the built-in policies
    batch        many fights, in this process or a pool of workers; the same dice each
                 time
    chain        several encounters in order, the party carried between them (R38), and
                 how often it survives them all
    estimate     a cheap estimate of what an attack is worth
    fight        one fight played to the end as the policies choose (from its opening,
                 or from a fight in progress)
    forecast     a fight in progress played on many times: how it tends to end from here
    knob         a number of an encounter file named on the command line (``--tune``),
                 and the encounter with it changed
    melee_sight  the simulator's ruling on melee through a wall
    policy       the built-in policies: who plays each side, and how
    policy_file  a policy file (``--policy file.py``) loaded as a module
    stats        win rates with intervals, rounds, per-combatant figures, the verdict
    timed        the encounter's scheduled events, fired after each command as at the
                 prompt
    tune         the value of a knob nearest a target win rate; a sweep across a range
    view         what a policy sees of a fight and the attacks it may pick from

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
