"""Watching the fight file and making each snapshot the browsers are sent (``Feed``).

The journal on disk is the source of truth: the prompt, ``do``, ``undo`` and a resume all
just write it, so the feed needs no word from them. One task per server (not one per
browser) looks at the file's stat every ``interval`` seconds; when it changed, the fight
is read again read-only (``FightFile.open(..., repair=False)``: nothing is ever written),
projected for the players and drawn, and every waiting browser is woken with the new
snapshot. A fight file that is missing, unreadable or damaged makes a notice, never a
traceback: the page shows one line in the players' words, the GM's terminal one line
with the details (once per change), and the feed picks the fight up again when the file
is back.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from momenta_cli.errors import MomentaError
from momenta_cli.text import one_line

INTERVAL = 0.05  # seconds between two looks at the fight file's stat

# What the page says when there is no fight to show, or only part of one. Fixed words:
# an error's own text is the GM's (a path, a record) and goes only to the terminal.
WAITING = "Waiting for the fight to start"
GONE = "The fight file is gone: waiting for it to come back"
UNREADABLE = "The fight cannot be read just now: the GM's terminal says why"
DAMAGED = "The fight's journal is damaged: this is the fight as the tracker recovered it"
BROKEN = "The page cannot be drawn just now: the GM's terminal says why"


@dataclass(frozen=True)
class Snapshot:
    """What every browser is sent: the players' document (None when there is no fight
    to show), its map as SVG ("" without a map), and a notice for the page ("" when all
    is well). ``id`` is the journal's record count; ``serial`` counts the snapshots this
    feed made (a notice changes it without a new record)."""

    id: int
    doc: dict[str, Any] | None
    svg: str = ""
    notice: str = ""
    serial: int = 0
    text: str = field(default="", compare=False)  # the event's JSON, made once for all

    def payload(self) -> dict[str, Any]:
        """The event's content: ``{"doc": ..., "svg": ..., "notice": ...}``."""
        return {"doc": self.doc, "svg": self.svg, "notice": self.notice or None}


def fight_target(path: Path) -> tuple[Path, bool]:
    """The fight file to watch for a FIGHT_OR_ENCOUNTER argument, and whether it was an
    encounter: the fight ``run`` and ``do`` keep beside an encounter
    (``demo.yaml`` -> ``demo.fight.jsonl``), or the fight file itself."""
    from momenta_cli.journal import default_fight_path, looks_like_fight

    path = Path(path)
    if looks_like_fight(path):
        return path, False
    return default_fight_path(path), True


