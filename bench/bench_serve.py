"""The players' screen's figures (issue 24): how soon a command saved by ``momenta do``
reaches 8 browsers connected to ``momenta serve``, the server's CPU at idle, and the
start-up of ``momenta serve --help``.

The server runs as ``momenta serve FIGHT --port 0`` in a subprocess, on the yard's fight
(``encounters/yard-with-a-map.yaml`` and ``library/``, copied, after its script's first four
turns: a map, so every event carries its SVG). The browsers are 8 threads of this process,
each reading ``/events`` with ``http.client`` as a browser's ``EventSource`` does: lines,
``id:`` and ``data:`` fields, an event at each blank line, its data parsed as JSON.

Run: python bench/bench_serve.py [serve-latency serve-worst serve-idle serve-start] [--reps N]
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import bench_startup
from common import REPO, Bench, Figure, Workdir, main, robust

CLIENTS = 8
WAIT = 10.0  # seconds a browser may take to see a change before the bench gives up
IDLE_WINDOW = 10.0  # seconds of one idle CPU sample
SETTLE = 1.0  # seconds left after clients come or go, before an idle window starts
WHO = "Brannoc"  # whose Vitality the measured commands set
VALUES = (15, 16)  # set in turn, so every command changes the fight


# --- The fight and the server -----------------------------------------------------------


def yard_opening() -> list[str]:
    """The command lines of ``encounters/yard-with-a-map.script`` up to its fourth ``end``
    (Brannoc, Knife-1, Tamsin and the Ogre have moved and attacked on the map)."""
    out: list[str] = []
    ends = 0
    text = (REPO / "encounters" / "yard-with-a-map.script").read_text(encoding="utf-8")
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        out.append(line)
        if line == "end":
            ends += 1
            if ends == 4:
                break
    return out


_FOLDERS: weakref.WeakKeyDictionary[Workdir, Path] = weakref.WeakKeyDictionary()


def yard(work: Workdir) -> Path:
    """The yard encounter and its library in ``serve-yard/`` (its own folder: bench_startup's
    ``los`` and ``path`` copy the yard into ``yard/`` of the same run) with a fight saved
    after the opening; returns the fight file."""
    folder = _FOLDERS.get(work)
    if folder is None:
        folder = work.path / "serve-yard"
        folder.mkdir()
        src = REPO / "encounters"
        (folder / "yard.yaml").write_bytes((src / "yard-with-a-map.yaml").read_bytes())
        shutil.copytree(src / "library", folder / "library")
        work.run([*work.momenta, "do", "yard.yaml", "--seed", "1", *yard_opening()],
                 cwd=folder)
        _FOLDERS[work] = folder
    return folder / "yard.fight.jsonl"


class Server:
    """``momenta serve FIGHT --port 0`` in a subprocess: started by ``start`` (which waits
    until it answers), stopped by ``stop`` (SIGINT, then kill), also on error."""

    def __init__(self, work: Workdir, fight: Path):
        self.work, self.fight = work, fight
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.lines: list[str] = []
        self._log = fight.parent / "serve.log"

    def start(self) -> Server:
        env = dict(self.work.env, PYTHONUNBUFFERED="1")  # the banner through the pipe at once
        with open(self._log, "ab") as log:
            self.proc = subprocess.Popen([*self.work.momenta, "serve", str(self.fight),
                                          "--port", "0"], cwd=self.fight.parent, env=env,
                                         stdout=subprocess.PIPE, stderr=log)
        got = threading.Event()

        def read() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for raw in self.proc.stdout:  # drained to the end: the pipe never fills
                line = raw.decode(errors="replace").rstrip()
                self.lines.append(line)
                if "http://127.0.0.1:" in line and not self.port:
                    self.port = int(line.rsplit(":", 1)[1].strip("/"))
                    got.set()
            got.set()

        threading.Thread(target=read, daemon=True).start()
        if not got.wait(WAIT) or not self.port:
            self.stop()
            raise SystemExit(f"momenta serve did not start:\n{self._said()}")
        deadline = time.monotonic() + WAIT
        while True:  # the banner comes before the server listens: wait until it answers
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
                conn.request("GET", "/state.json")
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    return self
            except OSError:
                pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.stop()
                raise SystemExit(f"momenta serve does not answer:\n{self._said()}")
            time.sleep(0.05)

    def _said(self) -> str:
        err = self._log.read_text(errors="replace") if self._log.exists() else ""
        return ("\n".join(self.lines) + "\n" + err).strip()[-2000:]

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def stop(self) -> None:
        """Ctrl-C, as the GM stops it; kill if it has not ended within 5 s."""
        p = self.proc
        if p is None or p.poll() is not None:
            return
        p.send_signal(signal.SIGINT)
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Client:
    """A browser's event stream in a thread: every event's id and the moment it was parsed
    (``time.perf_counter``), and the last event's document."""

    def __init__(self, port: int, changed: threading.Condition):
        self.port = port
        self.changed = changed
        self.last_id = -1
        self.seen: dict[int, float] = {}  # id -> when its event was parsed (the first one)
        self.seen_wall: dict[int, float] = {}  # the same moment by the wall clock
        self.doc: dict | None = None
        self.error = ""
        self.closing = False
        self._conn = http.client.HTTPConnection("127.0.0.1", port, timeout=None)
        self._thread = threading.Thread(target=self._read, daemon=True)

    def start(self) -> Client:
        self._thread.start()
        return self

    def _read(self) -> None:
        try:
            self._conn.request("GET", "/events", headers={"Accept": "text/event-stream"})
            resp = self._conn.getresponse()
            if resp.status != 200:
                raise OSError(f"/events answered {resp.status}")
            event_id, data = None, []
            while True:
                raw = resp.readline()
                if not raw:
                    return  # the stream ended
                line = raw.decode("utf-8").rstrip("\r\n")
                if line:
                    if line.startswith(":"):
                        continue  # a comment (a keep-alive ping)
                    field, _, value = line.partition(":")
                    value = value.removeprefix(" ")
                    if field == "id":
                        event_id = int(value)
                    elif field == "data":
                        data.append(value)
                    continue
                if not data:
                    continue
                doc = json.loads("\n".join(data)).get("doc")  # what the page does first
                now, wall = time.perf_counter(), time.time()
                with self.changed:
                    if event_id is not None:
                        self.seen.setdefault(event_id, now)
                        self.seen_wall.setdefault(event_id, wall)
                        self.last_id = event_id
                    self.doc = doc
                    self.changed.notify_all()
                event_id, data = None, []
        except (OSError, ValueError, http.client.HTTPException) as err:
            if not self.closing:
                with self.changed:
                    self.error = f"{type(err).__name__}: {err}"
                    self.changed.notify_all()
        finally:
            self._conn.close()

    def close(self) -> None:
        """Hang up (the reading thread sees the stream end, and closes the connection)."""
        self.closing = True
        sock = self._conn.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._thread.join(WAIT)


