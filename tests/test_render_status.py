"""Rendering at a fixed width of 80 columns: the status table, the player view,
the prompt, log entries and help; names from files shown literally."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from momenta_cli.cli.screen import Screen
from momenta_cli.encounter import load_encounter, load_encounter_text
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.render import help_table, status_block
from momenta_cli.render.status_view import prompt_text
from momenta_cli.text import escape

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ["turn brannoc", "cond gorm hindered +1 from brannoc", "cond gorm vulnerable =2",
          "next knife-1", "dmg knife-1 30", "next wren", "dmg gorm 9", "strain wren 3", "next"]

GM_VIEW = """\
Round 1 · main phase · Gorm is acting
Name           Vit          Grd    Vig     Str  Turn      Conditions
ALLIES
  Brannoc    21/21  ████  2/2▮▮  7/7▮▮   0/7··  acted
  Tamsin     21/21  ████  1/1▮▮  7/7▮▮   0/8··  waiting
  Wren       19/19  ████  1/1▮▮  7/7▮▮  3/10▮·  acted
ADVERSARIES
▶ Gorm       13/22  ██··  0/0··      -   0/6··  acting    Hindered, Vulnerable 2
  Knife-1     0/10  ····  0/0··      -   0/4··  Defeated
  Knife-2    10/10  ████  0/0··      -   0/4··  waiting
