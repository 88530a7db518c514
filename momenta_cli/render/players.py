"""The player-facing view: adversaries' exact numbers hidden behind a health label.

For a second screen turned to the players: allies show everything, everyone else shows
Unhurt / Hurt / Bloodied / Down instead of Vitality, Guard, Vigor and Strain.
"""

from __future__ import annotations

from momenta_cli.engine.state import Fighter

LABEL_STYLE = {"Unhurt": "green", "Hurt": "yellow", "Bloodied": "red", "Down": "dim"}


def hidden(f: Fighter) -> bool:
    """Whose numbers the players do not see: everyone not on the allies' side."""
    return f.side != "allies"


def health_label(f: Fighter) -> str:
    """Unhurt (full Vitality), Hurt (more than half), Bloodied (half or less), Down
    (Defeated, Lost or removed)."""
    if f.out or f.vitality <= 0:
        return "Down"
    top = f.spec.max_vitality
    if f.vitality >= top:
        return "Unhurt"
    if f.vitality * 2 > top:
        return "Hurt"
    return "Bloodied"
