# The door of play: each name of its API and the module it lives in.

from .event_check import line_problems as line_problems
from .pinned import (
    for_script as for_script,
    pinned_command as pinned_command,
    pinned_events as pinned_events,
)
from .runner import (
    Asking as Asking,
    Outcome as Outcome,
    check_plain as check_plain,
    each_step as each_step,
    run_line as run_line,
    run_one as run_one,
    steps as steps,
    verb_of as verb_of,
)
from .scheduled import (
    BY_HAND as BY_HAND,
    Confirm as Confirm,
    automatic_block as automatic_block,
    ready as ready,
)
