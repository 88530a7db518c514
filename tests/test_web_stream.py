"""The players' screen live (issue 24): the feed follows the fight file whatever writes it,
one watching task for every browser; each event is the whole snapshot with its id; a real
server (uvicorn in a thread, as ``run --serve`` runs it) streams a ``do`` to a connected
client; ``serve`` and ``run --serve`` print the address and the QR code, refuse a port in
use in one line, and keep the server stack out of every other command's start-up.

No fixed sleeps: every wait is on a condition, with a timeout."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

import momenta_cli.web.feed as feed_mod
from momenta_cli.web import Feed, ServeError, Serving, qr_text
from momenta_cli.web.serving import address, plan
from momenta_cli.web.site import _snapshots
from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
WAIT = 20.0  # seconds: the most any wait here may take before the test fails


@pytest.fixture
def fight(enc) -> Path:
    """The demo fight begun with ``momenta do`` (a journal on disk, one record)."""
    r = invoke("do", enc, "--seed", "1", "turn brannoc")
    assert r.exit_code == 0, r.output
    return enc.with_name("demo.fight.jsonl")


def but_id(doc: dict) -> dict:
    """A document without what only counts the records."""
    return {k: v for k, v in doc.items() if k not in ("id", "records")}


def do(fight: Path, *lines: str) -> None:
    r = invoke("do", fight, "--seed", "1", *lines)
    assert r.exit_code == 0, r.output


# --- the feed ------------------------------------------------------------------------


def test_the_feed_sends_the_current_snapshot_at_once_then_each_change(fight):
    async def main():
        feed = Feed(fight, interval=0.01)
        await feed.start()
        try:
            first = await asyncio.wait_for(feed.next(-1), WAIT)
            assert first is not None and first.id == 1 and first.doc is not None
            again = await asyncio.wait_for(feed.next(-1), WAIT)  # a reconnect: the same
            assert again is first
            await asyncio.to_thread(do, fight, "attack gorm with longsword")
            second = await asyncio.wait_for(feed.next(first.serial), WAIT)
            assert second is not None and second.id == 2 and second.doc != first.doc
            await asyncio.to_thread(invoke, "undo", fight)
            third = await asyncio.wait_for(feed.next(second.serial), WAIT)
            assert third is not None and third.id == 3  # undo is a record too
            assert but_id(third.doc) == but_id(first.doc)  # the fight as it was
        finally:
            await feed.stop()

    asyncio.run(main())


def test_one_task_watches_for_every_waiting_client(fight):
    async def main():
        feed = Feed(fight, interval=0.01)
        await feed.start()
        try:
            first = feed.current
            tasks = [asyncio.ensure_future(feed.next(first.serial)) for _ in range(8)]
            await asyncio.sleep(0)  # let every client wait
            assert not any(t.done() for t in tasks)
            await asyncio.to_thread(do, fight, "end")
            got = await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
            assert all(s is got[0] for s in got) and got[0].id == 2  # one build for all
            watchers = [t for t in asyncio.all_tasks()
                        if t.get_coro().__qualname__ == "Feed._watch"]
            assert len(watchers) == 1
        finally:
            await feed.stop()

    asyncio.run(main())


def test_the_event_stream_is_the_whole_snapshot_with_the_journal_s_id(fight):
    async def main():
        feed = Feed(fight, interval=0.01)
        await feed.start()
        events = _snapshots(feed)
        try:
            first = await asyncio.wait_for(anext(events), WAIT)
            assert first.id == "1"
            data = json.loads(first.data)
            assert set(data) == {"doc", "svg", "notice"} and data["doc"] is not None
            assert data["doc"] == json.loads(json.dumps(feed.current.doc))
            await asyncio.to_thread(do, fight, "end")
            second = await asyncio.wait_for(anext(events), WAIT)
            assert second.id == "2" and json.loads(second.data)["doc"] != data["doc"]
            await feed.stop()
            with pytest.raises(StopAsyncIteration):  # the server stops: the stream ends
                await asyncio.wait_for(anext(events), WAIT)
        finally:
            await feed.stop()

    asyncio.run(main())


def test_a_change_that_does_not_change_the_fight_sends_nothing(fight):
    async def main():
        feed = Feed(fight, interval=0.01)
        await feed.start()
        try:
            first = feed.current
            os.utime(fight, ns=(time.time_ns(), time.time_ns() + 10**9))  # touched
            assert await feed.refresh() is False
            assert feed.current is first
        finally:
            await feed.stop()

    asyncio.run(main())


def test_the_feed_tells_the_page_when_the_file_goes_and_comes_back(fight):
    lines: list[str] = []

    async def main():
        feed = Feed(fight, interval=0.01, say=lines.append)
        await feed.start()
        try:
            first = feed.current
            kept = fight.read_bytes()
            fight.unlink()
            gone = await asyncio.wait_for(feed.next(first.serial), WAIT)
            assert gone is not None and gone.notice == feed_mod.GONE and gone.doc is None
            fight.write_bytes(kept)
            back = await asyncio.wait_for(feed.next(gone.serial), WAIT)
            assert back is not None and back.notice == "" and back.doc == first.doc
        finally:
            await feed.stop()

    asyncio.run(main())
    assert len(lines) == 2 and all("Traceback" not in x for x in lines)


# --- a real server -------------------------------------------------------------------


def _events(response: httpx.Response):
    """The events of a live stream, as ``(id, data)``."""
    ident, data = None, []
    for line in response.iter_lines():
        if line.startswith("id:"):
            ident = line[3:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
        elif line == "" and data:
            yield ident, json.loads("\n".join(data))
            ident, data = None, []


def _up(serving: Serving) -> None:
    deadline = time.monotonic() + WAIT
    while not serving.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)


def test_a_connected_browser_gets_a_command_done_with_do(fight):
    """End to end: uvicorn in a thread (as ``run --serve``), an event stream read with
    httpx, then ``momenta do``: the next event is the new snapshot with the new id."""
    with Serving(fight, port=0) as serving:
        _up(serving)
        with httpx.Client(timeout=WAIT) as http:
            with http.stream("GET", serving.url + "events") as r:
                assert r.status_code == 200
                assert r.headers["content-type"].startswith("text/event-stream")
                stream = _events(r)
                ident, first = next(stream)
                assert ident == "1" and first["doc"] is not None
                do(fight, "attack gorm with longsword")
                ident, second = next(stream)
                assert ident == "2" and second["doc"] != first["doc"]
            page = http.get(serving.url)
            assert page.status_code == 200 and 'id="round"' in page.text
    assert not any(t.name == "momenta-players-screen" for t in threading.enumerate())


def test_under_lan_the_real_server_refuses_a_request_without_the_token(fight):
    with Serving(fight, port=0, lan=True) as serving:
        _up(serving)
        assert serving.plan is not None and serving.plan.token
        port = serving.plan.port
        with httpx.Client(timeout=WAIT) as http:
            base = f"http://127.0.0.1:{port}/"
            assert http.get(base).status_code == 403
            assert http.get(base, params={"token": serving.plan.token}).status_code == 200
            assert http.get(base + "state.json", params={"token": serving.plan.token},
                            headers={"host": "evil.example"}).status_code == 400


# --- the address, the token, the QR code ---------------------------------------------


def test_lan_prints_an_address_with_a_token_and_a_qr_code():
    p = plan(0, lan=True)
    try:
        assert p.sock.getsockname()[0] == "0.0.0.0"
        assert p.token and len(p.token) >= 20
        assert p.url.startswith("http://") and p.url.endswith(f":{p.port}/?token={p.token}")
        host = p.url.split("//", 1)[1].split(":", 1)[0]
        assert host in p.allowed_hosts
        text = p.banner()
        assert text.startswith(f"The players' screen: {p.url}\n")
        assert any(block in text for block in "\u2580\u2584\u2588")  # the QR code
    finally:
        p.sock.close()


def test_without_lan_only_this_machine_is_served_and_there_is_no_token():
    p = plan(0)
    try:
        assert p.sock.getsockname()[0] == "127.0.0.1" and p.token is None
        assert p.url == f"http://127.0.0.1:{p.port}/"
        assert set(p.allowed_hosts) == {"127.0.0.1", "localhost"}
    finally:
        p.sock.close()


def test_the_qr_code_is_drawn_in_block_characters_one_for_each_address():
    a, b = qr_text(address("192.168.1.5", 8000, "tok")), qr_text(address("10.0.0.1", 80))
    assert a != b and set(a) <= set(" \u2580\u2584\u2588\n") | set("\x1b[0123456789;m")
    assert len(a.splitlines()) > 10


def test_a_port_in_use_is_a_serve_error():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        with pytest.raises(ServeError, match=f"port {port} is in use"):
            plan(port)


# --- the commands --------------------------------------------------------------------


def test_momenta_serve_on_a_port_in_use_is_one_line_and_exit_1(fight):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "momenta_cli", "serve", str(fight),
                            "--port", str(port)], capture_output=True, text=True,
                           timeout=60, cwd=ROOT)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.strip() == (f"port {port} is in use (another server, or another "
                                f"'momenta serve'?): choose another with --port N")


def test_momenta_serve_prints_its_address_serves_and_leaves_on_ctrl_c(fight):
    p = subprocess.Popen([sys.executable, "-m", "momenta_cli", "serve", str(fight),
                          "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, cwd=ROOT)
    try:
        assert p.stdout is not None
        first = p.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/", first)
        assert url, first
        deadline = time.monotonic() + WAIT
        while True:  # the address is printed as the server starts: wait until it answers
            try:
                r = httpx.get(url.group(0) + "state.json", timeout=WAIT)
                break
            except httpx.ConnectError:
                assert time.monotonic() < deadline
                time.sleep(0.05)
        assert r.status_code == 200 and r.json()["round"] == 1
        # a screen stays connected while the GM stops the server: its stream is ended
        # properly, not reported as an unfinished response
        with httpx.stream("GET", url.group(0) + "events", timeout=WAIT) as stream:
            lines = stream.iter_lines()
            while not next(lines).startswith("data:"):
                pass
            p.send_signal(signal.SIGINT)
            out, err = p.communicate(timeout=WAIT)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0 and "Traceback" not in err, err
    assert "ERROR" not in err, err


def test_serve_refuses_a_missing_fight_or_a_broken_encounter_in_one_line(enc, tmp_path):
    r = invoke("serve", tmp_path / "nowhere.fight.jsonl")
    assert r.exit_code == 1 and "no such fight file" in r.output
    assert len(r.output.strip().splitlines()) == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("combatants: 3\n")
    r = invoke("serve", bad)
    assert r.exit_code == 1 and "Traceback" not in r.output


def test_serve_of_an_encounter_serves_its_fight(enc, monkeypatch):
    import momenta_cli.web.serving as serving_mod

    seen: dict = {}

    def fake_serve(target, *, port, lan, echo):
        feed = serving_mod.feed_for(target)
        seen.update(path=feed.path, waiting=feed.waiting, port=port, lan=lan)
        return 0

    monkeypatch.setattr("momenta_cli.web.serve", fake_serve, raising=False)
    r = invoke("serve", enc, "--port", "8123", "--lan")
    assert r.exit_code == 0, r.output
    assert seen == {"path": enc.with_name("demo.fight.jsonl"), "waiting": True,
                    "port": 8123, "lan": True}


def test_run_serve_serves_the_prompt_s_fight_and_stops_with_it(enc, monkeypatch):
    """``run --serve``: the address and QR code before the prompt, the fight served while
    the prompt runs (fetched once the server is up), the server gone when it ends."""
    fetched = {}
    start = Serving.start

    def start_and_fetch(self):
        p = start(self)
        _up(self)
        fetched["state"] = httpx.get(self.url + "state.json", timeout=WAIT)
        return p

    monkeypatch.setattr(Serving, "start", start_and_fetch)
    r = invoke("run", enc, "--seed", "1", "--serve", "--port", "0",
               input="turn brannoc\nquit\n")
    assert r.exit_code == 0, r.output
    assert re.search(r"The players' screen: http://127\.0\.0\.1:\d+/", r.output)
    assert "\u2580" in r.output or "\u2584" in r.output  # the QR code
    assert fetched["state"].status_code == 200 and fetched["state"].json()["round"] == 1
    assert not any(t.name == "momenta-players-screen" for t in threading.enumerate())


def test_resume_serve_serves_the_resumed_fight_and_stops_with_it(fight, monkeypatch):
    """``resume --serve``: a GM picking up last week's fight serves it as ``run --serve``
    does, the fight as it was left (Brannoc acting)."""
    fetched = {}
    start = Serving.start

    def start_and_fetch(self):
        p = start(self)
        _up(self)
        fetched["state"] = httpx.get(self.url + "state.json", timeout=WAIT)
        return p

    monkeypatch.setattr(Serving, "start", start_and_fetch)
    r = invoke("resume", fight, "--seed", "1", "--serve", "--port", "0", input="quit\n")
    assert r.exit_code == 0, r.output
    assert re.search(r"The players' screen: http://127\.0\.0\.1:\d+/", r.output)
    assert fetched["state"].json()["turn"]["acting"] == "Brannoc"
    assert not any(t.name == "momenta-players-screen" for t in threading.enumerate())
    assert invoke("resume", fight, "--lan", input="quit\n").exit_code == 2


def test_run_lan_without_serve_is_a_usage_mistake(enc):
    r = invoke("run", enc, "--lan", input="quit\n")
    assert r.exit_code == 2
    assert not enc.with_name("demo.fight.jsonl").exists()


def test_run_serve_on_a_port_in_use_starts_no_fight(enc):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = invoke("run", enc, "--serve", "--port", str(port), input="quit\n")
    assert r.exit_code == 1 and f"port {port} is in use" in r.output
    assert not enc.with_name("demo.fight.jsonl").exists()


@pytest.mark.parametrize("args", [["serve", "--help"], ["run", "--help"], ["--help"]])
def test_the_server_stack_loads_only_to_serve(args):
    from tests.test_startup_imports import HEAVY, loaded, under

    assert under(loaded(*args), *HEAVY) == []


def test_a_stream_cut_short_by_the_server_stopping_is_still_ended_properly(monkeypatch):
    """When the server stops (Ctrl-C), sse-starlette may return with the response begun
    and not ended; uvicorn would then print an ERROR line on the GM's terminal. The
    stream ends it itself and gives its place back."""
    import asyncio

    from sse_starlette import EventSourceResponse

    from momenta_cli.web.site import _Stream

    async def begun_only(self, scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})

    monkeypatch.setattr(EventSourceResponse, "__call__", begun_only)

    class Counted:
        streams = 1

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.disconnect"}

    async def nothing():
        if False:
            yield

    feed = Counted()
    asyncio.run(_Stream(feed, nothing(), ping=10)({"type": "http"}, receive, send))
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert sent[-1]["more_body"] is False and feed.streams == 0


def test_the_players_screen_s_news_wait_for_the_prompt(fight, monkeypatch):
    """``run --serve``: what the players' screen tells the GM (the fight file gone, a
    damaged journal) is held, then printed before the next prompt, never across the
    line being typed."""
    import io

    from rich.console import Console

    from momenta_cli.cli.prompt import loop
    from momenta_cli.cli.screen import Screen
    from momenta_cli.engine.core import SeededRoller
    from momenta_cli.journal import FightFile

    serving = Serving(fight, port=0, hold_news=True)
    serving.feed.say("players' screen: the fight file is gone")
    assert serving.take_news() == ["players' screen: the fight file is gone"]
    assert serving.take_news() == []
    serving.feed.say("players' screen: showing it again")
    out = io.StringIO()
    screen = Screen(Console(file=out, width=80, color_system=None))
    monkeypatch.setattr("sys.stdin", io.StringIO("note first\nnote second\n"))
    ff = FightFile.open(fight)
    loop(ff, screen, SeededRoller(1), interactive=False, questions=False,
         news=serving.take_news)
    text = out.getvalue()
    assert text.index("showing it again") < text.index("note first")
    assert text.count("showing it again") == 1
