"""Players answer their own decisions from their phones (issue 25): the seats kept beside
the fight (a token per PC, private files), the claim that takes the first answer once,
a phone's answer read by the prompt exactly as a typed one (one journal line, the same
as the command typed whole, noting the seat), the refusals (another seat's token, a
revoked seat, a stale question, a malformed or wrong answer: each with its reason, the
journal byte-identical), and the odds on the phone equal to ``momenta odds`` for every
kind of reaction."""

from __future__ import annotations

import json
import os
import secrets
import stat
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from momenta_cli.engine.core import SeededRoller
from momenta_cli.journal import FightFile
from momenta_cli.questions import Cancelled, TableAsking
from momenta_cli.seating import Exchange, phones_dir
from momenta_cli.web import Feed, build_site
from tests.conftest import fight_of, invoke

with warnings.catch_warnings():  # Starlette's note that httpx2 exists
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.usefixtures("home")
ROOT = Path(__file__).resolve().parent.parent


# --- the exchange ----------------------------------------------------------------------


def test_seats_are_private_files_beside_the_fight_with_a_token_each(tmp_path):
    fight = tmp_path / "demo.fight.jsonl"
    ex = Exchange(fight)
    wren = ex.seat("Wren")
    assert ex.seat("Wren") == wren  # asked again: the same seat
    tamsin = ex.seat("Tamsin")
    assert wren != tamsin and len(wren) >= 22
    assert phones_dir(fight) == tmp_path / "demo.fight.jsonl.seats"
    assert stat.S_IMODE(os.stat(ex.dir).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(ex.dir / "seats.json").st_mode) == 0o600
    assert ex.seat_of(wren) == "Wren" and ex.seat_of(tamsin) == "Tamsin"
    for wrong in ("", wren[:-1], wren + "x", None, 7, wren.upper()):
        assert ex.seat_of(wrong) is None
    assert ex.unseat("Wren") and not ex.unseat("Wren")
    assert ex.seat_of(wren) is None and ex.seat_of(tamsin) == "Tamsin"


