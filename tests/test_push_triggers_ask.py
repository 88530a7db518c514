"""The prompt offers the Intercepts a shove's push and a grabber's drag trigger (issue 13;
R35: forced movement triggers Intercept, never Forestall; ch19 Shove, Grab, Movement).
A shove line that says nothing of its push (no ``intercept``/``no-reactions`` after it)
is asked the attack's own questions first; once its roll is known (the push is its net
successes) each reactor whose reach the push carries the target into is offered its
Intercept, with the cost and the weapons it can use there, and a yes goes through the
attack's questions at the trigger square. The answers are the shove line's words; the
journal keeps one complete line, shown as ``as:``. A grabber's move line is offered the
dragged one's Intercepts the same way. The offers are the engine's trigger decision
points (engine/movement/trigger_points.py) in the one decision of the line, worded by
questions/trigger_answers.py. The scripted ``Table`` is tests/test_ask_questions.py's;
the transcripts are ``momenta run --ask`` with a pipe."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tests.trigger_yard as ty
from momenta_cli.engine.core.rollers import QueueRoller
from tests.conftest import fight_of, invoke
from tests.engine_helpers import log_text, run, session_from
from tests.test_ask_questions import Table, ask_line

PIT = """\
    .......
    .......
    .....3.
    ......."""


PARRY = "Gorm: Parry 2d (1 of 1 left)? [y/N] "  # R7: Gorm's scripted defense, offered


def shoving(rows: str = ty.ROWS, **at: str):
    """Kira's turn, Gorm east of her at D3, Wren's Spear (Melee 2) reaching E3 from G1."""
    s = ty.yard(rows, **{"kira": "C3", "gorm": "D3", "wren": "G1", "nix": "A1", **at})
    run(s, "turn kira")
    return s


def ask(s, line: str, *answers: str | None, faces: list[int] | None = None):
    """``line`` run at the prompt on ``s``: the line its entry keeps (None: cancelled)."""
    t = Table(*answers)
    entry = ask_line(s, line, t, QueueRoller(faces or [1] * 40))
    assert not t.answers, f"answers left over: {t.answers}"
    return (None if entry is None else entry.line), t


def test_a_shoves_push_is_offered_the_intercept_once_its_roll_is_known():
    """R35 / ch19 Shove: Kira's shove (typed 2s) pushes Gorm two squares; at E3 he comes
    into Wren's Spear reach: the roll is told, then Wren is offered the Intercept with
    the Spear and its cost; taken, its dice are asked and the line carries it. The GM
    declines Gorm's Parry (R7) at the shove and at the Intercept."""
    s = shoving()
    line, t = ask(s, "shove gorm roll 2s", "n", "y", "n", "6,2")
    told = " ".join(t.told)
    assert "net 2s" in told
    assert ("Gorm is pushed into Wren's reach at E3: Wren may Intercept with Spear "
            "(2 Vigor of 7).") in t.told
    assert t.prompts == [PARRY, "Intercept? [y/N] ", PARRY, "Wren rolls 2d> "]
    assert line == "shove gorm roll 2s intercept Wren with Spear roll 6,2"
    assert "Gorm stops at E3 for Wren's Intercept (R35)" in log_text(s)
    assert s.state.get("Gorm").vitality == 22 - 6


def test_a_declined_push_intercept_writes_no_reactions_and_silences_the_note():
    """R35: declined, the shove line says ``no-reactions``: no 'may Intercept' note."""
    s = shoving()
    line, _t = ask(s, "shove gorm roll 2s", "n", "n")
    assert line == "shove gorm roll 2s no-reactions"
    assert not any("may Intercept" in x for x in log_text(s))


def test_a_shove_that_pushes_no_one_into_a_reach_asks_nothing_more():
    """Nobody's reach entered (Wren far behind Kira), or
    no push at all (0 net successes): nothing new is asked, the line is as typed."""
    s = shoving(wren="A4")
    line, t = ask(s, "shove gorm roll 1s", "n")
    assert line == "shove gorm roll 1s" and t.prompts == [PARRY]
    s = shoving()
    line, t = ask(s, "shove gorm roll 0s", "n")
    assert line == "shove gorm roll 0s" and t.prompts == [PARRY]


