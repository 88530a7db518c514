"""The seats and the open question, kept in files beside the fight (``Exchange``).

The directory ``FIGHT.seats/`` (mode 0700) holds:

    seats.json      {"seats": {"Ilvane": TOKEN, ...}}: one random token per seated PC
    server.json     where the players' screen is served (its address and --lan token)
    question.json   the open question: written by the prompt, read by the server
    claims/ID       the answer to question ID: created exclusively, so the first answer,
                    a phone's or the GM's, is the only one taken
    claims/ID.said  what the prompt made of it: taken, or refused with the reason

Every file is replaced whole (a temp file renamed over it), so a reader never sees half
of one. Nothing here knows the rules: the prompt reads an answer exactly as a typed one,
and the server only checks that it comes from the right seat, for the question open
now, once.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_ANSWER = 200  # characters of an answer from a phone (a typed line may be longer)
MAX_FILE = 1_000_000  # bytes read of any file here: a question is a few kilobytes
TOKEN_BYTES = 16  # 128 bits, as the --lan token
KEEP_CLAIMS = 600  # seconds a settled claim is kept (a slow phone still hears why)
QUESTION_ID = re.compile(r"[0-9a-f]{16}")

NO_SEAT = "this seat is closed (revoked, or never given): ask the GM for a new link"
STALE = "this question is no longer open (answered, cancelled, or asked again)"
ANSWERED = "this question was answered already"


def phones_dir(fight: Path) -> Path:
    """Where the seats of the fight file ``fight`` are kept: ``demo.fight.jsonl.seats``."""
    fight = Path(fight)
    return fight.with_name(fight.name + ".seats")


@dataclass(frozen=True)
class Claim:
    """The answer that stands for one question: what was said, and the seat it came
    from ("" for the GM at the prompt)."""

    question: str
    answer: str
    seat: str = ""


@dataclass(frozen=True)
class Reply:
    """What the server tells a phone about its answer: taken (``ok``), or refused with
    ``why`` (``status``: the HTTP status it is sent with)."""

    ok: bool
    why: str = ""
    status: int = 200


def malformed(answer: Any) -> str | None:
    """Why ``answer`` cannot be an answer at all (not text, too long, a control
    character), or None; what it means is for the prompt to judge."""
    if not isinstance(answer, str):
        return "an answer is text"
    if len(answer) > MAX_ANSWER:
        return f"an answer is at most {MAX_ANSWER} characters"
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in answer):
        return "an answer is one line of plain characters"
    return None


class Exchange:
    """The seats and questions of one fight file (see the module's docstring)."""

    def __init__(self, fight: Path):
        self.fight = Path(fight)
        self.dir = phones_dir(self.fight)

    # --- files ---------------------------------------------------------------------------

    def _ensure(self) -> None:
        for d in (self.dir, self.dir / "claims"):
            d.mkdir(mode=0o700, exist_ok=True)

    def _read(self, name: str) -> Any:
        try:
            with open(self.dir / name, "rb") as f:
                return json.loads(f.read(MAX_FILE))
        except (OSError, ValueError):
            return None

    def _write(self, name: str, obj: Any) -> None:
        """Replace ``name`` whole with ``obj`` as JSON (mode 0600: mkstemp's)."""
        self._ensure()
        target = self.dir / name
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                   suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(json.dumps(obj, ensure_ascii=False).encode())
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def _remove(self, name: str) -> None:
        with contextlib.suppress(OSError):
            os.unlink(self.dir / name)

    # --- seats ---------------------------------------------------------------------------

    def seats(self) -> dict[str, str]:
        """Each seated PC's name and its token."""
        got = self._read("seats.json")
        seats = got.get("seats") if isinstance(got, dict) else None
        if not isinstance(seats, dict):
            return {}
        return {k: v for k, v in seats.items() if isinstance(k, str) and isinstance(v, str)}

    def seat(self, name: str) -> str:
        """The token of ``name``'s seat, made now if it has none."""
        seats = self.seats()
        if name not in seats:
            seats[name] = secrets.token_urlsafe(TOKEN_BYTES)
            self._write("seats.json", {"seats": seats})
        return seats[name]

    def unseat(self, name: str) -> bool:
        """Close ``name``'s seat (its link answers nothing more); False when it had none."""
        seats = self.seats()
        if name not in seats:
            return False
        del seats[name]
        self._write("seats.json", {"seats": seats})
        return True

    def seat_of(self, token: Any) -> str | None:
        """The PC whose seat ``token`` opens, or None. Every seat's token is compared,
        each in constant time, so the time taken says nothing about any of them."""
        if not isinstance(token, str) or not token:
            return None
        given = token.encode("utf-8", "replace")
        found = None
        for name, mine in self.seats().items():
            if secrets.compare_digest(given, mine.encode()):
                found = name
        return found

    # --- where the page is served --------------------------------------------------------

    def announce(self, base: str, token: str | None) -> None:
        """Say where the players' screen is served (``base``: ``http://HOST:PORT/``;
        ``token``: its --lan token), so a prompt in another process can print links."""
        self._write("server.json", {"base": base, "token": token, "pid": os.getpid()})

    def withdraw(self) -> None:
        """The server stops: no more links from this address."""
        got = self._read("server.json")
        if isinstance(got, dict) and got.get("pid") == os.getpid():
            self._remove("server.json")

    def serving(self) -> bool:
        """Whether a players' screen has said where it is served and is still running
        (its process alive): without one, no phone can answer, and none is waited for."""
        got = self._read("server.json")
        pid = got.get("pid") if isinstance(got, dict) else None
        if not isinstance(pid, int) or pid <= 0:
            return False
        try:
            os.kill(pid, 0)  # signal 0: only whether the process is there
        except PermissionError:
            return True  # there, someone else's
        except (OSError, OverflowError):
            return False
        return True

    def link(self, name: str) -> str | None:
        """The address of ``name``'s seat (a seat made if it has none), or None when no
        server has said where it is."""
        got = self._read("server.json")
        if not isinstance(got, dict) or not isinstance(got.get("base"), str):
            return None
        seat = self.seat(name)
        token = got.get("token")
        lan = f"token={token}&" if isinstance(token, str) and token else ""
        return f"{got['base']}seat?{lan}seat={seat}"

    # --- the open question ---------------------------------------------------------------

    def open(self, question: dict[str, Any]) -> str:
        """Open ``question`` for the phones (``who``: whose it is; ``seats``: who may
        answer it); its new id. The question open before is closed by it."""
        qid = secrets.token_hex(8)
        self._prune()
        self._write("question.json", {**question, "id": qid, "opened": time.time()})
        return qid

    def question(self) -> dict[str, Any] | None:
        """The open question, or None."""
        got = self._read("question.json")
        return got if isinstance(got, dict) and isinstance(got.get("id"), str) else None

    def forget_question(self) -> None:
        """Close whatever question is open (one left by a prompt that ended without
        closing it: a prompt starting on the fight is the only one asking)."""
        self._remove("question.json")

    def close(self, qid: str) -> None:
        """Close question ``qid`` (answered, cancelled, or past its time) if it is open."""
        q = self.question()
        if q is not None and q.get("id") == qid:
            self._remove("question.json")

    def claim(self, qid: str, answer: str, seat: str = "") -> tuple[bool, Claim | None]:
        """Claim question ``qid`` with ``answer`` (``seat``: "" for the GM): ``(True,
        the claim)`` when it is the first, else ``(False, the claim that stands)``."""
        if not QUESTION_ID.fullmatch(qid or ""):
            return False, None
        from momenta_cli.storage import create_exclusive

        self._ensure()
        data = json.dumps({"answer": answer, "seat": seat}, ensure_ascii=False).encode()
        try:
            create_exclusive(self.dir / "claims" / qid, data)
        except FileExistsError:
            return False, self.claimed(qid)
        return True, Claim(qid, answer, seat)

    def claimed(self, qid: str) -> Claim | None:
        """The answer that stands for ``qid``, or None."""
        if not QUESTION_ID.fullmatch(qid or ""):
            return None
        got = self._read(f"claims/{qid}")
        if not isinstance(got, dict) or not isinstance(got.get("answer"), str):
            return None
        return Claim(qid, got["answer"], str(got.get("seat") or ""))

    def settle(self, qid: str, taken: bool, why: str = "") -> None:
        """What the prompt made of a phone's answer to ``qid``: taken, or refused (the
        reason, for the phone)."""
        if QUESTION_ID.fullmatch(qid or ""):
            self._write(f"claims/{qid}.said", {"taken": taken, "why": why})

    def outcome(self, qid: str) -> Reply | None:
        """What the prompt made of the answer to ``qid``, or None (not yet)."""
        if not QUESTION_ID.fullmatch(qid or ""):
            return None
        got = self._read(f"claims/{qid}.said")
        if not isinstance(got, dict):
            return None
        taken = got.get("taken") is True
        return Reply(taken, "" if taken else str(got.get("why") or "refused"),
                     200 if taken else 422)

    def _prune(self) -> None:
        """Forget the claims settled long ago."""
        cut = time.time() - KEEP_CLAIMS
        with contextlib.suppress(OSError), os.scandir(self.dir / "claims") as it:
            for e in it:
                with contextlib.suppress(OSError):
                    if e.stat().st_mtime < cut:
                        os.unlink(e.path)

    # --- a phone's answer (the server's side) --------------------------------------------

    def offer(self, token: Any, qid: Any, answer: Any) -> Reply:
        """A phone holding the seat ``token`` answers question ``qid`` with ``answer``:
        claimed when the seat is open, the question is open and is its PC's (or its
        side's, for the pick of who acts), the answer is one line, and no answer came
        first; else refused with the reason. What the answer means is the prompt's to
        judge (``outcome``)."""
        seat = self.seat_of(token)
        if seat is None:
            return Reply(False, NO_SEAT, 403)
        q = self.question()
        if q is None or not isinstance(qid, str) or q.get("id") != qid:
            return Reply(False, STALE, 409)
        seats = q.get("seats")
        if not isinstance(seats, list) or seat not in seats:
            return Reply(False, f"this question is {q.get('who')}'s to answer, not "
                                f"{seat}'s", 403)
        why = malformed(answer)
        if why is not None:
            return Reply(False, why, 400)
        first, _ = self.claim(qid, answer, seat)
        if not first:
            return Reply(False, ANSWERED, 409)
        return Reply(True)
