"""The command-language reference as Markdown, generated from the verb registry so
docs/commands.md can never drift from what the parser accepts (tests compare the two)."""

from __future__ import annotations

from momenta_cli.language.parsing import VERBS

GROUP_TITLES = {"fight": "Fight commands", "session": "Session commands"}


def markdown() -> str:
    """A Markdown table per group: usage, aliases, what it does, an example."""
    out: list[str] = []
    groups: dict[str, list] = {}
    for v in VERBS.values():
        groups.setdefault(v.group, []).append(v)
    for group in sorted(groups, key=lambda g: (g != "fight", g != "session", g)):
        out.append(f"**{GROUP_TITLES.get(group, group.capitalize() + ' commands')}**")
        out.append("")
        out.append("| Command | Aliases | What it does | Example |")
        out.append("|---|---|---|---|")
        for v in groups[group]:
            aliases = ", ".join(f"`{a}`" for a in v.aliases)
            text = v.help.replace("|", "\\|")
            out.append(f"| `{v.usage}` | {aliases} | {text} | `{v.example}` |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(markdown(), end="")
