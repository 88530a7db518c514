"""A line typed at the prompt, decided once with the table answering (``TableAsking``,
the ``Asking`` of play/runner.py ``run_line``): the command the line parses to is
decided with a ``TableDecider`` around the real roller, so each question is asked where
the engine stops for it and the tracker's dice are rolled once; the entry keeps the
complete line (language/unparsing.py: the command with every answer written, and a
comment typed after it), and its dice the tracker's faces and the d6s typed.

An Area attack aimed at the map is aimed first (engine/attack ``aimed``), so each
creature it catches is asked its own reaction. A movement on the map (a move, a shift,
a grabber's drag, a shove's push) stops at each trigger it reaches (R35) like any other
decision point, and the reactions taken are written on its line."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from momenta_cli.engine.attack import Attack
from momenta_cli.engine.core import (
    EndTurn,
    Entry,
    Fight,
    NextTurn,
    Roller,
    Session,
    StartTurn,
)
from momenta_cli.engine.movement import MoveTo
from momenta_cli.errors import MomentaError
from momenta_cli.language import comment_of, move_line, turn_line, unparse
from momenta_cli.questions.table_decider import (
    Failed,
    Table,
    TableDecider,
)


class TableAsking:
    """The prompt's questions for ``run_line``: every command but a movement is decided
    with the table answering. ``shows``: the last command decided went through the
    questions (an attack, or a question was asked), so the prompt shows its complete
    line (``as:``) when it differs from the one typed."""

    def __init__(self, table: Table):
        self.table = table
        self.shows = False

    def decide(self, session: Session, command: Any, line: str, roller: Roller
               ) -> Entry | None:
        self.shows = False
        fight = session.state
        cmd = _aimed(fight, command) if isinstance(command, Attack) else command
        d = TableDecider(fight, cmd, roller, self.table)
        settled = getattr(self.table, "settled", None)
        try:
            entry = session.decide(cmd, line, d)  # Cancelled is raised: nothing done
        except BaseException as err:
            if settled is not None:  # a phone's last answer goes with the command
                settled(str(err) if isinstance(err, MomentaError)
                        else "the GM cancelled the command")
            raise
        if settled is not None:  # a phone's last answer was taken
            settled()
        done = d.written()
        self.shows = isinstance(command, Attack) or d.asked
        if d.seats():  # the record notes which answers came from a seat
            entry = replace(entry, seated=d.seats())
        if done == cmd:
            return entry  # nothing added: the GM's own words
        return replace(entry, line=complete_line(done, line))


def complete_line(cmd: Any, typed: str) -> str:
    """``cmd`` written as its line, with the comment ``typed`` ends with. Raises
    ``Failed`` when no line can say it (never the typed line without the answers)."""
    try:
        if isinstance(cmd, Attack):
            text = unparse(cmd)
        elif isinstance(cmd, StartTurn | EndTurn | NextTurn):
            text = turn_line(cmd)
        elif isinstance(cmd, MoveTo):
            text = move_line(cmd)
        else:
            raise ValueError(f"no line writes a {type(cmd).__name__}'s answers")
    except ValueError as err:
        raise Failed(f"the answers cannot be written as one line ({err}); nothing was "
                     "done: type the line again with them written") from None
    note = comment_of(typed)
    return f"{text} {note}" if note else text


def _aimed(fight: Fight, cmd: Attack) -> Attack:
    """An Area attack aimed at the map (``area burst 2 e3``) with the creatures it
    catches as its targets, as the engine finds them (area_attack.aimed), so each is
    asked its own reaction; a refused area is left for the engine to refuse with its
    reason."""
    from momenta_cli.engine.attack import aimed

    try:
        return aimed(fight, cmd)
    except MomentaError:
        return cmd
