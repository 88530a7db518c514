"""80 columns is the design width (issue 11 item 1): at 80 and 60 columns the status table
shows every condition in full, long names give way first (the full name still shown),
log lines wrap with a hanging indent and never inside a name, and piped output has no
trailing spaces."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from momenta_cli.cli.screen import Screen
from momenta_cli.encounter.file_model import NAME_MAX
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.render import status_block
from momenta_cli.render.status_table import shorten, status_table
from tests.conftest import invoke, started
from tests.engine_helpers import session_from

LONGEST = ("Bartholomew Ironhand of the Seven Bridges, Warden of the Weir and Keeper of "
           "Bells")[:NAME_MAX]
BOSS = "Cantor of the Drowned Bell"  # the longest name among the shipped samples
ATTRS = "{POW: 2, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 10, SIZE: 1M}"

ENCOUNTER = f"""
name: Width test
weapons:
  - {{name: Bell-Chain Scourge, weight: Medium, attribute: POW, tags: [Crushing, Melee 1],
     damage: {{0s: 2, 1s: 6, 2s: 11, 3+: 17}}}}
combatants:
  - name: {LONGEST}
    side: allies
    attributes: {ATTRS}
    max_vitality: 21
    max_guard: 2
    max_vigor: 7
    weapons: [Bell-Chain Scourge]
  - name: Sister Ilse
    side: allies
    attributes: {ATTRS}
    max_vitality: 21
    max_vigor: 7
    weapons: [Bell-Chain Scourge]
  - name: {BOSS}
    side: adversaries
    threat: Champion
    turns: 2
    count: 2
    attributes: {{POW: 4, AGI: 1, LUCK: 2, SPD: 5, SEN: 10, SIZE: 1L}}
    max_vitality: 26
    attacks:
      - {{name: Drowning Stare, pool: 3, tags: [Psychic, Melee 1],
         damage: {{0s: 2, 1s: 5, 2s: 9, 3+: 13}}}}
  - name: Loft Lookout
    side: adversaries
    threat: Grunt
    count: 3
  - name: Nave Leech
    side: independents
    threat: Regular
    attributes: {{POW: 3, AGI: 2, SPD: 4, SEN: 6, SIZE: 1L}}
    max_vitality: 20
