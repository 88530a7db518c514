"""How a command line splits into words, and the ``dice F,F,...`` clause that may end it.

Plain text only (no engine, no verbs): the command language splits its lines here, and
the journal's entries (engine/core/session.py ``Entry.script_line``) write their dice back
onto their line here, so both read a line the same way.

A line's dice clause is its last words, before any ``# comment``: the word ``dice`` and
the faces, ``dice 5,2,6`` (or ``dice 5 2 6``). It pins the dice the command rolls
(play/runner.py, play/pinned.py); an entry's complete command is its line with the faces the
tracker rolled written back as that clause.
"""

from __future__ import annotations

import re
import shlex

from momenta_cli.errors import CommandError
from momenta_cli.text.limits import ECHO_MAX, echo
from momenta_cli.text.literal import clip

DICE_WORD = "dice"

_SPECIAL = re.compile("[\"'\\\\#\ufeff]")
_WORD = re.compile("[^ \t\r\n]+")  # shlex's whitespace, not every Unicode space


def _lex(line: str, quotes: str) -> list[str]:
    lexer = shlex.shlex(line.replace("\ufeff", ""), posix=True)
    lexer.whitespace_split = True
    lexer.quotes = quotes
    lexer.commenters = "#"  # `dmg gorm 4 # from the fall`: a comment after the command
    return list(lexer)


def split(line: str) -> list[str]:
    """Words of a line: double or single quotes group words with spaces; an apostrophe
    inside a word (``kira's``) is just a letter when the single quotes do not pair up."""
    if not _SPECIAL.search(line):
        # Most lines hold no quote, escape or comment: shlex's words are then the runs
        # between its whitespace characters, found at a third of the cost.
        return _WORD.findall(line)
    try:
        return _lex(line, "\"'")
    except ValueError:
        pass
    try:
        return _lex(line, '"')
    except ValueError:
        raise CommandError('a quote is not closed: put a name with spaces in "double '
                           'quotes"') from None


_BARE = re.compile("[^ \t\r\n\"'\\\\#\ufeff]+")  # reads back as itself, alone or in a line


def quote_word(word: str) -> str:
    """``word`` (a name) as one word of a command line: the inverse of ``split``. Bare
    when it holds no space, quote, backslash or ``#``; in single quotes when it holds a
    double quote and no single one; else in double quotes with ``\\`` and ``"``
    escaped. (A BOM cannot be written: every line drops it.)"""
    if _BARE.fullmatch(word):
        return word
    if '"' in word and "'" not in word:
        return f"'{word}'"
    escaped = word.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _words(line: str) -> list[str] | None:
    try:
        return split(line)
    except CommandError:
        return None


def comment_at(line: str) -> int | None:
    """Where the ``# comment`` of ``line`` starts, or None: the first ``#`` outside
    quotes and escapes (shlex reads one inside a word too: ``kira#2`` is ``kira``). It
    is the first ``#`` before which the line already has all of its words.

    One pass over the line, reading it as ``split`` does (the quotes it pairs, then
    double quotes alone), so a line of any length costs its length."""
    if "#" not in line:
        return None
    for quotes in ("\"'", '"'):
        try:
            return _comment_in(line, quotes)
        except ValueError:  # a quote or an escape left open: shlex refuses it too
            continue
    return None


def _comment_in(line: str, quotes: str) -> int | None:
    """``comment_at`` with shlex's posix rules for ``quotes`` (``_lex``): a backslash
    escapes the next character (inside double quotes too; not inside single ones), a
    ``#`` outside quotes and escapes runs to the end of its line; the BOM is dropped.
    ``ValueError`` where shlex would raise (an open quote, a backslash at the end)."""
    found: int | None = None  # the comment after which no word has started yet
    quote = ""  # the quote the lexer is in
    escaped = False
    in_comment = False
    for i, ch in enumerate(line):
        if ch == "\ufeff":
            continue
        if in_comment:
            in_comment = ch != "\n"
        elif escaped:
            escaped = False
        elif quote:
            if ch == quote:
                quote = ""
            elif ch == "\\" and quote == '"':
                escaped = True
        elif ch == "#":
            in_comment = True
            found = i if found is None else found
        elif ch in " \t\r\n":
            continue
        else:
            found = None  # a word after a comment's line: the comment is not the last
            if ch == "\\":
                escaped = True
            elif ch in quotes:
                quote = ch
    if quote or escaped:
        raise ValueError("open")
    return found


