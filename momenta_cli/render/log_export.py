"""Exporting a fight's log: plain text, Markdown (a recap to paste into notes), or JSON
(the same document as ``replay --json``: render/state_json.session_doc)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from momenta_cli.engine.core import Fighter, Session
from momenta_cli.render.log_lines import event_lines
from momenta_cli.render.state_json import chunks, opening_ledger
from momenta_cli.text import escape, one_line

if TYPE_CHECKING:  # the recap comes in with the Markdown export only
    from momenta_cli.render.log_recap import Turn

FORMATS = ("text", "markdown", "json")


def _summary(f: Fighter) -> str:
    state = f.out_reason or f"Vitality {f.vitality}/{f.spec.max_vitality}"
    conds = ", ".join(n if c.stacks == 1 else f"{n} {c.stacks}" for n, c in f.conditions.items())
    wounds = f", Wounds: {', '.join(f.wounds)}" if f.wounds else ""
    burdens = f", Burdens: {', '.join(f.burdens)}" if f.burdens else ""
    return f"{f.name} ({f.side}): {state}" + (f", {conds}" if conds else "") + wounds + burdens


def as_text(session: Session, width: int | None = None) -> str:
    """The plain log: each command numbered, its lines under it, the state at the end;
    with ``width``, each line wrapped to it with a hanging indent (render/wrap.py),
    never inside a name."""
    out = [one_line(session.encounter.name), ""]
    ledger = opening_ledger(session)
    for n, entry in enumerate(session.entries, start=1):
        out.append(f"{n:>3}. > {one_line(entry.script_line)}")
        out.extend(f"       {t}" for t in event_lines(entry.events, ledger))
        ledger.advance(entry.events)
    out += ["", "At the end:"]
    out.extend(f"  {one_line(_summary(f))}" for f in session.state.fighters.values())
    lines = [escape(x) for x in out]  # each line, whatever its source, stays one line
    if width is not None:
        from momenta_cli.render.wrap import hang, keep_names

        keep = keep_names(session.state)
        lines = [piece for x in lines for piece in _wrapped(x, width, keep, hang)]
    return "\n".join(lines) + "\n"


def _wrapped(text: str, width: int, keep, hang) -> list[str]:
    """One log line cut to ``width``: a command's continuation lines go under its text,
    an event line's 4 columns right of it."""
    if not text:
        return [text]
    lead = len(text) - len(text.lstrip(" "))
    head = re.match(r" *\d+\. > ", text)
    first, body = (head.group(), text[head.end():]) if head else (text[:lead], text[lead:])
    rest = " " * len(first) if head else None
    return hang(body, width, first=first, rest=rest, keep=keep)


_MD_SPECIAL = set("\\`*_{}[]<#|!~&")
_AUTOLINK = re.compile(r"(?i)\b(https?|ftp|mailto|www)([:.])")
# What opens a block when it starts a line or a list item: a list marker, an ordered
# list's number, a setext underline, a quote (a heading or rule is covered by _MD_SPECIAL).
_BLOCK_START = re.compile(r"^([-+=>]|\d+(?=[.)]))")
# Dice faces as the log writes them: shown as written, in a code span.
_FACES = re.compile(r"\[\d+(?:,\d+)*\]")


def _md(text: str, *, start: bool = True) -> str:
    """``text`` as one line of Markdown that adds no structure: every character Markdown
    reads inline (emphasis, code, links, HTML, tables, entities) is backslash-escaped,
    autolinks are broken, a newline or any control character is shown as an escape, and
    what would open a block at the start of a line or list item (``- ``, ``1.``, ``+``,
    ``>``, indentation) is escaped too: a name may begin one. ``start`` False: the text
    continues a line (no block can open there). A ``>`` needs no escape inside a line:
    with every ``<`` escaped it opens neither HTML nor an autolink."""
    out = []
    body = one_line(text)
    for ch in body.lstrip(" ") if start else body:
        out.append("\\" + ch if ch in _MD_SPECIAL else ch)
    safe = "".join(out).replace("@", "\\@")
    safe = _AUTOLINK.sub(lambda m: f"{m.group(1)}\\{m.group(2)}", safe)
    m = _BLOCK_START.match(safe) if start else None
    if m is None:
        return safe
    if m.group(1).isdigit():  # `1. One`: the dot after the number is what opens a list
        end = m.end()
        return safe[:end] + "\\" + safe[end:]
    return "\\" + safe


