"""Exact odds of a Momenta attack (issue 14): the distribution of net successes (R1-R3,
R5, R7) and what each outcome does to the target (R9-R11, ch20 Attacking), counted over
every die outcome, never sampled.

``dice`` holds the dice arithmetic, ``table`` turns it into the damage table through the
engine's own damage functions, ``preview`` reads an attack off a fight the way the
engine does. Pure: no printing, files, Typer or Rich.

Modules:

    distribution  The dice half of the odds:
    from_fight    An attack read off a fight for the odds:
    outcomes      From the dice to the target:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
