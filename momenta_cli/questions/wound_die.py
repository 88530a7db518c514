"""The PC Wound table's d6 (R10): a PC that fills a Wound (or Burden) slot rolls a d6
for its condition, and the players roll physical dice, so with ``ask_dice`` on the
engine's point for each such d6 is asked once the hit has been shown (the roll and
the damage are its ``lead``): a face 1-6, or Enter for the tracker to roll. An enemy's
Wound gives its hit location's effect and rolls nothing, so is never asked.

The face typed is the die the engine takes; the journal keeps it with the entry's dice
(``RecordingRoller`` puts it on the tape in its place), so the line replays the same
condition."""

from __future__ import annotations

from typing import TYPE_CHECKING

from momenta_cli.engine.core import Ask
from momenta_cli.errors import MomentaError
from momenta_cli.text import clip, one_line

if TYPE_CHECKING:
    from momenta_cli.questions.table_decider import TableDecider


def telling(table: tuple[str, ...], who: str, what: str) -> str:
    """``Wound d6 (R10) for Wren's Wound: 1 Impaired, ...`` and how to answer."""
    faces = ", ".join(f"{k} {c}" for k, c in enumerate(table, 1))
    return one_line(f"Wound d6 (R10) for {who}'s {what}: {faces}. Type each face (1-6); "
                    "Enter: the tracker rolls.")


def answer(text: str) -> int | None:
    """The face typed: None (Enter) for the tracker to roll. Raises ``MomentaError``
    with the reason, echoing the answer short."""
    t = text.replace("\ufeff", "").strip()
    if not t:
        return None
    if len(t) == 1 and t in "123456":  # one ASCII digit: never ² or ٣, nor 5,000 of them
        return int(t)
    raise MomentaError(f"a Wound table roll is one d6 face from 1 to 6, got "
                       f"{clip(one_line(t), 40)!r}")


def ask_wound(d: TableDecider, ask: Ask) -> int | None:
    """The face of the Wound (Burden) d6 at ``ask``, the hit shown first."""
    if not d.fight.settings.ask_dice:
        return None
    d.show(ask)
    what = "Burden" if ask.burden else "Wound"
    if d.once(("wound", ask.who, what)):
        d.table.tell(telling(d.fight.settings.pc_wound_table, ask.who, what))
    while True:
        try:
            return answer(d.question(one_line(f"{ask.who}'s {what} d6 (R10)> ")))
        except MomentaError as err:
            d.table.wrong(f"{err}; type it again (Enter: the tracker rolls)")
