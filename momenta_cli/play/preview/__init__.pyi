# The door of play.preview: each name of its API and the module it lives in.

from .line_preview import preview_line as preview_line
from .mark import MARK as MARK, strip_mark as strip_mark
from .preview_model import (
    Against as Against,
    LinePreview as LinePreview,
    Paid as Paid,
    ReactionOption as ReactionOption,
    RollPreview as RollPreview,
)
