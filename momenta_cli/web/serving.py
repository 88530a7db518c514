"""Starting the players' screen: the socket, the address and its token, the QR code, and
the server itself, in the foreground (``serve``: ``momenta serve``) or in a thread of the
prompt's process (``Serving``: ``momenta run --serve``).

Only this machine can connect unless ``lan`` is asked for; then the server listens on
every interface and every address carries a random token (in the QR code), without which
nothing is served. The socket is bound before anything is printed, so a port in use is
one line (``ServeError``), not a server that fails later.
"""

from __future__ import annotations

import errno
import secrets
import socket
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from momenta_cli.errors import MomentaError
from momenta_cli.seating import Exchange
from momenta_cli.web.feed import Feed, fight_target

DEFAULT_PORT = 8000
LOCAL = "127.0.0.1"
STOP_WAIT = 5.0  # seconds ``Serving.stop`` waits for the server's thread


class ServeError(MomentaError):
    """The players' screen cannot be served (a port in use, an address not ours)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free one), or ``ServeError``."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        # As uvicorn does: a port left in TIME_WAIT by the last run is free again.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} is in use (another server, or another "
                             f"'momenta serve'?): choose another with --port N") from None
        if err.errno == errno.EACCES:
            raise ServeError(f"port {port} may not be used here (below 1024 needs the "
                             f"administrator): choose another with --port N") from None
        raise ServeError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    sock.setblocking(False)
    return sock


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (the one with the default route
    first); nothing is sent: connecting a UDP socket only picks the route."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like the internet, never sent
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    out = []
    for ip in found:
        if ip not in out and not ip.startswith("127.") and ip != "0.0.0.0":
            out.append(ip)
    return out


def address(host: str, port: int, token: str | None = None) -> str:
    """The page's address as a browser opens it (the token in it under ``--lan``)."""
    return f"http://{host}:{port}/" + (f"?token={token}" if token else "")


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


@dataclass
class ServePlan:
    """Where and how the page is served: the socket bound, the token (under ``--lan``),
    the hosts the Host header may name, and the address to print."""

    sock: socket.socket
    port: int
    token: str | None
    allowed_hosts: tuple[str, ...]
    url: str
    others: list[str] = field(default_factory=list)  # the same page at other addresses

    @property
    def base(self) -> str:
        """The page's address without its token: ``http://HOST:PORT/``."""
        return self.url.split("?", 1)[0]

    def banner(self, *, qr: bool = True) -> str:
        """What the GM's terminal shows: the address, any others, and the QR code."""
        lines = [f"The players' screen: {self.url}"]
        lines += [f"  also at {u}" for u in self.others]
        if self.token:
            lines.append("  (on this network: anyone with this address, token included, "
                         "can watch the fight)")
        text = "\n".join(lines) + "\n"
        if qr:
            text += qr_text(self.url)
        return text


def plan(port: int = DEFAULT_PORT, *, lan: bool = False, token: str | None = None) -> ServePlan:
    """Bind the socket and choose the token and the addresses (``ServeError`` when the
    port cannot be had)."""
    sock = bind("0.0.0.0" if lan else LOCAL, port)
    port = sock.getsockname()[1]
    if not lan:
        return ServePlan(sock, port, None, ("127.0.0.1", "localhost"), address(LOCAL, port))
    token = token or secrets.token_urlsafe(16)  # 128 bits; short, so the QR code stays small
    ips = lan_addresses()
    # This machine's own names too (a phone may know the laptop as NAME.local); a page
    # elsewhere cannot answer for them, which is what the Host check is about.
    name = socket.gethostname().lower()
    hosts = ("127.0.0.1", "localhost", *ips, *((name, f"{name}.local") if name else ()))
    shown = [address(ip, port, token) for ip in ips] or [address(LOCAL, port, token)]
    return ServePlan(sock, port, token, hosts, shown[0], shown[1:])


def _server(feed: Feed, p: ServePlan) -> Any:
    """The uvicorn server for ``feed`` (quiet: warnings only, no access log)."""
    import uvicorn

    from momenta_cli.web.site import build_site

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            # The event streams never end by themselves: end them first, so that the
            # server stops at once instead of waiting out its grace period.
            await feed.stop()
            await super().shutdown(sockets=sockets)

    app = build_site(feed, token=p.token, allowed_hosts=p.allowed_hosts)
    _more_files()
    # limit_concurrency: past it uvicorn answers 503 at once, so a LAN neighbour holding
    # connections open cannot starve the table's screens of file descriptors
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            ws="none", http="h11", loop="asyncio",
                            timeout_graceful_shutdown=2, server_header=False,
                            limit_concurrency=MAX_CONNECTIONS, timeout_keep_alive=5)
    return Server(config)


