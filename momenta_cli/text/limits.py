"""How much the tracker takes from what is typed: the longest line, the echo of a refused
one, and the digits of a number.

A command line, a note, an answer to a question: each is at most ``LINE_MAX``
characters. It is far more than a GM types (a note of some 600 words), and it keeps every
record the line leads to well under the fight file's record limit
(journal/records.py ``RECORD_LIMIT``, which checks the two against each other), so what
the tracker accepts it can always read back. A longer line is refused whole, before
anything is asked or saved.

A refusal that quotes what was typed quotes at most ``ECHO_MAX`` characters (``echo``;
literal.py ``clip`` cuts to it too): the message stays one line, whatever was pasted.

A number is typed in the ASCII digits 0-9 and is never longer than the largest value its
place takes (``whole``): ``x²``, ``٣`` and a 5,000-digit count are refused in one line
before Python's ``int`` sees them (it refuses more than 4,300 digits with an exception,
and reads ``٣`` as 3).
"""

from __future__ import annotations

from momenta_cli.errors import CommandError
from momenta_cli.text.literal import ECHO_MAX, clip, one_line

# The longest line (command, note, answer) in characters. Each character costs at most 12
# bytes in a record (a character beyond the BMP written as two \\uXXXX escapes), and a
# line's text is in its record a few times at most (the command, a note's event): see
# journal/records.py, which asserts the margin.
LINE_MAX = 4000


def echo(text: str, most: int = ECHO_MAX) -> str:
    """``text`` as a refusal quotes it: one line, at most ``most`` characters (then
    ``…``), in quotes: ``'attack gorm with a very long…'``. Quoted as ``repr`` quotes
    (a character it cannot print is an escape), and cut after that, so forty ``\U00012544``
    are no longer than forty letters."""
    t = text.strip()
    quoted = repr(one_line(t[:most + 1]))
    mark, inner = quoted[0], quoted[1:-1]
    if len(t) > most or len(inner) > most:
        inner = inner[:most - 1] + "…"
    return f"{mark}{inner}{mark}"


def as_typed(text: str) -> str:
    """What a transcript shows of a typed line (the piped prompt's echo, an answer's):
    the line itself, or only its start (``echo``'s length, then ``…``) when it is too long
    to be taken, so a pasted page is refused in a line or two, not echoed whole."""
    return text if len(text) <= LINE_MAX else clip(text, ECHO_MAX)


def too_long(text: str, what: str = "a line", times: int = 1) -> str | None:
    """Why ``text`` is refused for its length, or None when it is at most ``times``
    ``LINE_MAX`` characters: ``too long: a line is at most 4,000 characters (this one
    has 540,006)``."""
    most = LINE_MAX * times
    if len(text) <= most:
        return None
    return f"too long: {what} is at most {most:,} characters (this one has {len(text):,})"


def check_length(text: str, what: str = "a line", times: int = 1) -> None:
    """Refuse (``CommandError``) ``text`` longer than ``times`` ``LINE_MAX`` characters."""
    why = too_long(text, what, times)
    if why is not None:
        raise CommandError(why)


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits 0-9 (``str.isdigit`` also takes
    ``²`` and ``٣``)."""
    return text.isascii() and text.isdigit()


def digits_problem(text: str, most: int) -> str | None:
    """Why ``text`` (no sign) is no whole number from 0 to ``most``, or None."""
    if not text.isdigit():
        return "must be a whole number"
    if not text.isascii():
        return "must be a whole number in the digits 0-9"
    digits = text.lstrip("0") or "0"  # leading zeros cost no digits
    if len(digits) > len(str(most)) or int(digits) > most:
        return f"is too large (at most {most:,})"
    return None


def whole(text: str, what: str = "number", most: int = 99_999, least: int = 0) -> int:
    """``text`` (an optional sign, then ASCII digits) as an int from ``least`` to
    ``most``, or ``CommandError`` in one line that quotes it short: the one way typed
    digits become a number. Never hands ``int`` more digits than ``most`` has."""
    t = text.strip()
    digits = t[1:] if t[:1] in "+-" else t
    why = digits_problem(digits, max(most, -least))
    if why is None:
        n = int(digits.lstrip("0") or "0")
        n = -n if t[:1] == "-" else n
        if least <= n <= most:
            return n
        why = (f"is too large (at most {most:,})" if n > most
               else f"is too small (at least {least:,})")
    raise CommandError(f"{what} {why}, got {echo(t)}")
