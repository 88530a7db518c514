"""Output for a pipe or a file: no spaces at the ends of lines.

Rich pads every table cell to its column, so a piped status table (or one written to a
file) ends its lines in runs of spaces; a terminal shows nothing of them, a file keeps
them. Rich writes each print in one piece, so each write is trimmed on its own.
"""

from __future__ import annotations

import re
from typing import IO, Any

# spaces before a line's end, and any colour codes between them and it (FORCE_COLOR)
_TRAILING = re.compile(r" +((?:\x1b\[[0-9;]*m)*)(?=\n)")


class Trimmed:
    """A text stream writing to ``out`` with the spaces at the end of each line left off;
    everything else (``isatty``, ``fileno``, ``encoding``...) is ``out``'s."""

    def __init__(self, out: IO[str]):
        self.out = out

    def write(self, text: str) -> int:
        self.out.write(_TRAILING.sub(r"\1", text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.out, name)
