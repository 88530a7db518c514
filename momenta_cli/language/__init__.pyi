# The door of language: each name of its API and the module it lives in.

from .attack_verbs import (
    COUNTER_WORDS as COUNTER_WORDS,
    DEFENSE_WORDS as DEFENSE_WORDS,
    FLAG_OPTIONS as FLAG_OPTIONS,
    VALUED_OPTIONS as VALUED_OPTIONS,
    is_option as is_option,
    movement_reaction as movement_reaction,
)
from .maneuver_verbs import read_via as read_via
from .parsing import (
    VERBS as VERBS,
    Meta as Meta,
    Request as Request,
    Verb as Verb,
    is_number as is_number,
    lookup as lookup,
    parse_line as parse_line,
    typed_result as typed_result,
)
from .trigger_words import NONE_WORD as NONE_WORD, REACTION_WORDS as REACTION_WORDS
from .unparsing import (
    comment_of as comment_of,
    move_line as move_line,
    turn_line as turn_line,
    unparse as unparse,
)
