"""The one-line views of whose turn it is: the prompt (``R2 Warden 2/2> ``), the
bottom toolbar at the prompt, and the headline printed when the turn changes.

All three read the same facts from the engine (round, phase, who acts or may act, which
of its turns this is, R12-R15), so they never disagree.
"""

from __future__ import annotations

from rich.text import Text

from momenta_cli.engine import turns
from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.render.players import hidden
from momenta_cli.render.status import prompt_text
from momenta_cli.text import one_line

SUGGEST = " (suggest "


def counter(fight: Fight, f: Fighter) -> str:
    """`` 2/2`` for a combatant with several turns this round (R15), else nothing."""
    n, of = turns.turn_counter(fight, f)
    return f" {n}/{of}" if of > 1 else ""


def prompt_line(fight: Fight) -> str:
    """The prompt, with the turn counter of a multi-turn actor: ``R2 Warden 2/2> ``."""
    if fight.active and not fight.over:
        f = fight.get(fight.active)
        return one_line(f"R{fight.round} {f.name}{counter(fight, f)}> ")
    return prompt_text(fight)


def _resources(f: Fighter) -> list[str]:
    out = []
    if f.spec.max_vigor:
        out.append(f"Vigor {f.vigor}/{f.spec.max_vigor}")
    if f.spec.max_guard or f.guard:
        out.append(f"Guard {f.guard}/{f.spec.max_guard}")
    return out


def bits(fight: Fight, round_word: str = "R", *, players: bool = False) -> list[str]:
    """The pieces of the turn line: round, phase, who acts (with the turn counter and
    Vigor/Guard, unless ``players`` may not see them: render/players.py) or who is due
    and may act."""
    if fight.over:
        return [f"{round_word}{fight.round}", f"combat over: {fight.over_reason}"]
    out = [f"{round_word}{fight.round}"]
    phase = turns.current_phase(fight)
    if phase:
        out.append(f"{turns.PHASE_NAMES[phase]} phase")
    if fight.active:
        f = fight.get(fight.active)
        out.append(f"{f.name} acting{counter(fight, f)}")
        if not (players and hidden(f)):
            out += _resources(f)
        return out
    due = turns.side_due(fight)
    may = turns.may_act(fight)
    if due and may:
        names = ", ".join(f.name + counter(fight, f) for f in may)
        sugg = turns.suggestion(fight)
        tail = f"{SUGGEST}{sugg.name})" if sugg is not None and len(may) > 1 else ""
        out.append(f"{due} due, may act: {names}{tail}")
    elif turns.round_done(fight):
        out.append("round done: 'turn' starts the next")
    return out


def _fit(parts: list[str], width: int | None, lead: str = "") -> str:
    """``parts`` as one line within ``width``: the suggestion gives way first, then the
    line is cut (the table has the rest)."""
    text = one_line(lead + " · ".join(parts))
    if width is not None and len(text) > width:
        text = one_line(lead + " · ".join(p.partition(SUGGEST)[0] for p in parts))
        if len(text) > width:
            text = text[:max(width - 1, 1)] + "…"
    return text


def toolbar(fight: Fight, width: int = 80, *, players: bool = False) -> str:
    """The bottom toolbar's text, one line shorter than ``width`` (a terminal's last
    column would wrap it)."""
    return _fit(bits(fight, players=players), width - 1, " ")


def headline(fight: Fight, width: int | None = None, *, players: bool = False) -> Text:
    """The one line printed when the turn changes, in place of the whole table."""
    parts = bits(fight, "Round ", players=players)
    may_end = turns.combat_may_end(fight) if not fight.over else None
    if may_end:
        parts.append(f"combat may end: {may_end}")
    return Text(_fit(parts, width), style="bold")
