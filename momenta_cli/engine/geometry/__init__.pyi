# The door of engine.geometry: each name of its API and the module it lives in.

from .areas import (
    burst_squares as burst_squares,
    cone_squares as cone_squares,
    line_squares as line_squares,
)
from .board import (
    FLOOR as FLOOR,
    KINDS as KINDS,
    MAX_SIDE as MAX_SIDE,
    STEPS as STEPS,
    Board as Board,
    Square as Square,
    Terrain as Terrain,
    column_name as column_name,
    footprint as footprint,
    parse_square as parse_square,
    side_of as side_of,
    square_name as square_name,
)
from .budget import (
    PATH_WORK as PATH_WORK,
    SIGHT_AREA_WORK as SIGHT_AREA_WORK,
    SIGHT_WORK as SIGHT_WORK,
    GeometryTooComplex as GeometryTooComplex,
    Work as Work,
    path_work as path_work,
    sight_work as sight_work,
)
from .fitting import SQUARE_HELP as SQUARE_HELP, fit_problem as fit_problem, map_size as map_size
from .forced_squares import (
    Forced as Forced,
    drag_squares as drag_squares,
    push_squares as push_squares,
)
from .memory import Memory as Memory, forget as forget
from .pathfinding import (
    LegalPath as LegalPath,
    Mode as Mode,
    NoPath as NoPath,
    Penalty as Penalty,
    distances_to as distances_to,
    find_path as find_path,
    flat_ground as flat_ground,
    jump_finish as jump_finish,
    pit_depth as pit_depth,
    reachable as reachable,
    step_cost as step_cost,
)
from .ranges import comes_within as comes_within, distance as distance, within as within
from .segments import Point as Point, Rect as Rect, segment_cells as segment_cells
from .sight import (
    cover as cover,
    in_the_way as in_the_way,
    line_of_sight as line_of_sight,
    visible as visible,
)
