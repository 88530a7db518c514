"""The interactive prompt at the table: prompt_toolkit line editing with history kept
across sessions, tab completion that knows the grammar (cli/completion/completer.py), a bottom
toolbar saying whose turn it is (render/turnline.py), the table's questions where the
rules give someone a choice (momenta_cli/questions/, asked through cli/ask.py: the
players' pick of who acts among them), and the screen output after each line.

When stdin is not a terminal the prompt falls back to plain line reading, echoing each
line after its prompt so the output reads as a transcript; it asks nothing unless told to
(``momenta run --ask``), and then reads each answer from the next line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from momenta_cli.cli.completion import complete
from momenta_cli.cli.screen import Screen, block, mark
from momenta_cli.engine.core import Fight, Roller
from momenta_cli.errors import MomentaError
from momenta_cli.journal import FightFile, NotSaved
from momenta_cli.render import lit, prompt_line, toolbar
from momenta_cli.storage import is_regular, state_home
from momenta_cli.text import as_typed, echo, one_line, too_long

if TYPE_CHECKING:
    from momenta_cli.engine.core import Entry, ScheduledEvent
    from momenta_cli.questions import Table, TableAsking

# --- where things live -----------------------------------------------------------------


def history_path() -> Path:
    return state_home() / "history"


# --- completion and the toolbar --------------------------------------------------------


def make_completer(get_fight: Callable[[], Fight]):
    """A prompt_toolkit completer reading the live state through ``get_fight``; the
    grammar lives in cli/completion/completer.py."""
    from prompt_toolkit.completion import Completer, Completion

    class MomentaCompleter(Completer):
        def get_completions(self, document, complete_event):
            try:
                current, found = complete(get_fight(), document.text_before_cursor)
            except Exception:  # a completion bug must never end the session: no offer
                return
            for word in found:
                yield Completion(word, start_position=-len(current),
                                 display=one_line(word.rstrip(" ")))

    return MomentaCompleter()


def make_toolbar(get_fight: Callable[[], Fight], players: bool = False
                 ) -> Callable[[], str]:
    """The bottom toolbar: round, phase, who acts (turn counter, Vigor, Guard) or who
    is due; as wide as the terminal."""
    from prompt_toolkit.application.current import get_app

    def bar() -> str:
        try:
            width = get_app().output.get_size().columns
        except Exception:  # no running application: the design width
            width = 80
        try:
            return toolbar(get_fight(), width, players=players)
        except Exception:  # a toolbar bug must never end the session
            return ""

    return bar


def run_one(ff: FightFile, screen: Screen, line: str, roller: Roller,
            table: Table | None = None) -> bool:
    """Run one typed line, save it, show it. False when the GM leaves.

    With ``table`` (questions on), the line is decided once with the table answering
    where the rules give someone a choice (momenta_cli/questions/): the players' pick of
    who acts, an attack's reactions, dice and Brace, an enemy's scripted defense, a PC's
    Wound d6 and end-of-turn clear rolls, the reactions a movement on the map triggers as
    it reaches them. The line kept is then the complete command with the answers (shown
    as ``as:`` after its events); cancelled at any question, nothing runs.

    A line that cannot be saved (a full disk) is not shown as done: one ``not saved``
    line, and the fight stays as it was before it; the next line saves normally once the
    problem is gone."""
    from momenta_cli.cli.seat_cmd import is_seat_line, seat_line
    from momenta_cli.play import check_plain, steps

    if is_seat_line(line):  # the players' seats (cli/seat_cmd.py): nothing journalled
        seat_line(ff, screen, line)
        return True
    try:
        check_plain(line)  # refused before any question is asked about it
    except MomentaError as err:
        screen.error(str(err))
        return True
    several, note = steps(ff.session, line)
    if several != [line]:  # ``undo 3``: three steps, each saved and shown
        for one in several:
            if _run(ff, screen, one, roller) is None:
                return True
        if note:
            screen.console.print(lit(note, "dim"))
        return True
    if table is None:
        going = _run(ff, screen, line, roller)
    else:
        from momenta_cli.cli.event_confirm import confirmer
        from momenta_cli.questions import TableAsking

        # an ``ask: true`` scheduled event the line sets off is asked here too
        going = _run(ff, screen, line, roller, TableAsking(table), confirm=confirmer(table))
    return True if going is None else going




def _run(ff: FightFile, screen: Screen, line: str, roller: Roller,
         asking: TableAsking | None = None, typed: str | None = None,
         confirm: Callable[[ScheduledEvent], bool] | None = None) -> bool | None:
    """Run ``line``, save it, show it: False when the GM leaves, None when it was
    refused, cancelled at a question or not saved (said on the screen). ``asking``:
    the table's questions, asked while the line is decided; the entry's complete command
    is shown as ``as:`` right after its events when it differs from the line typed (an
    answer, or a die the tracker rolled at Enter), as for ``typed``: the line as the GM
    typed it when its questions were asked before it ran (a movement's)."""
    from momenta_cli.questions import Cancelled

    before = mark(ff.session.state)
    # An ``ask: true`` event's question comes after what the line did is on the screen
    # (its events, the round banner): the line is drawn at the first question, and only
    # what follows it afterwards. ``early``: the firings drawn then, and the mark then.
    early: list[tuple[int, tuple]] = []

    def confirm_after_line(sched: ScheduledEvent) -> bool:
        assert confirm is not None
        if not early:
            early.append(_draw_so_far(ff, screen, line, before))
        return confirm(sched)

    try:
        out = ff.run(line, roller, players=screen.players, asking=asking,
                     confirm=confirm_after_line if confirm is not None else None)
    except (Cancelled, KeyboardInterrupt):
        screen.console.print(lit("cancelled: nothing was done", "dim"))
        return None
    except NotSaved as err:
        screen.error(f"not saved: {err.why}; {echo(line)} was not done and the fight "
                     f"is as it was ({err.path})")
        return None
    except MomentaError as err:
        screen.error(str(err))
        return None
    except Exception as err:  # a bug must not end the session: the fight is saved
        screen.error(f"internal error, nothing was changed or saved: "
                     f"{type(err).__name__}: {err}")
        return None
    for note in ff.take_notices():
        screen.console.print(lit(f"note: {note}", "yellow"))
    if early:
        drawn, seen = early[0]
        screen.outcome(replace(out, entry=None, fired=out.fired[drawn:]), ff.session.state,
                       seen)
        screen.changed(ff.session.state, seen)
        return not out.leaves
    entry = out.entry
    if asking is not None and asking.shows:
        typed = line
    if entry is not None and typed is not None and entry.script_line != typed \
            and not out.fired:
        _shown_as(screen, entry, ff.session.state, before)
        return True
    return screen.outcome(out, ff.session.state, before)


def _draw_so_far(ff: FightFile, screen: Screen, line: str, before: tuple
                 ) -> tuple[int, tuple]:
    """Draw the line just decided and the events it fired so far (the session's last
    entries), as ``screen.outcome`` would after it: how many firings that was, and the
    mark of the state now."""
    from momenta_cli.play import Outcome, automatic_block

    block = automatic_block(ff.session)
    entry = ff.session.entries[-len(block) - 1]
    screen.outcome(Outcome(line, entry=entry, fired=tuple(Outcome(e.line, entry=e)
                                                          for e in block)),
                   ff.session.state, before)
    return len(block), mark(ff.session.state)


def _shown_as(screen: Screen, entry: Entry, fight: Fight, before: tuple) -> None:
    """An entry's events, then ``as:`` and its complete command (to copy into a script),
    then what changed (a headline, the table): the line belongs to the exchange."""
    from rich.console import Group

    from momenta_cli.play import Outcome
    from momenta_cli.render import OutcomeStyle, draw_outcome

    # drawn as any accepted line is (render/outcome_view.py)
    view = draw_outcome(Outcome(entry.line, entry=entry), fight, screen.console.width,
                        OutcomeStyle(players=screen.players))
    screen.console.print(Group(*view.shown))
    # One line however long, never wrapped by us: it is there to be copied into a script
    # whole (the terminal folds it on screen; copying a folded line gives it back whole).
    screen.console.print(lit(f"  as: {entry.script_line}", "dim"), soft_wrap=True)
    screen.changed(fight, before)


def _history(screen: Screen):
    """History kept in ``history_path()`` across sessions; in memory only when that file
    cannot be used. Saving a line to it never ends the session (a full disk)."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    class QuietFileHistory(FileHistory):
        def load_history_strings(self):
            try:
                yield from super().load_history_strings()
            except (OSError, ValueError):
                return  # unreadable history: start with none

        def store_string(self, string: str) -> None:
            if too_long(string):
                return  # refused whole: a pasted page is not worth recalling
            try:
                super().store_string(string)
            except (OSError, ValueError):
                pass  # the line still runs; only its recall in a later session is lost

    hist_file = history_path()
    try:
        hist_file.parent.mkdir(parents=True, exist_ok=True)
        if hist_file.exists() and not is_regular(hist_file):
            raise OSError(f"{hist_file} is not a regular file")  # a FIFO would hang
        return QuietFileHistory(str(hist_file))
    except OSError:
        screen.error(f"cannot keep history in {hist_file}; history is for this session only")
        return InMemoryHistory()


def loop(ff: FightFile, screen: Screen, roller: Roller, *, interactive: bool | None = None,
         questions: bool | None = None, news: Callable[[], list[str]] | None = None) -> None:
    """Read lines until ``quit`` or end of input. Every accepted line is already saved.

    ``questions``: ask the table's questions (the players' pick, and wherever the rules
    give someone a choice: a reaction, an enemy's defense, dice, Brace, a Wound d6, a
    clear roll); default: at a terminal only. From a pipe each answer is the next
    line. ``news``: lines from elsewhere in the process (the players' screen, ``run
    --serve``), printed before each prompt rather than across the line being typed."""

    def tell_news() -> None:
        for text in news() if news is not None else ():
            screen.console.print(lit(text, "yellow"))
    if interactive is None:
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if questions is None:
        questions = interactive

    def state() -> Fight:
        return ff.session.state

    if not interactive:
        from momenta_cli.cli.ask import PipedTable

        lines = iter(sys.stdin)
        piped = PipedTable(screen, state, lines) if questions else None
        if piped is not None:
            piped.phones = _phones(ff)
        try:
            for raw in lines:
                tell_news()
                line = raw.rstrip("\r\n")
                screen.console.print(Text(prompt_line(ff.session.state), style="dim")
                                     + lit(as_typed(line)))
                done = run_one(ff, screen, line, roller, piped) if piped is not None \
                    else run_one(ff, screen, line, roller)
                if not done:
                    break
        except KeyboardInterrupt:
            pass  # every accepted line is already saved
        return
    from prompt_toolkit import PromptSession

    from momenta_cli.cli.ask import TerminalTable

    bar = make_toolbar(state, screen.players)
    ps: PromptSession = PromptSession(
        history=_history(screen),
        completer=make_completer(state),
        complete_while_typing=False,
        enable_suspend=True,
        bottom_toolbar=bar,
    )
    table = TerminalTable(screen, state, bar) if questions else None
    if table is not None:
        table.phones = _phones(ff)
    while True:
        tell_news()
        try:
            line = ps.prompt(prompt_line(ff.session.state))
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line being typed
        except EOFError:
            break  # Ctrl-D leaves; everything is already saved
        if not run_one(ff, screen, line, roller, table):
            break
    goodbye(screen, ff.path)


def _phones(ff: FightFile):
    """The fight's seats (momenta_cli/seating/): a seated PC's questions go to its phone
    too."""
    from momenta_cli.seating import Exchange

    phones = Exchange(ff.path)
    phones.forget_question()  # left open by a prompt that ended abruptly
    return phones


def goodbye(screen: Screen, path: Path) -> None:
    """The last line at the prompt: where the fight is and how to come back to it,
    wrapped under itself (the command to type again is not split)."""
    block(screen.console, [lit(f"Fight saved in {path}. Resume with: momenta resume "
                               f"{path}", "dim")], ("Resume with: momenta resume",))
