# The door of engine.battlefield: each name of its API and the module it lives in.

from .doors import DoorSet as DoorSet, SetDoor as SetDoor
from .positions import (
    Place as Place,
    PlacedAt as PlacedAt,
    arrivals as arrivals,
    board_of as board_of,
    medium as medium,
    no_map as no_map,
    occupants as occupants,
    square_of as square_of,
    squares_of as squares_of,
    stands_up as stands_up,
)
from .seeing import LookAt as LookAt, Sighting as Sighting, sighting as sighting