def connect(port: int, n: int, changed: threading.Condition) -> list[Client]:
    """``n`` browsers connected, each having read the snapshot sent on connect."""
    clients = [Client(port, changed).start() for _ in range(n)]
    wait_all(clients, changed, lambda c: c.last_id >= 0, "the first snapshot")
    return clients


def wait_all(clients: list[Client], changed: threading.Condition,
             ready: Callable[[Client], bool], what: str) -> None:
    with changed:
        ok = changed.wait_for(lambda: all(ready(c) or c.error for c in clients), WAIT)
    errors = [c.error for c in clients if c.error]
    if errors or not ok:
        raise SystemExit(f"the browsers did not get {what} within {WAIT:g} s"
                         + (f": {errors[0]}" if errors else ""))


def vitality(doc: dict | None) -> int | None:
    for ally in (doc or {}).get("allies", []):
        if ally.get("name") == WHO:
            return ally["vitality"][0]
    return None


# --- Update latency --------------------------------------------------------------------


@dataclass
class Latency:
    subject: list[float]  # every browser's latency from the write, every command
    baseline: list[float]  # a fresh `status --json --players`, one per command
    from_exit: list[float]  # every browser's latency counted from `do` having exited
    write_to_exit: list[float]  # from the fight file's mtime to `do` having exited


_LATENCY: weakref.WeakKeyDictionary[Workdir, dict[int, Latency]] = (
    weakref.WeakKeyDictionary())


def latency(work: Workdir, reps: int) -> Latency:
    """``reps`` commands measured each way, in alternating pairs, after one of each
    untimed; made once per run for both figures that show it."""
    cache = _LATENCY.setdefault(work, {})
    if reps not in cache:
        cache[reps] = _measure_latency(work, reps)
    return cache[reps]


