"""``help``: the verbs of the command language on one 80x30 screen (``help_brief``),
every verb by group with what it does (``help all``: ``help_table``), or one verb in
full (its usage, help, example and aliases), read from the live verb table
(language/parsing.py)."""

from __future__ import annotations

import re

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from momenta_cli.render.wrap import hang, lit


def help_lines(arg: str | None = None) -> list[str]:
    """``help VERB``: one verb of the live registry in full, as plain lines; or one of
    the prompt's own commands (``help seat``: language/prompt_only.py)."""
    from momenta_cli.language import lookup, prompt_command  # the verbs only when asked

    v = prompt_command(arg or "help") or lookup(arg or "help")
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


# The one-screen help: the verbs under a heading each, in the order a turn uses them. A
# verb the table does not name still appears (under "more"), so a new verb is never
# missing from help.
BRIEF = (
    ("turns", ("turn", "next", "end", "over")),
    ("attacks", ("attack", "feint", "grab", "shove", "intercept", "forestall")),
    ("moving", ("move", "shift", "fall", "terrain", "place", "door")),
    ("maneuvers", ("use", "hide", "shake", "breath", "steady", "surge", "cast", "limit",
                   "release", "apart")),
    ("the GM", ("cond", "dmg", "heal", "strain", "relieve", "guard", "set", "defeat",
                "revive", "surprise", "add", "remove", "note", "event")),
    ("looking", ("status", "odds", "forecast", "path", "map", "los")),
    ("session", ("undo", "redo", "help", "quit")),
)
_HEAD = 13  # "  maneuvers  ": where the verbs start


def help_brief(width: int = 80) -> Group:
    """``help``: every verb in a few lines under its heading, then how to learn more;
    at most 30 lines at 80 columns (tests/test_help_screen.py)."""
    from momenta_cli.language import VERBS

    listed = {name for _, names in BRIEF for name in names}
    rows = [(head, [n for n in names if n in VERBS]) for head, names in BRIEF]
    rows.append(("more", [n for n in VERBS if n not in listed]))
    parts: list = [Text("Commands (any unambiguous prefix works; Tab completes):",
                        style="bold")]
    for head, names in rows:
        if names:
            first = f"  {head}".ljust(_HEAD)
            parts += [Text(x) for x in hang("  ".join(names), width, first=first,
                                             rest=" " * _HEAD)]
    parts += [Text(x, style="dim") for x in hang(
        "'help VERB' explains one (help attack), 'help all' lists every command with what "
        "it does; a line ending in ' ?' previews a command and changes nothing; 'seat "
        "NAME' gives a player a seat on the players' screen.", width)]
    return Group(*parts)


def help_table() -> Group:
    """``help``: every verb of the live registry, by group, usage beside a short help;
    then the prompt's own commands (``seat``)."""
    from momenta_cli.language import PROMPT_ONLY, VERBS

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
    parts.append(Text("the prompt's own commands", style="bold"))
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=False, max_width=28, overflow="fold")
    grid.add_column()
    for c in PROMPT_ONLY.values():  # no verbs: never journalled, not in do or scripts
        grid.add_row(lit(c.usage), lit(c.help.split(". ")[0].rstrip(".")))
    parts.append(Padding(grid, (0, 0, 0, 2)))
    parts.append(Text("Any unambiguous prefix of a command works; Tab completes what the "
                      "command takes next; 'help COMMAND' explains one; 'help' alone "
                      "lists them on one screen; a line ending in ' ?' previews the "
                      "command and does nothing.", style="dim"))
    return Group(*parts)
