# The door of engine.gm: each name of its API and the module it lives in.

from .improvise import improvised_spec as improvised_spec
from .overrides import RESOURCES as RESOURCES
