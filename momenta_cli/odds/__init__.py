"""Exact odds of an attack (R1-R3, R5, R7, R9-R11): the distribution of net successes
and what each outcome does to the target, counted over every die, never sampled.

Modules:

    distribution  the dice: exact distributions as integer weights
    from_fight    an attack read off a fight, pooled by the engine's own checks
    outcomes      from net successes to tiers, damage, Wounds and Defeats

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
