"""Exporting a fight's log: plain text, Markdown (a recap to paste into notes), or JSON
(the same document as ``replay --json``: render/state_json.session_doc)."""

from __future__ import annotations

import re

from momenta_cli.engine.session import Session
from momenta_cli.engine.state import Fighter
from momenta_cli.render.logtext import lines
from momenta_cli.render.state_json import chunks
from momenta_cli.text import escape, one_line

FORMATS = ("text", "markdown", "json")


def _summary(f: Fighter) -> str:
    state = f.out_reason or f"Vitality {f.vitality}/{f.spec.max_vitality}"
    conds = ", ".join(n if c.stacks == 1 else f"{n} {c.stacks}" for n, c in f.conditions.items())
    wounds = f", Wounds: {', '.join(f.wounds)}" if f.wounds else ""
    return f"{f.name} ({f.side}): {state}" + (f", {conds}" if conds else "") + wounds


def as_text(session: Session) -> str:
    out = [one_line(session.encounter.name), ""]
    for n, entry in enumerate(session.entries, start=1):
        out.append(f"{n:>3}. > {one_line(entry.line)}")
        out.extend(f"       {t}" for t in lines(entry.events))
    out += ["", "At the end:"]
    out.extend(f"  {one_line(_summary(f))}" for f in session.state.fighters.values())
    return escape("\n".join(out)) + "\n"  # each line, whatever its source, stays one line


_MD_SPECIAL = set("\\`*_{}[]<>#|!~&")
_AUTOLINK = re.compile(r"(?i)\b(https?|ftp|mailto|www)([:.])")
# What opens a block when it starts a line or a list item: a list marker, an ordered
# list's number, a setext underline (a quote, heading or rule is covered by _MD_SPECIAL).
_BLOCK_START = re.compile(r"^([-+=]|\d+(?=[.)]))")


def _md(text: str) -> str:
    """``text`` as one line of Markdown that adds no structure: every character Markdown
    reads inline (emphasis, code, links, HTML, tables, entities) is backslash-escaped,
    autolinks are broken, a newline or any control character is shown as an escape, and
    what would open a block at the start of a line or list item (``- ``, ``1.``, ``+``,
    indentation) is escaped too: a name may begin one."""
    out = []
    for ch in one_line(text).lstrip(" "):
        out.append("\\" + ch if ch in _MD_SPECIAL else ch)
    safe = "".join(out).replace("@", "\\@")
    safe = _AUTOLINK.sub(lambda m: f"{m.group(1)}\\{m.group(2)}", safe)
    m = _BLOCK_START.match(safe)
    if m is None:
        return safe
    if m.group(1).isdigit():  # `1. One`: the dot after the number is what opens a list
        end = m.end()
        return safe[:end] + "\\" + safe[end:]
    return "\\" + safe


def _code(text: str) -> str:
    """``text`` as an inline code span on one line (a backtick inside would end it)."""
    return "`" + one_line(text).replace("`", "'") + "`"


def as_markdown(session: Session) -> str:
    s = session.state
    out = [f"# {_md(session.encounter.name)}", ""]
    rounds = max([s.round, 1])
    n = len(session.entries)
    out.append(f"{n} command{'s' if n != 1 else ''} over {rounds} "
               f"round{'s' if rounds != 1 else ''}"
               + (f"; combat over: {_md(s.over_reason)}" if s.over else "") + ".")
    out += ["", "## Log", ""]
    for entry in session.entries:
        texts = lines(entry.events)
        for t in texts:
            if t.startswith("-- Round ") and t.endswith(" --"):
                out += ["", f"### {_md(t.strip('- '))}", ""]
                texts = [x for x in texts if x != t]
        out.append(f"- {_code(entry.line)}")
        out.extend(f"  - {_md(t)}" for t in texts)
    out += ["", "## At the end", ""]
    out.extend(f"- {_md(_summary(f))}" for f in s.fighters.values())
    return "\n".join(out) + "\n"


def as_json(session: Session) -> str:
    # The streamed layout (one log entry per line): C-encoded, half the memory of indent.
    return "".join(chunks(session))


def export(session: Session, fmt: str) -> str:
    if fmt == "text":
        return as_text(session)
    if fmt in ("markdown", "md"):
        return as_markdown(session)
    if fmt == "json":
        return as_json(session)
    raise ValueError(f"unknown format {fmt!r}")
