"""``help``: every verb of the command language by group, or one verb in full (its usage,
help, example and aliases), read from the live verb table (language/parsing.py)."""

from __future__ import annotations

import re

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from momenta_cli.render.wrap import lit


def help_lines(arg: str | None = None) -> list[str]:
    """``help VERB``: one verb of the live registry in full, as plain lines."""
    from momenta_cli.language import lookup  # the verbs only when help is asked

    v = lookup(arg or "help")
    out = [f"{v.usage}", f"  {v.help}", f"  example: {v.example}"]
    if v.aliases:
        out.append(f"  aliases: {', '.join(v.aliases)}")
    return out


_QUOTED = re.compile(r"(?<!\w)'[^'\s][^']*? [^']*?'(?!\w)")  # 'using POW', not library's


def groups(text: str) -> tuple[str, ...]:
    """The top-level ``[...]`` groups of a help line that hold a space (``[pool N]``,
    ``[roll [RESULT]]``) and its quoted words (``'using POW'``): wrapped, a help line
    moves each to the next line whole, as it keeps names whole (render/wrap.py)."""
    out: list[str] = [m.group() for m in _QUOTED.finditer(text) if len(m.group()) <= 30]
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
            if depth == 0 and " " in text[start:i]:
                out.append(text[start:i + 1])
    return tuple(sorted(set(out), key=len, reverse=True))


def help_table() -> Group:
    """``help``: every verb of the live registry, by group, usage beside a short help."""
    from momenta_cli.language import VERBS

    by_group: dict[str, list] = {}
    for v in VERBS.values():
        by_group.setdefault(v.group, []).append(v)
    parts: list = []
    for group in sorted(by_group, key=lambda g: (g == "session", g)):
        parts.append(Text(f"{group} commands", style="bold"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=False, max_width=28, overflow="fold")
        grid.add_column()
        for v in by_group[group]:
            grid.add_row(lit(v.usage), lit(v.help.split(". ")[0].rstrip(".")))
        parts.append(Padding(grid, (0, 0, 0, 2)))
    parts.append(Text("Any unambiguous prefix of a command works; Tab completes what the "
                      "command takes next; 'help COMMAND' explains one; a line ending in "
                      "' ?' previews the command and does nothing.", style="dim"))
    return Group(*parts)