notes (Gorm): Big, slow to think, quick to swing.
"""


def console(color: bool = False) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    c = Console(width=80, file=buf, markup=False, emoji=False, highlight=False,
                force_terminal=color, color_system="standard" if color else None,
                no_color=not color)
    return c, buf


def demo_session(lines=SCRIPT) -> Session:
    s = Session(load_encounter(ROOT / "encounters" / "demo.yaml"))
    for line in lines:
        run_line(s, line, SeededRoller(1))
    return s


def render(obj, color: bool = False) -> str:
    c, buf = console(color)
    c.print(obj)
    # The table joins a condition and its stacks with a no-break space (kept together
    # when the column wraps); compare with plain spaces.
    return buf.getvalue().replace("\u00a0", " ")


def strip_right(text: str) -> str:
    return "\n".join(x.rstrip() for x in text.splitlines()) + "\n"


def test_gm_view_at_80_columns():
    out = render(status_block(demo_session().state))
    assert strip_right(out) == GM_VIEW
    assert all(len(x) <= 80 for x in out.splitlines())


def test_defeated_row_is_greyed():
    out = render(status_block(demo_session().state), color=True)
    knife = next(x for x in out.splitlines() if "Knife-1" in x)
    gorm = next(x for x in out.splitlines() if x.startswith("▶ Gorm"))
    assert "\x1b[2m" in knife  # dim
    assert "\x1b[2m  Gorm" not in gorm and "\x1b[2m▶" not in gorm


def test_side_due_and_who_may_act_are_shown():
    s = demo_session(["turn brannoc", "end"])
    out = render(status_block(s.state))
    head = out.splitlines()[0]
    # a headline too long for the width wraps with a hanging indent
    assert "adversaries due, may act: Gorm, Knife-1, Knife-2 (suggest Gorm)" in " ".join(
        x.strip() for x in out.splitlines()[:2])
    assert out.splitlines()[1].startswith("  ")
    assert head.startswith("Round 1 · main phase")
    assert "ADVERSARIES (due)" in out
    assert re.search(r"Gorm .* may act", out)
    assert re.search(r"Brannoc .* acted", out)


def test_player_view_hides_adversary_numbers():
    out = render(status_block(demo_session().state, players=True))
    assert all(len(x) <= 80 for x in out.splitlines())
    gorm = next(x for x in out.splitlines() if x.startswith("▶ Gorm"))
    assert "Hurt" in gorm and "13/22" not in gorm and "0/6" not in gorm
    assert re.search(r"Knife-1\s+Down", out)
    assert re.search(r"Knife-2\s+Unhurt", out)
    assert re.search(r"Wren\s+19/19 .* 3/10", out)  # allies keep their numbers
    # conditions are visible at the table anyway (they may wrap in the narrow column)
    assert "Hindered" in gorm and re.search(r"Vulnerable\s+2", out)


def test_bloodied_label_at_half():
    s = demo_session(["dmg gorm 11"])
    out = render(status_block(s.state, players=True))
    assert re.search(r"Gorm\s+Bloodied", out)


def test_prompt_shows_round_phase_and_side():
    s = demo_session([])
    assert prompt_text(s.state) == "R1 allies> "
    run_line(s, "turn tamsin", SeededRoller(1))
    assert prompt_text(s.state) == "R1 Tamsin> "
    run_line(s, "end", SeededRoller(1))
    assert prompt_text(s.state) == "R1 adversaries> "
    run_line(s, "cond knife-1 slowed", SeededRoller(1))
    run_line(s, "over the knives flee", SeededRoller(1))
    assert prompt_text(s.state) == "over> "


def test_prompt_names_the_slowed_phase():
    # ch18/R12: Slowed fighters act in a later phase; the prompt says so
    s = Session(load_encounter_text(
        "name: t\ncombatants:\n"
        "  - {name: A, side: allies, attributes: {POW: 1, AGI: 1, REA: 1, INS: 1, PRE: 1, "
        "LUCK: 1}}\n"
        "  - {name: B, side: adversaries, threat: Grunt}\n"))
    run_line(s, "cond a slowed", SeededRoller(1))
    run_line(s, "turn b", SeededRoller(1))
    run_line(s, "end", SeededRoller(1))
    assert prompt_text(s.state) == "R1 slowed allies> "


def test_log_entries_at_80_columns():
    s = demo_session(["turn brannoc"])
    c, buf = console()
    screen = Screen(c)
    for line in ("cond gorm hindered from brannoc", "dmg gorm 5", "undo", "redo", "help cond"):
        before = (s.state.round, s.state.active, s.state.active_turn, s.state.over)
        screen.outcome(run_line(s, line, SeededRoller(1)), s.state, before)
    text = buf.getvalue()
    assert "  Gorm gains Hindered 1 from Brannoc\n" in text  # canonical source name
    assert "  Gorm: Vitality 22->17 (damage)\n" in text
    assert "undo: took back 'dmg gorm 5'\n  (undone) Gorm: Vitality 22->17 (damage)\n" in text
    assert "redo: put back 'dmg gorm 5'\n" in text
    assert "cond NAME CONDITION [+N|-N|=N|-all] [new] [from SOURCE]\n" in text
    assert all(len(x) <= 80 for x in text.splitlines())


def test_help_lists_every_registered_verb_within_80_columns():
    from momenta_cli.language import VERBS

    out = render(help_table())
    assert all(len(x) <= 80 for x in out.splitlines())
    for v in VERBS.values():
        assert v.usage.split()[0] in out


def test_markup_and_escapes_are_literal():
    s = Session(load_encounter(ROOT / "tests" / "fixtures" / "markup_names.yaml"))
    out = render(status_block(s.state), color=True)
    assert "[bold]Boss[/bold]" in out
    assert escape("a\x1b[31mb\x07c\td") == "a\\x1b[31mb\\x07c d"
    assert escape("ok\nnext") == "ok\nnext"
    assert escape("\x9b2J") == "\\x9b2J"  # C1 control sequence introducer


def test_long_names_are_cut_with_an_ellipsis_at_80():
    s = Session(load_encounter_text(
        "name: t\ncombatants:\n"
        "  - {name: Bartholomew the Unnecessarily Long-Named, side: allies, attributes: "
        "{POW: 1, AGI: 1, REA: 1, INS: 1, PRE: 1, LUCK: 1}}\n"
        "  - {name: B, side: adversaries, threat: Grunt}\n"))
    for f in ("Hindered", "Vulnerable =3", "Frightened", "Exhausted =2", "Slowed"):
        run_line(s, f"cond bart {f}", SeededRoller(1))
    out = render(status_block(s.state))
    assert all(len(x) <= 80 for x in out.splitlines())
    assert "Bartholomew the Unn…" in out
    assert "Exhausted 2" in out  # conditions fold onto more lines rather than vanish


def test_status_lists_reminders_for_effects_left_to_the_gm():
    # Condition table: Frightened is a reminder, not an applied effect.
    import io
    from pathlib import Path

    from rich.console import Console

    from momenta_cli.encounter import load_encounter
    from momenta_cli.engine.core import SeededRoller, Session
    from momenta_cli.play import run_line
    from momenta_cli.render import status_block

    root = Path(__file__).resolve().parent.parent
    s = Session(load_encounter(root / "encounters" / "demo.yaml"))
    run_line(s, "cond brannoc frightened +1 from Gorm", SeededRoller(1))
    buf = io.StringIO()
    Console(width=120, file=buf, color_system=None).print(status_block(s.state))
    assert "note: Brannoc: Frightened (source: Gorm): may not approach" in buf.getvalue()
    assert "! " not in buf.getvalue()  # "!" marks refusals at the prompt, not reminders
    buf = io.StringIO()
    Console(width=120, file=buf, color_system=None).print(status_block(s.state, players=True))
    assert "Frightened (source" not in buf.getvalue()


def test_swimming_is_shown_since_it_doubles_costs():
    # ch19 Swim: every Vigor cost doubles; the table says who is swimming.
    s = demo_session(["terrain wren swim"])
    out = render(status_block(s.state))
    assert re.search(r"Wren .*swimming", out)


def test_the_acting_combatants_notes_are_shown_to_the_gm():
    s = demo_session(["turn brannoc"])
    assert "notes (Brannoc): Former caravan guard." in render(status_block(s.state))
    assert "notes (" not in render(status_block(s.state, players=True))
