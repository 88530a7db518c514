"""The terminal harness: the real program in a pseudo-terminal (pexpect), its output fed
into a terminal emulator (pyte), and waits on what the emulated screen shows.

A prompt_toolkit line editor redraws: one keystroke may reach the terminal as several
writes (a Tab completion as the old word, cursor moves, then the new one), so waiting
for an exact run of bytes in the output is flaky under load. ``Terminal`` waits instead
until a predicate on the rendered screen holds, with a timeout whose failure message
prints the screen; it never sleeps (it blocks reading the program's output).

Reading follows what was typed: ``send`` marks the row the cursor is on, and the text
waits (``wait_text``, ``wait_words``, ``wait_line``) look only at that row and the rows
below it (rows scrolled off the top since included), so text an earlier command left on
the screen never satisfies a later wait. Each text wait moves the mark to the row where
its match began, so consecutive waits find their text in order. Text the terminal
wrapped at the right edge is found across the rows it spans. ``wait_prompt`` waits for
the cursor's row to read exactly a prompt and what is typed at it; after Enter, Ctrl-C
or Ctrl-D it must be a row below the one they were typed on.

    term = spawn_momenta(where, "run", "encounters/demo.yaml", "--new")
    term.wait_prompt("R1 allies>")
    term.send("tu\\t")
    term.wait_prompt("R1 allies> turn")  # Tab completed the verb, with its space
    term.send("wren\\r")
    term.wait_text("Wren's turn")
    term.wait_prompt("R1 Wren>")
    term.send("\\x04")
    assert term.wait_exit() == 0
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")  # the terminal emulator the waits read

ROWS, COLUMNS = 40, 100
TIMEOUT = 30.0
# keys after which the program answers on a new row: Enter, Ctrl-C, Ctrl-D
LINE_ENDING_KEYS = ("\r", "\x03", "\x04")
EDGE = "\x00"  # stands between two rows in the text the waits search


class _Screen(pyte.Screen):
    """A pyte screen that keeps the rows scrolled off its top and answers the program's
    cursor-position requests (prompt_toolkit asks, to place its bottom toolbar)."""

    def __init__(self, columns: int, lines: int, answer: Callable[[str], object]) -> None:
        super().__init__(columns, lines)
        self.scrolled: list[str] = []
        self._answer = answer

    def index(self) -> None:
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        if self.cursor.y == bottom and top == 0:
            self.scrolled.append(self.display[0])
        super().index()

    def write_process_input(self, data: str) -> None:
        self._answer(data)


class ScreenTimeout(AssertionError):
    """A wait on the screen ran out of time (or the program ended first)."""


def _across_rows(text: str) -> str:
    """A pattern for ``text`` that also matches it wrapped at a row's edge."""
    return f"{EDGE}?".join(re.escape(c) for c in text)