def _measure_latency(work: Workdir, reps: int) -> Latency:
    fight = yard(work)
    folder = fight.parent
    changed = threading.Condition()
    count = 0
    from_exit: list[float] = []
    write_to_exit: list[float] = []
    between: list[float] = []  # per command: the last browser's latency - the first's

    def do() -> int:
        """Save one command that changes the fight; the Vitality it sets."""
        nonlocal count
        value = VALUES[count % 2]
        count += 1
        work.run([*work.momenta, "do", fight.name, f"set {WHO.lower()} vitality {value}"],
                 cwd=folder)
        return value

    with Server(work, fight) as server:
        print(f"serve-latency: server pid {server.pid} on port {server.port}, "
              f"{CLIENTS} browsers", file=sys.stderr, flush=True)
        clients = connect(server.port, CLIENTS, changed)
        try:
            def caught_up() -> None:
                """Every browser has the fight as it is now, and the server is idle again."""
                ids = [c.last_id for c in clients]
                target = max(ids)
                wait_all(clients, changed, lambda c: c.last_id >= target, "the fight")
                time.sleep(0.1)

            def subject() -> list[float]:
                before = clients[0].last_id
                value = do()
                t0 = time.perf_counter()  # `do` has exited
                exited = time.time()
                # The command was saved before that: `do` appends its record (one write),
                # then prints and ends, which takes tens of ms, and the server may send the
                # change meanwhile. So the clock starts at the write: the file's mtime, set
                # by the kernel's coarse clock (at most a tick early: the figure errs long).
                written = fight.stat().st_mtime_ns / 1e9
                write_to_exit.append(exited - written)
                wait_all(clients, changed, lambda c: c.last_id > before, "the command")
                out = []
                for c in clients:
                    first = min(i for i in c.seen if i > before)
                    out.append(c.seen_wall[first] - written)
                    from_exit.append(c.seen[first] - t0)
                    if vitality(c.doc) != value:
                        raise SystemExit(f"a browser shows {WHO} at Vitality "
                                         f"{vitality(c.doc)}, not {value}")
                between.append(max(out) - min(out))
                caught_up()
                return out

            def baseline() -> float:
                value = do()
                t0 = time.perf_counter()
                p = work.run([*work.momenta, "status", fight.name, "--json", "--players"],
                             cwd=folder)
                elapsed = time.perf_counter() - t0
                if vitality(json.loads(p.stdout)) != value:
                    raise SystemExit(f"status --json --players does not show {WHO} at {value}")
                caught_up()  # the server sent it too: let the browsers have it first
                return elapsed

            baseline()
            subject()
            subj: list[float] = []
            base: list[float] = []
            del from_exit[:], write_to_exit[:], between[:]  # the warm-up's
            for i in range(reps):
                if i % 2 == 0:
                    base.append(baseline())
                    subj.extend(subject())
                else:
                    subj.extend(subject())
                    base.append(baseline())
                print(f"  command {i + 1}/{reps}", file=sys.stderr, flush=True)
        finally:
            for c in clients:
                c.close()
    for what, xs in (("from the write", subj), ("from `do` exiting", from_exit),
                     ("the write to `do` exiting", write_to_exit),
                     ("the first browser to the last, per command", between),
                     ("status --json --players", base)):
        print(f"serve-latency: {what}, {spread(xs)}", file=sys.stderr, flush=True)
    return Latency(subj, base, from_exit, write_to_exit)


def spread(samples: list[float]) -> str:
    """Min, quartiles and max of ``samples`` (seconds) in ms, for stderr."""
    xs = sorted(samples)
    n = len(xs)
    return (f"{n} samples (ms): min {xs[0] * 1e3:.1f}, q1 {xs[n // 4] * 1e3:.1f}, "
            f"median {robust(xs) * 1e3:.1f}, q3 {xs[3 * n // 4] * 1e3:.1f}, "
            f"max {xs[-1] * 1e3:.1f}")


def run_latency(work: Workdir, reps: int) -> Figure:
    lat = latency(work, reps)
    return Figure("serve-latency", TITLE_LATENCY, robust(lat.subject), robust(lat.baseline),
                  "status --json --players", "ms", 200, "subject")


