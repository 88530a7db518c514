"""Commands that run a fight: replay, run, resume, do, status, log, undo, redo."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
