"""The players' screen in a real browser: Playwright for Python driving Debian's
``chromium``, found by its path (Playwright's own browser download is not reachable from
our machines), and ``momenta serve`` started as the GM would start it.

``chromium_path()`` is the browser or None; the ``browser`` fixture skips, with the
reason, when there is none (the README's quick-start lane on a machine without it;
``.ci/run`` installs it before the full lane). Nothing here sleeps for a fixed time:
each wait polls for what it waits for, with a deadline.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

# Where Debian (and Ubuntu's deb, and a hand-made symlink) put the browser; MOMENTA_CHROMIUM
# names another.
CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium",
              "/snap/bin/chromium")
# A closed network: no background connections, no first-run, no sandbox (CI runs as root)
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
NO_BROWSER = ("no Chromium found (looked for MOMENTA_CHROMIUM, " + ", ".join(CANDIDATES)
              + " and chromium on PATH): the browser tests need Debian's chromium "
              "(apt-get install chromium; .ci/run installs it)")


def chromium_path() -> str | None:
    """The Chromium executable to drive, or None when this machine has none."""
    named = os.environ.get("MOMENTA_CHROMIUM")
    if named:
        return named if os.access(named, os.X_OK) else None
    for path in CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now (the server binds it next)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check, what: str, timeout: float = 15.0, every: float = 0.05):
    """Poll ``check()`` until it returns something truthy; fail naming ``what`` when the
    deadline passes first."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(every)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as r:
            return r.status == 200
    except (urllib.error.URLError, OSError):
        return False


@contextmanager
def serving(target: Path, *args: str, cwd: Path, env: dict | None = None,
            port: int | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """``momenta serve TARGET --port N`` in a process of its own; yields its base URL
    once the page answers, and stops it (Ctrl-C, as the GM would) afterwards."""
    port = port or free_port()
    proc = subprocess.Popen([sys.executable, "-m", "momenta_cli", "serve", str(target),
                             "--port", str(port), *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: _answers(base + "/state.json") or proc.poll() is not None,
                   f"momenta serve on port {port}")
        if proc.poll() is not None:
            out, err = proc.communicate()
            raise AssertionError(f"momenta serve exited {proc.returncode}: {out}{err}")
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(2)  # SIGINT: Ctrl-C
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium driven by Playwright, shared by a module's browser tests;
    skipped, with the reason, when the machine has no Chromium. Module-scoped: while
    Playwright's sync API runs, its event loop is the thread's running loop, so the
    asyncio tests of the modules after it could not start theirs."""
    path = chromium_path()
    if path is None:
        pytest.skip(NO_BROWSER)
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="Playwright for Python is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=FLAGS)
        try:
            yield b
        finally:
            b.close()
