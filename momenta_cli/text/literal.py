"""Text that reaches a terminal or a file is shown, never obeyed.

Names and notes come from files and from what the GM types; a terminal treats some
characters as instructions (ESC starts an escape sequence, U+009B is a CSI, U+202E turns
the rest of the line around, a newline forges a line of its own) and some are invisible
(zero-width spaces make two names look alike). ``escape`` writes every such character as a
visible ``\\u202e``-style escape; ``unsafe`` finds the first one, for refusing a name.

The set is Unicode's control (Cc), format (Cf: bidi controls, zero-width characters, the
BOM...), surrogate (Cs: a lone one cannot even be printed) and line/paragraph separator
(Zl, Zp) characters, plus the other default-ignorable code points (variation selectors,
the combining grapheme joiner, Hangul fillers: invisible, so two names could look the
same) and the blank braille pattern. The table is Unicode 15.1's; a character a later
Unicode adds to these categories is not in it, so keep it up to date with Python.
"""

from __future__ import annotations

import re
import unicodedata

# (first, last) code points of the categories Cc, Cf, Cs, Zl and Zp and of the other
# default-ignorable or blank characters (Unicode 15.1).
_RANGES = [
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x034F, 0x034F),
    (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD), (0x070F, 0x070F),
    (0x0890, 0x0891), (0x08E2, 0x08E2), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x206F),
    (0x2800, 0x2800), (0x3164, 0x3164), (0xD800, 0xDFFF), (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFFB), (0x110BD, 0x110BD),
    (0x110CD, 0x110CD), (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
]


def _char_class(ranges: list[tuple[int, int]]) -> str:
    def one(cp: int) -> str:
        return f"\\U{cp:08x}"
    return "".join(one(a) if a == b else f"{one(a)}-{one(b)}" for a, b in ranges)


_UNSAFE = re.compile(f"[{_char_class(_RANGES)}]")
_UNSAFE_KEEP_NEWLINES = re.compile(f"[{_char_class(_RANGES)}](?<!\n)")


def _visible(ch: str) -> str:
    cp = ord(ch)
    if cp < 0x100:
        return f"\\x{cp:02x}"
    if cp < 0x10000:
        return f"\\u{cp:04x}"
    return f"\\U{cp:08x}"


def escape(text: str, *, newlines: bool = True) -> str:
    """``text`` with every control, format, surrogate and separator character written as a
    visible escape (``\\x1b``, ``\\u202e``); a tab becomes a space. ``newlines`` keeps
    ``\\n`` as a line break (for messages of several lines); False escapes it too (for
    anything that must stay on one line: a name, a command, a log line)."""
    text = text.replace("\t", " ")
    pattern = _UNSAFE_KEEP_NEWLINES if newlines else _UNSAFE
    return pattern.sub(lambda m: _visible(m.group()), text)


def one_line(text: str) -> str:
    """``escape`` for text that must stay one line."""
    return escape(text, newlines=False)


ECHO_MAX = 40  # characters of a refused input quoted back in its message (text/limits.py)


def clip(text: str, most: int = ECHO_MAX) -> str:
    """``text`` cut to ``most`` characters with ``…``: an echo of what was typed in an
    error, where a pasted page would bury the message."""
    return text if len(text) <= most else text[:most - 1] + "…"


def unsafe(text: str) -> str | None:
    """The first character of ``text`` that ``escape`` would rewrite, described for the GM
    (``U+202E RIGHT-TO-LEFT OVERRIDE at position 3``), or None when there is none. Tabs
    count: a name has no use for them either."""
    m = _UNSAFE.search(text)
    if m is None:
        return None
    ch = m.group()
    name = unicodedata.name(ch, "") or ("a surrogate: not UTF-8 text"
                                        if 0xD800 <= ord(ch) <= 0xDFFF else "a control")
    return f"U+{ord(ch):04X} ({name.lower()}) at position {m.start() + 1}"


def not_plain(text: str) -> str | None:
    """Why ``text`` cannot be a name (or another piece of text the GM types and reads
    back), or None: ``may not hold ... characters: U+202E (...) at position 3``."""
    bad = unsafe(text)
    if bad is None:
        return None
    return f"may not hold control, bidi, invisible or line-breaking characters: {bad}"


# The longest name anywhere (a combatant, weapon, condition...), from a file or typed at the
# table: encounter/file_model.py's ``Name`` holds files to it, ``name_problem`` what is typed.
NAME_MAX = 80


def name_problem(text: str) -> str | None:
    """Why ``text`` (already stripped) cannot be a name, the rule of the encounter file's
    names (encounter/file_model.py ``Name``), or None: ``needs a visible character``, ``may
    have at most 80 characters (this one has 300)``, or ``not_plain``'s reason."""
    if not text.strip():
        return "needs a visible character"
    if len(text) > NAME_MAX:
        return f"may have at most {NAME_MAX} characters (this one has {len(text)})"
    return not_plain(text)


def json_safe(text: str) -> str:
    """JSON text (already encoded) with the characters ``escape`` rewrites written as
    ``\\uXXXX`` escapes. Outside strings JSON is plain ASCII, so only string contents
    change, and they decode to the same values."""
    def esc(m: re.Match[str]) -> str:
        cp = ord(m.group())
        if cp < 0x10000:
            return f"\\u{cp:04x}"
        cp -= 0x10000  # a surrogate pair, as JSON writes characters beyond the BMP
        return f"\\u{0xD800 + (cp >> 10):04x}\\u{0xDC00 + (cp & 0x3FF):04x}"
    return _UNSAFE_KEEP_NEWLINES.sub(esc, text)


def name_key(name: str) -> str:
    """What two names are compared by at the table: NFKC-normalised and case-folded, so
    ``Jörg`` typed as o + combining diaeresis, ``Ｊｏｒｇ`` in fullwidth letters and ``JÖRG``
    all name the same combatant (and clash in one encounter)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).strip()


def squares_text(n: int) -> str:
    """``1 square``, ``2 squares``: a count of squares for messages and the log."""
    return f"{n} square" if n == 1 else f"{n} squares"
