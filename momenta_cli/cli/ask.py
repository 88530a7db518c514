"""Where the table's questions are asked (momenta_cli/questions/ has what is asked): at
the terminal, each at a prompt_toolkit prompt of its own (its answers stay out of the
history; Ctrl-C or Ctrl-D cancels the command); from a pipe with ``--ask``, each answer
is the next input line, echoed after its question as the piped prompt echoes lines, so
a transcript with questions can be recorded.

A seated PC's question (momenta_cli/seating/) is put to its phone at the same time
(``ask_seated``): at the terminal a task of the prompt's own event loop looks for the
phone's answer and ends the prompt with it; from a pipe the phone is waited for first.
Each question is claimed once, by the GM's answer or the phone's, whichever is first.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from momenta_cli.cli.screen import Screen, block
from momenta_cli.engine.core import Fight
from momenta_cli.render import lit
from momenta_cli.text import as_typed, too_long

if TYPE_CHECKING:
    from momenta_cli.seating import Exchange


def _keep(fight: Fight, text: str = "") -> tuple[str, ...]:
    """What a told line may not break inside when it wraps: every name of the fight, and
    a numbered choice (``1 Sister Ilse``: the players' pick) with its number."""
    import re

    from momenta_cli.render import keep_names

    names = keep_names(fight)
    numbered = {m.group(0) for n in names if n in text
                for m in re.finditer(r"\d+ " + re.escape(n), text)}
    return tuple(sorted(numbered, key=len, reverse=True)) + tuple(names)


POLL = 0.1  # seconds between two looks for a phone's answer


def phone_of(who: str) -> str:
    """``Wren's phone``; ``the players' phones`` for the allies' pick of who acts."""
    return "the players' phones" if who == "the players" else f"{who}'s phone"


class ToldTable:
    """What both tables share: how a question, a wrong answer and a note are shown, and
    the players' phones (``phones``: the fight's seats, momenta_cli/seating/): a seated
    PC's question is put to its phone too, and the first answer, typed or the phone's,
    is the one taken (each question is claimed once, by whichever comes first)."""

    def __init__(self, screen: Screen, get_fight: Callable[[], Fight]):
        self.screen = screen
        self.get_fight = get_fight
        self.phones: Exchange | None = None
        self.last_seat = ""  # the seat the last answer came from ("": the GM's)
        self._pending = ""  # the question a phone's answer was taken for, not yet judged
        self._refused = ""  # why the phone's last answer was refused

    def tell(self, text: str) -> None:
        block(self.screen.console, [lit(text, "bold")], _keep(self.get_fight(), text))

    def wrong(self, message: str) -> None:
        if self._pending and self.phones is not None:  # the phone hears why, too
            self.phones.settle(self._pending, False, message)
            self._pending, self._refused = "", message
        self.screen.error(message)

    # --- the phones ----------------------------------------------------------------------

    def seated(self) -> list[str]:
        """The PCs with a seat now (none without ``phones``, nor while no players'
        screen is served to take their answers)."""
        if self.phones is None or not self.phones.serving():
            return []
        return [n for n in self.phones.seats() if n in self.get_fight().fighters]

    def settled(self, why: str = "") -> None:
        """The command's questions are over: a phone's answer not refused was taken;
        with ``why`` the command was refused or cancelled, and the phone is told."""
        if self._pending and self.phones is not None:
            self.phones.settle(self._pending, not why, why)
        self._pending = self._refused = ""

    def ask_seated(self, prompt: str, words: Sequence[str], question: dict[str, Any]
                   ) -> str | None:
        """``ask``, with ``question`` open on the phones of its seats at the same time:
        the first answer is taken, once (``last_seat`` says whose). Ctrl-C closes the
        phones' question with the command."""
        assert self.phones is not None
        self.settled_one()
        if self._refused and not question.get("wrong"):
            question = {**question, "wrong": self._refused}
        self._refused = ""
        who = str(question.get("who") or "")
        try:
            qid = self.phones.open(question)
        except OSError as err:  # the seats' files cannot be written: the GM answers
            self.note(f"(no phone asked: the seats beside the fight cannot be written: "
                      f"{err.strerror or err})")
            self.last_seat = ""
            return self.ask(prompt, words)
        self.note(f"waiting for {phone_of(who)} (or type the answer)")
        limit = self.get_fight().settings.phone_time_limit
        got: tuple[str, str] | None = None
        try:
            got = self.wait(prompt, words, qid, who, limit)
        finally:
            self.phones.close(qid)
            if got is None:  # cancelled: a phone's answer that came meanwhile is void
                late = self.phones.claimed(qid)
                if late is not None and late.seat:
                    self.phones.settle(qid, False, "the GM cancelled the question")
        if got is None:
            self.last_seat = ""
            return None
        answer, seat = got
        self.last_seat = seat
        if seat:
            self._pending = qid
            self.screen.console.print(lit(f"{seat}'s phone: {as_typed(answer) or '(Enter)'}",
                                          "cyan"))
        return answer

    def settled_one(self) -> None:
        """A phone's answer followed by another question, not by a refusal: taken."""
        if self._pending and self.phones is not None:
            self.phones.settle(self._pending, True)
        self._pending = ""

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        """The answer typed at ``prompt``; None when the GM cancels (each table's own)."""
        raise NotImplementedError

    def wait(self, prompt: str, words: Sequence[str], qid: str, who: str, limit: int
             ) -> tuple[str, str] | None:
        """The first answer to question ``qid``: ``(answer, seat)``; None: cancelled."""
        raise NotImplementedError

    def typed_claim(self, qid: str, answer: str) -> tuple[str, str]:
        """The GM typed ``answer``: claimed for ``qid`` unless a phone's came first
        (then the phone's is the answer, and the GM is told)."""
        assert self.phones is not None
        try:
            first, claim = self.phones.claim(qid, answer)
        except OSError:  # no claim can be written: no phone's could be either
            return answer, ""
        if first or claim is None:
            return answer, ""
        if claim.seat:
            self.note(f"{claim.seat}'s phone answered first")
        return claim.answer, claim.seat

    def phone_claim(self, qid: str) -> tuple[str, str] | None:
        """A phone's answer to ``qid`` when one has been claimed."""
        assert self.phones is not None
        claim = self.phones.claimed(qid)
        if claim is None or not claim.seat:
            return None
        return claim.answer, claim.seat

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

    def _session(self, words: Sequence[str]) -> Any:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter

        return PromptSession(
            completer=WordCompleter(list(words), ignore_case=True, sentence=True),
            complete_while_typing=False, bottom_toolbar=self.bar)

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        self.settled_one()  # a phone's answer before this question was taken
        session = self._session(words)
        while True:
            try:
                answer = session.prompt(prompt)
            except (KeyboardInterrupt, EOFError):
                return None
            if self.fits(answer):
                return answer

    def wait(self, prompt: str, words: Sequence[str], qid: str, who: str, limit: int
             ) -> tuple[str, str] | None:
        """The prompt, with a task of its own event loop looking for the phone's answer:
        when one is claimed the prompt ends with it; past ``limit`` seconds (0: none)
        the phones' question closes and the prompt waits for the GM alone."""
        import asyncio
        import time

        from prompt_toolkit.application import run_in_terminal

        assert self.phones is not None
        phones = self.phones
        session = self._session(words)
        phoned: list[tuple[str, str]] = []
        start = time.monotonic()

        async def watch() -> None:
            closed = False
            while True:
                got = self.phone_claim(qid)
                if got is not None:
                    phoned.append(got)
                    session.app.exit(result="")
                    return
                if limit and not closed and time.monotonic() - start >= limit:
                    closed = True
                    phones.close(qid)
                    await run_in_terminal(lambda: self.note(
                        f"({phone_of(who)} did not answer in {limit}s: type the answer)"))
                await asyncio.sleep(POLL)

        def pre_run() -> None:
            session.app.create_background_task(watch())

        while True:
            try:
                answer = session.prompt(prompt, pre_run=pre_run)
            except (KeyboardInterrupt, EOFError):
                return None
            if phoned:
                _drop_typeahead(session)  # what the GM was typing answered nothing
                return phoned[0]
            if self.fits(answer):
                return self.typed_claim(qid, answer)


def _drop_typeahead(session: Any) -> None:
    """Forget the keys typed at a prompt a phone's answer ended: half an answer, or an
    Enter a moment late, must not answer the next question."""
    import termios

    from prompt_toolkit.input.typeahead import clear_typeahead

    try:
        clear_typeahead(session.app.input)
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (OSError, ValueError, termios.error):
        pass  # not a terminal: nothing is typed ahead


class PipedTable(ToldTable):
    """Questions answered by the next lines of the input (``momenta run --ask`` with a
    pipe): each answer is echoed after its prompt; the end of the input cancels."""

    def __init__(self, screen: Screen, get_fight: Callable[[], Fight],
                 lines: Iterator[str]):
        super().__init__(screen, get_fight)
        self.lines = lines

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        self.settled_one()  # a phone's answer before this question was taken
        while True:
            raw = next(self.lines, None)
            if raw is None:
                return None
            answer = raw.rstrip("\r\n")
            self.screen.console.print(Text(prompt, style="dim") + lit(as_typed(answer)))
            if self.fits(answer):
                return answer

    def wait(self, prompt: str, words: Sequence[str], qid: str, who: str, limit: int
             ) -> tuple[str, str] | None:
        """From a pipe the phone is waited for first, ``limit`` seconds (0: until it
        answers); then the question closes and the next line is the answer."""
        import time

        assert self.phones is not None
        start = time.monotonic()
        while not limit or time.monotonic() - start < limit:
            got = self.phone_claim(qid)
            if got is not None:
                self.screen.console.print(Text(prompt, style="dim")
                                          + lit(f"({got[1]}'s phone)"))
                return got
            time.sleep(POLL)
        self.phones.close(qid)
        self.note(f"({phone_of(who)} did not answer in {limit}s: the next line answers)")
        got = self.phone_claim(qid)  # one that came as it closed
        if got is not None:
            return got
        answer = self.ask(prompt, words)
        return None if answer is None else self.typed_claim(qid, answer)
