"""Exporting a fight's log: plain text, Markdown (a recap to paste into notes), or JSON
(the same document as ``replay --json``: render/state_json.session_doc)."""

from __future__ import annotations

import json

from momenta_cli.engine.session import Session
from momenta_cli.engine.state import Fighter
from momenta_cli.render.logtext import lines
from momenta_cli.render.state_json import session_doc
from momenta_cli.render.status import literal

FORMATS = ("text", "markdown", "json")


def _summary(f: Fighter) -> str:
    state = f.out_reason or f"Vitality {f.vitality}/{f.spec.max_vitality}"
    conds = ", ".join(n if c.stacks == 1 else f"{n} {c.stacks}" for n, c in f.conditions.items())
    wounds = f", Wounds: {', '.join(f.wounds)}" if f.wounds else ""
    return f"{f.name} ({f.side}): {state}" + (f", {conds}" if conds else "") + wounds


def as_text(session: Session) -> str:
    out = [session.encounter.name, ""]
    for n, entry in enumerate(session.entries, start=1):
        out.append(f"{n:>3}. > {entry.line}")
        out.extend(f"       {t}" for t in lines(entry.events))
    out += ["", "At the end:"]
    out.extend(f"  {_summary(f)}" for f in session.state.fighters.values())
    return literal("\n".join(out)) + "\n"


def _md(text: str) -> str:
    """Escape what Markdown would read as formatting."""
    out = []
    for ch in literal(text):
        if ch in "\\`*_{}[]<#|!~":
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


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
        out.append(f"- `{literal(entry.line).replace('`', chr(39))}`")
        out.extend(f"  - {_md(t)}" for t in texts)
    out += ["", "## At the end", ""]
    out.extend(f"- {_md(_summary(f))}" for f in s.fighters.values())
    return "\n".join(out) + "\n"


def as_json(session: Session) -> str:
    return json.dumps(session_doc(session), indent=2, ensure_ascii=False) + "\n"


def export(session: Session, fmt: str) -> str:
    if fmt == "text":
        return as_text(session)
    if fmt in ("markdown", "md"):
        return as_markdown(session)
    if fmt == "json":
        return as_json(session)
    raise ValueError(f"unknown format {fmt!r}")
