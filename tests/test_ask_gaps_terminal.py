"""The real prompt in a pseudo-terminal asks the three questions the guessing used to
miss (issue 23 item 4), each where the rules place it: a PC's roll to clear a condition
at the end of its turn (R15), the Wound d6 of a hit Brace is not asked about, after the
hit is shown (R10), and an enemy's scripted defense offered to the GM (R7). Each
exchange ends in the state, and the journal line, of the same command typed whole on
one line in another fight; Ctrl-C at a question changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_terminal import momenta, records, spawn, where

pytestmark = pytest.mark.terminal

__all__ = ["where"]  # the fixture, shared with test_terminal


def typed_whole(where: Path, encounter: str, *lines: str) -> Path:
    """``lines`` typed whole (``momenta do``) in a fight of its own: its fight file."""
    other = where / "encounters" / f"typed-{encounter}"
    other.write_text((where / "encounters" / encounter).read_text())
    r = momenta(where, "do", str(other), *lines)
    assert r.returncode == 0, r.stderr
    return other.with_name(other.stem + ".fight.jsonl")


def same_fight(asked: Path, typed: Path) -> None:
    """The same state (``status --json``) and the same last journal record."""
    def status(fight: Path) -> dict:
        r = momenta(fight.parent.parent, "status", str(fight), "--json")
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    assert status(asked) == status(typed)
    last = [json.loads(x) for x in asked.read_text().splitlines()[-1:]][0]
    other = [json.loads(x) for x in typed.read_text().splitlines()[-1:]][0]
    assert (last["cmd"], last.get("dice")) == (other["cmd"], other.get("dice"))
    assert last["events"] == other["events"]


@pytest.mark.slow  # a real pseudo-terminal
def test_r15_a_pcs_clear_roll_is_asked_at_the_end_of_its_turn(where):
    """R15: Wren, Hindered, rolls AGI to clear it at the end of her turn: asked (a wrong
    count asked again; Ctrl-C there cancels the end of the turn, nothing saved), the
    faces typed are the roll, and the line keeps them (``end Hindered=5,6,1``)."""
    fight = where / "encounters" / "demo.fight.jsonl"
    term = spawn(where, "run", "encounters/demo.yaml", "--new", "--seed", "4")
    term.wait_prompt("R1 allies>")
    for line, prompt in (("turn wren", "R1 Wren>"), ("cond wren hindered", "R1 Wren>")):
        term.send(line + "\r")
        term.wait_prompt(prompt)
    saved = fight.read_bytes()
    term.send("end\r")
    term.wait_prompt("Wren clears Hindered? roll AGI 3d>")
    term.send("\x03")  # Ctrl-C at the clear roll: the turn does not end
    term.wait_text("cancelled: nothing was done")
    term.wait_prompt("R1 Wren>")
    assert fight.read_bytes() == saved
    term.send("end\r")
    term.wait_prompt("Wren clears Hindered? roll AGI 3d>")
    term.send("5,6\r")
    term.wait_words("! expected 3 faces from 1 to 6 for 3d, got 5,6; type them again")
    term.wait_prompt("Wren clears Hindered? roll AGI 3d>")
    term.send("5,6,1\r")
    term.wait_words("Wren clears Hindered (roll AGI 3d [5,6,1] 2s)")
    term.wait_words("as: end Hindered=5,6,1")
    term.wait_prompt("R1 adversaries>")
    term.send("quit\r")
    term.wait_exit()
    assert records(fight)[-1]["cmd"] == "end Hindered=5,6,1"
    same_fight(fight, typed_whole(where, "demo.yaml", "turn wren", "cond wren hindered",
                                  "end Hindered=5,6,1"))


@pytest.mark.slow  # a real pseudo-terminal
def test_r10_the_wound_d6_is_asked_after_the_hit_when_brace_is_not_asked(where):
    """R10 and ch19 Brace: Brannoc is Broken, so he may neither react nor Brace; the
    hit is shown first (the roll, the damage), then the Wound table's d6 is asked, and
    the face typed is the journal's die."""
    fight = where / "encounters" / "demo.fight.jsonl"
    term = spawn(where, "run", "encounters/demo.yaml", "--new", "--seed", "4")
    term.wait_prompt("R1 allies>")
    for line, prompt in (("turn wren", "R1 Wren>"), ("next gorm", "R1 Gorm>"),
                         ("set brannoc vitality 3", "R1 Gorm>"),
                         ("cond brannoc broken", "R1 Gorm>")):
        term.send(line + "\r")
        term.wait_prompt(prompt)
    term.send("attack brannoc\r")
    term.wait_words("(no reaction asked: Brannoc is Broken and cannot react)")
    term.wait_prompt("Gorm rolls 3d>")
    term.send("6,6,6\r")
    # in this order on the screen: the hit, then the question (no Brace asked between)
    term.wait_words("Gorm -> Brannoc: Cudgel (Crushing) pool 3d [6,6,6] 3s = 3s -> 17 dmg; "
                    "Guard 2->0; 15 to Vitality")
    term.wait_words("Wound d6 (R10) for Brannoc's Wound: 1 Impaired, 2 Hindered,")
    term.wait_prompt("Brannoc's Wound d6 (R10)>")
    assert "Brace?" not in term.shown()
    term.send("3\r")
    term.wait_words("Wound 1/3 (d6 3: Exhausted)")
    term.wait_words("as: attack brannoc roll 6,6,6 dice 3")
    term.wait_prompt("R1 Gorm>")
    term.send("quit\r")
    term.wait_exit()
    last = records(fight)[-1]
    assert (last["cmd"], last["dice"]) == ("attack brannoc roll 6,6,6", [3])
    same_fight(fight, typed_whole(where, "demo.yaml", "turn wren", "next gorm",
                                  "set brannoc vitality 3", "cond brannoc broken",
                                  "attack brannoc roll 6,6,6 dice 3"))


@pytest.mark.slow  # a real pseudo-terminal
def test_r7_an_enemys_scripted_defense_is_offered_to_the_gm_and_taken(where):
    """R7: the Warden's Haft Block (2d, once a round, against melee) can answer Kira's
    Longsword and the line names no defense: the GM is offered it with its pool and uses
    left; taken, its dice are asked after Kira's, and the line writes it."""
    fight = where / "encounters" / "duel-at-the-ford.fight.jsonl"
    term = spawn(where, "run", "encounters/duel-at-the-ford.yaml", "--new", "--seed", "4")
    term.wait_prompt("R1 allies>")
    term.send("turn kira\r")
    term.wait_prompt("R1 Kira>")
    term.send("attack warden with longsword\r")
    term.wait_prompt("The Warden: Haft Block 2d (1 of 1 left)? [y/N]")
    term.send("y\r")
    term.wait_prompt("Kira rolls 3d>")
    term.send("5,6,2\r")
    term.wait_prompt("The Warden's Haft Block 2d>")
    term.send("5,1\r")
    term.wait_words("vs Haft Block pool 2d [5,1] 1s = 1s")
    line = 'attack warden with longsword roll 5,6,2 defend="Haft Block" def 5,1'
    term.wait_words(f"as: {line}")
    term.wait_prompt("R1 Kira>")
    term.send("quit\r")
    term.wait_exit()
    assert records(fight)[-1]["cmd"] == line
    same_fight(fight, typed_whole(where, "duel-at-the-ford.yaml", "turn kira", line))
