"""The docs document every command (sqlite-utils' test_docs idea), their examples are
real, and every link in them leads somewhere."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from momenta_cli.cli.app import app
from momenta_cli.language import VERBS
from momenta_cli.language.reference import markdown

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The body of the ``## heading`` section of a Markdown text."""
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_command_language_reference_is_generated_from_the_verbs():
    block = re.search(r"<!-- commands:start -->\n(.*)<!-- commands:end -->", COMMANDS, re.S)
    assert block, "docs/commands.md lacks the commands block"
    assert block.group(1) == markdown(), (
        "docs/commands.md is stale: run python -m momenta_cli.language.reference and "
        "paste it between the markers")


def test_every_verb_has_help_and_an_example():
    for v in VERBS.values():
        assert v.help and v.example and v.usage.split()[0] == v.name, v.name


def test_every_cli_command_is_in_the_readme_and_the_commands_page_and_has_an_example():
    import typer.main

    group = typer.main.get_command(app)
    overview = section(README, "Commands")
    options = section(COMMANDS, "The momenta commands")
    for name, cmd in group.commands.items():
        assert f"`momenta {name}" in overview, name
        assert f"`momenta {name}" in options, name
        assert "Example:" in (cmd.help or ""), name


def test_quick_start_has_exactly_two_commands_and_ci_runs_the_second():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", quick, re.S)
    assert len(blocks) == 2 and all(len(b.strip().splitlines()) == 1 for b in blocks)
    ci = (ROOT / ".ci" / "run").read_text()
    assert blocks[1].strip() in ci


def test_the_format_doc_lists_every_built_in_damage_type():
    from momenta_cli.rules import catalogue

    doc = (ROOT / "docs" / "encounter-format.md").read_text(encoding="utf-8")
    physical, other = catalogue.damage_types()
    missing = [t for t in (*physical, *other) if not re.search(rf"\b{t}\b", doc)]
    assert missing == [], f"docs/encounter-format.md does not name {missing}"


def test_the_map_example_is_a_whole_encounter_that_validates(enc):
    """docs/encounter-format.md's map example is copied by new users: it must load as it
    stands, beside the shipped library (encounters/library/)."""
    from tests.conftest import invoke

    doc = (ROOT / "docs" / "encounter-format.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(name: [^\n]*\n(?:(?!```).)*\nmap:\n.*?)```", doc, re.S)
    assert block, "docs/encounter-format.md lacks its map example"
    example = enc.with_name("readme-map.yaml")
    example.write_text(block.group(1), encoding="utf-8")
    r = invoke("validate", example)
    assert r.exit_code == 0, r.output
    assert "(1 combatant)" in r.output


def test_the_readme_encounter_example_validates_where_it_says_to_save_it(enc):
    """The README's small encounter is the first one a newcomer writes: saved where the
    README says, it loads as it stands."""
    from tests.conftest import invoke

    part = section(README, "Encounter files")
    block = re.search(r"```yaml\n(.*?)```", part, re.S)
    assert block, "the README's Encounter files section lacks its example"
    where = re.search(r"Saved as `(encounters/[\w-]+\.yaml)`", part)
    assert where, "the README does not say where to save its example"
    example = enc.parent.parent / where.group(1)
    example.write_text(block.group(1), encoding="utf-8")
    r = invoke("validate", example)
    assert r.exit_code == 0, r.output
    assert "(4 combatants)" in r.output


# --- the dependencies ----------------------------------------------------------------------


def _dependency_names() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    specs = [*project["dependencies"], *extras["test"], *extras["bench"]]
    return [re.split(r"[<>=!~;\[ ]", s, maxsplit=1)[0] for s in specs]


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_readme_says_why_each_dependency_is_there():
    table = section(README, "Why each dependency")
    explained = {_canonical(n.strip()) for row in re.findall(r"^\| ([^|]+) \|", table, re.M)
                 for n in row.split(",")}
    names = _dependency_names()
    assert len(names) >= 10  # the runtime dependencies and both extras were read
    assert [n for n in names if _canonical(n) not in explained] == []


# --- links -----------------------------------------------------------------------------------

FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE = re.compile(r"`[^`]*`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *#*$", re.M)


def _prose(text: str) -> str:
    """Markdown without its code: fenced blocks go, inline code becomes a plain word (so a
    link whose text is code stays a link)."""
    return CODE.sub("code", FENCE.sub("", text))


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces
    as hyphens, a repeated heading numbered -1, -2, ..."""
    seen: dict[str, int] = {}
    out = set()
    for heading in HEADING.findall(FENCE.sub("", text)):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def broken_links(page: Path) -> tuple[int, list[str]]:
    """How many relative links ``page`` holds, and each one that leads nowhere: a file
    that does not exist, or an anchor its target page does not have."""
    text = page.read_text(encoding="utf-8")
    targets = LINK.findall(_prose(text))
    broken = []
    relative = [t for t in targets if not re.match(r"[a-z]+:", t)]  # not https:, mailto:
    for target in relative:
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{page.name}: {target}: no such file")
        elif anchor and (dest.suffix != ".md"
                         or anchor not in anchors(dest.read_text(encoding="utf-8"))):
            broken.append(f"{page.name}: {target}: no such anchor")
    return len(relative), broken


def shipped_pages() -> list[Path]:
    docs = sorted((ROOT / "docs").glob("*.md"))
    return [ROOT / "README.md", *docs, ROOT / "bench" / "README.md"]


def test_every_relative_link_in_the_docs_leads_to_a_file_and_anchor_that_exist():
    counted, broken = 0, []
    for page in shipped_pages():
        n, bad = broken_links(page)
        counted += n
        broken += bad
    assert counted >= 30  # the pages do link to each other: the check saw them
    assert broken == []


def test_a_missing_file_or_anchor_is_caught_and_a_good_link_is_not(tmp_path):
    (tmp_path / "other.md").write_text("# Other page\n\n## The `odds` flags\n\n## Twice\n\n"
                                       "## Twice\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n## Here\n\n"
        "[ok](other.md) [ok](other.md#the-odds-flags) [ok](other.md#twice-1) [ok](#here)\n"
        "[a `code` text\nover two lines](other.md#other-page) [web](https://example.org/x)\n"
        "[gone](missing.md) [bad anchor](other.md#nowhere) [bad here](#there)\n"
        "`[in code](missing-too.md)`\n\n```text\n[in a block](missing-three.md)\n```\n",
        encoding="utf-8")
    counted, broken = broken_links(page)
    assert counted == 8
    assert broken == ["page.md: missing.md: no such file",
                      "page.md: other.md#nowhere: no such anchor",
                      "page.md: #there: no such anchor"]


@pytest.mark.parametrize("first", ["attack_verbs", "maneuver_verbs", "map_verbs",
                                   "turn_verbs"])
def test_the_verbs_are_listed_the_same_whichever_verb_module_loads_first(first):
    """The generated reference (and help) list the verbs in one order: a test worker that
    happened to import a verb module before the parser once listed its verbs last."""
    import subprocess
    import sys

    probe = ("import momenta_cli.language." + first + "\n"
             "from momenta_cli.language.parsing import VERBS\n"
             "print(' '.join(VERBS))")
    got = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.split()
    from momenta_cli.language.parsing import VERBS

    assert got == list(VERBS)
