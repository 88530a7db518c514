# The door of language: each name of its API and the module it lives in.

from .attack_grammar import (
    COUNTER_WORDS as COUNTER_WORDS,
    ODDS_OPTIONS as ODDS_OPTIONS,
    OPTIONS as OPTIONS,
    Kind as Kind,
    LineOption as LineOption,
    Partial as Partial,
    Where as Where,
    is_option as is_option,
    maneuver_of as maneuver_of,
    option_of as option_of,
    options_at as options_at,
    read_partial as read_partial,
)
from .attack_verbs import movement_reaction as movement_reaction
from .event_lines import event_command as event_command
from .maneuver_verbs import read_via as read_via
from .meta import Meta as Meta, Request as Request
from .parsing import (
    VERBS as VERBS,
    Verb as Verb,
    is_number as is_number,
    lookup as lookup,
    parse_line as parse_line,
    typed_result as typed_result,
)
from .prompt_only import (
    PROMPT_ONLY as PROMPT_ONLY,
    PromptCommand as PromptCommand,
    prompt_command as prompt_command,
)
from .trigger_words import NONE_WORD as NONE_WORD, REACTION_WORDS as REACTION_WORDS
from .unparsing import (
    comment_of as comment_of,
    move_line as move_line,
    turn_line as turn_line,
    unparse as unparse,
)