"""
CONDITIONS = ("Impaired", "Frightened", "Vulnerable =2")
SHOWN = ("Impaired", "Frightened", "Vulnerable 2")


def fight() -> Session:
    s = session_from(ENCOUNTER)
    for name in list(s.state.fighters):
        for c in CONDITIONS:
            run_line(s, f"cond '{name}' {c}", SeededRoller(1))
    run_line(s, "turn sister", SeededRoller(1))
    return s


def render(obj, width: int) -> str:
    buf = io.StringIO()
    Console(width=width, file=buf, markup=False, emoji=False, highlight=False,
            color_system=None).print(obj)
    return buf.getvalue()


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("players", [False, True])
def test_every_condition_is_shown_in_full(width, players):
    s = fight()
    out = render(status_table(s.state, players=players), width)
    assert all(len(x) <= width for x in out.splitlines()), out
    n = len(s.state.fighters)
    for c in SHOWN:  # each combatant's three, each whole on one line
        assert out.count(c) == n, (c, out)
    assert not re.search(r"\b(Impai|Frigh|Vulne)\b", out)


@pytest.mark.parametrize("width", [80, 60])
def test_long_names_give_way_and_are_shown_in_full_below(width):
    s = fight()
    out = render(status_block(s.state), width)
    rows = out.splitlines()
    # numbered copies keep their number when their name is cut
    for n in (1, 2):
        assert any(re.match(rf"\s*(▶ )?Cantor of t.*…-{n}\b", r) for r in rows), out
    assert any(r.startswith("  Bartholomew") and r.split("  ")[1].endswith("…")
               for r in rows), out
    legend = " ".join(r.strip() for r in rows if r.startswith(("names:", "  ")))
    assert f"= {BOSS}" in legend  # the base of the copies, in full
    assert "= Bartholomew Ironhand" in legend
    assert "Loft Lookout-3" in out  # short enough: untouched


def test_short_names_are_left_whole_and_conditions_stay_in_their_column():
    s = session_from(ENCOUNTER.replace(LONGEST, "Bart").replace(BOSS, "Cantor"))
    run_line(s, "cond bart hindered", SeededRoller(1))
    out = render(status_block(s.state), 80)
    assert "Conditions" in out.splitlines()[1]
    assert re.search(r"^  Bart .* Hindered *$", out, re.M)
    assert "Cantor-2" in out and "…" not in out and "names:" not in out


def test_shorten_keeps_a_copys_number():
    assert shorten("Loft Lookout-12", 10) == "Loft L…-12"
    assert shorten("Gorm", 10) == "Gorm"
    assert shorten("A very long name indeed", 10) == "A very lo…"


@pytest.mark.parametrize("width", [80, 60])
def test_log_lines_hang_and_never_break_a_name(width):
    s = fight()
    buf = io.StringIO()
    screen = Screen(Console(width=width, file=buf, markup=False, color_system=None))
    for line in ("end", f"turn '{BOSS}-1'", "attack sister with stare roll 6,6,6,6",
                 f"note {LONGEST[:40]} hands the Bell-Chain Scourge to Sister Ilse"):
        before = (s.state.round, s.state.active, s.state.active_turn, s.state.over)
        screen.outcome(run_line(s, line, SeededRoller(1)), s.state, before)
    out = buf.getvalue()
    rows = out.splitlines()
    assert all(len(r) <= width for r in rows), out
    attack = next(i for i, r in enumerate(rows) if r.startswith(f"  {BOSS}-1 -> Sister"))
    assert rows[attack + 1].startswith("      ") and rows[attack + 1][6] != " "
    never_split(rows, (f"{BOSS}-1", "Sister Ilse", "Drowning Stare", "Bell-Chain Scourge"))


def never_split(rows: list[str], names) -> None:
    """No name ends one row and goes on in the next."""
    for name in names:
        words = name.split(" ")
        for a, b in zip(rows, rows[1:], strict=False):
            for k in range(1, len(words)):
                if a.endswith(" ".join(words[:k])):
                    assert not b.strip().startswith(" ".join(words[k:])), (name, a, b)


@pytest.mark.parametrize("width", range(40, 73, 4))
def test_the_headline_wraps_between_names(width):
    # "Round 1 · main phase · allies due, may act: Bart, Sister Ilse (suggest Bart)": 76
    s = session_from(ENCOUNTER.replace(LONGEST, "Bart"))
    out = render(status_block(s.state), width)
    rows = out.splitlines()
    assert rows[0].startswith("Round 1") and rows[1].startswith("  ")  # a hanging indent
    never_split(rows[:3], ("Sister Ilse",))


def test_piped_output_has_no_trailing_spaces(enc):
    fight_file = started(enc, "turn bran", "cond gorm hindered", "cond wren vulnerable")
    for args in (("status", fight_file), ("do", fight_file, "status"),
                 ("replay", enc, enc.with_name("demo.script"))):
        r = invoke(*args)
        assert r.exit_code == 0, r.output
        assert "Conditions" in r.output
        assert not [x for x in r.output.splitlines() if x.endswith(" ")], r.output


def test_hang_breaks_at_spaces_outside_names_and_keeps_the_rest():
    from momenta_cli.render.wrap import hang

    assert hang("a  b c", 80) == ["a  b c"]  # a run of spaces inside the text stays
    assert hang("The Warden hits Sister Ilse hard", 18, first="  ",
                keep=["Sister Ilse", "The Warden"]) == [
        "  The Warden hits", "      Sister Ilse", "      hard"]
    assert hang("x" * 14, 10, first="  ") == ["  xxxxxxxx", "      xxxx", "      xx"]


LEECH = "Great Pale Leech of the Flooded Nave"


@pytest.mark.parametrize("width", [80, 60])
def test_the_names_legend_never_breaks_a_name_or_a_pair(width):
    # The legend must not read "...; Great Pale Leech" / "  o… = Great Pale Leech of
    # the Flooded Nave" (a short form broken): each "short = full" that fits a line is
    # whole on one; a full name longer than a line breaks between its words.
    s = session_from(ENCOUNTER.replace("Nave Leech", LEECH))
    rows = render(status_table(s.state), width).splitlines()
    start = next(i for i, r in enumerate(rows) if r.startswith("names: "))
    legend = rows[start:]
    assert all(len(r) <= width for r in legend) and all(r.startswith("  ")
                                                        for r in legend[1:]), legend
    shown = {re.sub(r"-\d+$", "", r.strip().removeprefix("▶ ").split("  ")[0])
             for r in rows[:start] if "…" in r}
    full = {LEECH, BOSS, LONGEST}
    assert len(shown) == 3
    for short in shown:
        (name,) = [n for n in full if n.startswith(short[:-1])]
        pair = f"{short} = {name}"
        if len(pair) + 1 <= width - 2:
            assert any(pair in r for r in legend), (pair, legend)
        else:  # the longest name, longer than a line: breaks between its words only
            assert any(f"{short} =" in r for r in legend), (short, legend)
            assert pair in " ".join(r.strip() for r in legend)
    never_split(legend, (LEECH, BOSS, *shown))


@pytest.mark.parametrize("width", range(40, 101, 3))
def test_the_legend_wraps_between_pairs_at_any_width(width):
    from momenta_cli.render.status_layout import legend_lines

    pairs = [("Great Pale Le…", LEECH), ("Cantor of t…", BOSS), ("Loft Look…", "Loft Lookout"),
             ("Sister Ilse o…", "Sister Ilse of the Seventh Drowned Bell")]
    out = legend_lines(pairs, width)
    assert all(len(r) <= width and r == r.rstrip() for r in out), out
    text = "; ".join(f"{a} = {b}" for a, b in pairs)
    assert re.sub(r"\s+", " ", " ".join(out)) == f"names: {text}"  # nothing lost or added
    for a, b in pairs:
        if len(f"{a} = {b};") <= width - 2:
            assert any(f"{a} = {b}" in r for r in out), (a, out)
        else:
            assert any(f"{a} =" in r for r in out), (a, out)
    never_split(out, [b for _, b in pairs if len(b) < width - 2])
