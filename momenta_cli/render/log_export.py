"""Exporting a fight's log: plain text, Markdown (a recap to paste into notes), or JSON
(the same document as ``replay --json``: render/state_json.session_doc)."""

from __future__ import annotations

import re

from momenta_cli.engine.core import Fighter, Session
from momenta_cli.render.log_lines import event_lines
from momenta_cli.render.state_json import chunks, opening_ledger
from momenta_cli.text import escape, one_line

FORMATS = ("text", "markdown", "json")


def _summary(f: Fighter) -> str:
    state = f.out_reason or f"Vitality {f.vitality}/{f.spec.max_vitality}"
    conds = ", ".join(n if c.stacks == 1 else f"{n} {c.stacks}" for n, c in f.conditions.items())
    wounds = f", Wounds: {', '.join(f.wounds)}" if f.wounds else ""
    burdens = f", Burdens: {', '.join(f.burdens)}" if f.burdens else ""
    return f"{f.name} ({f.side}): {state}" + (f", {conds}" if conds else "") + wounds + burdens


def as_text(session: Session) -> str:
    out = [one_line(session.encounter.name), ""]
    ledger = opening_ledger(session)
    for n, entry in enumerate(session.entries, start=1):
        out.append(f"{n:>3}. > {one_line(entry.script_line)}")
        out.extend(f"       {t}" for t in event_lines(entry.events, ledger))
        ledger.advance(entry.events)
    out += ["", "At the end:"]
    out.extend(f"  {one_line(_summary(f))}" for f in session.state.fighters.values())
    return escape("\n".join(out)) + "\n"  # each line, whatever its source, stays one line


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
    """Campaign notes (render/log_recap.py): a heading per round with what mattered in it, the
    state at the end, and with ``full`` every command and its log as an appendix."""
    from momenta_cli.render.log_recap import rounds

    s = session.state
    out = [f"# {_md(session.encounter.name)}", ""]
    n = len(session.entries)
    played = max([s.round, 1])
    out.append(f"{n} command{'s' if n != 1 else ''} over {played} "
               f"round{'s' if played != 1 else ''}"
               + (f"; combat over: {_md(s.over_reason, start=False)}" if s.over else "")
               + ".")
    recap = rounds(session)
    for r in recap:
        first = f" ({r.first} first)" if r.first else ""
        out += ["", f"## Round {r.number}{_md(first, start=False)}", ""]
        if r.turns:
            out.append("- Turns: " + ", ".join(_md(t, start=False) for t in r.turns) + ".")
        out.extend(f"- {_md_log(t)}" for t in r.notable)
        if not r.notable:
            out.append("- Nothing of note.")
    out += ["", "## At the end", ""]
    out.extend(f"- {_md(_summary(f))}" for f in s.fighters.values())
    if full:
        out += ["", "## Command log"]
        for r in recap:
            out += ["", f"### Round {r.number}", ""]
            for line, texts in r.entries:
                out.append(f"- {_code(line)}")
                out.extend(f"  - {_md_log(t)}" for t in texts)
    return "\n".join(out) + "\n"


def as_json(session: Session) -> str:
    # The streamed layout (one log entry per line): C-encoded, half the memory of indent.
    return "".join(chunks(session))


def export_log(session: Session, fmt: str, *, full: bool = False) -> str:
    """The log in ``fmt``; ``full`` adds the command log to a Markdown recap."""
    if fmt == "text":
        return as_text(session)
    if fmt in ("markdown", "md"):
        return as_markdown(session, full=full)
    if fmt == "json":
        return as_json(session)
    raise ValueError(f"unknown format {fmt!r}")
