"""The views of whose turn it is: the prompt (``R2 Warden 2/2> ``), the bottom toolbar
at the prompt (one line), and the headline printed when the turn changes (wrapped with a
hanging indent, never inside a name).

All three read the same facts from the engine (round, phase, who acts or may act, which
of its turns this is, R12-R15), so they never disagree.
"""

from __future__ import annotations

from rich.cells import cell_len, chop_cells

from momenta_cli.engine.core import Fight, Fighter, numbers_hidden, unseen
from momenta_cli.engine.turns import (
    PHASE_NAMES,
    combat_may_end,
    current_phase,
    gm_turn,
    may_act,
    round_done,
    side_due,
    suggestion,
    turn_counter,
)
from momenta_cli.render.status_table import shorten
from momenta_cli.render.status_view import prompt_text
from momenta_cli.render.wrap import Hanging, keep_names
from momenta_cli.text import one_line

SUGGEST = " (suggest "
PROMPT_NAME = 20  # cells of the actor's name in the prompt: the rest is room to type
# How far the toolbar shortens names, a cell at a time, before it cuts the line
SHORTER = range(24, 5, -1)


def counter(fight: Fight, f: Fighter) -> str:
    """`` 2/2`` for a combatant with several turns this round (R15), else nothing."""
    n, of = turn_counter(fight, f)
    return f" {n}/{of}" if of > 1 else ""


def prompt_line(fight: Fight) -> str:
    """The prompt, with the turn counter of a multi-turn actor: ``R2 Warden 2/2> ``; a
    long name shortened (``R1 Sister Ilse of the…> ``) so the line keeps room to type."""
    if fight.active and not fight.over:
        f = fight.get(fight.active)
        name = shorten(one_line(f.name), PROMPT_NAME)
        return one_line(f"R{fight.round} {name}{counter(fight, f)}> ")
    return prompt_text(fight)


def _resources(f: Fighter) -> list[str]:
    out = []
    if f.spec.max_vigor:
        out.append(f"Vigor {f.vigor}/{f.spec.max_vigor}")
    if f.spec.max_guard or f.guard:
        out.append(f"Guard {f.guard}/{f.spec.max_guard}")
    return out


def bits(fight: Fight, round_word: str = "R", *, players: bool = False,
         short: int | None = None) -> list[str]:
    """The pieces of the turn line: round, phase, who acts (with the turn counter and
    Vigor/Guard, unless ``players`` may not see them: engine/core/players.py) or who is due
    and may act (for the players, an enemy Hidden from them never: it is named nowhere);
    names shortened to ``short`` cells when given."""
    def name(f: Fighter) -> str:
        return shorten(one_line(f.name), short) if short else f.name

    if fight.over:
        return [f"{round_word}{fight.round}", f"combat over: {fight.over_reason}"]
    out = [f"{round_word}{fight.round}"]
    phase = current_phase(fight)
    if phase:
        out.append(f"{PHASE_NAMES[phase]} phase")
    if fight.active:
        f = fight.get(fight.active)
        if players and gm_turn(fight):  # a Hidden enemy acting: named nowhere, nor
            out.append("GM's turn")  # its side (R20, R39)
            return out
        out.append(f"{name(f)} acting{counter(fight, f)}")
        if not (players and numbers_hidden(f)):
            out += _resources(f)
        return out
    due = side_due(fight)
    every = may_act(fight)
    may = [f for f in every if not (players and unseen(f))]
    if due and may:
        names = ", ".join(name(f) + counter(fight, f) for f in may)
        sugg = suggestion(fight)
        shown = {f.name for f in may}
        tail = f"{SUGGEST}{name(sugg)})" if sugg is not None and sugg.name in shown \
            and len(may) > 1 else ""
        out.append(f"{due} due, may act: {names}{tail}")
    elif players and gm_turn(fight):  # only Hidden ones may act: not even their side
        out.append("GM's turn")  # is told (R39)
    elif round_done(fight):
        out.append("round done: 'turn' starts the next")
    return out


def _joined(parts: list[str], suggest: bool = True) -> str:
    return one_line(" · ".join(p if suggest else p.partition(SUGGEST)[0] for p in parts))


def toolbar(fight: Fight, width: int = 80, *, players: bool = False) -> str:
    """The bottom toolbar's text, one line shorter than ``width`` (a terminal's last
    column would wrap it): the suggestion gives way first, then the names shorten
    (render/status_table.py ``shorten``), and only then is the line cut, so the actor's Vigor
    and Guard stay in sight."""
    room = width - 1
    lead = " "
    text = lead + _joined(bits(fight, players=players))
    if cell_len(text) <= room:
        return text
    for short in (None, *SHORTER):
        text = lead + _joined(bits(fight, players=players, short=short), suggest=False)
        if cell_len(text) <= room:
            return text
    return chop_cells(text, max(room - 1, 1))[0] + "…"


def headline(fight: Fight, width: int | None = None, *, players: bool = False) -> Hanging:
    """What is printed when the turn changes, in place of the whole table: one line
    where it fits (the suggestion gives way first), else wrapped with a hanging indent
    like the status headline, never inside a name nor inside a short piece such as
    ``Guard 3/3``."""
    parts = bits(fight, "Round ", players=players)
    may_end = combat_may_end(fight) if not fight.over else None
    if may_end:
        parts.append(f"combat may end: {may_end}")
    if width is not None and cell_len(_joined(parts)) > width:
        parts = [p.partition(SUGGEST)[0] for p in parts]
    parts = [one_line(p) for p in parts]
    last = len(parts) - 1
    # a short piece moves to the next line whole, each ` ·` stays with the word before it
    pieces = [p + (" ·" if i < last else "") for i, p in enumerate(parts)
              if " " in p and cell_len(p) <= _PIECE]
    pieces += [p.split(" ")[-1] + " ·" for p in parts[:-1]]
    counted = [one_line(f.name) + counter(fight, f) for f in fight.fighters.values()
               if not f.removed and counter(fight, f)]  # The Cantor 1/2: one piece
    keep = sorted((k for k in {*keep_names(fight), *pieces, *counted}
                   if width is None or cell_len(k) <= width - 2),  # else cut mid-word
                  key=cell_len, reverse=True)
    return Hanging(" · ".join(parts), "bold", keep=keep, rest="  ")


_PIECE = 24  # a piece of the headline this short moves to the next line whole
