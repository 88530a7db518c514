"""The player-facing view: adversaries' exact numbers hidden behind a health label.

For a second screen turned to the players: allies show everything, everyone else shows
Unhurt / Hurt / Bloodied / Down instead of Vitality, Guard, Vigor and Strain. An enemy
Hidden from them (R20, ch23) is not there at all: not drawn, in no table or list, and
its name fits nobody (``known``), so that their screen gives nothing away.
"""

from __future__ import annotations

from momenta_cli.engine.core.state import Fight, Fighter


def numbers_hidden(f: Fighter) -> bool:
    """Whose numbers the players do not see: everyone not on the allies' side."""
    return f.side != "allies"


def health_label(f: Fighter) -> str:
    """Unhurt (full Vitality), Hurt (more than half), Bloodied (half or less), Down
    (Defeated, Lost or removed)."""
    return health_band(f.vitality, f.spec.max_vitality, out=f.out)


def health_band(vitality: int, top: int, *, out: bool = False) -> str:
    """``health_label`` of a Vitality of ``vitality`` out of ``top`` (``out``: Defeated,
    Lost or removed): for a value a log tells, not the fighter as it stands now."""
    if out or vitality <= 0:
        return "Down"
    if vitality >= top:
        return "Unhurt"
    if vitality * 2 > top:
        return "Hurt"
    return "Bloodied"


def unseen(f: Fighter) -> bool:
    """Whom the players do not know the place of: an adversary or independent that is
    Hidden (ch23); the GM's views show it."""
    return f.side != "allies" and f.has("Hidden")


def known_to_players(fight: Fight) -> Fight:
    """The fight as the players know it, for the questions asked in their view (``los``,
    ``path``): without the ``unseen`` combatants, as if they were not there (a name
    that fits only one of them fits nobody; it gives no cover, blocks no path, triggers
    no reaction). ``fight`` itself when nobody is unseen; never changes ``fight``."""
    gone = {f.name for f in fight.fighters.values() if unseen(f)}
    if not gone:
        return fight
    out = fight.clone()
    out.fighters = {k: f for k, f in out.fighters.items() if k not in gone}
    for f in out.fighters.values():
        f.grabbing = [n for n in f.grabbing if n not in gone]
    if out.active in gone:
        out.active = None  # the players do not see whose turn runs there
    return out


def as_seen(fight: Fight, players: bool) -> Fight:
    """``known(fight)`` in the players' view, else ``fight``: what a name typed there is
    looked up in (a Hidden enemy's name is refused exactly as one nobody has)."""
    return known_to_players(fight) if players else fight
