"""Lines cut to a width with a hanging indent, never inside a name (``hang``), and the
names that must not break (``keep_names``): plain strings, no Rich ``Text``, so that a
command printing a few plain lines to a pipe draws them without Rich's console
(cli/common.py ``print_plain``; start-up, docs/speed.md). render/wrap.py draws the same
cut through Rich.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.cells import cell_len, chop_cells

if TYPE_CHECKING:
    from momenta_cli.engine.core import Fight


# What holds a name's words together while the line is cut: text shown here has been
# through text.one_line, which turns every control character into a visible escape, so
# this one cannot occur in it.
_GLUE = "\x00"
HANG = 4  # a continuation starts this many columns right of the first line's text


def keep_names(fight: Fight) -> tuple[str, ...]:
    """The names a line may hold that must not break: the combatants' and their weapons'
    (with a space in them), the longest first so a name inside another is not cut out."""
    names = set()
    for f in fight.fighters.values():
        names.add(f.name)
        names.update(w.name for w in f.spec.weapons)
        names.update(d.name for d in f.spec.defenses)
    return tuple(sorted((n for n in names if " " in n), key=len, reverse=True))


def hang(text: str, width: int, *, first: str = "", rest: str | None = None,
         keep: Iterable[str] = ()) -> list[str]:
    """``text`` cut into lines of at most ``width`` cells: the first begins with
    ``first``, the others with ``rest`` (``first`` and 4 more spaces). Lines break at
    plain spaces only, never inside a name of ``keep``; a word longer than a whole line is
    cut where it must. No line ends in a space."""
    rest = " " * (cell_len(first) + HANG) if rest is None else rest
    for name in keep:
        if name in text:
            text = text.replace(name, name.replace(" ", _GLUE))
    out: list[str] = []
    cur = first
    start = True  # nothing on the current line yet but its indent
    spaces = -1  # the spaces before the next word (a run inside the text is kept)
    for word in text.split(" "):
        spaces += 1
        if word == "":
            continue
        shown = word.replace(_GLUE, " ")
        gap = "" if start else " " * spaces
        spaces = 0
        if cell_len(cur) + len(gap) + cell_len(shown) <= width:
            cur += gap + shown
            start = False
            continue
        if not start:
            out.append(cur)
            cur, start = rest, True
        room = max(width - cell_len(cur), 1)
        if cell_len(shown) > room:  # longer than a line: cut it
            cur, shown = _cut(shown, cur, room, rest, max(width - cell_len(rest), 1), out)
        cur += shown
        start = False
    out.append(cur.rstrip(" "))
    return out


def _cut(word: str, cur: str, room: int, rest: str, rest_room: int,
         out: list[str]) -> tuple[str, str]:
    """Cut ``word``, longer than the ``room`` left on ``cur``, into lines: the first
    piece ends ``cur``, the others each fill a line under ``rest``; the lines are added
    to ``out``, and the last piece is returned with its indent, to be continued. Each
    character is measured once or twice (a 600 KB word is cut in a blink: chopping it
    again after each line made the work grow with the square of its length)."""
    head = chop_cells(word, room)[0]
    if not head:  # a wide character that does not fit in one column: it goes alone
        head = word[0]
    out.append(cur + head)
    pieces = [p for p in chop_cells(word[len(head):], rest_room) if p]
    for piece in pieces[:-1]:
        out.append(rest + piece)
    return rest, pieces[-1] if pieces else ""
