"""Where the table's questions are asked (momenta_cli/questions/ has what is asked): at
the terminal, each at a prompt_toolkit prompt of its own (its answers stay out of the
history; Ctrl-C or Ctrl-D cancels the command); from a pipe with ``--ask``, each answer
is the next input line, echoed after its question as the piped prompt echoes lines, so
a transcript with questions can be recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from rich.text import Text

from momenta_cli.cli.screen import Screen, block
from momenta_cli.engine.core import Fight
from momenta_cli.render import lit
from momenta_cli.text import as_typed, too_long


def _keep(fight: Fight, text: str = "") -> tuple[str, ...]:
    """What a told line may not break inside when it wraps: every name of the fight, and
    a numbered choice (``1 Sister Ilse``: the players' pick) with its number."""
    import re

    from momenta_cli.render import keep_names

    names = keep_names(fight)
    numbered = {m.group(0) for n in names if n in text
                for m in re.finditer(r"\d+ " + re.escape(n), text)}
    return tuple(sorted(numbered, key=len, reverse=True)) + tuple(names)


class ToldTable:
    """What both tables share: how a question, a wrong answer and a note are shown."""

    def __init__(self, screen: Screen, get_fight: Callable[[], Fight]):
        self.screen = screen
        self.get_fight = get_fight

    def tell(self, text: str) -> None:
        block(self.screen.console, [lit(text, "bold")], _keep(self.get_fight(), text))

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


class TerminalTable(ToldTable):
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


class PipedTable(ToldTable):
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
