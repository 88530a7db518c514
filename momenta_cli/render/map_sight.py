"""``los [NAME] TARGET``: line of sight, cover and distance between two combatants, as
plain lines for the prompt, ``do`` and replay, and as a dict for scripts
(engine/battlefield/seeing.py works it out; nothing changes)."""

from __future__ import annotations

from typing import Any

from momenta_cli.engine.battlefield import LookAt, Sighting, sighting, squares_of
from momenta_cli.engine.core import Fight
from momenta_cli.engine.geometry import square_name
from momenta_cli.language import Meta


def _where(fight: Fight, who: str) -> str:
    squares = squares_of(fight.get(who))
    if len(squares) == 1:
        return square_name(squares[0])
    return f"{square_name(squares[0])}-{square_name(squares[-1])}"


def _command(meta: Meta) -> LookAt:
    cmd = meta.command
    assert isinstance(cmd, LookAt)
    return cmd


def los_lines(fight: Fight, meta: Meta, *, players: bool = False) -> list[str]:
    """The lines ``los`` prints; ``RuleError`` when it cannot be answered (no map, a
    name that fits nobody, a combatant off the map). ``players``: the players' view,
    asked of the fight as they know it (engine/core/players.py ``known``: a Hidden enemy is
    no one there, by name or as cover)."""
    if players:
        from momenta_cli.engine.core import known_to_players

        fight = known_to_players(fight)
    s = sighting(fight, _command(meta))
    a, b = s.source, s.target
    out = [f"los: {a} ({_where(fight, a)}) to {b} ({_where(fight, b)}): distance "
           f"{s.distance}"]
    if not s.line_of_sight:
        out.append("  line of sight: no (R33): a wall or closed door is in every line")
        out.append("  cover: total: nothing gets through (a ranged attack needs sight)")
        return out
    out.append("  line of sight: yes (R33)")
    if s.cover:
        from momenta_cli.engine.attack import cover_reason

        why = cover_reason(fight, fight.get(a), fight.get(b))  # the attack log's words
        out.append(f"  cover: yes (R34): {why}")
    else:
        out.append("  cover: no (R34): a clear line misses every low wall and creature")
    return out


def los_doc(s: Sighting) -> dict[str, Any]:
    """``los`` for scripts and other tools: ``{"line_of_sight": true, "cover": false,
    "distance": 4}`` (cover true, too, when there is no line of sight at all)."""
    return {"line_of_sight": s.line_of_sight, "cover": s.cover, "distance": s.distance}