def test_without_a_map_a_shove_asks_nothing_of_its_push():
    """Without a map the push is the GM's to place: no Intercept is offered (R35)."""
    text = ty.YARD.replace("map:\n  rows: |\n@rows\n", "")
    for key in ("kira", "wren", "gorm", "nix"):
        text = text.replace(f"    at: @{key}\n", "")
    s = session_from(text)
    run(s, "turn kira")
    line, t = ask(s, "shove gorm roll 2s", "n")
    assert line == "shove gorm roll 2s" and t.prompts == [PARRY]


def test_a_push_reactor_who_cannot_react_is_told_in_one_dim_line():
    """ch19 Brace / R35: a Broken reactor is not offered the Intercept; one dim line
    gives the engine's reason, and the line is as typed."""
    s = shoving()
    run(s, "cond wren broken")
    line, t = ask(s, "shove gorm roll 2s", "n")
    assert t.notes == ["(no Intercept asked of Wren at E3: Wren is Broken and cannot "
                       "react)"]
    assert line == "shove gorm roll 2s" and t.prompts == [PARRY]


def test_cancelling_at_the_push_offer_cancels_the_whole_shove():
    """Ctrl-C/Ctrl-D at the offer (None): nothing is run."""
    s = shoving()
    got, _t = ask(s, "shove gorm roll 2s", "n", None)
    assert got is None and len(s.entries) == 1


def test_the_tracker_rolls_the_shove_first_then_the_intercept_and_a_fall_afresh():
    """The dice the tracker rolled for the shove (shown: its roll) are handed out first,
    then the Intercept's: what was told is what happens. Gorm, pushed through Wren's
    reach at E3 into the pit at F3, falls after the Intercept (R23, R36)."""
    s = shoving(PIT)
    # no Parry; Enter: the tracker rolls the shove; the Intercept typed, no Parry again
    t = Table("n", "", "y", "n", "1,1")
    entry = ask_line(s, "shove gorm", t, QueueRoller([6, 6, 1] + [6] * 10))
    assert "[6,6,1]" in " ".join(t.told)
    assert entry.line == "shove gorm intercept Wren with Spear roll 1,1"
    text = " ".join(log_text(s))
    assert "[6,6,1]" in text and "Gorm stops at E3" in text
    assert any(e.kind == "fell" for e in s.entries[-1].events)


def test_a_grabbers_move_is_offered_the_dragged_ones_intercept():
    """ch19 Grab / R35: Kira (SIZE 2) drags Nix into Wren's Spear reach at E1: Wren is
    offered the Intercept at Nix; the move line carries it."""
    text = ty.YARD.replace("@rows", ty.ROWS).replace(
        "SEN: 12, SIZE: 1M}\n    max_vitality: 21", "SEN: 12, SIZE: 2}\n    max_vitality: 21")
    for key, square in (("kira", "A1"), ("wren", "G1"), ("gorm", "F4"), ("nix", "C1")):
        text = text.replace(f"@{key}", square)
    s = session_from(text)
    run(s, "turn kira", "grab nix roll 1s")
    line, t = ask(s, "move kira to d2", "y", "0s")
    assert ("Nix is dragged into Wren's reach at E1: Wren may Intercept with Spear "
            "(2 Vigor of 7).") in t.told
    assert t.prompts == ["Intercept? [y/N] ", "Wren rolls 2d> "]
    assert line == "move kira to D2 intercept Wren with Spear roll 0s"
    assert "Wren to Nix: distance 2 (map, Nix at E1)" in log_text(s)
    # the line the entry keeps, typed whole, does the same
    s2 = session_from(text)
    run(s2, "turn kira", "grab nix roll 1s", line)
    assert s2.state.get("Nix").vitality == s.state.get("Nix").vitality == 4 - 2


