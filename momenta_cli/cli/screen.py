"""What the tracker prints after each line, at the prompt and for ``do``: what the line did
(log lines, undo notes, help... drawn by render/outcome_view.py, as replay draws them),
a headline when the turn changes, and the status table when the round turns (or on
``status``).

Apart from the prompt (cli/prompt.py) so that ``status`` and ``do`` draw without loading
prompt_toolkit or the completion code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console, Group
from rich.text import Text

from momenta_cli.engine.core import Fight
from momenta_cli.render import lit

if TYPE_CHECKING:
    from momenta_cli.play import Outcome


def mark(fight: Fight) -> tuple:
    return (fight.round, fight.active, fight.active_turn, fight.over)


def block(console: Console, texts: list[Text], keep: tuple[str, ...] = ()) -> None:
    """Print ``texts`` as lines in one print: Rich's cost is per print, not per line, and
    a command's log is read as one piece anyway. A line too long for the console wraps
    with a hanging indent, never inside one of the names in ``keep`` (render/wrap.py)."""
    from momenta_cli.render import hanging

    if texts:
        console.print(Group(*hanging(texts, keep)))


class Screen:
    """Prints what each line did: log lines, undo notes, one headline line when the turn
    changes, and the status table on ``status`` and when the round turns (at every turn
    change with the ``table_every_turn`` setting).

    ``deferred`` (for ``do``, which runs many lines at once) draws the table once, at
    ``finish``, when any line changed the turn, instead of along the way: only the last
    one is still true. ``quiet`` prints only what the lines did: no table or headline
    unless ``status`` asks for it."""

    def __init__(self, console: Console, *, players: bool = False, deferred: bool = False,
                 quiet: bool = False, battlemap: bool = True):
        self.console = console
        self.players = players
        self.battlemap = battlemap  # the players' view draws the map under the table
        self.deferred = deferred
        self.quiet = quiet
        self.pending: Fight | None = None

    def table(self, fight: Fight) -> None:
        if self.deferred:
            self.pending = fight
            return
        self.console.print(self._view(fight))

    def finish(self) -> None:
        """Draw the table a deferred screen owes (nothing when no line asked for it)."""
        if self.pending is not None:
            self.console.print(self._view(self.pending))
            self.pending = None

    def _view(self, fight: Fight) -> Group:
        """The status table; for the players, on a map, the battlefield under it as they
        know it (no Hidden enemy: render/map_view.py), unless ``battlemap`` is off."""
        from momenta_cli.render import status_block  # the table: only when drawn

        shown = status_block(fight, players=self.players)
        if not self.players or not self.battlemap or fight.encounter.board is None:
            return shown
        from momenta_cli.render import battlemap

        return Group(shown, battlemap(fight, width=self.console.width, players=True))

    def error(self, message: str) -> None:
        from momenta_cli.render import refusal

        self.console.print(*refusal(message))  # wraps under itself

    def changed(self, fight: Fight, before: tuple) -> None:
        """After a line that moved the turn on: the table when the round turned or the
        combat ended (or at every turn with ``table_every_turn``), else one headline."""
        now = mark(fight)
        if now == before or self.quiet:
            return
        if self.deferred or now[0] != before[0] or now[3] != before[3] \
                or fight.settings.table_every_turn:
            self.table(fight)
        else:
            from momenta_cli.render import headline

            self.console.print(headline(fight, self.console.width, players=self.players))
            self._actor_notes(fight)

    def _actor_notes(self, fight: Fight) -> None:
        """What the table would have said under it about the combatant whose turn just
        started: reminders of effects left to the GM (Frightened, GM-defined conditions)
        and its stat block's notes (regeneration, auras...)."""
        if fight.active is None or self.players:
            return
        from momenta_cli.engine.harm import reminders

        f = fight.get(fight.active)
        texts = [lit(f"note: {f.name}: {t}", "yellow") for t in reminders(fight, f)]
        if f.spec.notes:
            texts.append(lit(f"notes ({f.name}): {' '.join(f.spec.notes.split())}", "dim"))
        block(self.console, texts)

    def outcome(self, out: Outcome, fight: Fight, before: tuple) -> bool:
        """Print ``out`` as every place a line is run draws it (render/outcome_view.py),
        then what the turn moving on calls for; return False when the GM asked to
        leave."""
        # The log's wording is loaded with the first line run: `status` draws no log.
        from momenta_cli.render import OutcomeStyle, draw_outcome

        view = draw_outcome(out, fight, self.console.width, OutcomeStyle(players=self.players))
        if view.shown:
            self.console.print(Group(*view.shown))
        if view.table:
            self.table(fight)
        if out.entry is not None:
            self.changed(fight, before)
        elif out.undone is not None or out.redone is not None:
            self._undo_redo(fight, before)
        return not out.leaves

    def _undo_redo(self, fight: Fight, before: tuple) -> None:
        # From the shell (`momenta undo`) the table shows where the fight now stands; at
        # the prompt the toolbar does, and the table only when the round changed.
        if self.deferred and not self.quiet:
            self.table(fight)
        else:
            self.changed(fight, before)
