"""Turns (ch18, R12-R17): zipper initiative with its phases, Slowed, Surprised,
independents and multi-turn bosses; starting and ending a turn; the rolls that clear
conditions at the end of one.

Modules:

    clearing  end-of-turn condition clearing (ch18 Taking a Turn, R15, R16, R30)
    taking    deciding ``turn``, ``end`` and ``next``: Vigor and Guard refresh
    zipper    the zipper: the side due, who may act, the phases of a round

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
