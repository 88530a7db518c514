# The door of web: each name of its API and the module it lives in.

from .feed import Feed as Feed, Snapshot as Snapshot, fight_target as fight_target
from .map_svg import map_svg as map_svg
from .serving import (
    DEFAULT_PORT as DEFAULT_PORT,
    ServeError as ServeError,
    Serving as Serving,
    qr_text as qr_text,
    serve as serve,
)
from .site import build_site as build_site
