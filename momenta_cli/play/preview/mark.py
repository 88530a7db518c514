"""The preview mark: a line whose last word is ``?`` (``attack gorm ?``)."""

from __future__ import annotations

MARK = "?"


def strip_mark(line: str) -> str | None:
    """``line`` without its closing ``?`` word when it is a preview, else None.

    The ``?`` must be a word of its own after the command (``attack gorm ?``): a lone
    ``?`` is ``help`` as ever, and ``attack gorm?`` is no preview. A comment after the
    mark is allowed (``attack gorm ? # just looking``)."""
    if MARK not in line:  # nearly every line: no parsing at all
        return None
    from momenta_cli.errors import CommandError
    from momenta_cli.text import quote_word, split

    text = line.replace("\ufeff", "").strip()
    if not text or text.startswith("#"):
        return None
    try:
        words = split(text)
    except CommandError:
        return None  # a quote left open: no preview, the line is refused as it is
    if len(words) < 2 or words[-1] != MARK:
        return None
    # the words again as one line: each reads back as itself (quote_word), so the
    # command parsed is the one typed; a comment after the mark is left out
    return " ".join(quote_word(w) for w in words[:-1])
