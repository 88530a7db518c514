"""The players' screen as a Starlette application (``build_site``): the page, its map,
the current snapshot as JSON, the event stream, and the guards around them.

Every route but one only reads: nothing a browser can send changes the fight. The one
is a seat's answer to its own PC's open question (web/seat_routes.py, seating/), which
the prompt reads as a typed answer. The guards (one ASGI middleware, ``Guard``) refuse
before any route runs: a Host that is not this machine's (a DNS-rebinding page), a
missing or wrong token (under ``--lan``), any method but GET and HEAD (a POST only for
a seat's answer), a request with a body (but that answer's, bounded), an over-long
address. Every response carries a
Content-Security-Policy (nothing from elsewhere, no inline script), ``nosniff`` and
``no-referrer`` (the token is in the address).
"""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Iterable
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

from jinja2 import Environment, FileSystemLoader, select_autoescape
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from momenta_cli.seating import Exchange
from momenta_cli.web.feed import Feed, Snapshot

HERE = Path(__file__).resolve().parent
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
MAX_STREAMS = 64  # event streams at once: a table has a TV and a few phones
MAX_QUERY = 2048  # bytes of query string (a token is 43)
MAX_PATH = 256
MAX_ANSWER_BODY = 1024  # bytes (web/seat_routes.py MAX_BODY)
PING = 10  # seconds between keep-alive comments on an idle stream
RETRY_MS = 2000  # how soon a browser reconnects after the stream drops
STATIC = {"page.css": "text/css; charset=utf-8",
          "page.js": "text/javascript; charset=utf-8",
          "seat.js": "text/javascript; charset=utf-8"}
ANSWER_PATH = "/seat/answer"  # the one address that takes a body (a seat's answer)
# style-src allows inline styles for the map's SVG (drawn by us, escaped at the source)
# and the map's width on phones; scripts come only from /static (no inline script).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]


