"""The players' pick at the prompt (ch18 Turn Order: "the players decide which of the
combatants on the allies takes the first turn"; the GM chooses for the adversaries).

A bare ``turn`` or ``next`` typed at the prompt while the allies are due, with more than
one of them free to act, lists them and waits for the players' answer; the line then runs
as ``turn NAME`` (or ``next NAME``), and that is what the journal keeps, so a replay
starts the same turn. For the adversaries and the independents, in scripts, in ``momenta
do`` and with ``players_pick: false`` a bare ``turn`` takes the suggestion as always (R14).
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from momenta_cli.cli.completion import quote
from momenta_cli.engine.core import Fight, NextTurn, Roller, StartTurn, find_fighter
from momenta_cli.engine.turns import (
    may_act,
    picked_by_players,
    picking_from,
    suggestion as turns_suggestion,
)
from momenta_cli.errors import MomentaError
from momenta_cli.language import parse_line
from momenta_cli.text import whole

# Asked with who may act and the suggestion; answers a name, or None to cancel.
Ask = Callable[[list[str], str | None], str | None]


def choices(fight: Fight, line: str, roller: Roller) -> tuple[list[str], str | None] | None:
    """``(who may act, the suggestion)`` when ``line`` is a bare turn or next the players
    must answer; None when the line needs no pick (it names someone, it is another
    command, the GM's side is due, there is one choice only, or the setting is off).

    Looking ahead never rolls ``roller``'s dice: ending a turn may roll to clear
    conditions, so the look-ahead rolls a copy, and the line then rolls the same faces."""
    if not fight.settings.players_pick:
        return None
    try:
        cmd = parse_line(line)
    except MomentaError:
        return None  # run as typed: the refusal is the answer
    if not isinstance(cmd, StartTurn | NextTurn) or cmd.name is not None:
        return None
    try:
        ahead = picking_from(fight, cmd, copy.deepcopy(roller))
    except (MomentaError, TypeError):
        return None
    if not picked_by_players(ahead):
        return None
    sugg = turns_suggestion(ahead)
    return [f.name for f in may_act(ahead)], (sugg.name if sugg else None)


def resolve(fight: Fight, names: list[str], answer: str) -> str:
    """The combatant ``answer`` picks from ``names``: its number in the list, or its name
    as the GM types names. Raises ``MomentaError`` with the choices otherwise."""
    text = answer.strip().strip("\"'")
    if text.isdigit():  # its number in the list, in the digits 0-9 (never ² or ٣)
        n = whole(text, "a pick", 99_999)
        if 1 <= n <= len(names):
            return names[n - 1]
    f = find_fighter(fight, text)
    if f.name not in names:
        raise MomentaError(f"{f.name} may not act now (pick one of: {', '.join(names)})")
    return f.name


def with_name(line: str, name: str) -> str:
    """``line`` naming ``name`` right after its verb: ``next forgo`` -> ``next Kira
    forgo`` (a comment at the end stays at the end)."""
    verb, _, rest = line.strip().partition(" ")
    return " ".join(x for x in (verb, quote(name), rest.strip()) if x)


def menu_keep(fight: Fight, names: list[str]) -> tuple[str, ...]:
    """What the menu line may not break inside when it wraps: each ``1 Kira`` choice (a
    number stays with its name) and every name of the fight (render/wrap.py)."""
    from momenta_cli.render import keep_names
    from momenta_cli.text import one_line

    kept = {f"{i} {one_line(n)}" for i, n in enumerate(names, 1)} | set(keep_names(fight))
    return tuple(sorted(kept, key=len, reverse=True))


def menu(names: list[str], suggestion: str | None) -> str:
    """The line listing the choices: ``allies pick: 1 Kira · 2 Oren (suggest Kira)``."""
    listed = " · ".join(f"{i} {n}" for i, n in enumerate(names, 1))
    sugg = f" (suggest {suggestion})" if suggestion else ""
    return f"the players pick who acts: {listed}{sugg}; a number or a name, Ctrl-C cancels"
