"""The battlefield's geometry (ch19 movement, ch20 sight and cover, R31-R36): the board
and its squares, distance, paths, exact line of sight and cover, areas. Pure and typed:
no state, no events, no other engine package; the rules ask it about squares.

Modules:

    areas           the squares a burst, a line or a cone touches (ch20 Area Attacks)
    board           squares named ``C5``, what each holds, a creature's footprint
    budget          how much work each search may do, and the one error past it
    fitting         whether a footprint fits at a square, and words for one off the map
    forced_squares  the squares of a push straight away and of a drag
    memory          exact answers remembered per board and question, with their work
    pathfinding     the cheapest legal path within a budget, and every square reachable
    ranges          distance, reach and range between footprints
    segments        what an exact segment between two points touches (integers, no
                    floats)
    sight           exact line of sight (R33) and cover (R34) between two footprints

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
