"""The status view: the headline, the table (render/status_table.py), the GM's reminders; and
the prompt's text.

Built from Rich ``Text`` objects only, so names from files are never read as markup, and
every piece of text from a file goes through ``lit`` (text.escape) so control characters (ANSI
escapes included) show as visible ``\\x1b`` escapes instead of driving the terminal.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from momenta_cli.engine.core import Fight, known_to_players
from momenta_cli.engine.turns import PHASE_NAMES, current_phase, side_due
from momenta_cli.render.status_layout import headline_words, under_table
from momenta_cli.render.status_table import status_table
from momenta_cli.render.wrap import Hanging, keep_names, lit
from momenta_cli.text import one_line


def status_headline(fight: Fight, *, players: bool = False) -> Text:
    """The headline (status_layout.py ``headline_words``) in bold, one line."""
    return lit(headline_words(fight, players=players), "bold")


def headline_block(fight: Fight, keep: tuple[str, ...] | None = None, *,
                   players: bool = False) -> Hanging:
    """The headline as printed: wrapped to the width with a hanging indent, never inside a
    name (``keep``: the names, ``wrap.keep_names`` of the fight when not given)."""
    keep = keep_names(fight) if keep is None else keep
    return Hanging(status_headline(fight, players=players).plain, "bold", keep=keep, rest="  ")


def status_block(fight: Fight, *, bars: bool = True, players: bool = False) -> Group:
    """The headline, the table and (for the GM) the reminders. ``players``: the players'
    view, with no enemy Hidden from them in the table or the headline (R20, ch23:
    engine/core/players.py). status_layout.py ``plain_status`` writes the same lines
    without Rich."""
    seen = known_to_players(fight) if players else fight
    keep = keep_names(seen)
    parts: list[RenderableType] = [headline_block(fight, keep, players=players),
                                   status_table(seen, bars=bars, players=players)]
    if not players:
        parts += [Hanging(b.text, b.style, keep=b.keep, rest="  ")
                  for b in under_table(fight, keep)]
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
