"""A player's seat on the players' screen (momenta_cli/seating/): the seat's page, its
open question, and its answer, the one thing a browser may send.

    GET  /seat?seat=TOKEN                the page, its PC's card first, its questions
    GET  /seat/question.json?seat=TOKEN  the question open for this seat now, or none
                                         (another seat's question only as "waiting for")
    POST /seat/answer?seat=TOKEN         {"question": ID, "answer": WORDS}

Under ``--lan`` every address carries the server's token as well (the guard). An answer
is claimed (``Exchange.offer``: the seat open, the question open and its PC's, the
answer one short line, no answer before it), then the prompt reads it exactly as a
typed answer; the reply says what the prompt made of it (taken, or refused and why),
waiting a little for it. Requests per seat are bounded in number (``Limiter``), and an
answer's body in size (site.py's guard).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from momenta_cli.seating import Exchange, Reply

MAX_BODY = 1024  # bytes of an answer's body: {"question": 16 hex, "answer": 200 chars}
ANSWER_WAIT = 5.0  # seconds an answer's reply waits for the prompt's verdict
LOOK = 0.05  # seconds between two looks for it
RATE = (40, 10.0)  # at most 40 requests of one seat (or one stranger) per 10 seconds
MAX_CLIENTS = 256  # rate buckets kept (the oldest forgotten first)
PHONE_KEYS = ("id", "kind", "who", "title", "text", "options", "dice", "tracker", "wrong")


class Limiter:
    """At most ``n`` requests per ``per`` seconds for each key (a seat, a client)."""

    def __init__(self, n: int = RATE[0], per: float = RATE[1]):
        self.n, self.per = n, per
        self.seen: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        times = self.seen.pop(key, None) or deque()
        while times and now - times[0] > self.per:
            times.popleft()
        self.seen[key] = times  # last used last: the oldest keys go first
        while len(self.seen) > MAX_CLIENTS:
            self.seen.pop(next(iter(self.seen)))
        if len(times) >= self.n:
            return False
        times.append(now)
        return True

    def blocked(self, key: str) -> bool:
        """Whether ``key`` is out of requests now (nothing counted)."""
        now = time.monotonic()
        times = self.seen.get(key) or ()
        return sum(1 for t in times if now - t <= self.per) >= self.n


def for_phone(q: dict[str, Any]) -> dict[str, Any]:
    """The open question as a phone is sent it (no more than it shows)."""
    return {k: q.get(k) for k in PHONE_KEYS}


def seat_routes(exchange: Exchange, page: Any) -> list[Route]:
    """The seat's routes; ``page(request)`` draws the page for a seat."""
    # Two kinds of bucket: one per seat, and one per client address for every request
    # that names no seat. A stranger's made-up tokens all fall in its address's bucket,
    # and cannot crowd a real seat's bucket out of memory (there are only so many seats).
    seats, strangers = Limiter(), Limiter()

    def refused(why: str, status: int) -> Response:
        return JSONResponse({"ok": False, "why": why}, status_code=status)

    def gate(request: Request) -> tuple[str | None, Response | None]:
        token = request.query_params.get("seat", "")
        client = request.client.host if request.client else "?"
        busy = refused("too many requests: wait a few seconds", 429)
        if strangers.blocked(client):  # looked up no further
            return None, busy
        seat = exchange.seat_of(token) if token else None
        if not (seats.allow(seat) if seat is not None else strangers.allow(client)):
            return None, busy
        if seat is None:
            return None, refused("this seat is closed (revoked, or never given): ask the "
                                 "GM for a new link", 403)
        return seat, None

    async def seat_page(request: Request) -> Response:
        seat, no = gate(request)
        if no is not None:  # a person reads this one: the reason as text
            why = json.loads(bytes(no.body)).get("why", "")
            return PlainTextResponse(f"{why}\n", status_code=no.status_code)
        return await page(request, seat)

    async def question(request: Request) -> Response:
        seat, no = gate(request)
        if no is not None:
            return no
        q = exchange.question()
        mine = q is not None and seat in (q.get("seats") or [])
        return JSONResponse({"seat": seat, "question": for_phone(q) if mine and q else None,
                             "waiting": None if mine or q is None else q.get("who")})

    async def answer(request: Request) -> Response:
        seat, no = gate(request)
        if no is not None:
            return no
        body = await request.body()
        if len(body) > MAX_BODY:
            return refused("an answer is short", 413)
        try:
            sent = json.loads(body)
        except ValueError:
            return refused("an answer is JSON: {\"question\": ID, \"answer\": WORDS}", 400)
        if not isinstance(sent, dict):
            return refused("an answer is JSON: {\"question\": ID, \"answer\": WORDS}", 400)
        qid = sent.get("question")
        reply = exchange.offer(request.query_params.get("seat", ""), qid,
                               sent.get("answer"))
        if not reply.ok:
            return refused(reply.why, reply.status)
        verdict = await _verdict(exchange, str(qid))
        if verdict is None:
            return JSONResponse({"ok": True, "pending": True,
                                 "why": "sent: the GM's tracker has not read it yet"})
        if not verdict.ok:
            return refused(verdict.why, verdict.status)
        return JSONResponse({"ok": True})

    return [Route("/seat", seat_page, methods=["GET"]),
            Route("/seat/question.json", question, methods=["GET"]),
            Route("/seat/answer", answer, methods=["POST"])]


async def _verdict(exchange: Exchange, qid: str) -> Reply | None:
    """What the prompt made of the answer to ``qid``, waited for ``ANSWER_WAIT``."""
    end = time.monotonic() + ANSWER_WAIT
    while time.monotonic() < end:
        got = exchange.outcome(qid)
        if got is not None:
            return got
        await asyncio.sleep(LOOK)
    return None
