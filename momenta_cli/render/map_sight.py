"""``los [NAME] TARGET``: line of sight, cover and distance between two combatants, as
plain lines for the prompt, ``do`` and replay, and as a dict for scripts
(engine/battlefield/seeing.py works it out; nothing changes)."""

from __future__ import annotations

from typing import Any

from momenta_cli.engine.battlefield import (
    LookAt,
    Place,
    PlacedAt,
    Sighting,
    board_of,
    no_map,
    occupants,
    sighting,
    square_of,
    squares_of,
)
from momenta_cli.engine.core import Fight, actor, apply_all
from momenta_cli.engine.geometry import fit_problem, side_of, square_name
from momenta_cli.errors import RuleError
from momenta_cli.language import Meta, Request


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
    fight = as_if(fight, meta)
    s = sighting(fight, _command(meta))
    a, b = s.source, s.target
    at = f"as if at {_where(fight, a)}" if meta.arg else _where(fight, a)
    out = [f"los: {a} ({at}) to {b} ({_where(fight, b)}): distance {s.distance}"]
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


# --- looking from elsewhere: ``los ... from C5``, ``map NAME from C5`` ------------------


def standing_at(fight: Fight, name: str | None, square: str) -> Fight:
    """A copy of ``fight`` with ``name`` (None: the acting combatant) standing at
    ``square`` (its footprint's top-left, R31), as ``place`` would put it but decided by
    nobody: a look from there plans a move and changes nothing. ``RuleError`` for a
    square it cannot stand on (off the map, a wall, a closed door, over a pit, taken),
    saying why, and for one out of the fight (R32: it holds no square)."""
    board = board_of(fight)
    if board is None:
        raise no_map(f"there is no {square} to look from")
    f = actor(fight, name)
    sq = square_of(square)
    if f.out:
        raise RuleError(f"{f.name} is {f.out_reason}: out of the fight, it stands nowhere "
                        "to look from")
    if sq == f.position:
        return fight
    why = fit_problem(board, sq, side_of(f.spec.size),
                      occupants(fight.fighters.values(), but=f.name))
    if why:
        raise RuleError(f"{f.name} cannot stand at {square_name(sq)} to look from: {why}")
    was = square_name(f.position) if f.position is not None else None
    return apply_all(fight.clone(), [PlacedAt(f.name, square_name(sq), was)])


def as_if(fight: Fight, meta: Meta) -> Fight:
    """The fight a look asks about: with ``from SQUARE`` (``los``'s ``arg``, ``map``'s
    ``Place``), a copy where the looker stands there (``standing_at``); else ``fight``."""
    if meta.what == Request.LOS and meta.arg is not None:
        return standing_at(fight, _command(meta).source, meta.arg)
    if meta.what == Request.MAP and isinstance(meta.command, Place):
        return standing_at(fight, meta.command.target, meta.command.square)
    return fight
