# The door of engine.turns: each name of its API and the module it lives in.

from .clearing import match_typed as match_typed, wracked_types as wracked_types
from .zipper import (
    PHASE_NAMES as PHASE_NAMES,
    combat_may_end as combat_may_end,
    current_phase as current_phase,
    gm_turn as gm_turn,
    may_act as may_act,
    next_round_first_side as next_round_first_side,
    picked_by_players as picked_by_players,
    round_done as round_done,
    side_due as side_due,
    suggestion as suggestion,
    turn_counter as turn_counter,
)
