"""The status document of a fight (``status_document``): for the players (the
projection their screen is drawn from) or for the GM (everything)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from momenta_cli.engine.core import Entry, Fight

VERSION = 1


def status_document(fight: Fight, entries: Sequence[Entry] = (), *, players: bool = True,
                    records: int = 0) -> dict[str, Any]:
    """The fight as a JSON-ready dict (a placeholder: round and records only)."""
    return {"version": VERSION, "players": players, "records": records,
            "round": fight.round, "over": fight.over}