def test_no_reactions_on_a_drag_line_gets_no_may_intercept_note():
    """R35: a grabber's line that says ``no-reactions`` answers the drag's triggers too:
    the log names none of them."""
    text = ty.YARD.replace("@rows", ty.ROWS).replace(
        "SEN: 12, SIZE: 1M}\n    max_vitality: 21", "SEN: 12, SIZE: 2}\n    max_vitality: 21")
    for key, square in (("kira", "A1"), ("wren", "G1"), ("gorm", "F4"), ("nix", "C1")):
        text = text.replace(f"@{key}", square)
    s = session_from(text)
    run(s, "turn kira", "grab nix roll 1s", "move kira to d2 no-reactions")
    assert not any("may Intercept" in x for x in log_text(s)[-6:])
    s2 = session_from(text)
    run(s2, "turn kira", "grab nix roll 1s", "move kira to d2")
    assert any("may Intercept" in x for x in log_text(s2)[-6:])


# --- the transcript: the journal's line and the as: line ------------------------------


@pytest.fixture
def shove_file(tmp_path) -> Path:
    text = ty.YARD.replace("@rows", ty.ROWS)
    for key, square in (("kira", "C3"), ("gorm", "D3"), ("wren", "G1"), ("nix", "A1")):
        text = text.replace(f"@{key}", square)
    path = tmp_path / "shove.yaml"
    path.write_text(text)
    return path


def cmds(enc: Path) -> list[str]:
    return [json.loads(x).get("cmd", "") for x in fight_of(enc).read_text().splitlines()[1:]]


@pytest.mark.usefixtures("home")
def test_the_shove_answered_at_the_prompt_is_journaled_whole_and_shown_as(shove_file):
    """One complete line in the journal, printed as ``as:`` after the shove's events;
    the end of the input at the offer cancels it and saves nothing."""
    r = invoke("run", shove_file, "--new", "--seed", "1", "--ask",
               input="turn kira\nshove gorm roll 2s\nn\ny\nn\n6,2\nquit\n")
    assert r.exit_code == 0, r.output
    assert cmds(shove_file)[-1] == "shove gorm roll 2s intercept Wren with Spear roll 6,2"
    out = r.output
    assert "  as: shove gorm roll 2s intercept Wren with Spear roll 6,2" in out
    assert out.index("Gorm is pushed on E3 -> F3") < out.index("  as: shove")
    r = invoke("run", shove_file, "--new", "--seed", "1", "--ask",
               input="turn kira\nshove gorm roll 2s\nn\n")
    assert "cancelled: nothing was done" in r.output
    assert cmds(shove_file)[-1] == "turn kira"


def test_the_guides_push_offer_is_the_prompts_on_the_sample():
    """docs/at-the-table.md "Reactions on the way": round 3 of the sample script, the
    shove typed without its answers, is offered Tamsin's Intercept as the guide quotes,
    and the answered line is the guide's (R35, ch19 Shove)."""
    from momenta_cli.encounter import load_encounter
    from momenta_cli.engine.core import SeededRoller, Session
    from momenta_cli.play import run_line
    from tests.conftest import ROOT

    s = Session(load_encounter(ROOT / "encounters" / "yard-with-a-map.yaml"))
    script = (ROOT / "encounters" / "yard-with-a-map.script").read_text().splitlines()
    at = script.index("shove brannoc knife-2 roll 3s intercept tamsin roll 0s")
    roller = SeededRoller(1)  # as the replay rolls the script
    for line in script[:at]:
        if line.strip() and not line.startswith("#"):
            run_line(s, line, roller)
    line, t = ask(s, "shove brannoc knife-2 roll 3s", "y", "0s")
    offer = ("Knife-2 is pushed into Tamsin's reach at I6: Tamsin may Intercept with "
             "Dagger or Unarmed Attack (2 Vigor of 7).")
    guide = " ".join((ROOT / "docs" / "at-the-table.md").read_text().split())
    assert offer in t.told and offer in guide
    assert line == "shove brannoc knife-2 roll 3s intercept Tamsin with Dagger roll 0s"
    assert f"`{line}`" in guide
