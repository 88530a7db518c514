"""A player's phone at the real prompt in a pseudo-terminal (issue 25): while a seated
PC's question is open the prompt says it waits for the phone and takes whichever answer
comes first; a phone's answer and the GM's typed one arriving together are taken once
(one journal entry); Ctrl-C cancels the command as before and closes the phone's
question. The phone's side is the server's own call (``Exchange.offer``); the HTTP
route around it is tested in test_seats.py and the browser tests."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from momenta_cli.seating import Exchange
from tests.test_terminal import gorms_turn, records, where

pytestmark = [pytest.mark.terminal, pytest.mark.slow]  # a real pseudo-terminal

__all__ = ["where"]  # the fixture, shared with test_terminal


def seated(where: Path) -> tuple[Exchange, str]:
    """Wren seated, a players' screen said to be served (by this process)."""
    ex = Exchange(where / "encounters" / "demo.fight.jsonl")
    ex.announce("http://127.0.0.1:8000/", None)
    return ex, ex.seat("Wren")


def open_question(ex: Exchange, kind: str, after: str = "") -> dict:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        q = ex.question()
        if q is not None and q["kind"] == kind and q["id"] != after:
            return q
        time.sleep(0.02)
    raise AssertionError(f"no {kind} question opened")


def test_the_prompt_takes_the_phones_answers_and_the_journal_line_is_the_typed_one(where):
    ex, token = seated(where)
    fight = where / "encounters" / "demo.fight.jsonl"
    term = gorms_turn(where)
    term.send("attack wren\r")
    term.wait_words("waiting for Wren's phone (or type the answer)")
    term.wait_prompt("reaction>")
    q = open_question(ex, "reaction")
    assert ex.offer(token, q["id"], "dodge").ok
    term.wait_words("Wren's phone: dodge")
    term.wait_prompt("Gorm rolls 3d>")
    assert ex.outcome(q["id"]) is not None and ex.outcome(q["id"]).ok
    term.send("5,6,6\r")
    dice = open_question(ex, "dice")
    term.wait_prompt("Wren's Dodge 3d>")
    assert ex.offer(token, dice["id"], "5,5,1").ok
    term.wait_words("Wren's phone: 5,5,1")
    brace = open_question(ex, "brace")
    term.wait_prompt("Brace? [y/N]")
    term.send("n\r")  # the GM answers this one: the phone's question closes
    term.wait_words("as: attack wren roll 5,6,6 dodge def 5,5,1")
    term.wait_prompt("R1 Gorm>")
    assert ex.question() is None
    assert not ex.offer(token, brace["id"], "y").ok  # stale now
    term.send("quit\r")
    term.wait_exit()
    last = records(fight)[-1]
    assert last["cmd"] == "attack wren roll 5,6,6 dodge def 5,5,1"
    assert last["seated"] == [{"seat": "Wren", "kind": "reaction"},
                              {"seat": "Wren", "kind": "dice"}]


def test_a_phone_and_the_gm_answering_together_are_taken_once(where):
    """At Wren's Brace the GM presses Enter on ``y`` as her phone sends ``n``: one of
    the two is the answer (the claim decides), the other is not taken, and the journal
    holds one entry for the attack."""
    ex, token = seated(where)
    fight = where / "encounters" / "demo.fight.jsonl"
    term = gorms_turn(where)
    before = len(records(fight))
    term.send("attack wren\r")
    term.wait_prompt("reaction>")
    assert ex.offer(token, open_question(ex, "reaction")["id"], "none").ok
    term.wait_prompt("Gorm rolls 3d>")
    term.send("5,6,6\r")
    term.wait_prompt("Brace? [y/N]")
    q = open_question(ex, "brace")
    term.send("y")
    term.wait_text("Brace? [y/N] y")
    go = threading.Barrier(2)
    replies = []

    def phone() -> None:
        go.wait()
        replies.append(ex.offer(token, q["id"], "n"))

    t = threading.Thread(target=phone)
    t.start()
    go.wait()
    term.send("\r")
    t.join()
    term.wait_prompt("R1 Gorm>")
    term.send("quit\r")
    term.wait_exit()
    claim = ex.claimed(q["id"])
    assert claim is not None
    phone_won = claim.seat == "Wren"
    assert replies[0].ok == phone_won  # the phone's claim stood only if it was first
    after = records(fight)
    assert len(after) == before + 1
    assert after[-1]["cmd"] == ("attack wren roll 5,6,6" if phone_won
                                else "attack wren roll 5,6,6 brace")
    assert after[-1]["seated"] == [{"seat": "Wren", "kind": "reaction"}] + (
        [{"seat": "Wren", "kind": "brace"}] if phone_won else [])


def test_ctrl_c_cancels_the_command_and_closes_the_phones_question(where):
    ex, token = seated(where)
    fight = where / "encounters" / "demo.fight.jsonl"
    term = gorms_turn(where)
    saved = fight.read_bytes()
    term.send("attack wren\r")
    term.wait_prompt("reaction>")
    q = open_question(ex, "reaction")
    term.send("\x03")
    term.wait_text("cancelled: nothing was done")
    term.wait_prompt("R1 Gorm>")
    assert ex.question() is None
    reply = ex.offer(token, q["id"], "dodge")
    assert not reply.ok and "no longer open" in reply.why
    assert fight.read_bytes() == saved
    term.send("quit\r")
    term.wait_exit()
    assert json.loads(saved.splitlines()[-1])["cmd"] == "next gorm"


def test_past_the_phone_time_limit_the_gm_answers_at_the_same_prompt(where):
    """``phone_time_limit: 1``: a second on, the phone's question closes, the GM is told,
    and the same prompt takes the GM's answer."""
    enc = where / "encounters" / "demo.yaml"
    enc.write_text(enc.read_text() + "\nrules:\n  phone_time_limit: 1\n")
    ex, token = seated(where)
    term = gorms_turn(where)
    term.send("attack wren\r")
    term.wait_prompt("reaction>")
    q = open_question(ex, "reaction")
    term.wait_words("(Wren's phone did not answer in 1s: type the answer)")
    assert ex.question() is None
    assert not ex.offer(token, q["id"], "dodge").ok
    term.send("none\r")
    term.wait_prompt("Gorm rolls 3d>")
    term.send("\x03")
    term.wait_text("cancelled: nothing was done")
    term.wait_prompt("R1 Gorm>")
    term.send("quit\r")
    term.wait_exit()
