"""Finding a fighter from what the GM typed: exact name, or an unambiguous prefix of the
name or of one of its words, in any case."""

from __future__ import annotations

from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.errors import RuleError


def find(fight: Fight, text: str) -> Fighter:
    """The fighter named (or uniquely prefixed) by ``text``; a clear error otherwise."""
    low = text.strip().lower()
    if not low:
        raise RuleError("a combatant name is needed")
    exact = [f for f in fight.fighters.values() if f.name.lower() == low]
    if exact:
        return exact[0]
    hits = [f for f in fight.fighters.values() if f.name.lower().startswith(low)]
    if not hits:  # "vessa" finds "Captain Vessa": any word of the name may start it
        hits = [f for f in fight.fighters.values()
                if any(w.startswith(low) for w in f.name.lower().split())]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise RuleError(f"{text} is ambiguous: {', '.join(f.name for f in hits)}")
    raise RuleError(f"no combatant called {text!r} (there are: "
                    f"{', '.join(fight.fighters)})")