class Terminal:
    """A child process (``pexpect.spawn``, text mode) and the screen it draws."""

    def __init__(self, child: pexpect.spawn, rows: int = ROWS, columns: int = COLUMNS,
                 timeout: float = TIMEOUT) -> None:
        self.child = child
        self.timeout = timeout
        self.screen = _Screen(columns, rows, child.send)
        self.stream = pyte.Stream(self.screen)
        self.ended = False
        self._mark = 0  # absolute row where the text waits start looking
        self._sent_row = 0  # absolute row of the cursor at the last send
        self._new_line = False  # the last send ended a line (Enter, Ctrl-C, Ctrl-D)

    @classmethod
    def spawn(cls, args: Sequence[str], *, cwd: Path | str, env: dict[str, str],
              program: Sequence[str] = ("-m", "momenta_cli"), rows: int = ROWS,
              columns: int = COLUMNS, timeout: float = TIMEOUT) -> Terminal:
        """``python PROGRAM ARGS`` in a new ``rows`` x ``columns`` pseudo-terminal."""
        child = pexpect.spawn(sys.executable, [*program, *args], cwd=str(cwd), env=env,
                              encoding="utf-8", codec_errors="replace",
                              dimensions=(rows, columns))
        return cls(child, rows, columns, timeout)

    # --- what the screen shows ---------------------------------------------------------

    def lines(self) -> list[str]:
        """The screen's rows, trailing spaces dropped."""
        return [row.rstrip() for row in self.screen.display]

    def cursor_line(self) -> str:
        """The row the cursor is on (at a prompt: the prompt and what is typed)."""
        return self.screen.display[self.screen.cursor.y].rstrip()

    def below_cursor(self) -> str:
        """The rows below the cursor's (a completion menu under the line typed)."""
        return "\n".join(self.lines()[self.screen.cursor.y + 1:])

    def _row(self) -> int:
        """The cursor's row, counted from the first row the program ever drew on."""
        return len(self.screen.scrolled) + self.screen.cursor.y

    def _since(self) -> list[tuple[int, str]]:
        """(absolute row, the row in full width) from the mark down, scrolled off or not."""
        width = self.screen.columns
        rows = self.screen.scrolled + self.screen.display
        return [(n, rows[n].ljust(width)) for n in range(self._mark, len(rows))]

    def shown(self) -> str:
        """The rows from the mark down, one per line, trailing spaces dropped."""
        return "\n".join(row.rstrip() for _, row in self._since())

    def _search(self, pattern: str) -> tuple[list[tuple[int, str]], int, int] | None:
        """Search the rows from the mark down, joined by EDGE, for ``pattern``: the rows,
        and the index among them of the first and last row of the match; move the mark
        to the match's first row."""
        rows = self._since()
        match = re.search(pattern, EDGE.join(row for _, row in rows))
        if match is None:
            return None
        span = self.screen.columns + 1
        first, last = match.start() // span, (max(match.end(), 1) - 1) // span
        self._mark = rows[first][0]
        return rows, first, last

    def dump(self) -> str:
        """The screen, framed, the cursor's row marked: for failure messages."""
        cursor, lines = self.screen.cursor.y, self.lines()
        last = max([cursor] + [y for y, text in enumerate(lines) if text])
        rows = [f"{'>' if y == cursor else ' '}{y + 1:3d}|{text}"
                for y, text in enumerate(lines[:last + 1])]
        if last + 1 < len(lines):
            rows.append(f"    (rows {last + 2}-{len(lines)} blank)")
        rule = "     +" + "-" * self.screen.columns
        return "\n".join([rule, *rows, rule])

    # --- typing --------------------------------------------------------------------------

    def send(self, keys: str) -> None:
        """Type ``keys`` (``\\r`` Enter, ``\\t`` Tab, ``\\x03`` Ctrl-C, ``\\x04`` Ctrl-D, or
        escape sequences) and mark the cursor's row: later waits read from it down."""
        self._mark = self._sent_row = self._row()
        self._new_line = any(k in keys for k in LINE_ENDING_KEYS)
        self.child.send(keys)

    # --- waiting -------------------------------------------------------------------------

    def _feed(self, timeout: float) -> None:
        """Feed the screen what the program writes within ``timeout`` seconds, if any."""
        try:
            data = self.child.read_nonblocking(65536, timeout=max(timeout, 0.0))
        except pexpect.TIMEOUT:
            return
        except pexpect.EOF:
            self.ended = True
            return
        self.stream.feed(data)

    def wait(self, ready: Callable[[], object], what: str,
             timeout: float | None = None) -> object:
        """Feed the screen the program's output until ``ready()`` returns something true,
        and return that; fail after ``timeout`` seconds (default: the terminal's), or
        once the program ended, with ``what`` was awaited and the screen."""
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while True:
            got = ready()
            if got:
                return got
            left = deadline - time.monotonic()
            if self.ended or left <= 0:
                why = "the program ended" if self.ended else f"{limit:g} s passed"
                raise ScreenTimeout(f"waited for {what}, but {why}; the screen:\n"
                                    f"{self.dump()}")
            self._feed(min(left, 1.0))

    def wait_text(self, text: str, timeout: float | None = None) -> str:
        """Wait until ``text`` is shown from the mark down (on one row, or wrapped at the
        right edge onto the next); return the rows it is on."""
        def found() -> str | None:
            hit = self._search(_across_rows(text))
            if hit is None:
                return None
            rows, first, last = hit
            return "\n".join(row.rstrip() for _, row in rows[first:last + 1])
        return str(self.wait(found, f"the text {text!r}", timeout))

    def wait_words(self, text: str, timeout: float | None = None) -> str:
        """Wait until the words of ``text`` are shown from the mark down, however they
        were wrapped (any spaces and row ends between them); return the rows from the
        mark down to the last row of the match as one line of words (rows the terminal
        wrapped at the right edge joined as they were, every run of spaces and row ends
        one space)."""
        pattern = f"[ {EDGE}]+".join(_across_rows(word) for word in text.split())
        width = self.screen.columns

        def found() -> str | None:
            hit = self._search(pattern)
            if hit is None:
                return None
            rows, _, last = hit
            joined = ""
            for _, row in rows[:last + 1]:
                text = row.rstrip()
                joined += text if len(text) >= width else text + " "
            return " ".join(joined.split())
        return str(self.wait(found, f"the words {text!r}", timeout))

    def wait_line(self, pattern: str, timeout: float | None = None) -> re.Match[str]:
        """Wait until a row from the mark down matches ``pattern`` (``re.search``, one
        row at a time); return the match."""
        regex = re.compile(pattern)

        def found() -> re.Match[str] | None:
            for n, row in self._since():
                match = regex.search(row.rstrip())
                if match:
                    self._mark = n
                    return match
            return None
        match = self.wait(found, f"a row matching {pattern!r}", timeout)
        assert isinstance(match, re.Match)
        return match

    def wait_prompt(self, prompt: str | re.Pattern[str], timeout: float | None = None) -> str:
        """Wait until the cursor's row reads exactly ``prompt`` (trailing spaces aside; or
        a compiled pattern, ``fullmatch``): a prompt and what is typed at it. After Enter,
        Ctrl-C or Ctrl-D it must be a row below the one they were typed on."""
        def ready() -> str | None:
            row = self._row()
            if row < self._sent_row or (self._new_line and row == self._sent_row):
                return None
            line = self.cursor_line()
            if isinstance(prompt, re.Pattern):
                return line if prompt.fullmatch(line) else None
            return line if line == prompt.rstrip() else None
        shown = prompt.pattern if isinstance(prompt, re.Pattern) else prompt
        return str(self.wait(ready, f"the cursor's row to read {shown!r}", timeout))

    def wait_toolbar(self, text: str, timeout: float | None = None) -> str:
        """Wait until the bottom row (where prompt_toolkit draws its bottom toolbar) shows
        ``text``; return that row."""
        def ready() -> str | None:
            bottom = self.lines()[-1]
            return bottom if text in bottom else None
        return str(self.wait(ready, f"the bottom row to show {text!r}", timeout))

    def wait_exit(self, timeout: float | None = None) -> int | None:
        """Wait until the program ends (all its output on the screen) and return its exit
        status (None if a signal ended it)."""
        self.wait(lambda: self.ended, "the program to end", timeout)
        self.child.close()
        return self.child.exitstatus

    def kill(self, sig: int) -> None:
        """Send the program ``sig`` and reap it."""
        self.child.kill(sig)
        self.child.close(force=True)


