# The door of web: each name of its API and the module it lives in.

from .map_svg import map_svg as map_svg
