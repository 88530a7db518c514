# The door of simulate: each name of its API and the module it lives in.

from .batch import (
    chain_run as chain_run,
    cores as cores,
    simulate as simulate,
    tally_run as tally_run,
)
from .chain import (
    MAX_CHAIN as MAX_CHAIN,
    chain_summary as chain_summary,
    party_yaml as party_yaml,
    play_chain as play_chain,
)
from .fight import check_playable as check_playable, play_fight as play_fight
from .forecast import (
    DEFAULT_FIGHTS as DEFAULT_FIGHTS,
    forecast_summary as forecast_summary,
    forecast_tally as forecast_tally,
    position_seed as position_seed,
)
from .knob import BadParam as BadParam, Knob as Knob, find_knob as find_knob
from .policy import tactical_choose as tactical_choose
from .policy_file import load_policy as load_policy
from .stats import (
    Tally as Tally,
    interval as interval,
    percent as percent,
    summarise as summarise,
)
from .tune import (
    MAX_SWEEP as MAX_SWEEP,
    Runner as Runner,
    Search as Search,
    run_sweep as run_sweep,
    run_tune as run_tune,
)