class Feed:
    """The latest snapshot of a fight file, kept fresh by one polling task.

    ``say`` receives the lines for the GM's terminal (a notice's details, once per
    change). ``waiting`` says the file is the fight of an encounter that may not have
    started yet (the page then waits for it rather than reporting it gone)."""

    def __init__(self, fight_path: Path, *, waiting: bool = False,
                 interval: float = INTERVAL, say: Callable[[str], None] | None = None):
        self.path = Path(fight_path)
        self.waiting = waiting
        self.interval = interval
        self.say = say or _say
        self.streams = 0  # event streams open now (site.py bounds them)
        self.closed = False
        self._serial = 0
        self._key: tuple[int, ...] | None = None
        self._said = ""
        self._last_id = 0
        self._current: Snapshot | None = None
        self._changed: asyncio.Condition | None = None
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- reading the file (synchronous: run in a worker thread by the task) -------------

    def stat_key(self) -> tuple[int, ...] | None:
        """What tells one state of the file from another (None: no file)."""
        try:
            st = os.stat(self.path)
        except (OSError, ValueError):
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino, st.st_dev)

    def build(self) -> Snapshot:
        """A snapshot of the fight as the file holds it now (read-only, never raises)."""
        try:
            return self._build()
        except Exception as err:  # a bug must not stop the page: one line, then on
            return self._notice(BROKEN, f"internal error: {type(err).__name__}: {err}")

    def _build(self) -> Snapshot:
        from momenta_cli.journal import FightFile
        from momenta_cli.projection import status_document

        if not self.path.exists():
            if self.waiting:
                return self._notice(WAITING, f"waiting for {self.path} (the fight starts "
                                    "with its first command)")
            return self._notice(GONE, f"{self.path}: the fight file is gone")
        try:
            ff = FightFile.open(self.path, repair=False)
        except MomentaError as err:
            return self._notice(UNREADABLE, str(err))
        # a last record being written is no news: the next look sees it whole
        said = [w for w in ff.warnings if "incomplete (being saved" not in w]
        notice = DAMAGED if ff.damage is not None else ""  # held: the salvaged fight
        detail = said[0] if said else ""
        session = ff.session
        doc = status_document(session.state, session.entries, players=True,
                              records=ff.records, initial=session.initial)
        svg = draw_map(doc)
        self._tell(detail)
        self._last_id = ff.records
        return self._snapshot(ff.records, doc, svg, notice)

    def _notice(self, notice: str, detail: str) -> Snapshot:
        self._tell(detail)
        return self._snapshot(self._last_id, None, "", notice)

    def _tell(self, detail: str) -> None:
        """The GM's terminal hears of each new notice once, and of the fight's return."""
        if detail != self._said:
            if detail:
                self.say(one_line(f"players' screen: {detail.removeprefix('warning: ')}"))
            elif self._said:
                self.say(one_line(f"players' screen: showing {self.path}"))
            self._said = detail

    def _snapshot(self, records: int, doc: dict[str, Any] | None, svg: str,
                  notice: str) -> Snapshot:
        snap = Snapshot(records, doc, svg, notice)
        text = json.dumps(snap.payload(), separators=(",", ":"), ensure_ascii=False)
        return Snapshot(records, doc, svg, notice, text=text)

    # --- the polling task ----------------------------------------------------------------

    @property
    def current(self) -> Snapshot:
        """The latest snapshot (read at once if the task has not started)."""
        if self._current is None:
            self._current = self._number(self.build())
        return self._current

    def _number(self, snap: Snapshot) -> Snapshot:
        self._serial += 1
        return Snapshot(snap.id, snap.doc, snap.svg, snap.notice, self._serial, snap.text)

    async def start(self) -> None:
        """Read the fight once, then watch it in one background task."""
        self._loop = asyncio.get_running_loop()
        self._changed = asyncio.Condition()
        self.closed = False
        await self.refresh()
        self._task = asyncio.create_task(self._watch())

    async def refresh(self) -> bool:
        """Read the file again if its stat changed; whether a new snapshot was made."""
        key = self.stat_key()
        if key == self._key and self._current is not None:
            return False
        snap = await asyncio.to_thread(self.build)
        if self.stat_key() != key:
            # Written while it was read: what was read may hold half of a command that
            # saved several records at once (``add`` then ``cond ... hidden``), which the
            # players must never see. Look again at the next tick.
            return False
        self._key = key
        if self._current is not None and _seen_alike(snap, self._current):
            # Nothing the players can see changed (the same fight rewritten, or a
            # command about a Hidden one only): nothing is sent, so that a new id alone
            # does not tell them that something happened out of their sight.
            return False
        self._current = self._number(snap)
        if self._changed is not None:
            async with self._changed:
                self._changed.notify_all()
        return True

    async def _watch(self) -> None:
        while not self.closed:
            await self.refresh()
            await asyncio.sleep(self.interval)

    async def next(self, after: int) -> Snapshot | None:
        """The first snapshot with a serial above ``after``, waiting for it; None once the
        feed closes (the server is stopping)."""
        if self._changed is None:
            raise RuntimeError("the feed is not started")
        async with self._changed:
            await self._changed.wait_for(lambda: self.closed or self.current.serial > after)
        return None if self.closed else self.current

    async def stop(self) -> None:
        """End the watching task and let every waiting stream finish."""
        self.closed = True
        if self._changed is not None:
            async with self._changed:
                self._changed.notify_all()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    def stop_soon(self) -> None:
        """``stop`` from another thread (the prompt's, when ``run --serve`` ends)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                asyncio.run_coroutine_threadsafe(self.stop(), loop)
            except RuntimeError:
                pass  # the loop has already stopped


def _seen_alike(a: Snapshot, b: Snapshot) -> bool:
    """Whether two snapshots show the players the same (their ids aside)."""
    def bare(doc: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if doc is None else {k: v for k, v in doc.items() if k != "id"}

    return (bare(a.doc), a.svg, a.notice) == (bare(b.doc), b.svg, b.notice)


def draw_map(doc: dict[str, Any]) -> str:
    """The map of the players' document as SVG; "" without a map (or without the code
    that draws it)."""
    shown = doc.get("map")
    if not shown:
        return ""
    try:
        from momenta_cli.web.map_svg import map_svg
    except ImportError:
        return ""
    return map_svg(shown, title=str(doc.get("title") or ""))


def _say(line: str) -> None:
    import sys

    print(line, file=sys.stderr, flush=True)
