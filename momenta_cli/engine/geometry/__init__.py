"""The battlefield's geometry (ch19 movement, ch20 sight and cover, R31-R36): the board
and its squares, paths, line of sight, cover and areas. Pure and typed: no state, no
events; the rules modules ask it questions about squares.

Modules:

    areas           Area attacks on the board (ch20 Area Attacks):
    board           The board:
    fitting         Whether a creature's footprint fits with its top-left square at a
                    given square (R31, R32, R36), and the words for a square off the
                    map:
    forced_squares  Forced movement on the board (ch19 Shove, Grab; R35, R36):
    pathfinding     Movement on the board (R32, R36, ch19 Movement):
    ranges          Distance, reach and range on the board (R32, ch19 Movement, ch20
                    Melee and Ranged).
    segments        Exact segments on the board (R33, R34):
    sight           Exact line of sight (R33) and cover (R34) between two footprints.

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