# A word after a line's last ``dice`` that reads as an attempt at faces: digits (any
# script's), commas and the marks a number may carry. Such a tail is the clause, read
# strictly (``_faces``); any other words after ``dice`` are text (``note the dice were
# cursed``).
_MARKS = r"[\d,.;:+\-]"
_FACES_LIKE = re.compile(rf"{_MARKS}*[\d,]{_MARKS}*")
_SPACE = "[ \t\r\n]"  # shlex's whitespace
# The clause at the end of a line's text before its comment: the bare word, the words
# after it, and the spaces after them (kept: they belong to the comment's place).
_CLAUSE = re.compile(rf"(?i)(?:^|(?<={_SPACE})){DICE_WORD}((?:{_SPACE}+{_MARKS}+)*)"
                     rf"({_SPACE}*)$")
_SEPARATOR = re.compile(rf"{_SPACE}*,{_SPACE}*|{_SPACE}+")
_QUOTE_IT = "(a name or text with the word 'dice' in it goes in quotes)"


def faces_text(faces: tuple[int, ...] | list[int]) -> str:
    """Faces as a dice clause writes them: ``5,2,6``."""
    return ",".join(str(f) for f in faces)


def _faces(tail: str) -> tuple[int, ...]:
    """The faces of a clause's words (``tail``, after ``dice``): digits 1 to 6, one
    apart from the next by a comma, spaces or both; anything else is refused."""
    clause = clip(f"{DICE_WORD} {tail.strip()}".strip(), ECHO_MAX)  # quoted short
    parts = _SEPARATOR.split(tail.strip())
    if not tail.strip():  # `add dice`, `attack gorm with longsword dice`
        raise CommandError(f"{DICE_WORD} is a word the commands read as their own: give "
                           f"the faces the command rolls after it, like 'dice 5,2,6' (it "
                           f"names nothing; a text with it goes in quotes)")
    if not any(parts):
        raise CommandError(f"{clause}: give the faces the command rolls, in order, like "
                           f"'dice 5,2,6' {_QUOTE_IT}")
    for p in parts:
        if p and (len(p) != 1 or p not in "123456"):
            raise CommandError(f"{clause}: a face is one digit from 1 to 6, like 'dice "
                               f"5,2,6'; got {echo(p)} {_QUOTE_IT}")
    if not all(parts):
        raise CommandError(f"{clause}: a comma with no face on one side of it; write the "
                           f"faces like 'dice 5,2,6' {_QUOTE_IT}")
    return tuple(int(p) for p in parts)


def take_dice(line: str) -> tuple[str, tuple[int, ...]] | None:
    """``(the line without its dice clause, the faces)`` when ``line`` ends in one, else
    None. Everything else on the line is kept as it was typed, its comment too.

    The clause follows a verb (a line's first word is its verb), its ``dice`` is a bare
    word, and nothing but what reads as faces follows it: ``note the dice were cursed``
    has none, nor has ``dmg "dice" 4``. A bare last ``dice``, or one followed by what
    are no faces (``dice -1,2``, ``dice 1.5``, ``dice 5,,2``), is refused
    (``CommandError``, saying what faces look like), not read as words of the command."""
    if DICE_WORD not in line.lower():
        return None
    text = line.replace("\ufeff", "").strip()
    words = _words(text)
    if not words:
        return None
    at = max((i for i, w in enumerate(words) if w.lower() == DICE_WORD), default=0)
    tail = words[at + 1:]
    if at < 1 or not all(_FACES_LIKE.fullmatch(w) for w in tail):
        return None
    cut = comment_at(text)
    body, comment = (text, "") if cut is None else (text[:cut], text[cut:])
    m = _CLAUSE.search(body)
    # A quoted or escaped "dice" is a word like any other: `dmg "dice" 4` harms a
    # combatant an encounter file named Dice.
    if m is None or _words(body[:m.start()]) != words[:at]:
        return None
    return (body[:m.start()].rstrip() + m.group(2) + comment).strip(), _faces(m.group(1))


def with_dice(line: str, faces: tuple[int, ...]) -> str:
    """``line`` with ``dice F,F,...`` as its last words (before any comment): the
    command that replays it with exactly these faces (``take_dice`` gives them back)."""
    if not faces:
        return line
    clause = f"{DICE_WORD} {faces_text(faces)}"
    cut = comment_at(line)
    if cut is None:
        return f"{line.rstrip()} {clause}"
    head = line[:cut]
    stem = head.rstrip()
    out = f"{stem} {clause}{head[len(stem):]}{line[cut:]}"
    words = _words(line)
    if words is not None and _words(out) == [*words, DICE_WORD, faces_text(faces)]:
        return out
    return " ".join([*(quote_word(w) for w in words or []), clause])  # the comment goes
