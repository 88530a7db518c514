"""The prompt offers the reactions a typed move triggers (issue 13 item 4; R35, ch19
Reactions): recorded as ``momenta run --ask`` transcripts with piped answers. The offer
shows the cost; a reaction taken goes through the attack's questions (the dice here)
at the trigger square and the movement finishes after it; the journal keeps the one
complete line; the end of the input at a question cancels everything. The offers are
the engine's trigger decision points (engine/movement/trigger_points.py), worded by
questions/trigger_answers.py: an Intercept declined where one weapon's reach is entered
is offered again where another's is (R35: once per reactor per movement; declining
does not use it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import fight_of, invoke
from tests.trigger_yard import ROWS, YARD, yard_text

pytestmark = pytest.mark.usefixtures("home")

OPEN = ["turn kira", "end", "turn gorm"]
NO_PARRY = "n"  # R7: Gorm's Parry, offered to the GM at the Intercept, declined


@pytest.fixture
def yard_file(tmp_path) -> Path:
    text = yard_text(kira="A4", wren="D1", gorm="A2", nix="G4")
    path = tmp_path / "yard.yaml"
    path.write_text(text)
    return path


def cmds(enc: Path) -> list[str]:
    return [json.loads(x).get("cmd", "") for x in fight_of(enc).read_text().splitlines()[1:]]


def play(enc: Path, *lines: str, ask: bool = True):
    args = ["run", enc, "--new", "--seed", "1"] + (["--ask"] if ask else [])
    r = invoke(*args, input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    return r


def state(enc: Path) -> dict:
    """The fight's journal replayed as a script (``replay --json``)."""
    script = enc.with_name("journal.script")
    script.write_text("".join(x + "\n" for x in cmds(enc)))
    r = invoke("replay", enc, script, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_a_typed_move_is_offered_the_intercept_it_triggers(yard_file):
    """R35: Gorm walks into Wren's Spear reach at B2; Wren is offered the Intercept with
    its cost, the attack's dice are asked (typed here), the move goes on after it."""
    r = play(yard_file, *OPEN, "move gorm to g2", "y", NO_PARRY, "6,2", "quit")
    out = " ".join(r.output.split())
    assert ("Gorm comes into Wren's reach at B2: Wren may Intercept with Spear "
            "(2 Vigor of 7).") in out
    assert "Intercept? [y/N] y" in out
    assert "Wren rolls 2d> 6,2" in out
    assert "Gorm stops at B2 for Wren's Intercept (R35)" in out
    assert "Gorm goes on B2 -> C2" in out
    assert cmds(yard_file)[-1] == "move gorm to G2 intercept Wren with Spear roll 6,2"
    doc = state(yard_file)
    gorm = next(f for f in doc["combatants"] if f["name"] == "Gorm")
    assert gorm["position"] == "G2" and gorm["vitality"] == 16


def test_the_answered_line_equals_the_one_line_command(yard_file):
    """The journal's line replays the exchange: the same state as typing it whole."""
    play(yard_file, *OPEN, "move gorm to g2", "y", NO_PARRY, "6,2", "quit")
    asked = invoke("status", fight_of(yard_file)).output
    other = yard_file.with_name("typed.yaml")
    other.write_text(yard_file.read_text())
    r = invoke("do", other, *OPEN, "move gorm to G2 intercept Wren with Spear roll 6,2")
    assert r.exit_code == 0, r.output
    assert invoke("status", fight_of(other)).output == asked


def test_declined_the_line_says_no_reactions(yard_file):
    """R35: declined at the Spear's reach (B2), the Intercept is offered again where the
    Rapier's is entered (C2); declined there too, the line says no reactions."""
    r = play(yard_file, *OPEN, "move gorm to g2", "n", "n", "quit")
    out = " ".join(r.output.split())
    assert out.count("Intercept? [y/N] n") == 2
    assert ("Gorm comes into Wren's reach at C2: Wren may Intercept with Rapier or "
            "Unarmed Attack (2 Vigor of 7).") in out
    assert cmds(yard_file)[-1] == "move gorm to G2 no-reactions"


def test_an_intercept_declined_at_one_reach_is_taken_at_the_next(yard_file):
    """R35 (ours: an Intercept may be made with a shorter weapon where its reach is
    entered): declining at the Spear's reach does not use the Intercept; taken with the
    Rapier at C2, the line names it and Gorm stops there."""
    r = play(yard_file, *OPEN, "move gorm to g2", "n", "rapier", NO_PARRY, "6,2,1",
             "quit")
    out = " ".join(r.output.split())
    assert "Gorm stops at C2 for Wren's Intercept (R35)" in out
    assert cmds(yard_file)[-1] == "move gorm to G2 intercept Wren with Rapier roll 6,2,1"


def test_a_line_that_writes_its_reactions_is_asked_nothing(yard_file):
    r = play(yard_file, *OPEN, "move gorm to g2 no-reactions", "quit")
    assert "Intercept?" not in r.output
    assert cmds(yard_file)[-1] == "move gorm to g2 no-reactions"


def test_the_end_of_the_input_at_the_offer_cancels_and_saves_nothing(yard_file):
    r = play(yard_file, *OPEN, "move gorm to g2")
    assert "cancelled: nothing was done" in r.output
    assert cmds(yard_file)[-1] == "turn gorm"


def test_without_ask_the_pipe_is_never_offered_a_reaction(yard_file):
    r = play(yard_file, *OPEN, "move gorm to g2", "quit", ask=False)
    assert "Intercept?" not in r.output
    assert cmds(yard_file)[-1] == "move gorm to g2"


def _yard(tmp_path, name: str = "yard.yaml", cumbersome: bool = False, **at: str) -> Path:
    squares = {"kira": "A4", "wren": "D1", "gorm": "A2", "nix": "G4", **at}
    text = YARD.replace("@rows", ROWS)
    if cumbersome:  # R21: a Cumbersome weapon's reactive attack costs 3, not 2
        text = text.replace("Melee 2, Reflexive]", "Melee 2, Reflexive, Cumbersome]")
    for key, square in squares.items():
        text = text.replace(f"@{key}", square)
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_reactor_who_can_pay_only_with_a_second_weapon_is_offered_it(tmp_path):
    """R35, ch19 Reactions: the Intercept is made with one of the weapons whose reach the
    mover enters; Wren's Cumbersome Spear (3 Vigor, R21) is past her 2 Vigor, her Rapier
    (2) is not: she is asked nothing at the Spear's reach (B2), its reason said in a dim
    line, then offered the Intercept with the Rapier (or her Unarmed Attack) where their
    reach is entered (C2), and the line names the Rapier."""
    enc = _yard(tmp_path, cumbersome=True)
    r = play(enc, *OPEN, "set wren vigor 2", "move gorm to g2", "y", NO_PARRY, "6,2,1",
             "quit")
    out = " ".join(r.output.split())
    assert ("(no Intercept asked of Wren at B2: Intercept (Spear) costs 3 Vigor; Wren has "
            "2 (R24))") in out
    assert ("Gorm comes into Wren's reach at C2: Wren may Intercept with Rapier or "
            "Unarmed Attack (2 Vigor of 2).") in out
    assert out.index("(no Intercept asked of Wren at B2") < out.index("Intercept? [y/N] y")
    assert "Gorm stops at C2 for Wren's Intercept (R35)" in out
    assert cmds(enc)[-1] == "move gorm to G2 intercept Wren with Rapier roll 6,2,1"


def test_a_reactor_who_cannot_pay_is_told_in_one_dim_line(tmp_path):
    """R24, R35: a trigger the reactor cannot take is not offered, and the prompt says so
    with the engine's reason (as an attack's "(no reaction asked: ...)" line); where the
    Rapier's and the Unarmed Attack's reach is entered further on, the same reason is
    not repeated, only the weapons it holds for; the move runs as typed."""
    enc = _yard(tmp_path)
    r = play(enc, *OPEN, "set wren vigor 1", "move gorm to g2", "quit")
    out = " ".join(r.output.split())
    assert ("(no Intercept asked of Wren at B2: Intercept (Spear) costs 2 Vigor; Wren has "
            "1 (R24))") in out
    assert ("(no Intercept asked of Wren at C2 either: the same for Rapier and Unarmed "
            "Attack)") in out
    assert out.count("costs 2 Vigor") == 1
    assert "Intercept?" not in out
    assert cmds(enc)[-1] == "move gorm to g2"
    assert "as:" not in out  # nothing answered: the GM's own line


def test_the_complete_line_is_shown_after_a_move_answered_at_the_prompt(yard_file):
    """The ``as:`` line after the move's events is the journal's line, to copy into a
    script, as after an attack's questions."""
    r = play(yard_file, *OPEN, "move gorm to g2", "y", NO_PARRY, "6,2", "quit")
    out = r.output
    assert "  as: move gorm to G2 intercept Wren with Spear roll 6,2" in out
    assert out.index("Gorm goes on B2") < out.index("  as: move gorm")
    r = play(yard_file, *OPEN, "move gorm to g2", "n", "n", "quit")
    assert "  as: move gorm to G2 no-reactions" in r.output


def test_a_reactions_payment_is_printed_once(yard_file):
    """The Intercept's Vigor is paid once and said once: the move's own lines say it;
    what was asked before them does not repeat it."""
    r = play(yard_file, *OPEN, "move gorm to g2", "y", NO_PARRY, "6,2", "quit")
    assert r.output.count("Wren reacts: Intercept (Spear) (2 Vigor: 7->5)") == 1


def test_a_first_reaction_is_told_as_it_lands_before_the_next_offer(tmp_path):
    """R35: Gorm starts within reach of Wren's Reflexive Spear (Forestall), then enters
    her Rapier's reach (Intercept): the Forestall's blow is told before the Intercept is
    offered, with the Vigor she has left; each payment is said once."""
    enc = _yard(tmp_path, gorm="B2", kira="F4")
    r = play(enc, *OPEN, "move gorm to g2", "y", NO_PARRY, "6,2", "y", NO_PARRY,
             "6,1,1", "quit")
    out = " ".join(r.output.split())
    blow = "Wren -> Gorm: Spear (Piercing) POW 2d [6,2] 1s = 1s -> 6 dmg"
    offer = "Wren may Intercept with Rapier or Unarmed Attack (2 Vigor of 5)."
    assert blow in out and offer in out
    assert out.index(blow) < out.index(offer)
    assert out.count("Wren reacts: Forestall (Spear) (2 Vigor: 7->5)") == 1
    assert cmds(enc)[-1] == ("move gorm to G2 forestall Wren with Spear roll 6,2 "
                             "intercept Wren with Rapier roll 6,1,1")


def test_a_reactor_who_cannot_react_is_told_the_engines_reason_once(tmp_path):
    """ch19 Brace: a Broken reactor takes no reaction; the dim line gives the engine's
    reason once, not once per weapon, and the next reactor is still offered its own."""
    enc = _yard(tmp_path, gorm="B2", kira="F3")
    r = play(enc, *OPEN, "cond wren broken", "move gorm to g2", "n", "quit")
    out = " ".join(r.output.split())
    assert ("(no Forestall asked of Wren as Gorm starts: Wren is Broken and cannot "
            "react)") in out
    assert "(no Intercept asked of Wren at C2: Wren is Broken and cannot react)" in out
    assert "the same for" not in out
    assert "Kira may Intercept with Longsword" in out
    assert cmds(enc)[-1] == "move gorm to G2 no-reactions"
