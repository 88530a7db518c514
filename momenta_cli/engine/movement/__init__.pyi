# The door of engine.movement: each name of its API and the module it lives in.

from .distances import fall_damage as fall_damage
from .forced import (
    check_answers as check_answers,
    drag_triggers as drag_triggers,
    push_path as push_path,
    push_triggers as push_triggers,
    route_chances as route_chances,
    route_met as route_met,
)
from .grabs import (
    Apart as Apart,
    GrabEnded as GrabEnded,
    Release as Release,
    end_every_grab as end_every_grab,
    end_grab as end_grab,
    end_grown_grabs as end_grown_grabs,
    grabbers_of as grabbers_of,
    partner_distances as partner_distances,
)
from .move_shift import (
    Fall as Fall,
    Move as Move,
    SetTerrain as SetTerrain,
    Shift as Shift,
)
from .movement_events import (
    Dragged as Dragged,
    Fell as Fell,
    MoveAnswered as MoveAnswered,
    Moved as Moved,
    Shoved as Shoved,
    TerrainSet as TerrainSet,
)
from .trigger_points import write_answer as write_answer
from .trigger_spot import check_trigger as check_trigger, where_triggered as where_triggered
from .triggers import (
    NO_SIGHT as NO_SIGHT,
    START as START,
    Halted as Halted,
    Trigger as Trigger,
    in_sight as in_sight,
    reactors as reactors,
    route_triggers as route_triggers,
)
from .walk import (
    MoveTo as MoveTo,
    Route as Route,
    plan_walk as plan_walk,
    preview_walk as preview_walk,
    push_on_map as push_on_map,
    reachable_squares as reachable_squares,
    walker as walker,
)
