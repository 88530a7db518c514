"""Names are text, never instructions (docs/reliability.md): a name is refused at load
when it holds control, bidi, invisible or line-breaking characters, and every output
escapes such characters anyway: the status table, the prompt, log lines, error lines, the
text, Markdown and JSON exports, and `show`.

The property below builds fights whose names come from all of Unicode, bypassing the
loader's check (as an old journal or a future bug might), and looks at every line."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from rich.console import Console

from momenta_cli.encounter import load_encounter, load_encounter_text
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.errors import CommandError, MomentaError
from momenta_cli.play import run_line
from momenta_cli.render import encounter_view, event_lines, status_block
from momenta_cli.render.log_export import as_json, as_markdown, as_text
from momenta_cli.render.status_view import prompt_text
from momenta_cli.text import name_key, unsafe
from momenta_cli.text.literal import _UNSAFE
from tests.engine_helpers import session_from

ROOT = Path(__file__).resolve().parent.parent
DEMO = load_encounter(ROOT / "encounters" / "demo.yaml")
ANY_CHAR = st.characters(blacklist_categories=())  # surrogates, controls, all of it
HOSTILE = st.sampled_from(["\x1b[2J", "\u202e", "\u200b", "\n# Heading", "\u009b31m",
                           "\r", "\u2028", "\ud800", "\x00", "---\n> quote", "- Dash",
                           "1. One", "+ plus", "> quote", "# Head", "***", "    code",
                           "[x](http://e.example)", "<b>hi</b>", "<http://e.example>",
                           "| a | b |", "Ann\u034f"])
NAMES = st.lists(st.one_of(HOSTILE, st.text(ANY_CHAR, min_size=1, max_size=6)),
                 min_size=7, max_size=7)


def _render(obj) -> str:
    buf = io.StringIO()
    Console(width=80, file=buf, markup=False, emoji=False, highlight=False,
            color_system=None).print(obj)
    return buf.getvalue()


def _clean(text: str, what: str) -> None:
    for line in text.split("\n"):  # a newline between lines is the only one allowed
        bad = _UNSAFE.search(line)
        assert bad is None, f"{what}: raw U+{ord(bad.group()):04X} in {line!r}"


def _hostile_fight(names: list[str]) -> Session:
    """The demo fight with every name (and the encounter's) replaced: P0x..., typed at
    the table by their safe prefix ``p0x``."""
    specs = [dataclasses.replace(c, name=f"P{i}x{names[i]}")
             for i, c in enumerate(DEMO.combatants)]
    enc = dataclasses.replace(DEMO, name=names[-1], description=names[-1],
                              combatants=tuple(specs))
    return Session(enc)


@pytest.mark.slow  # property
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES)
def test_every_output_line_is_free_of_raw_control_bidi_and_zero_width(names):
    s = _hostile_fight(names)
    roller = SeededRoller(3)
    for line in ("turn p0x", "attack p3x", "cond p3x hindered from p0x", "note hi",
                 "dmg p4x 30", "next p3x", "attack p0x dodge", "end"):
        try:
            run_line(s, line, roller)
        except MomentaError as err:
            _clean(str(err), "error")  # refusals quote names too
    _clean(_render(status_block(s.state)), "status")
    _clean(_render(status_block(s.state, players=True)), "player view")
    _clean(prompt_text(s.state), "prompt")
    for entry in s.entries:
        for text in event_lines(entry.events):
            _clean(text, "log")
    _clean(as_text(s), "text export")
    md = as_markdown(s)
    _clean(md, "markdown")
    for row in md.split("\n"):  # names never start a line, so they add no structure
        assert row == "" or re.match(r"(# |## |### |- |  - |\d+ command)", row), row
    doc = as_json(s)
    _clean(doc, "json")
    assert json.loads(doc)["combatants"][0]["name"] == f"P0x{names[0]}"
    _clean(_render(encounter_view(s.encounter)), "show")


@pytest.mark.parametrize("name", ["Ke\u202eval", "A\u200bB", "Gorm\x1b[31m", "Two\nLines",
                                  "Sep\u2028x", "Nul\x00", "Tab\there", "Soft\u00adhyphen",
                                  "Ann\u034f", "Ann\u3164", "Ann\ufe0f", "Blank\u2800"])
def test_a_name_holding_such_a_character_is_refused_with_its_position(name):
    # The check the loader applies (encounter/file_model.py Name).
    text = json.dumps(name)  # a YAML double-quoted string takes JSON escapes
    with pytest.raises(MomentaError) as info:
        load_encounter_text(f"name: T\ncombatants:\n  - {{name: {text}, side: allies}}\n")
    problem = info.value.problems[0]  # type: ignore[attr-defined]
    assert problem.startswith("<string>:3:12: combatants[0].name: may not hold")
    assert unsafe(name).split(" at ")[0] in problem


def test_lookalike_names_clash():
    # Jörg typed with a combining diaeresis, in fullwidth letters, or in capitals is the
    # same name at the table (text.name_key), so one encounter may not have two of them.
    assert name_key("Jo\u0308rg") == name_key("JÖRG") == name_key("Ｊｏ\u0308ｒｇ")
    with pytest.raises(MomentaError) as info:
        load_encounter_text('name: T\ncombatants:\n  - {name: "Jörg", side: allies}\n'
                            '  - {name: "Jo\\u0308rg", side: allies}\n'
                            '  - {name: "ＪÖＲＧ", side: adversaries}\n')
    problems = info.value.problems  # type: ignore[attr-defined]
    assert len(problems) == 2 and all("cannot be told apart" in p for p in problems)


def test_a_lookalike_is_found_at_the_table():
    # Typed in any of those spellings, the name finds its combatant.
    s = session_from('name: T\ncombatants:\n  - {name: "Jörg", side: allies}\n'
                     '  - {name: Foe, side: adversaries}\n')
    run_line(s, "turn JO\u0308RG", SeededRoller(1))
    assert s.state.active == "Jörg"


@pytest.mark.parametrize("line, what", [
    ("note the rope\u2028dmg gorm 20", "U+2028"),
    ("note \u202eevil", "U+202E"),
    ("dmg gorm\x1b 3", "U+001B"),
    ("note caf\udce9", "not UTF-8 text"),
    ("add footpad as Sly\u200bOne", "U+200B"),
])
def test_a_command_line_is_plain_text(line, what):
    # What the GM types goes to the journal and back to the screen: refused, unchanged.
    s = Session(load_encounter(ROOT / "encounters" / "demo.yaml"))
    with pytest.raises(MomentaError, match=re.escape(what)):
        run_line(s, line, SeededRoller(1))
    assert s.entries == []


@pytest.mark.parametrize("line, why", [
    ("hide roll ²s", "a result is faces"), ("attack gorm roll ٣,1", "a result is faces"),
    ("dmg gorm ３", "amount must be a whole number"), ("end hindered=１s", "a result is faces"),
    ("surge 2²", "must be a whole number")])
def test_numbers_in_commands_are_ascii_digits(line, why):
    # Python's isdigit accepts ², ٣ and fullwidth digits; the command language does not:
    # each is refused by the parser, with what it expected.
    s = Session(load_encounter(ROOT / "encounters" / "demo.yaml"))
    run_line(s, "turn brannoc", SeededRoller(1))
    n = len(s.entries)
    with pytest.raises(CommandError, match=why):
        run_line(s, line, SeededRoller(1))
    assert len(s.entries) == n


def test_a_reinforcement_named_like_a_combatant_names_the_one_there():
    # R17 add ... as NAME: the clash is told with the existing combatant's own name.
    s = Session(load_encounter(ROOT / "encounters" / "demo.yaml"))
    with pytest.raises(MomentaError, match="there is already a combatant called Gorm$"):
        run_line(s, "add footpad as GORM", SeededRoller(1))


# Block and inline structure a recap may hold: headings, the log's two list levels,
# paragraphs and code spans. Anything else (an ordered list, a quote, a rule, a code
# block, HTML, a link, emphasis) would have come from a name.
ALLOWED = {"heading_open", "heading_close", "bullet_list_open", "bullet_list_close",
           "list_item_open", "list_item_close", "paragraph_open", "paragraph_close",
           "inline", "text", "code_inline", "softbreak"}


def _structure(md: str) -> list[str]:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(md)
    out = []
    for t in tokens:
        out.append(t.type)
        out.extend(c.type for c in t.children or ())
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES)
def test_names_add_no_markdown_structure_to_the_recap(names):
    # The names themselves (no safe prefix here) start the recap's summary lines.
    specs = [dataclasses.replace(c, name=names[i]) for i, c in enumerate(DEMO.combatants)]
    keys = {name_key(n) for n in names[:len(specs)]}
    if len(keys) < len(specs):
        return  # lookalikes cannot share a fight (the loader refuses them)
    s = Session(dataclasses.replace(DEMO, name=names[-1], combatants=tuple(specs)))
    run_line(s, "note the end", SeededRoller(1))
    md = as_markdown(s)
    kinds = _structure(md)
    assert set(kinds) <= ALLOWED, (set(kinds) - ALLOWED, md)
    summary = md.split("## At the end\n\n")[1]
    from markdown_it import MarkdownIt

    items = [t for t in MarkdownIt("commonmark").parse(summary) if t.type == "list_item_open"]
    assert len(items) == len(specs), summary  # one item per combatant, none nested


def test_a_recorded_command_never_forges_a_line_when_undone_or_redone():
    # A journal from an old version or another tool may hold a line with a newline in it:
    # the prompt's undo and redo messages show it on one line, escaped.
    from momenta_cli.cli.screen import Screen
    from momenta_cli.engine.core import Entry
    from momenta_cli.play import Outcome

    s = Session(DEMO)
    buf = io.StringIO()
    screen = Screen(Console(width=80, file=buf, markup=False, color_system=None))
    forged = Entry("note \x1b[2Jevil\u202e\n# fake heading", ())
    before = (1, None, 0, False)
    screen.outcome(Outcome("undo", undone=forged), s.state, before)
    screen.outcome(Outcome("redo", redone=forged), s.state, before)
    out = buf.getvalue()
    _clean(out, "prompt")
    assert not any(row.startswith("# fake") for row in out.splitlines()), out


def test_lookalike_conditions_weapons_and_locations_clash():
    # What the table could never tell apart is refused where it is written: a GM condition
    # spelled like a catalogue one, two attacks, two hit locations.
    with pytest.raises(MomentaError) as info:
        load_encounter_text(
            "name: L\nconditions:\n  - {name: hindered, cap: 1}\ncombatants:\n"
            "  - name: Ana\n    side: adversaries\n    threat: Regular\n    attacks:\n"
            "      - {name: Claw, pool: 2, tags: [Slashing], damage: {0s: 1, 1+: 3}}\n"
            "      - {name: Ｃｌａｗ, pool: 2, tags: [Slashing], damage: {0s: 1, 1+: 3}}\n"
            "    hit_locations: [Mass, {name: Tail, penalty: 1}, {name: TAIL}]\n")
    problems = info.value.problems  # type: ignore[attr-defined]
    assert [p.split(": ", 2)[1:] for p in problems] == [
        ["conditions[0].name", "'hindered' cannot be told apart from the catalogue's "
         "condition 'Hindered' at the table"],
        ["combatants[0].weapons", "weapon 'Ｃｌａｗ' cannot be told apart from 'Claw' at the "
         "table"],
        ["combatants[0].hit_locations[2]", "location 'TAIL' cannot be told apart from "
         "'Tail' at the table"]]
