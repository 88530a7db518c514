"""``momenta run/resume --ask`` with piped input: the table's questions are asked and each
answer is read from the next input line and echoed after its question, so a transcript
with questions can be recorded. Without ``--ask`` piped input never asks, and ``do``,
``replay`` and resume's re-reading of the journal never ask."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import fight_of, invoke

pytestmark = pytest.mark.usefixtures("home")

OPEN = ["turn wren", "next gorm"]  # Gorm's turn: he may attack Brannoc


def cmds(enc: Path) -> list[str]:
    return [json.loads(x).get("cmd", "") for x in fight_of(enc).read_text().splitlines()[1:]]


def play(enc: Path, *lines: str, ask: bool = True, seed: str = "1"):
    args = ["run", enc, "--new", "--seed", seed] + (["--ask"] if ask else [])
    r = invoke(*args, input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    return r


def test_piped_answers_are_read_from_the_next_lines_and_echoed(enc):
    r = play(enc, *OPEN, "attack brannoc", "deflect heat", "5,6", "5,6,2", "2s", "quit")
    out = r.output
    assert "Brannoc's reaction: dodge 1d (2 Vigor) / " in " ".join(out.split())
    assert "reaction> deflect heat" in out
    assert ("Dice: type each roll's faces (5,6,2) or successes (2s); Enter: the tracker "
            "rolls.") in " ".join(out.split())
    assert "Gorm rolls 3d> 5,6" in out
    assert "! expected 3 faces from 1 to 6 for 3d, got 5,6" in out
    assert "Brannoc's Deflect (Heater Shield) 3d> 2s" in out
    assert cmds(enc)[-1] == 'attack brannoc roll 5,6,2 deflect="Heater Shield" def 2s'


def test_brace_from_a_pipe_and_the_state_equals_the_one_line_command(enc):
    """ch19 Brace: asked with the amount both ways, after the roll."""
    r = play(enc, *OPEN, "attack brannoc", "", "6,6,5", "y")
    flat = " ".join(r.output.split())
    assert "Brannoc: 15 to Vitality (21->6); Brace: 7 to Vitality (21->14), Broken." in flat
    assert "Brace? [y/N] y" in r.output
    assert cmds(enc)[-1] == "attack brannoc roll 6,6,5 brace"
    other = enc.with_name("typed.yaml")
    other.write_text(enc.read_text())
    r2 = invoke("do", other, *OPEN, "attack brannoc roll 6,6,5 brace")
    assert r2.exit_code == 0, r2.output
    asked = invoke("log", fight_of(enc), "--format", "json").output
    assert json.loads(asked)["combatants"]  # the whole state and log, not the table's text
    assert asked == invoke("log", fight_of(other), "--format", "json").output


def test_the_end_of_the_input_at_a_question_cancels_and_saves_nothing(enc):
    r = play(enc, *OPEN, "attack brannoc", "dodge")
    assert "cancelled: nothing was done" in r.output
    assert cmds(enc) == OPEN


def test_without_ask_a_pipe_never_asks(enc):
    r = play(enc, *OPEN, "attack brannoc", ask=False)
    assert "reaction>" not in r.output and "Brace?" not in r.output
    assert cmds(enc) == [*OPEN, "attack brannoc"]


def test_do_never_asks(enc):
    r = invoke("do", enc, *OPEN, "attack brannoc")
    assert r.exit_code == 0, r.output
    assert "reaction" not in r.output
    assert cmds(enc) == [*OPEN, "attack brannoc"]


def test_resume_replays_the_answered_line_and_asks_nothing_again(enc):
    play(enc, *OPEN, "attack brannoc", "dodge", "5,5,1", "6", "n")
    saved = fight_of(enc).read_text()
    r = invoke("resume", fight_of(enc), "--ask", input="status\n")
    assert r.exit_code == 0, r.output
    assert "reaction>" not in r.output and "Brace?" not in r.output
    assert fight_of(enc).read_text() == saved
    assert cmds(enc)[-1] == "attack brannoc roll 5,5,1 dodge def 6"


def test_the_players_pick_is_asked_from_a_pipe_with_ask(enc):
    """R14: the players pick who acts; with --ask the answer is the next line."""
    r = play(enc, "turn", "4", "wren")
    assert "pick> 4" in r.output and "pick> wren" in r.output
    assert cmds(enc) == ["turn Wren"]


def test_enter_at_every_question_plays_as_the_line_alone_with_the_same_seed(enc):
    """Defaults: no reaction, the tracker rolls, no Brace; the dice rolled while asking
    are the ones used, so the fight is the one the bare lines give."""
    asked = play(enc, *OPEN, "attack brannoc", "", "", "", "end", "turn tamsin",
                 "attack knife-1 with dagger", "", "status", seed="5")
    assert "Brace? [y/N]" in asked.output and "reaction>" in asked.output
    table = asked.output[asked.output.rindex("Name "):]
    bare = play(enc, *OPEN, "attack brannoc", "end", "turn tamsin",
                "attack knife-1 with dagger", "status", ask=False, seed="5")
    assert bare.output[bare.output.rindex("Name "):] == table


def test_a_line_that_is_not_plain_text_is_refused_before_any_question(enc):
    """A zero-width space is refused as every command line refuses it, and nothing is
    asked about the line first (no reaction, no dice, no Brace)."""
    r = play(enc, *OPEN, "attack brannoc\u200b", "quit")
    assert "a command is one line of plain text" in r.output
    assert "reaction>" not in r.output and "Dice:" not in r.output
    assert cmds(enc) == OPEN


def test_the_complete_line_is_shown_after_an_exchange_to_copy_into_a_script(enc):
    """The answers and every die (the tracker's included) as one line, exactly the
    journal's complete command."""
    r = play(enc, *OPEN, "attack brannoc", "dodge", "6,6,2", "", "y", "quit", seed="7")
    assert "  as: attack brannoc roll 6,6,2 dodge brace dice 3" in r.output
    r = play(enc, *OPEN, "attack brannoc roll 6,6,2 dodge def 1 brace", "quit")
    assert "as:" not in r.output  # the GM's own line: nothing to add


def test_the_complete_line_is_shown_when_the_gm_only_pressed_enter(enc):
    """The tracker's Dodge roll went in with Enter: the line typed is not the complete
    command, so the ``as:`` line shows it with every die."""
    r = play(enc, *OPEN, "attack brannoc dodge roll 5,6,2", "", "n", "quit", seed="7")
    line = cmds(enc)[-1]
    assert line.startswith("attack brannoc dodge roll 5,6,2")
    entry = json.loads(fight_of(enc).read_text().splitlines()[-1])
    assert entry.get("dice")  # the tracker rolled the Dodge
    assert "  as: attack brannoc dodge roll 5,6,2 dice " in r.output


def test_the_complete_line_follows_the_events_before_the_turn_headline(enc):
    """A Counterattack that Defeats the attacker ends its turn (R27): the ``as:`` line
    belongs to the exchange, so it comes before the headline of whoever is due."""
    r = play(enc, "turn wren", "set gorm vitality 1", "set gorm guard 0", "next gorm",
             "attack brannoc", "counter", "6,6,6", "", "quit", seed="7")
    out = r.output
    assert "Defeated" in out
    assert out.index("  as: attack brannoc counter with Longsword roll 6,6,6") < \
        out.rindex("Round 1 ·")


def test_quit_at_a_question_cancels_it_and_says_how_to_leave(enc):
    """``quit`` or ``exit`` at ``pick>`` or at an attack's question is no combatant and
    no answer: it cancels the command, says so, and the session goes on."""
    r = play(enc, "turn", "quit", "turn wren", "next gorm", "attack brannoc", "exit",
             "quit")
    out = r.output
    # the pick is a question like any other (ch18 Turn Order): quit cancels it the same way
    assert out.count("(quit cancels the question; type quit at the prompt to leave)") == 2
    assert out.count("cancelled: nothing was done") == 2
    assert "no combatant" not in out and "not one of" not in out
    assert cmds(enc) == OPEN


def test_a_stale_pick_number_says_who_may_be_picked_now(enc):
    """Issue 26 item 12 (ch18 Turn Order): the pick's numbers follow who may act, not
    the suggestion; a number from an earlier list is answered with the choices now."""
    r = play(enc, "turn", "2", "next gorm", "end", "turn", "3", "1", "quit")
    out = " ".join(r.output.split())
    assert "the players pick who acts: 1 Brannoc · 2 Tamsin · 3 Wren" in out
    assert "the players pick who acts: 1 Brannoc · 2 Wren" in out  # Tamsin acted
    assert "! no choice 3 now: pick one of 1 Brannoc, 2 Wren" in out
    assert cmds(enc)[0] == "turn Tamsin" and cmds(enc)[-1] == "turn Brannoc"
