"""Issue 27, Must show: an ``ask: true`` scheduled event at a round start, asked at the
real prompt in a pseudo-terminal, after what the line that set it off did is shown:
answered no, it is recorded as declined (``event NAME
skip``) and nothing joins; undone back past the round's turn and played on, it is asked
again, and answered yes (Enter) the footpads come in, each firing its own record marked
with its trigger (docs/encounter-format.md, Events)."""

from __future__ import annotations

import pytest

from tests.test_terminal import records, spawn, where

pytestmark = pytest.mark.terminal

__all__ = ["where"]  # the fixture, shared with test_terminal


@pytest.mark.slow  # a real pseudo-terminal
def test_an_ask_event_at_round_two_is_asked_and_answered_no_then_yes(where):
    fight = where / "encounters" / "toll-house.fight.jsonl"
    term = spawn(where, "run", "encounters/toll-house.yaml", "--new", "--seed", "1")
    term.wait_prompt("R1 allies>")
    for line, prompt in (("turn brannoc", "R1 Brannoc>"), ("end", "R1 adversaries>"),
                         ("turn gorm", "R1 Gorm>"), ("end", "R1 allies>"),
                         ("turn tamsin", "R1 Tamsin>"), ("end", "R1 adversaries>"),
                         ("turn captain", "R1 Captain>")):
        term.send(line + "\r")
        term.wait_prompt(prompt)
    for answer in ("n", ""):
        term.send("end\r")  # the last turn of round 1 ends: round 2 starts
        shown = term.wait_words("Round 2 starts: reinforcements (add footpad as Wallman "
                                "x2 at b2).")
        # the question comes after what the line did: the turn's end, the round's
        # banner and the events fired before it (the bell, the regeneration)
        asked = shown.index("Round 2 starts: reinforcements")
        assert -1 < shown.find("Captain ends the turn") < asked, shown
        assert -1 < shown.find("Event bell") < asked, shown
        term.wait_prompt("Run event reinforcements? [Y/n]")
        term.send(answer + "\r")
        term.wait_prompt("R2 allies>")
        if answer == "n":
            term.wait_words("Event reinforcements (round 2 starts): the GM said no")
            last = records(fight)[-1]
            assert last["cmd"] == "event reinforcements skip"
            assert last["fired_by"] == "round 2 starts"
            # take back the declined firing, the other two events and the round's end
            term.send("undo 4\r")
            term.wait_prompt("R1 Captain>")
    term.wait_words("Wallman-2 comes in at C2")
    term.send("quit\r")
    term.wait_exit()
    kept = [r for r in records(fight) if "cmd" in r]
    fired = [(r["cmd"], r.get("fired_by")) for r in kept[-4:]]
    assert fired == [("end", None), ("event bell", "every round ends"),
                     ("event regenerate", "every round from 2 starts"),
                     ("event reinforcements", "round 2 starts")]