MAX_CONNECTIONS = 128  # at once, streams included (site.py bounds the streams at 64)


def _more_files() -> None:
    """Raise this process's soft limit of open files to its hard limit (up to 4,096):
    some systems start at 256, fewer than the connections the server allows."""
    try:
        import resource
    except ImportError:  # not on Windows
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (OSError, ValueError):
        pass


def feed_for(target: Path, *, say: Callable[[str], None] | None = None) -> Feed:
    """The feed of a FIGHT_OR_ENCOUNTER argument (an encounter's fight may not have
    started yet: the page waits for it)."""
    fight, waiting = fight_target(Path(target))
    return Feed(fight, waiting=waiting, say=say)


def serve(target: Path | Feed, *, port: int = DEFAULT_PORT, lan: bool = False,
          echo: Callable[[str], None] = print) -> int:
    """Serve the players' screen of ``target`` (a fight file, an encounter, or a feed)
    until Ctrl-C; the exit code (0). ``ServeError`` when the port cannot be had."""
    feed = target if isinstance(target, Feed) else feed_for(target)
    p = plan(port, lan=lan)
    echo(p.banner())
    echo("Ctrl-C stops it.")
    server = _server(feed, p)
    seats = announce(feed, p)
    try:
        server.run(sockets=[p.sock])
    except KeyboardInterrupt:  # uvicorn passes Ctrl-C on once it has stopped cleanly
        pass
    finally:
        p.sock.close()
        if seats is not None:
            seats.withdraw()
    return 0


def announce(feed: Feed, p: ServePlan) -> Exchange | None:
    """Under ``--lan``, say beside the fight where the page is served, so that ``seat
    NAME`` at a prompt (this process's or another's) can print a seat's link; None
    otherwise (a page for this machine alone has no seats to hand out)."""
    if p.token is None:
        return None
    seats = Exchange(feed.path)
    try:
        seats.announce(p.base, p.token)
    except OSError as err:  # no seats then, the page is still served
        feed.say(f"seats cannot be handed out: {err}")
        return None
    return seats


class Serving:
    """The players' screen in a daemon thread of this process (``run --serve``): started
    by ``start`` (the socket is bound first, so a port in use is a ``ServeError`` before
    the prompt opens), stopped by ``stop`` (or leaving the ``with`` block)."""

    def __init__(self, fight: Path, *, port: int = DEFAULT_PORT, lan: bool = False,
                 say: Callable[[str], None] | None = None, hold_news: bool = False):
        self._news: deque[str] = deque()
        if hold_news:  # the prompt prints them between two lines (``take_news``)
            say = self._news.append
        self.feed = Feed(Path(fight), waiting=True, say=say)
        self.port, self.lan = port, lan
        self.plan: ServePlan | None = None
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._seats: Exchange | None = None

    @property
    def url(self) -> str:
        """The page's address (after ``start``)."""
        return self.plan.url if self.plan is not None else ""

    def bind(self) -> ServePlan:
        """Bind the socket now (``ServeError`` when the port cannot be had), to serve
        from it when ``start`` comes."""
        if self.plan is None:
            self.plan = plan(self.port, lan=self.lan)
        return self.plan

    def start(self) -> ServePlan:
        """Bind if not yet done, then serve in the background; the plan (its banner for
        the terminal)."""
        p = self.bind()
        self._server = _server(self.feed, p)
        self._seats = announce(self.feed, p)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [p.sock]},
                                        name="momenta-players-screen", daemon=True)
        self._thread.start()
        return p

    def take_news(self) -> list[str]:
        """The lines for the GM's terminal held since the last call (``hold_news``)."""
        out = []
        while self._news:
            out.append(self._news.popleft())
        return out

    @property
    def started(self) -> bool:
        """Whether the server is up and answering."""
        return bool(self._server is not None and self._server.started)

    def stop(self) -> None:
        """Stop serving (the streams end, the thread finishes); safe to call twice."""
        if self._server is not None:
            self._server.should_exit = True
            self.feed.stop_soon()
        if self._thread is not None:
            self._thread.join(STOP_WAIT)
            self._thread = None
        if self.plan is not None:
            self.plan.sock.close()
        if self._seats is not None:
            self._seats.withdraw()
            self._seats = None

    def __enter__(self) -> Serving:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
