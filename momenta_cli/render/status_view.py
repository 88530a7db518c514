"""The status view: the headline, the table (render/status_table.py), the GM's reminders; and
the prompt's text.

Built from Rich ``Text`` objects only, so names from files are never read as markup, and
every piece of text from a file goes through ``lit`` (text.escape) so control characters (ANSI
escapes included) show as visible ``\\x1b`` escapes instead of driving the terminal.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from momenta_cli.engine.core import Fight, known_to_players, unseen
from momenta_cli.engine.turns import (
    PHASE_NAMES,
    combat_may_end,
    current_phase,
    gm_turn,
    may_act,
    round_done,
    side_due,
    suggestion,
)
from momenta_cli.render.status_table import status_table
from momenta_cli.render.wrap import Hanging, keep_names, lit
from momenta_cli.text import one_line


def status_headline(fight: Fight, *, players: bool = False) -> Text:
    """``Round 2 · main phase · allies due, may act: Kira, Mira (suggest Kira)``. In the
    players' view an enemy Hidden from them is named nowhere (engine/core/players.py): while
    it acts, or only Hidden ones may, ``the GM's turn`` (not even its side: R39); it is
    left out of who may act and suggested."""
    if fight.over:
        return lit(f"Round {fight.round} · combat over: {fight.over_reason}", "bold")
    phase = current_phase(fight)
    bits = [f"Round {fight.round}"]
    if phase:
        bits.append(f"{PHASE_NAMES[phase]} phase")
    if fight.active:
        bits.append("the GM's turn" if players and gm_turn(fight)  # not even its side
                    else f"{fight.active} is acting")
    else:
        due = side_due(fight)
        names = [f.name for f in may_act(fight) if not (players and unseen(f))]
        sugg = suggestion(fight)
        if due and names:
            s = f" (suggest {sugg.name})" if sugg and sugg.name in names else ""
            bits.append(f"{due} due, may act: {', '.join(names)}{s}")
        elif players and gm_turn(fight):  # only Hidden ones may act (R39)
            bits.append("the GM's turn")
        elif round_done(fight):
            bits.append("round done: 'turn' starts the next")
    may_end = combat_may_end(fight)
    if may_end:
        bits.append(f"combat may end: {may_end}")
    return lit(" · ".join(bits), "bold")


def headline_block(fight: Fight, keep: tuple[str, ...] | None = None, *,
                   players: bool = False) -> Hanging:
    """The headline as printed: wrapped to the width with a hanging indent, never inside a
    name (``keep``: the names, ``wrap.keep_names`` of the fight when not given)."""
    keep = keep_names(fight) if keep is None else keep
    return Hanging(status_headline(fight, players=players).plain, "bold", keep=keep, rest="  ")


def reminder_lines(fight: Fight) -> list[Text]:
    """Effects the tracker leaves to the GM (Frightened, GM-defined conditions)."""
    out = []
    for f in fight.fighters.values():
        if f.out or not f.conditions:  # nothing to recall (harm.reminders): not imported
            continue
        from momenta_cli.engine.harm import reminders

        for text in reminders(fight, f):
            out.append(lit(f"note: {f.name}: {text}", "yellow"))
    return out


def status_block(fight: Fight, *, bars: bool = True, players: bool = False) -> Group:
    """The headline, the table and (for the GM) the reminders. ``players``: the players'
    view, with no enemy Hidden from them in the table or the headline (R20, ch23:
    engine/core/players.py)."""
    seen = known_to_players(fight) if players else fight
    keep = keep_names(seen)
    parts: list[RenderableType] = [headline_block(fight, keep, players=players),
                                   status_table(seen, bars=bars, players=players)]
    if not players:
        parts += [Hanging(t.plain, "yellow", keep=keep, rest="  ")
                  for t in reminder_lines(fight)]
        if fight.active and fight.get(fight.active).spec.notes:
            # The stat block's notes (regeneration, auras...) when its turn comes round.
            notes = " ".join(fight.get(fight.active).spec.notes.split())
            parts.append(Hanging(one_line(f"notes ({fight.active}): {notes}"), "dim",
                                 keep=keep, rest="  "))
    return Group(*parts)


def prompt_text(fight: Fight) -> str:
    """The prompt: ``R2 allies> ``, ``R2 slowed allies> ``, ``R2 Kira> `` while Kira acts,
    ``R2 end> `` when the round is done, ``over> `` after the combat."""
    if fight.over:
        return "over> "
    if fight.active:
        return one_line(f"R{fight.round} {fight.active}> ")
    phase = current_phase(fight)
    due = side_due(fight)
    if due is None:
        return f"R{fight.round} end> "
    tag = "slowed " if phase and "slowed" in PHASE_NAMES[phase] else ""  # R12
    return f"R{fight.round} {tag}{due}> "
