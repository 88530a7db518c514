"""Where the table's questions are asked (momenta_cli/questions/ has what is asked): at
the terminal, each at a prompt_toolkit prompt of its own (its answers stay out of the
history; Ctrl-C or Ctrl-D cancels the command); from a pipe with ``--ask``, each answer
is the next input line, echoed after its question as the piped prompt echoes lines, so
a transcript with questions can be recorded.

The players' pick (cli/pick.py) is asked the same two ways.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from rich.text import Text

from momenta_cli.cli.pick import Ask, resolve
from momenta_cli.cli.screen import Screen, block
from momenta_cli.engine.core import Fight
from momenta_cli.errors import MomentaError
from momenta_cli.questions import LEAVE, LEAVING
from momenta_cli.render import lit
from momenta_cli.text import as_typed, too_long


def _keep(fight: Fight) -> tuple[str, ...]:
    from momenta_cli.render import keep_names

    return keep_names(fight)


class _Told:
    def __init__(self, screen: Screen, get_fight: Callable[[], Fight]):
        self.screen = screen
        self.get_fight = get_fight

    def tell(self, text: str) -> None:
        block(self.screen.console, [lit(text, "bold")], _keep(self.get_fight()))

    def wrong(self, message: str) -> None:
        self.screen.error(message)

    def fits(self, answer: str) -> bool:
        """Whether ``answer`` is short enough to be taken (``text.LINE_MAX``, as a line);
        if not, it is said, and the question is asked again."""
        why = too_long(answer, "an answer")
        if why is not None:
            self.wrong(f"{why}; type it again")
        return why is None

    def note(self, text: str) -> None:
        block(self.screen.console, [lit(text, "dim")], _keep(self.get_fight()))


class TerminalTable(_Told):
    """Questions at the terminal: a prompt of their own, completion of the answers."""

    def __init__(self, screen: Screen, get_fight: Callable[[], Fight],
                 bar: Callable[[], str] | None = None):
        super().__init__(screen, get_fight)
        self.bar = bar

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter

        session: PromptSession = PromptSession(
            completer=WordCompleter(list(words), ignore_case=True, sentence=True),
            complete_while_typing=False, bottom_toolbar=self.bar)
        while True:
            try:
                answer = session.prompt(prompt)
            except (KeyboardInterrupt, EOFError):
                return None
            if self.fits(answer):
                return answer


class PipedTable(_Told):
    """Questions answered by the next lines of the input (``momenta run --ask`` with a
    pipe): each answer is echoed after its prompt; the end of the input cancels."""

    def __init__(self, screen: Screen, get_fight: Callable[[], Fight],
                 lines: Iterator[str]):
        super().__init__(screen, get_fight)
        self.lines = lines

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        while True:
            raw = next(self.lines, None)
            if raw is None:
                return None
            answer = raw.rstrip("\r\n")
            self.screen.console.print(Text(prompt, style="dim") + lit(as_typed(answer)))
            if self.fits(answer):
                return answer


def pick_until(read: Callable[[], str | None], screen: Screen,
               get_fight: Callable[[], Fight], names: list[str]) -> str | None:
    """Read answers with ``read`` until one names one of ``names`` (a number or a
    name); a blank answer is read again, a wrong one said; None when ``read`` is
    cancelled."""
    while True:
        text = read()
        if text is None:
            return None
        if not text.strip():
            continue
        why = too_long(text, "an answer")
        if why is not None:
            screen.error(f"{why}; type it again")
            continue
        if text.replace("\ufeff", "").strip().lower() in LEAVE:  # no name: the GM wants out
            screen.console.print(lit(LEAVING, "dim"))
            return None
        try:
            return resolve(get_fight(), names, text)
        except MomentaError as err:
            screen.error(str(err))


def piped_pick(screen: Screen, get_fight: Callable[[], Fight], lines: Iterator[str]
               ) -> Ask:
    """The players' pick from the next input lines (``--ask`` with a pipe): a number or a
    name, asked again until it names one of the choices; the end of the input cancels."""

    def read() -> str | None:
        raw = next(lines, None)
        if raw is None:
            return None
        text = raw.rstrip("\r\n")
        screen.console.print(Text("pick> ", style="dim") + lit(as_typed(text)))
        return text

    def ask(names: list[str], suggestion: str | None) -> str | None:
        return pick_until(read, screen, get_fight, names)

    return ask
