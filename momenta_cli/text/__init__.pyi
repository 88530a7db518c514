# The door of text: each name of its API and the module it lives in.

from .limits import (
    LINE_MAX as LINE_MAX,
    as_typed as as_typed,
    check_length as check_length,
    digits_problem as digits_problem,
    echo as echo,
    is_digits as is_digits,
    too_long as too_long,
    whole as whole,
)
from .literal import (
    ECHO_MAX as ECHO_MAX,
    NAME_MAX as NAME_MAX,
    clip as clip,
    escape as escape,
    json_safe as json_safe,
    name_key as name_key,
    name_problem as name_problem,
    not_plain as not_plain,
    one_line as one_line,
    squares_text as squares_text,
    unsafe as unsafe,
)
from .words import (
    DICE_WORD as DICE_WORD,
    comment_at as comment_at,
    faces_text as faces_text,
    quote_word as quote_word,
    split as split,
    take_dice as take_dice,
    with_dice as with_dice,
)
