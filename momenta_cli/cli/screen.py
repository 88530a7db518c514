"""What the tracker prints after each line, at the prompt and for ``do``: log lines, undo
notes, help, a headline when the turn changes, and the status table when the round turns
(or on ``status``).

Apart from the prompt (cli/prompt.py) so that ``status`` and ``do`` draw without loading
prompt_toolkit or the completion code.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.console import Console, Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from momenta_cli.engine.core import Fight
from momenta_cli.errors import MomentaError
from momenta_cli.render import lit, status

if TYPE_CHECKING:
    from momenta_cli.play import Outcome

# --- help ------------------------------------------------------------------------------


def help_lines(arg: str | None = None) -> list[str]:
    """``help VERB``: one verb of the live registry in full, as plain lines."""
    from momenta_cli.language import lookup  # the verbs only when help is asked

    v = lookup(arg or "help")
    out = [f"{v.usage}", f"  {v.help}", f"  example: {v.example}"]
    if v.aliases:
        out.append(f"  aliases: {', '.join(v.aliases)}")
    return out


_QUOTED = re.compile(r"(?<!\w)'[^'\s][^']*? [^']*?'(?!\w)")  # 'using POW', not library's


def groups(text: str) -> tuple[str, ...]:
    """The top-level ``[...]`` groups of a help line that hold a space (``[pool N]``,
    ``[roll [RESULT]]``) and its quoted words (``'using POW'``): wrapped, a help line
    moves each to the next line whole, as it keeps names whole (render/wrap.py)."""
    out: list[str] = [m.group() for m in _QUOTED.finditer(text) if len(m.group()) <= 30]
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
            if depth == 0 and " " in text[start:i]:
                out.append(text[start:i + 1])
    return tuple(sorted(set(out), key=len, reverse=True))


def help_table() -> Group:
    """``help``: every verb of the live registry, by group, usage beside a short help."""
    from momenta_cli.language import VERBS

    groups: dict[str, list] = {}
    for v in VERBS.values():
        groups.setdefault(v.group, []).append(v)
    parts: list = []
    for group in sorted(groups, key=lambda g: (g == "session", g)):
        parts.append(Text(f"{group} commands", style="bold"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=False, max_width=28, overflow="fold")
        grid.add_column()
        for v in groups[group]:
            grid.add_row(lit(v.usage), lit(v.help.split(". ")[0].rstrip(".")))
        parts.append(Padding(grid, (0, 0, 0, 2)))
    parts.append(Text("Any unambiguous prefix of a command works; Tab completes what the "
                      "command takes next; 'help COMMAND' explains one; a line ending in "
                      "' ?' previews the command and does nothing.", style="dim"))
    return Group(*parts)


# --- screen ----------------------------------------------------------------------------


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
                 quiet: bool = False):
        self.console = console
        self.players = players
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
        know it (no Hidden enemy: render/map_view.py)."""
        shown = status(fight, players=self.players)
        if not self.players or fight.encounter.board is None:
            return shown
        from momenta_cli.render import battlemap

        return Group(shown, battlemap(fight, width=self.console.width, players=True))

    def error(self, message: str) -> None:
        from momenta_cli.render import hanging

        self.console.print(*hanging([lit(f"! {message}", "bold red")]))  # wraps under itself

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
        """Print ``out``; return False when the GM asked to leave."""
        # The log's wording is loaded with the first line run: `status` draws no log.
        from momenta_cli.render import Ledger, keep_names, lines

        c = self.console
        keep = keep_names(fight)
        if out.preview is not None:  # a line ending in "?": nothing changed
            from momenta_cli.engine.core import as_seen
            from momenta_cli.render import preview_keep, preview_lines

            # decided on the fight as the players know it in their view (runner.run_line)
            seen = as_seen(fight, self.players)
            block(c, preview_lines(out.preview, seen), preview_keep(out.preview, keep))
        elif out.entry is not None:
            ledger = Ledger.of(fight, out.entry.events)  # fight: the state after them
            block(c, [lit("  " + t) for t in lines(out.entry.events, ledger)], keep)
            self.changed(fight, before)
        elif out.undone is not None:
            ledger = Ledger.of(fight)  # fight: the state before the undone line
            block(c, [lit(f"undo: took back '{out.undone.script_line}'", "yellow"),
                      *(lit(f"  (undone) {t}", "dim")
                        for t in lines(out.undone.events, ledger))], keep)
            self._undo_redo(fight, before)
        elif out.redone is not None:
            ledger = Ledger.of(fight, out.redone.events)
            block(c, [lit(f"redo: put back '{out.redone.script_line}'", "yellow"),
                      *(lit(f"  {t}") for t in lines(out.redone.events, ledger))], keep)
            self._undo_redo(fight, before)
        elif out.meta is not None:
            what = out.meta.what
            if what == "status":
                self.table(fight)
            elif what == "help":
                if out.meta.arg is None:
                    c.print(help_table())
                    return True
                try:
                    texts = [lit(t) for t in help_lines(out.meta.arg)]
                except MomentaError as err:
                    self.error(str(err))
                else:
                    whole = {g for t in texts for g in groups(t.plain)} | set(keep)
                    block(c, texts, tuple(sorted(whole, key=len, reverse=True)))
            elif what == "odds" and out.odds is not None:
                from momenta_cli.render import draw_odds

                c.print(draw_odds(out.odds.odds, out.odds))
            elif what == "map":
                from momenta_cli.engine.core import as_seen
                from momenta_cli.render import map_meta

                # the players' view: of the fight as they know it, so that a Hidden
                # enemy's name is refused as one nobody has (R20, engine/core/players.py)
                seen = as_seen(fight, self.players)
                c.print(map_meta(seen, out.meta.arg, width=c.width, players=self.players))
            elif what == "path":
                from momenta_cli.render import path_lines

                try:
                    texts = [lit(t) for t in path_lines(fight, out.meta, players=self.players)]
                except MomentaError as err:  # no such path: the reason, nothing changed
                    self.error(str(err))
                else:
                    block(c, texts, keep)
            elif what == "los":
                from momenta_cli.render import los_lines

                try:
                    texts = [lit(t) for t in los_lines(fight, out.meta, players=self.players)]
                except MomentaError as err:  # no map, nobody of that name: said, no harm
                    self.error(str(err))
                else:
                    block(c, texts, keep)
            elif what == "quit":
                return False
        return True

    def _undo_redo(self, fight: Fight, before: tuple) -> None:
        # From the shell (`momenta undo`) the table shows where the fight now stands; at
        # the prompt the toolbar does, and the table only when the round changed.
        if self.deferred and not self.quiet:
            self.table(fight)
        else:
            self.changed(fight, before)