def test_the_first_claim_is_the_only_one_taken_whoever_races(tmp_path):
    """Many claimants at once on one question (the GM's prompt and phones): exactly one
    wins, and every loser reads the winner's answer."""
    ex = Exchange(tmp_path / "f.fight.jsonl")
    for _ in range(5):
        qid = ex.open({"who": "Wren", "seats": ["Wren"]})
        results: list[tuple[bool, Any]] = []
        go = threading.Barrier(8)

        def claim(i: int, qid: str = qid, results=results, go=go) -> None:
            go.wait()
            results.append(ex.claim(qid, f"answer {i}", "Wren" if i % 2 else ""))

        threads = [threading.Thread(target=claim, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        winners = [c for first, c in results if first]
        assert len(winners) == 1
        assert all(c == winners[0] for _, c in results)
        assert ex.claimed(qid) == winners[0]


def test_a_question_id_from_outside_never_names_a_file(tmp_path):
    ex = Exchange(tmp_path / "f.fight.jsonl")
    ex.open({"who": "Wren", "seats": ["Wren"]})
    before = sorted(p.name for p in ex.dir.rglob("*"))
    for qid in ("../question.json", "question.json", "", "0" * 15, "0" * 16 + "/x",
                "ABCDEF0123456789", None):
        assert ex.claim(qid, "dodge") == (False, None)  # type: ignore[arg-type]
        assert ex.claimed(qid) is None and ex.outcome(qid) is None  # type: ignore[arg-type]
        ex.settle(qid, True)  # type: ignore[arg-type]
    assert sorted(p.name for p in ex.dir.rglob("*")) == before


# --- a phone's answers at a prompt -----------------------------------------------------


def _prompt(where: Path, lines: list[str]) -> subprocess.Popen:
    """A piped ``momenta run --ask`` on the demo (seed 4) reading ``lines``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    proc = subprocess.Popen([sys.executable, "-m", "momenta_cli", "run", "encounters/demo.yaml",
                             "--new", "--seed", "4", "--ask"], cwd=where, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None
    proc.stdin.write("".join(x + "\n" for x in lines))
    proc.stdin.close()
    proc.stdin = None  # written whole: communicate() only reads
    return proc


def _question(ex: Exchange, kind: str, proc: subprocess.Popen, seen: set[str]) -> dict:
    """The next open question of ``kind`` not seen yet."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        q = ex.question()
        if q is not None and q["kind"] == kind and q["id"] not in seen:
            seen.add(q["id"])
            return q
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    raise AssertionError(f"no {kind} question came")


def _answer(c: TestClient, token: str, qid: str, answer: Any) -> Any:
    return c.post(f"/seat/answer?seat={token}",
                  content=json.dumps({"question": qid, "answer": answer}),
                  headers={"content-type": "application/json"})


@pytest.fixture
def where(enc) -> Path:
    return enc.parent.parent


def test_a_phone_answers_its_pcs_reaction_dice_and_brace_refusals_change_nothing(where):
    """Wren's reaction, her Dodge's dice and her Brace answered from her phone while
    the GM types Gorm's roll: one journal line, the very line typed whole (and the same
    events), noting the three answers as Wren's seat's. Before it, each refusal says
    why on the phone and leaves the journal byte-identical: another seat's token, a
    revoked seat, a stale question, a malformed answer, an answer the prompt refuses
    (then asked again, the reason on the phone's question), and a phone's "quit" (the
    GM's alone to cancel the command)."""
    fight = where / "encounters" / "demo.fight.jsonl"
    ex = Exchange(fight)
    ex.announce("http://127.0.0.1:8000/", None)  # a screen served (by this process)
    wren, tamsin = ex.seat("Wren"), ex.seat("Tamsin")
    gone = ex.seat("Brannoc")
    ex.unseat("Brannoc")
    proc = _prompt(where, ["turn wren", "next gorm", "attack wren", "5,6,6", "quit"])
    seen: set[str] = set()
    try:
        q = _question(ex, "reaction", proc, seen)
        saved = fight.read_bytes()
        with TestClient(build_site(Feed(fight)), base_url="http://127.0.0.1") as c:
            mine = c.get(f"/seat/question.json?seat={wren}").json()
            assert mine["question"]["id"] == q["id"]
            assert [o["answer"] for o in mine["question"]["options"]] == \
                ["none", "dodge", "deflect=Buckler"]
            other = c.get(f"/seat/question.json?seat={tamsin}").json()
            assert other == {"seat": "Tamsin", "question": None, "waiting": "Wren"}
            refusals = [
                (_answer(c, tamsin, q["id"], "dodge"), 403, "Wren's to answer, not Tamsin's"),
                (_answer(c, gone, q["id"], "dodge"), 403, "seat is closed"),
                (_answer(c, wren, "0123456789abcdef", "dodge"), 409, "no longer open"),
                (_answer(c, wren, q["id"], "dodge\x07"), 400, "one line of plain"),
                (_answer(c, wren, q["id"], ["dodge"]), 400, "an answer is text"),
                (c.post(f"/seat/answer?seat={wren}", content=b"{dodge"), 400, "JSON"),
            ]
            for r, status, why in refusals:
                assert (r.status_code, r.json()["ok"]) == (status, False)
                assert why in r.json()["why"]
            assert fight.read_bytes() == saved
            r = _answer(c, wren, q["id"], "parry")  # read by the prompt: not an option
            assert r.status_code == 422 and "'parry' is not one of" in r.json()["why"]
            assert fight.read_bytes() == saved
            again = _question(ex, "reaction", proc, seen)  # asked again, saying why
            assert "'parry' is not one of" in again["wrong"]
            assert _answer(c, wren, q["id"], "dodge").status_code == 409  # stale now
            # cancelling the command is the GM's alone: a phone's "quit" is refused
            r = _answer(c, wren, again["id"], "quit")
            assert r.status_code == 422 and "only the GM can cancel" in r.json()["why"]
            assert fight.read_bytes() == saved
            again = _question(ex, "reaction", proc, seen)
            assert _answer(c, wren, again["id"], "dodge").json() == {"ok": True}
            assert _answer(c, wren, again["id"], "dodge").status_code == 409  # once
            dice = _question(ex, "dice", proc, seen)
            assert dice["dice"] == 3 and dice["tracker"] == ""
            assert _answer(c, wren, dice["id"], "5,5,1").json() == {"ok": True}
            brace = _question(ex, "brace", proc, seen)
            assert [o["answer"] for o in brace["options"]] == ["y", "n"]
            assert "19->17" in brace["options"][0]["detail"]
            assert _answer(c, wren, brace["id"], "n").json() == {"ok": True}
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "waiting for Wren's phone (or type the answer)" in out
    records = [json.loads(x) for x in fight.read_text().splitlines()[1:]]
    assert len(records) == 3
    last = records[-1]
    assert last["cmd"] == "attack wren roll 5,6,6 dodge def 5,5,1"
    assert last["seated"] == [{"seat": "Wren", "kind": k} for k in ("reaction", "dice", "brace")]
    typed = where / "encounters" / "typed.yaml"
    typed.write_text((where / "encounters" / "demo.yaml").read_text())
    r = invoke("do", typed, "--seed", "4", "turn wren", "next gorm", last["cmd"])
    assert r.exit_code == 0, r.output
    whole = [json.loads(x) for x in fight_of(typed).read_text().splitlines()[1:]][-1]
    assert (whole["cmd"], whole.get("dice"), whole["events"]) == \
        (last["cmd"], last.get("dice"), last["events"])
    assert "seated" not in whole
    recap = invoke("log", fight, "--format", "markdown")
    assert "Answered from phones: Wren 3." in recap.output


@pytest.mark.parametrize("seated, served", [("Tamsin", True), ("Wren", False)])
def test_without_a_seat_or_a_screen_nothing_is_put_to_a_phone(where, seated, served):
    """A PC with no seat is asked at the prompt alone, as before (the pipe answers); so
    is a seated one while no players' screen is served (its phone could not answer)."""
    fight = where / "encounters" / "demo.fight.jsonl"
    if served:
        Exchange(fight).announce("http://127.0.0.1:8000/", None)
    Exchange(fight).seat(seated)
    proc = _prompt(where, ["turn wren", "next gorm", "attack wren", "dodge", "5,6,6",
                           "5,5,1", "n", "quit"])
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "phone" not in out
    last = [json.loads(x) for x in fight.read_text().splitlines()[1:]][-1]
    assert last["cmd"] == "attack wren roll 5,6,6 dodge def 5,5,1" and "seated" not in last


@pytest.mark.slow  # waits out the time limit three times
def test_past_the_phone_time_limit_the_prompt_asks_the_gm(where):
    """``phone_time_limit: 1``: a phone that does not answer in a second is not waited
    for; the question closes and the GM's answer is the one taken."""
    enc = where / "encounters" / "demo.yaml"
    enc.write_text(enc.read_text() + "\nrules:\n  phone_time_limit: 1\n")
    fight = where / "encounters" / "demo.fight.jsonl"
    ex = Exchange(fight)
    ex.announce("http://127.0.0.1:8000/", None)
    ex.seat("Wren")
    proc = _prompt(where, ["turn wren", "next gorm", "attack wren", "dodge", "5,6,6",
                           "5,5,1", "n", "quit"])
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert out.count("(Wren's phone did not answer in 1s: the next line answers)") == 3
    assert ex.question() is None
    last = [json.loads(x) for x in fight.read_text().splitlines()[1:]][-1]
    assert last["cmd"] == "attack wren roll 5,6,6 dodge def 5,5,1" and "seated" not in last


def test_seat_at_the_prompt_gives_lists_and_closes_a_players_seat(where):
    """``seat NAME``: the link (the served page's address with the seat's token),
    never journalled; an enemy has none; ``seat NAME off`` closes it; ``seat`` lists."""
    fight = where / "encounters" / "demo.fight.jsonl"
    lines = ["seat wren", "turn wren"]
    r = invoke("run", where / "encounters" / "demo.yaml", "--seed", "1",
               input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    assert "a seat needs the players' screen on this network" in r.output
    ex = Exchange(fight)
    assert ex.seats() == {}
    ex.announce("http://10.0.0.7:8000/", "lan-token")
    lines = ["seat wren", "seat gorm", "seat", "seat wren off", "seat wren off", "seat"]
    r = invoke("run", where / "encounters" / "demo.yaml", "--seed", "1",
               input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    token = Exchange(fight).seats().get("Wren") or ""
    assert not token  # closed by the end
    assert "Wren's seat: http://10.0.0.7:8000/seat?token=lan-token&seat=" in text
    assert "Gorm is not an ally" in text
    assert "seats: Wren" in text
    assert "Wren's seat is closed: its link answers nothing now" in text
    assert "Wren has no seat" in text and "no seats (seat NAME gives one)" in text
    records = [json.loads(x) for x in fight.read_text().splitlines()[1:]]
    assert [x["cmd"] for x in records] == ["turn wren"]
    # a seat left from an earlier fight in this file's place closes too
    Exchange(fight).seat("Ilvane")
    r = invoke("run", where / "encounters" / "demo.yaml", "--seed", "1",
               input="seat ilvane off\n")
    assert r.exit_code == 0, r.output
    assert "Ilvane's seat is closed" in r.output and Exchange(fight).seats() == {}


# --- the odds on the phone -------------------------------------------------------------


class _Phone:
    """A table with Brannoc seated that keeps the questions put to his phone and
    cancels at the first (nothing is saved)."""

    last_seat = ""

    def __init__(self) -> None:
        self.questions: list[dict] = []

    def tell(self, text: str) -> None:
        pass

    def note(self, text: str) -> None:
        pass

    def wrong(self, message: str) -> None:
        raise AssertionError(message)

    def ask(self, prompt: str, words=()) -> str | None:
        return None

    def seated(self) -> list[str]:
        return ["Brannoc"]

    def ask_seated(self, prompt: str, words, question: dict) -> str | None:
        self.questions.append(question)
        return None

    def settled(self, why: str = "") -> None:
        pass


FLAGS = {"none": [], "dodge": ["--dodge"], "counter": []}  # a Counterattack: undefended


def test_the_odds_on_the_phone_are_momenta_odds_for_every_kind_of_reaction(enc):
    """Gorm attacks Brannoc (a Warrior: Dodge, Deflect with Longsword or Heater Shield,
    Counterattack, R37): each choice's odds on the phone are ``momenta odds FIGHT Gorm
    Brannoc`` with that choice (a Counterattack rolls no defense, so the attack's own,
    R27); no damage, Guard only and damage to Vitality cover every roll; the Vigor left
    is Brannoc's less the cost."""
    r = invoke("do", enc, "--seed", "4", "turn wren", "next gorm", "set brannoc vigor 5")
    assert r.exit_code == 0, r.output
    fight = fight_of(enc)
    ff = FightFile.open(fight)
    phone = _Phone()
    with pytest.raises(Cancelled):
        ff.run("attack brannoc", SeededRoller(1), asking=TableAsking(phone))
    (q,) = phone.questions
    assert q["kind"] == "reaction" and q["who"] == "Brannoc" and q["seats"] == ["Brannoc"]
    kinds = [o["answer"].partition("=")[0] for o in q["options"]]
    assert kinds[:4] == ["none", "dodge", "deflect", "deflect"]
    assert set(kinds[4:]) == {"counter"}  # with each weapon it may counter with
    for o in q["options"]:
        kind, _, weapon = o["answer"].partition("=")
        flags = FLAGS[kind] if kind in FLAGS else [f"--deflect={weapon}"]
        r = invoke("odds", fight, "Gorm", "Brannoc", *flags, "--json")
        assert r.exit_code == 0, r.output
        cli = json.loads(r.stdout)
        mine = o["odds"]
        assert {k: mine[k] for k in ("hit", "any_damage", "wound", "defeat")} == \
            {k: cli[k] for k in ("hit", "any_damage", "wound", "defeat")}, o["answer"]
        from fractions import Fraction

        parts = (Fraction(mine[k]["exact"]) for k in ("no_damage", "guard_only", "any_damage"))
        assert sum(parts) == 1
        cost = {"none": 0, "dodge": 2, "deflect": 1, "counter": 2}[kind]
        assert o["vigor_left"] == 5 - cost, o["answer"]
    assert len({json.dumps(o["odds"]) for o in q["options"]}) > 1  # the choice matters


def test_the_sides_pick_of_who_acts_may_come_from_any_allied_seat(where):
    """ch18 Turn Order, R14: the players pick who acts among the allies, so the pick is
    put to every allied seat (Wren's phone sees it too); Tamsin's phone answers it by
    its number in the list, and the line is the typed one (``turn Tamsin``)."""
    fight = where / "encounters" / "demo.fight.jsonl"
    ex = Exchange(fight)
    ex.announce("http://127.0.0.1:8000/", None)
    wren, tamsin = ex.seat("Wren"), ex.seat("Tamsin")
    proc = _prompt(where, ["turn", "quit"])
    seen: set[str] = set()
    try:
        q = _question(ex, "pick", proc, seen)
        assert q["who"] == "the players" and sorted(q["seats"]) == ["Tamsin", "Wren"]
        assert [o["label"] for o in q["options"]] == ["Brannoc", "Tamsin", "Wren"]
        with TestClient(build_site(Feed(fight)), base_url="http://127.0.0.1") as c:
            assert c.get(f"/seat/question.json?seat={wren}").json()["question"]["id"] \
                == q["id"]
            r = _answer(c, tamsin, q["id"], "2")
            assert r.json() == {"ok": True}
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "waiting for the players' phones (or type the answer)" in out
    last = [json.loads(x) for x in fight.read_text().splitlines()[1:]][-1]
    assert last["cmd"] == "turn Tamsin"
    assert last["seated"] == [{"seat": "Tamsin", "kind": "pick"}]


def test_an_attacker_hidden_from_the_players_is_not_named_on_the_phone(enc):
    """R20, ch23: Gorm Hidden attacks Brannoc: the phone's question says someone unseen
    attacks, and no part of it names Gorm or his weapon."""
    r = invoke("do", enc, "--seed", "4", "turn wren", "next gorm", "cond gorm hidden")
    assert r.exit_code == 0, r.output
    ff = FightFile.open(fight_of(enc))
    phone = _Phone()
    with pytest.raises(Cancelled):
        ff.run("attack brannoc", SeededRoller(1), asking=TableAsking(phone))
    (q,) = phone.questions
    text = json.dumps(q)
    assert "someone unseen attacks Brannoc" in text
    assert "Gorm" not in text and "Cudgel" not in text


def test_a_seats_requests_are_guarded(where):
    """Only a seat's answer may be posted, with a short body of a stated length; a seat
    token that opens nothing gets nothing; the requests of one seat, and of a client naming
    no seat, are bounded."""
    fight = where / "encounters" / "demo.fight.jsonl"
    r = invoke("do", where / "encounters" / "demo.yaml", "--seed", "1", "turn wren")
    assert r.exit_code == 0, r.output
    ex = Exchange(fight)
    wren = ex.seat("Wren")
    with TestClient(build_site(Feed(fight)), base_url="http://127.0.0.1") as c:
        assert c.post("/", content=b"x").status_code == 405
        assert c.post(f"/seat/question.json?seat={wren}").status_code == 405
        big = json.dumps({"question": "0" * 16, "answer": "a" * 2000})
        assert c.post(f"/seat/answer?seat={wren}", content=big).status_code == 413
        for token in ("", "nope", wren[:-2]):
            for path in ("/seat", "/seat/question.json"):
                got = c.get(f"{path}?seat={token}")
                assert got.status_code == 403 and "seat is closed" in got.text
        page = c.get(f"/seat?seat={wren}")
        assert page.status_code == 200 and "Wren's seat" in page.text
        assert wren not in page.text  # the token stays in the address
        codes = [c.get(f"/seat/question.json?seat={wren}").status_code for _ in range(45)]
        assert 429 in codes and codes[0] == 200
        # made-up tokens are one stranger's requests, bounded too, and however many
        # there are they do not free the seat's own spent bucket
        made_up = [c.get(f"/seat/question.json?seat={secrets.token_hex(8)}").status_code
                   for _ in range(300)]
        assert made_up[0] == 403 and made_up[-1] == 429
        assert c.get(f"/seat/question.json?seat={wren}").status_code == 429


def test_seats_that_cannot_be_written_leave_the_question_to_the_gm(where, monkeypatch,
                                                                  capsys):
    """A full disk (the question cannot be written beside the fight): the phone is not
    asked, the GM is told so in one dim line, and the line typed answers."""
    from momenta_cli.cli.ask import PipedTable
    from momenta_cli.cli.common import make_console
    from momenta_cli.cli.screen import Screen

    enc = where / "encounters" / "demo.yaml"
    r = invoke("do", enc, "--seed", "4", "turn wren", "next gorm")
    assert r.exit_code == 0, r.output
    fight = fight_of(enc)
    ex = Exchange(fight)
    ex.announce("http://127.0.0.1:8000/", None)
    ex.seat("Wren")

    def full(self, question):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Exchange, "open", full)
    ff = FightFile.open(fight)
    table = PipedTable(Screen(make_console(no_color=True, width=100)),
                       lambda: ff.session.state, iter(["dodge\n", "5,6,6\n", "5,5,1\n", "n\n"]))
    table.phones = ex
    out = ff.run("attack wren", SeededRoller(4), asking=TableAsking(table))
    assert out.entry is not None and out.entry.line == "attack wren roll 5,6,6 dodge def 5,5,1"
    assert out.entry.seated == ()
    said = " ".join(capsys.readouterr().out.split())
    assert "(no phone asked: the seats beside the fight cannot be written: No space left" \
        in said
