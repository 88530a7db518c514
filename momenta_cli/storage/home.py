"""Where momenta keeps its own files between runs (prompt history, the encounter cache).

Kept apart from the prompt and the journal so that any command can find the directory
without importing either.
"""

from __future__ import annotations

import os
from pathlib import Path


def state_home() -> Path:
    """``$MOMENTA_HOME``, else ``$XDG_STATE_HOME/momenta``, else ``~/.local/state/momenta``."""
    env = os.environ.get("MOMENTA_HOME")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_STATE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "state"
    return base / "momenta"
