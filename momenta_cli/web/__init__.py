"""The players' screen: a live page for the table's TV and the players' phones, served
from the GM's laptop (``momenta serve``, ``momenta run --serve``). It reads the fight's
journal on disk (the source of truth), projects it for the players (projection/) and
pushes each new snapshot to every browser by server-sent events. Only the commands
that serve open this package: Starlette, uvicorn and the rest load with it.

Modules:

    site       the Starlette application: the page, its map, its event stream, guards
    feed       watching the fight file and making each snapshot the browsers are sent
    map_svg    the map as an SVG picture, drawn from the players' projection
    seat_routes  a player's seat: its page, its open question, its answer (seating/)
    serving    starting the server: the address, the token, the QR code, a port in use
    templates/ the page (Jinja2)
    static/    the page's style sheet and scripts (nothing from a CDN)

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
