# The door of render: each name of its API and the module it lives in.

from .help_view import help_table as help_table
from .line_cut import hang as hang, keep_names as keep_names
from .log_export import FORMATS as FORMATS, export_log as export_log
from .log_harm import Ledger as Ledger, read_harm as read_harm
from .log_lines import event_lines as event_lines
from .log_script import as_script as as_script
from .map_sight import (
    as_if as as_if,
    los_doc as los_doc,
    los_lines as los_lines,
    standing_at as standing_at,
)
from .map_view import battlemap as battlemap, labels as labels, map_meta as map_meta
from .map_walk import path_doc as path_doc, path_lines as path_lines
from .odds_view import draw_odds as draw_odds, odds_doc as odds_doc
from .outcome_view import (
    OutcomeStyle as OutcomeStyle,
    draw_outcome as draw_outcome,
    refusal as refusal,
)
from .preview_view import preview_lines as preview_lines
from .show import encounter_view as encounter_view, rules_table as rules_table
from .simulate_report import (
    chain_report as chain_report,
    forecast_report as forecast_report,
    simulation_report as simulation_report,
    tuning_report as tuning_report,
)
from .state_json import write_state_json as write_state_json
from .status_layout import plain_status as plain_status
from .status_view import headline_block as headline_block, status_block as status_block
from .turnline import headline as headline, prompt_line as prompt_line, toolbar as toolbar
from .wrap import hanging as hanging, lit as lit