def momenta_env(home: Path, *, cpr: bool = False) -> dict[str, str]:
    """The environment the terminal tests run momenta in: xterm, 100x40, no colour, a
    private MOMENTA_HOME; cursor-position requests off unless ``cpr`` (prompt_toolkit
    draws its bottom toolbar only once it knows how many rows are below the prompt;
    ``Terminal`` answers the requests from the emulated screen)."""
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", COLUMNS=str(COLUMNS),
               LINES=str(ROWS), MOMENTA_HOME=str(home), PROMPT_TOOLKIT_NO_CPR="1")
    env.pop("FORCE_COLOR", None)
    if cpr:
        del env["PROMPT_TOOLKIT_NO_CPR"]
    return env


def spawn_momenta(cwd: Path, *args: str, home: Path | None = None, cpr: bool = False,
                  program: Sequence[str] = ("-m", "momenta_cli"),
                  timeout: float = TIMEOUT) -> Terminal:
    """``momenta ARGS`` (``python PROGRAM ARGS``) in a 100x40 pseudo-terminal in ``cwd``,
    MOMENTA_HOME ``home`` (default ``cwd/home``)."""
    env = momenta_env(cwd / "home" if home is None else home, cpr=cpr)
    return Terminal.spawn(args, cwd=cwd, env=env, program=program, timeout=timeout)