def run_worst(work: Workdir, reps: int) -> Figure:
    lat = latency(work, reps)
    return Figure("serve-worst", TITLE_WORST, max(lat.subject), max(lat.baseline),
                  "status --json --players, worst", "ms", 500, "subject")


TITLE_LATENCY = f"a saved command to {CLIENTS} browsers, median / a fresh `status --json --players`"
TITLE_WORST = f"a saved command to {CLIENTS} browsers, worst / the worst fresh `status`"


# --- CPU at idle -----------------------------------------------------------------------


class Percent(Figure):
    """A figure in percent of one core."""

    def shown(self, value: float) -> str:
        return f"{value:.2f} %"


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` (all its threads), from /proc."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_idle(work: Workdir, reps: int) -> Figure:
    if not Path("/proc/self/stat").exists():
        raise SystemExit("serve-idle reads /proc/PID/stat: Linux only")
    fight = yard(work)
    changed = threading.Condition()

    with Server(work, fight) as server:
        print(f"serve-idle: server pid {server.pid}, windows of {IDLE_WINDOW:g} s",
              file=sys.stderr, flush=True)
        clients: list[Client] = []

        def window(n: int) -> float:
            """% of a core the server used over one window with ``n`` browsers."""
            nonlocal clients
            if len(clients) != n:
                for c in clients:
                    c.close()
                clients = connect(server.port, n, changed) if n else []
                time.sleep(SETTLE)
            c0, t0 = cpu_seconds(server.pid), time.perf_counter()
            time.sleep(IDLE_WINDOW)
            c1, t1 = cpu_seconds(server.pid), time.perf_counter()
            return 100 * (c1 - c0) / (t1 - t0)

        try:
            time.sleep(SETTLE)  # past the start-up's own work
            subj: list[float] = []
            base: list[float] = []
            for i in range(reps):  # no warm-up: an idle window has nothing to warm
                if i % 2 == 0:
                    base.append(window(0))
                    subj.append(window(CLIENTS))
                else:
                    subj.append(window(CLIENTS))
                    base.append(window(0))
                print(f"  window pair {i + 1}/{reps}: {CLIENTS} browsers {subj[-1]:.2f} %, "
                      f"none {base[-1]:.2f} %", file=sys.stderr, flush=True)
        finally:
            for c in clients:
                c.close()
    return Percent("serve-idle", TITLE_IDLE, robust(subj), robust(base), "0 browsers", "%",
                   5, "subject")


TITLE_IDLE = f"server CPU at idle, % of a core: {CLIENTS} browsers / none"


# --- Start-up of serve --help ----------------------------------------------------------

_SERVE_STACK = ("starlette", "uvicorn", "sse_starlette", "jinja2", "segno")


def _serve_help() -> Bench:
    inner = bench_startup._against_floor(
        "serve-start", "`momenta serve --help` / stack floor", 1.3,
        lambda w: [*w.momenta, "serve", "--help"], lambda w: w.path)

    def run(work: Workdir, reps: int) -> Figure:
        # Which modules `serve --help` imports (-X importtime through the environment):
        # the server's stack must not be among them.
        p = subprocess.run([*work.momenta, "serve", "--help"], cwd=work.path,
                           env=dict(work.env, PYTHONPROFILEIMPORTTIME="1"),
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"exit {p.returncode}: momenta serve --help\n{p.stderr[-2000:]}")
        names = {line.rsplit("|", 1)[1].strip() for line in p.stderr.splitlines()
                 if line.startswith("import time:") and line.count("|") == 2}
        heavy = sorted(n for n in names if n.split(".")[0] in _SERVE_STACK
                       or n.startswith("momenta_cli.web"))
        print(f"serve-start: `momenta serve --help` imports {len(names)} modules; of the "
              f"server's stack: {', '.join(heavy) or 'none'}", file=sys.stderr, flush=True)
        return inner.run(work, reps)

    return Bench(inner.name, inner.title, run, inner.reps)


BENCHES = [
    Bench("serve-latency", TITLE_LATENCY, run_latency, reps=20),
    Bench("serve-worst", TITLE_WORST, run_worst, reps=20),
    Bench("serve-idle", TITLE_IDLE, run_idle, reps=3),
    _serve_help(),
]

if __name__ == "__main__":
    main(BENCHES)
