"""Text for the screen: literal (``lit``: what a name or a note holds is shown, never
read as markup or obeyed), and lines wrapped with a hanging indent, never inside a name.

Rich wraps at any whitespace, the no-break space included, and starts a wrapped line at
column 0; a log line wraps here instead: only at plain spaces outside the names given,
each continuation indented under the first line's text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.text import Text

from momenta_cli.render.line_cut import (  # noqa: F401  (wrap's names for render's modules)
    HANG,
    hang,
    keep_names,
)
from momenta_cli.text import escape, one_line

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult


def lit(text: str, style: str = "") -> Text:
    """A Rich ``Text`` showing ``text`` as written on one line: no markup is read, and a
    newline or any control, bidi or invisible character shows as an escape (a name or a
    recorded command can never forge a line of its own)."""
    return Text(one_line(text), style=style)


def lit_lines(text: str, style: str = "") -> Text:
    """``lit`` for text of several lines: the newlines are kept, the rest is escaped."""
    return Text(escape(text), style=style)


class Hanging:
    """A line of text in one style, wrapped to the console's width by ``hang``: a log
    line keeps its leading indent and hangs 4 columns further."""

    def __init__(self, text: str, style: str = "", *, keep: Iterable[str] = (),
                 rest: str | None = None):
        lead = len(text) - len(text.lstrip(" "))
        self.first, self.body = text[:lead], text[lead:]
        self.style = style
        self.keep = tuple(keep)
        self.rest = rest

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for piece in hang(self.body, options.max_width, first=self.first, rest=self.rest,
                          keep=self.keep):
            yield Text(piece, style=self.style, end="\n")


def hanging(texts: Iterable[Text], keep: Iterable[str] = ()) -> list[Hanging]:
    """Each of ``texts`` (one style each, as ``lit`` makes them) as a ``Hanging``."""
    kept = tuple(keep)
    return [Hanging(t.plain, str(t.style), keep=kept) for t in texts]