def build_site(feed: Feed, *, token: str | None = None,
               allowed_hosts: Iterable[str] = LOCAL_HOSTS,
               max_streams: int = MAX_STREAMS, ping: float = PING,
               exchange: Exchange | None = None) -> Starlette:
    """The application serving ``feed``: ``/`` (the page), ``/events`` (the snapshots
    as server-sent events), ``/state.json`` (the players' document), ``/map.svg`` and
    ``/static/...``. With ``token`` every request must carry ``?token=``; the Host header
    must name one of ``allowed_hosts``. ``exchange``: the fight's seats (default: those
    beside the fight file), for ``/seat`` and its question and answer."""
    from momenta_cli.web.seat_routes import seat_routes

    suffix = f"?token={quote(token)}" if token else ""
    exchange = exchange if exchange is not None else Exchange(feed.path)

    async def seat_page(request: Request, seat: str) -> Response:
        return HTMLResponse(render_page(feed.current, suffix, seat=seat))

    async def page(request: Request) -> Response:
        html = render_page(feed.current, suffix)
        return HTMLResponse(html)

    async def state(request: Request) -> Response:
        snap = feed.current
        if snap.doc is None:
            return JSONResponse({"notice": snap.notice}, status_code=503)
        return Response(json.dumps(snap.doc, ensure_ascii=False),
                        media_type="application/json")

    async def map_picture(request: Request) -> Response:
        svg = feed.current.svg
        if not svg:
            return PlainTextResponse("No map.\n", status_code=404)
        return Response(svg, media_type="image/svg+xml")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:  # an allow-list: nothing else under the package is served
            return PlainTextResponse("Not found.\n", status_code=404)
        return Response(static_file(name), media_type=STATIC[name])

    async def events(request: Request) -> Response:
        if request.method == "HEAD":
            return Response(media_type="text/event-stream")
        if feed.streams >= max_streams:
            return PlainTextResponse("Too many screens are connected.\n", status_code=503,
                                     headers={"Retry-After": "10"})
        feed.streams += 1
        return _Stream(feed, _snapshots(feed), ping=ping)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await feed.start()
        try:
            yield
        finally:
            await feed.stop()

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        Route("/state.json", state, methods=["GET"]),
        Route("/map.svg", map_picture, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
        # Browsers ask for an icon unbidden: an empty answer, not an error in their log.
        Route("/favicon.ico", lambda request: Response(status_code=204), methods=["GET"]),
        *seat_routes(exchange, seat_page),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(Guard, token=token, allowed_hosts=tuple(allowed_hosts))
    return app


async def _snapshots(feed: Feed) -> AsyncIterator[ServerSentEvent]:
    """Each snapshot as one event, the current one at once (a browser that connects or
    reconnects simply gets the fight as it stands), then each new one as it comes."""
    seen = -1
    while True:
        snap = await feed.next(seen)
        if snap is None:
            return  # the server is stopping
        seen = snap.serial
        yield ServerSentEvent(data=snap.text, id=str(snap.id), retry=RETRY_MS)


class _Stream(EventSourceResponse):
    """An event stream that gives its place back when it ends, however it ends."""

    def __init__(self, feed: Feed, content: AsyncIterator[ServerSentEvent], *,
                 ping: float):
        super().__init__(content, ping=ping, send_timeout=30)
        self.feed = feed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        state = {"started": False, "ended": False}

        async def tracked(message: Message) -> None:
            if message["type"] == "http.response.start":
                state["started"] = True
            elif message["type"] == "http.response.body" and not message.get("more_body"):
                state["ended"] = True
            await send(message)

        try:
            await super().__call__(scope, receive, tracked)
            if state["started"] and not state["ended"]:
                # The server is stopping (Ctrl-C): end the stream properly, so uvicorn
                # has no unfinished response to report on the GM's terminal.
                with contextlib.suppress(Exception):
                    await send({"type": "http.response.body", "body": b"",
                                "more_body": False})
        finally:
            self.feed.streams -= 1


# --- the page ---------------------------------------------------------------------------


@cache
def _templates() -> Environment:
    return Environment(loader=FileSystemLoader(HERE / "templates"),
                       autoescape=select_autoescape(default=True, default_for_string=True),
                       trim_blocks=True, lstrip_blocks=True)


@cache
def static_file(name: str) -> bytes:
    """A file of static/ (read once)."""
    return (HERE / "static" / name).read_bytes()


def render_page(snap: Snapshot, suffix: str = "", *, seat: str = "") -> str:
    """The page with ``snap`` already drawn in it (it reads before the script runs);
    ``suffix`` is the token's query string, carried by every address on the page.
    ``seat``: the page of a player's seat (its PC's card first, its questions above)."""
    view = page_view(snap)
    if seat:  # its own PC's card first
        view["allies"].sort(key=lambda a: a["name"] != seat)
    return _templates().get_template("page.html").render(
        view=view, svg=snap.svg, suffix=suffix, seat=seat)


def page_view(snap: Snapshot) -> dict[str, Any]:
    """What the template draws, every key present whatever the document lacks (the
    document's missing keys read as nothing, never as an error)."""
    doc = snap.doc or {}
    turn = _dict(doc.get("turn"))
    cue = str(turn.get("cue") or "")
    if doc.get("over") and not cue:
        reason = str(doc.get("over_reason") or "")
        cue = f"Combat over: {reason}" if reason else "Combat over"
    return {
        "has_doc": snap.doc is not None,
        "id": snap.id,
        "notice": snap.notice,
        "title": str(doc.get("title") or ""),
        "round": doc.get("round"),
        "over": bool(doc.get("over")),
        "cue": cue,
        "side_due": str(turn.get("side_due") or ""),
        "allies_due": turn.get("side_due") == "allies" and not turn.get("acting"),
        "may_act": [str(n) for n in _list(turn.get("may_act"))],
        "zipper": [_zip(z) for z in _list(doc.get("zipper"))],
        "allies": [_ally(a) for a in _list(doc.get("allies"))],
        "enemies": [_enemy(e) for e in _list(doc.get("enemies"))],
        "results": [str(r) for r in _list(doc.get("results"))],
        "map_width": _dict(doc.get("map")).get("width") or 0,
    }


RESOURCES = ("vitality", "guard", "vigor", "strain")


def _zip(z: Any) -> dict[str, Any]:
    z = _dict(z)
    taken, allowed = z.get("turns_taken"), z.get("turns_allowed")
    turns = ""
    if isinstance(allowed, int) and allowed > 1:
        turns = f"{taken or 0} of {allowed} turns"
    marks = [m for m, on in (("acting", z.get("acting")), ("may act", z.get("may_act")),
                             ("done", z.get("done")), ("Slowed", z.get("slowed")),
                             ("Surprised", z.get("surprised")), ("out", z.get("out"))) if on]
    return {"name": str(z.get("name") or ""), "label": str(z.get("label") or ""),
            "side": str(z.get("side") or ""), "turns": turns, "marks": marks,
            "acting": bool(z.get("acting")), "may_act": bool(z.get("may_act")),
            "done": bool(z.get("done")), "out": bool(z.get("out"))}


def _bars(src: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for key in RESOURCES:
        pair = src.get(key)
        if isinstance(pair, list | tuple) and len(pair) == 2:
            now, most = pair
            out.append({"key": key, "name": key.capitalize(), "now": now, "max": most})
    return out


def _conditions(items: Any) -> list[str]:
    out = []
    for c in _list(items):
        if isinstance(c, dict):
            out.append(str(c.get("text") or c.get("name") or ""))
        else:
            out.append(str(c))
    return [c for c in out if c]


def _ally(a: Any) -> dict[str, Any]:
    a = _dict(a)
    return {"name": str(a.get("name") or ""), "label": str(a.get("label") or ""),
            "square": str(a.get("square") or ""), "status": str(a.get("status") or ""),
            "acting": bool(a.get("acting")), "bars": _bars(a),
            "wounds": _conditions(a.get("wounds")), "wound_slots": a.get("wound_slots"),
            "burdens": _conditions(a.get("burdens")), "burden_slots": a.get("burden_slots"),
            "conditions": _conditions(a.get("conditions"))}


def _enemy(e: Any) -> dict[str, Any]:
    e = _dict(e)
    return {"name": str(e.get("name") or ""), "label": str(e.get("label") or ""),
            "side": str(e.get("side") or ""), "square": str(e.get("square") or ""),
            "status": str(e.get("status") or ""), "acting": bool(e.get("acting")),
            "health": str(e.get("health") or ""), "bars": _bars(_dict(e.get("numbers"))),
            "conditions": _conditions(e.get("conditions"))}


def _dict(x: Any) -> dict[str, Any]:
    return x if isinstance(x, dict) else {}


def _list(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


# --- the guards -------------------------------------------------------------------------


class Guard:
    """Refuses, before any route runs, what the players' screen never needs."""

    def __init__(self, app: ASGIApp, *, token: str | None, allowed_hosts: tuple[str, ...]):
        self.app = app
        self.token = token
        self.hosts = {h.lower().strip("[]") for h in allowed_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            refusal = self.refusal(scope)
        except Exception:  # whatever a stranger sends, a short refusal, never a traceback
            refusal = 400, "Bad request.", {}
        if refusal is not None:
            status, text, extra = refusal
            await _send_secured(PlainTextResponse(text + "\n", status_code=status,
                                                  headers=extra), scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = _with_security(message.get("headers", []))
            await send(message)

        await self.app(scope, receive, secured)

    def refusal(self, scope: Scope) -> tuple[int, str, dict[str, str]] | None:
        """``(status, text, headers)`` for a request refused, None for one let through."""
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        host = _hostname(headers.get(b"host", b"").decode("latin-1"))
        if host not in self.hosts:
            return 400, "Unknown host: open the address the GM's terminal shows.", {}
        query: bytes = scope.get("query_string", b"")
        if len(query) > MAX_QUERY or len(scope.get("raw_path") or scope["path"]) > MAX_PATH:
            return 414, "Address too long.", {}
        if self.token is not None:
            # read as Latin-1 throughout: any byte maps to a character and back, so a
            # token of other characters is simply wrong (the real one is ASCII)
            given = parse_qs(query.decode("latin-1"), encoding="latin-1").get(
                "token", [""])[0]
            if not secrets.compare_digest(given.encode("latin-1"), self.token.encode()):
                return 403, "This screen needs the address with its token (scan the QR " \
                            "code on the GM's terminal).", {}
        length = headers.get(b"content-length", b"0").strip() or b"0"
        if scope["method"] == "POST" and scope["path"] == ANSWER_PATH:
            # a seat's answer: a short body of a stated length, nothing streamed
            if b"transfer-encoding" in headers or not length.isdigit() \
                    or int(length) > MAX_ANSWER_BODY:
                return 413, "An answer is short.", {}
            return None
        if scope["method"] not in ("GET", "HEAD"):
            return 405, "Only reading: this page changes nothing.", {"Allow": "GET, HEAD"}
        if length != b"0" or b"transfer-encoding" in headers:
            return 413, "No request bodies here.", {}
        return None


def _hostname(host: str) -> str:
    """The name in a Host header, without its port (``[::1]:8000`` -> ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _with_security(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    names = {name for name, _ in SECURITY_HEADERS}
    return [(k, v) for k, v in headers if k.lower() not in names] + SECURITY_HEADERS


async def _send_secured(response: Response, scope: Scope, receive: Receive,
                        send: Send) -> None:
    async def secured(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = _with_security(message.get("headers", []))
        await send(message)

    await response(scope, receive, secured)