def _md_log(text: str) -> str:
    """A log line in Markdown: as ``_md``, with its dice faces in code spans as written
    (``[5,2]``)."""
    text = one_line(text)
    out, pos = [], 0
    for m in _FACES.finditer(text):
        out.append(_md(text[pos:m.start()], start=pos == 0))
        out.append(_code(m.group()))
        pos = m.end()
    out.append(_md(text[pos:], start=pos == 0))
    return "".join(out)


def _code(text: str) -> str:
    """``text`` as an inline code span on one line (a backtick inside would end it)."""
    return "`" + one_line(text).replace("`", "'") + "`"


def as_markdown(session: Session, *, full: bool = False) -> str:
    """Campaign notes (render/log_recap.py): a heading per round with what mattered in it
    and how long it and its turns took, the state at the end, and with ``full`` every
    command and its log as an appendix."""
    from momenta_cli.render.log_recap import lasted, rounds, span, when

    s = session.state
    out = [f"# {_md(session.encounter.name)}", ""]
    n = len(session.entries)
    recap = rounds(session)
    played = len(recap)
    timed = any(e.at for e in session.entries)
    total = lasted(when(session.entries[0].at), when(session.entries[-1].at)) if n else None
    took = (f" in {span(total)}" if total is not None
            else " (its times were not recorded)" if n and not timed else "")
    out.append(f"{n} command{'s' if n != 1 else ''} over {played} "
               f"round{'s' if played != 1 else ''}{took}"
               + (f"; combat over: {_md(s.over_reason, start=False)}" if s.over else "")
               + ".")
    for r in recap:
        first = f" ({r.first} first)" if r.first else ""
        out += ["", f"## Round {r.number}{_md(first, start=False)}", ""]
        if r.turns:
            out.append("- Turns: " + ", ".join(_md(_turn(t, timed), start=False)
                                               for t in r.turns) + ".")
        if timed:
            out.append("- Round time: " + (span(r.seconds) + (" so far" if r.going else "")
                                            if r.seconds is not None else "unknown") + ".")
        out.extend(f"- {_md_log(t)}" for t in r.notable)
        if r.phones:
            out.append(f"- {_md(r.phones_said(), start=False)}")
        if not r.notable:
            out.append("- Nothing of note.")
    out += ["", "## At the end", ""]
    out.extend(f"- {_md(_summary(f))}" for f in s.fighters.values())
    if full:
        out += ["", "## Command log"]
        for r in recap:
            if not r.entries:
                continue
            out += ["", f"### Round {r.number}", ""]
            for line, texts in r.entries:
                out.append(f"- {_code(line)}")
                out.extend(f"  - {_md_log(t)}" for t in texts)
    return "\n".join(out) + "\n"


def _turn(t: Turn, timed: bool) -> str:
    """A turn as the recap lists it: ``Gorm``, ``Gorm (1m 20s)``, ``Gorm (turn 2, 45s)``."""
    from momenta_cli.render.log_recap import span

    said = [f"turn {t.turn}"] if t.turn > 1 else []
    if timed:
        said.append("time unknown" if t.seconds is None
                    else span(t.seconds) + (" so far" if t.going else ""))
    return t.name + (f" ({', '.join(said)})" if said else "")


def as_json(session: Session) -> str:
    # The streamed layout (one log entry per line): C-encoded, half the memory of indent.
    return "".join(chunks(session))


def export_log(session: Session, fmt: str, *, full: bool = False,
               width: int | None = None) -> str:
    """The log in ``fmt``; ``full`` adds the command log to a Markdown recap; ``width``
    wraps the plain text to that many columns."""
    if fmt == "text":
        return as_text(session, width)
    if fmt in ("markdown", "md"):
        return as_markdown(session, full=full)
    if fmt == "json":
        return as_json(session)
    raise ValueError(f"unknown format {fmt!r}")
