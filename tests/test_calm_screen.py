"""A calm screen at the table: a turn change prints one headline line, not the status
table; the table comes on `status` and when the round turns (every turn with the
`table_every_turn` setting); `do` draws it once at the end, `--quiet` not at all; the
prompt and the bottom toolbar give a multi-turn combatant's turn counter (R15); a bare
`turn`/`next` on the allies' side waits for the players' pick (ch18 Turn Order)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from momenta_cli.cli.ask import ToldTable
from momenta_cli.cli.prompt import run_one
from momenta_cli.cli.screen import Screen
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import NextTurn, SeededRoller, StartTurn, survey
from momenta_cli.engine.turns import zipper
from momenta_cli.errors import MomentaError
from momenta_cli.journal import FightFile
from momenta_cli.render import prompt_line, toolbar
from tests.conftest import fight_of, invoke
from tests.engine_helpers import run, session_from

pytestmark = pytest.mark.usefixtures("home")

BOSS = """\
name: Ford
{rules}combatants:
  - {{name: Kira, side: allies, attributes: {{POW: 2, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1}}}}
  - {{name: Oren, side: allies}}
  - {{name: The Warden, side: adversaries, threat: Champion, turns: 2}}
  - {{name: Hound, side: adversaries, threat: Grunt}}
"""


def boss_yaml(tmp_path: Path, rules: str = "") -> Path:
    path = tmp_path / "ford.yaml"
    path.write_text(BOSS.format(rules=f"rules: {{{rules}}}\n" if rules else ""))
    return path


def fight_file(tmp_path: Path, rules: str = "") -> FightFile:
    enc = boss_yaml(tmp_path, rules)
    return FightFile.create(fight_of(enc), enc, load_encounter(enc))


def screen() -> tuple[Screen, io.StringIO]:
    buf = io.StringIO()
    return Screen(Console(file=buf, width=80, no_color=True, force_terminal=False)), buf


class PickTable(ToldTable):
    """The table's questions answered by ``ask(names, suggestion)`` at the players' pick
    (the names read off the words offered, the suggestion off the menu told)."""

    def __init__(self, ff: FightFile, scr: Screen, ask):
        super().__init__(scr, lambda: ff.session.state)
        self.answer, self.menu = ask, ""

    def tell(self, text: str) -> None:
        self.menu = text
        super().tell(text)

    def ask(self, prompt, words=()):
        assert prompt == "pick> ", prompt
        names = [w.strip('"') for w in words]
        sugg = re.search(r"\(suggest (.+?)\)", self.menu)
        return self.answer(names, sugg.group(1) if sugg else None)


def play(ff: FightFile, scr: Screen, *lines: str, ask=None) -> None:
    table = PickTable(ff, scr, ask) if ask is not None else None
    for line in lines:
        assert run_one(ff, scr, line, SeededRoller(1), table)


def tables(text: str) -> int:
    """How many status tables ``text`` holds (each opens its allies' section once)."""
    return sum(1 for x in text.splitlines() if re.match(r"ALLIES\b", x))


# --- the screen at the prompt --------------------------------------------------------------


def test_a_turn_change_prints_one_headline_line_and_not_the_table(tmp_path):
    ff = fight_file(tmp_path)
    scr, buf = screen()
    play(ff, scr, "turn kira")
    assert buf.getvalue().splitlines() == ["  Kira's turn",
                                           "Round 1 · main phase · Kira acting · Vigor 7/7"]
    buf.truncate(0), buf.seek(0)
    play(ff, scr, "end")
    out = buf.getvalue().splitlines()
    # one line at 80 columns: the suggestion gives way
    assert out[-2:] == ["  Kira ends the turn",
                        "Round 1 · main phase · adversaries due, may act: The Warden 1/2, "
                        "Hound"]
    assert tables(buf.getvalue()) == 0
    buf.truncate(0), buf.seek(0)
    play(ff, scr, "dmg hound 1")  # no turn change: the log line only
    assert buf.getvalue().splitlines() == ["  Hound: Vitality 10->9 (damage)"]


def test_the_table_is_drawn_when_the_round_turns_and_on_status(tmp_path):
    ff = fight_file(tmp_path)
    scr, buf = screen()
    play(ff, scr, "turn kira", "next warden", "next oren", "next warden", "next hound")
    assert tables(buf.getvalue()) == 0
    play(ff, scr, "end")  # the last turn of round 1: round 2 starts
    assert tables(buf.getvalue()) == 1 and "-- Round 2" in buf.getvalue()
    play(ff, scr, "status")
    assert tables(buf.getvalue()) == 2


def test_table_every_turn_setting_draws_it_at_each_turn_change(tmp_path):
    ff = fight_file(tmp_path, "table_every_turn: true")
    scr, buf = screen()
    play(ff, scr, "turn kira", "dmg hound 1", "next warden")
    assert tables(buf.getvalue()) == 2


def test_undo_at_the_prompt_follows_the_same_rule(tmp_path):
    ff = fight_file(tmp_path)
    scr, buf = screen()
    play(ff, scr, "turn kira", "dmg hound 2")
    buf.truncate(0), buf.seek(0)
    play(ff, scr, "undo")  # no turn change: no table, no headline
    assert tables(buf.getvalue()) == 0 and "Round" not in buf.getvalue()
    play(ff, scr, "undo")  # Kira's turn taken back: the headline says who is due now
    assert buf.getvalue().splitlines()[-1].startswith("Round 1 · main phase · allies due")


# --- the prompt line and the toolbar: the turn counter (R15) -------------------------------


def test_the_prompt_and_toolbar_show_a_two_turn_bosss_counter(tmp_path):
    s = session_from(BOSS.format(rules=""))
    run(s, "turn kira", "next warden")
    assert prompt_line(s.state) == "R1 The Warden 1/2> "
    assert "The Warden acting 1/2" in toolbar(s.state, 100)
    run(s, "next oren", "next warden")
    assert zipper.turn_counter(s.state, s.state.get("The Warden")) == (2, 2)
    assert prompt_line(s.state) == "R1 The Warden 2/2> "
    assert "The Warden acting 2/2" in toolbar(s.state, 100)
    bar = toolbar(s.state, 30)
    assert len(bar) < 30 and bar.endswith("…")  # one line, never wider than the terminal
    run(s, "next hound")
    assert prompt_line(s.state) == "R1 Hound> "  # one turn a round: no counter


def test_the_toolbar_gives_the_actors_vigor_and_guard_and_who_is_due():
    s = session_from(BOSS.format(rules=""))
    assert toolbar(s.state, 100) == (" R1 · main phase · allies due, may act: Kira, Oren "
                                     "(suggest Kira)")
    # narrow: the suggestion gives way before any name is cut
    assert toolbar(s.state, 60) == " R1 · main phase · allies due, may act: Kira, Oren"
    run(s, "turn kira", "move 3", "attack hound roll 5,5", "cond kira hindered")
    f = s.state.get("Kira")
    assert f"Vigor {f.vigor}/{f.spec.max_vigor}" in toolbar(s.state, 100)


# --- do: one table at the end, or none -----------------------------------------------------


def test_do_with_several_commands_draws_the_table_once_at_the_end(enc):
    r = invoke("do", enc, "turn brannoc", "dmg gorm 4", "next gorm", "next tamsin",
               "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    assert tables(r.output) == 1
    assert r.output.index("Tamsin's turn") < r.output.index("ALLIES")  # at the end


def test_do_quiet_prints_only_the_result_lines(enc):
    r = invoke("do", enc, "--quiet", "turn brannoc", "dmg gorm 4", "next gorm",
               "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == ["  Brannoc's turn", "  Gorm: Vitality 22->18 (damage)",
                                     "  Brannoc ends the turn", "  Gorm's turn",
                                     f"new fight, saved in {fight_of(enc)}"]
    # asked for, the table is a result too
    r = invoke("do", enc, "-q", "status", "--width", "80", "--no-color")
    assert tables(r.output) == 1


# --- the players' pick (ch18 Turn Order: the players decide) -------------------------------


def test_a_bare_turn_on_the_allies_side_waits_for_the_players_pick(tmp_path):
    ff = fight_file(tmp_path)
    scr, buf = screen()
    asked = []

    def ask(names, suggestion):
        asked.append((names, suggestion))
        return "Oren"

    play(ff, scr, "turn", ask=ask)
    assert asked == [(["Kira", "Oren"], "Kira")]
    assert ff.session.state.active == "Oren"
    assert ff.session.entries[-1].line == "turn Oren"  # what a replay will start
    assert "the players pick who acts: 1 Kira · 2 Oren (suggest Kira)" in buf.getvalue()


def test_a_bare_next_waits_for_the_pick_after_the_adversaries_turn(tmp_path):
    ff = fight_file(tmp_path)
    scr, _ = screen()
    asked = []

    def ask(names, suggestion):
        asked.append(names)
        return "Kira"

    play(ff, scr, "turn oren", ask=ask)  # named: nothing asked
    play(ff, scr, "next", ask=ask)  # the adversaries are due: the GM's suggestion
    assert asked == [] and ff.session.state.active == "The Warden"
    play(ff, scr, "next forgo", ask=ask)  # the allies are due: only Kira is left
    assert asked == [] and ff.session.state.active == "Kira"


def test_the_pick_for_next_names_the_pick_after_the_verb(tmp_path):
    ff = fight_file(tmp_path)
    scr, _ = screen()
    # round 2 opens with the allies when the adversaries took round 1's last turn
    play(ff, scr, "turn kira", "next warden", "next oren", "next warden", "next hound")
    play(ff, scr, "next # round two", ask=lambda names, sugg: "Oren")
    assert ff.session.entries[-1].line == "next Oren # round two"
    assert ff.session.state.round == 2 and ff.session.state.active == "Oren"


def test_ctrl_c_at_the_pick_cancels_and_changes_nothing(tmp_path):
    ff = fight_file(tmp_path)
    scr, buf = screen()
    play(ff, scr, "turn", ask=lambda names, sugg: None)
    assert ff.session.entries == [] and ff.session.state.active is None
    assert "nothing was done" in buf.getvalue()
    assert ff.path.read_text().count("\n") == 1  # the header only: nothing saved


def test_players_pick_false_takes_the_suggestion_as_before(tmp_path):
    ff = fight_file(tmp_path, "players_pick: false")
    scr, _ = screen()
    play(ff, scr, "turn", ask=lambda names, sugg: pytest.fail("asked"))
    assert ff.session.state.active == "Kira"


def test_scripts_and_do_take_the_suggestion(enc):
    # no one to ask: a bare turn keeps taking the suggestion (existing scripts rely on it)
    r = invoke("do", enc, "turn", "--no-color")
    assert r.exit_code == 0 and "Brannoc's turn" in r.output
    r = invoke("run", enc, "--new", input="next\n")  # piped: a script, nobody to ask
    assert r.exit_code == 0 and "Brannoc's turn" in r.output, r.output


def test_the_pick_is_resolved_by_number_or_name():
    from momenta_cli.questions import pick_from

    s = session_from(BOSS.format(rules=""))
    assert pick_from(s.state, ["Kira", "Oren"], "2") == "Oren"
    assert pick_from(s.state, ["Kira", "Oren"], "ki") == "Kira"
    with pytest.raises(MomentaError, match="may not act now"):
        pick_from(s.state, ["Kira", "Oren"], "hound")


def test_the_player_view_keeps_an_adversarys_numbers_hidden():
    # engine/core/players.py: the players see the allies' numbers only
    s = session_from(BOSS.format(rules="").replace("turns: 2", "turns: 2, max_guard: 4"))
    run(s, "turn kira", "next warden")
    assert "Guard 4/4" in toolbar(s.state, 100)
    assert "Guard" not in toolbar(s.state, 100, players=True)


def test_the_engine_says_when_the_players_pick():
    # ch18 Turn Order: the players decide for the allies, the GM for the adversaries
    s = session_from(BOSS.format(rules=""))
    assert zipper.picked_by_players(s.state)  # round 1: the allies, Kira or Oren
    run(s, "turn kira")
    assert not zipper.picked_by_players(s.state)  # a turn runs: nobody picks
    # a bare next: the engine's pick point, once the turn has ended (a look-ahead)
    _, asks = survey(s.state, NextTurn(None))
    picks = [a for a in asks if a.kind == "pick"]
    assert [(a.who, a.gm) for a in picks] == [("adversaries", True)]  # the GM's pick
    run(s, "next warden")
    events, asks = survey(s.state, NextTurn(None))
    assert not [a for a in asks if a.kind == "pick"]  # one choice: none to make
    assert [e.name for e in events if e.kind == "turn_started"] == ["Oren"]
    with pytest.raises(MomentaError, match="still running"):
        survey(s.state, StartTurn(None))


# --- long names at 80 and 60 columns: wrapped under themselves, never broken ---------------

LONG = """\
name: Nave
combatants:
  - {name: Sister Ilse of the Seventh Drowned Bell, side: allies, max_guard: 3}
  - {name: Brannoc, side: allies}
  - {name: Great Pale Leech of the Flooded Nave, side: adversaries, threat: Champion,
     turns: 2}
  - {name: Hound, side: adversaries, threat: Grunt}
"""
ILSE = "Sister Ilse of the Seventh Drowned Bell"
LEECH = "Great Pale Leech of the Flooded Nave"


def long_file(tmp_path: Path) -> FightFile:
    enc = tmp_path / "nave.yaml"
    enc.write_text(LONG)
    return FightFile.create(fight_of(enc), enc, load_encounter(enc))


def wide(width: int) -> tuple[Screen, io.StringIO]:
    buf = io.StringIO()
    return Screen(Console(file=buf, width=width, no_color=True, force_terminal=False)), buf


def hangs(lines: list[str], width: int, *whole: str) -> None:
    """Every line within ``width``, the continuations indented, each of ``whole`` on one
    line (never broken)."""
    assert all(len(x) <= width for x in lines), lines
    assert all(x.startswith("  ") for x in lines[1:]), lines
    for w in whole:
        assert any(w in x for x in lines), (w, lines)


@pytest.mark.parametrize("width", [80, 60])
def test_the_turn_headline_wraps_under_itself_and_keeps_names_and_vigor_whole(tmp_path,
                                                                            width):
    ff = long_file(tmp_path)
    scr, buf = wide(width)
    play(ff, scr, "turn sister")
    head = buf.getvalue().splitlines()[1:]  # after the log line
    assert head[0].startswith("Round 1 · main phase ·")
    hangs(head, width, ILSE, "Vigor 7/7", "Guard 3/3")
    assert "…" not in buf.getvalue()
    assert not any(x.lstrip().startswith("·") for x in head)  # a dot ends its line
    buf.truncate(0), buf.seek(0)
    play(ff, scr, "end")  # the boss's counter stays with its name
    head = buf.getvalue().splitlines()[1:]
    hangs(head, width, f"{LEECH} 1/2")


def test_the_headline_is_one_line_where_it_fits(tmp_path):
    ff = long_file(tmp_path)
    scr, buf = wide(80)
    play(ff, scr, "turn sister", "next leech")
    assert buf.getvalue().splitlines()[-1] == f"Round 1 · main phase · {LEECH} acting 1/2"


@pytest.mark.parametrize("width", [80, 60])
def test_the_toolbar_shortens_names_before_it_cuts(tmp_path, width):
    s = session_from(LONG)
    bar = toolbar(s.state, width)
    assert len(bar) < width and "Brannoc" in bar and "Sister" in bar  # shortened, kept
    assert not bar.endswith("…")  # nothing cut off at the end
    run(s, "turn sister")
    bar = toolbar(s.state, width)
    assert len(bar) < width and bar.endswith("Vigor 7/7 · Guard 3/3"), bar
    assert "Sister I" in bar and "…" in bar and ILSE not in bar


def test_the_prompt_shortens_a_long_name_to_leave_room_to_type():
    s = session_from(LONG)
    run(s, "turn sister")
    assert prompt_line(s.state) == "R1 Sister Ilse of the…> "
    run(s, "next leech")
    assert prompt_line(s.state) == "R1 Great Pale Leech of… 1/2> "  # the counter stays


@pytest.mark.parametrize("width", [80, 60])
def test_the_players_pick_wraps_under_itself_with_names_whole(tmp_path, width):
    ff = long_file(tmp_path)
    scr, buf = wide(width)
    play(ff, scr, "turn", ask=lambda names, sugg: "Brannoc")
    menu = buf.getvalue().splitlines()[:-2]  # the log line and headline follow
    assert menu[0].startswith("the players pick who acts:")
    hangs(menu, width, f"1 {ILSE}", "2 Brannoc")


def test_the_exit_line_hangs_and_keeps_the_command_whole(tmp_path):
    from momenta_cli.cli.prompt import goodbye

    scr, buf = wide(60)
    path = tmp_path / "a-rather-long-folder-name" / "nave.fight.jsonl"
    goodbye(scr, path)
    lines = buf.getvalue().splitlines()
    assert len(lines) > 1 and all(len(x) <= 60 for x in lines)
    assert all(x.startswith("    ") for x in lines[1:])
    assert any("Resume with: momenta resume" in x for x in lines)
    assert str(path) in "".join(x.strip() for x in lines)


def test_help_keeps_a_bracket_group_and_a_quoted_word_whole(tmp_path):
    ff = fight_file(tmp_path)
    scr, buf = wide(60)
    play(ff, scr, "help add", "help attack")
    lines = buf.getvalue().splitlines()
    assert all(len(x) <= 60 for x in lines)
    for x in lines:
        # no line ends inside [...] nor inside a quoted 'using POW'
        assert x.count("[") == x.count("]"), x
        assert not re.search(r"'(using|cost|as|with|at|dist|roll|for)$", x), x
    assert any(x.startswith("    ") and "[" in x for x in lines)  # the usage hangs
