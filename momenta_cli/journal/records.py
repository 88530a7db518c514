"""Fight-file records: how one line is encoded, sealed with its checksum, and read back.

Nothing here touches a file: ``encode``/``seal`` turn a record into the bytes of one line,
``read_record`` turns one line back into a record or says why it is damaged, and
``apply_record`` replays a record onto a session. The format itself is described in the
package docstring (momenta_cli/journal/__init__.py).
"""

from __future__ import annotations

import hashlib
import json
import types
import typing
from collections.abc import Callable
from dataclasses import fields
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from momenta_cli.engine.core import Entry, Session
from momenta_cli.errors import JournalError
from momenta_cli.text import LINE_MAX

if TYPE_CHECKING:  # the command language is not needed to read a fight
    from momenta_cli.engine.core import Event
    from momenta_cli.play import Outcome

FORMAT = "momenta-fight"
VERSION = 2  # 2: every record carries "seq" and "sum"; 1: plain records (still read)
SUM_CHARS = 16  # hex digits of SHA-256 kept in "sum": 64 bits, plenty against accidents
# No record momenta writes comes near this (a big area attack is a few kilobytes); a longer
# line is damage, and refusing it early keeps json.loads from chewing on megabytes.
RECORD_LIMIT = 1024 * 1024
# What is typed is held to text.LINE_MAX characters so that its record always fits: a
# character costs at most 12 bytes of JSON (one beyond the BMP written as two \uXXXX
# escapes, when a record must be written in ASCII) and a line's text is in its record at
# most twice (the command, and a note's or an ending's event), which leaves most of the
# record to the events. ``encode`` refuses to write anything longer all the same.
CHAR_BYTES_MOST = 12
assert 2 * LINE_MAX * CHAR_BYTES_MOST <= RECORD_LIMIT // 8, "LINE_MAX must fit a record"


class RecordTooLong(JournalError):
    """A record longer than the reader takes (``RECORD_LIMIT``): never written."""


def encode(obj: dict[str, Any]) -> bytes:
    """One JSON line, UTF-8, readable (non-ASCII kept) where it can be.

    A command line may hold a lone surrogate (an undecodable byte from the shell); UTF-8
    cannot encode it, so that record is written with ASCII escapes instead, which
    ``json.loads`` reads back to the very same string.

    A record the reader would refuse (over ``RECORD_LIMIT`` bytes) is never written:
    ``RecordTooLong``, and the command that made it is not done.
    """
    try:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
        blob = (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        blob = (json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n").encode()
    if len(blob) - 1 > RECORD_LIMIT:  # the reader would refuse it (``parse_json``)
        raise RecordTooLong(f"not saved: its record would be {len(blob) - 1:,} bytes, over "
                            f"the {RECORD_LIMIT:,} a fight file's record may hold; nothing "
                            "was done")
    return blob


def canonical(obj: Any) -> bytes:
    """The bytes a checksum is taken over: sorted keys, no spaces, ASCII escapes, so the
    sum does not depend on how a writer spaced or ordered the line."""
    return json.dumps(obj, ensure_ascii=True, separators=(",", ":"), sort_keys=True).encode()


def checksum(record: dict[str, Any]) -> str:
    """The ``sum`` of a record: the first 16 hex digits of the SHA-256 of its canonical
    form without ``sum``."""
    body = {k: v for k, v in record.items() if k != "sum"}
    return hashlib.sha256(canonical(body)).hexdigest()[:SUM_CHARS]


def seal(record: dict[str, Any], seq: int) -> dict[str, Any]:
    """``record`` as written in format 2: ``seq`` first, ``sum`` last."""
    body = {"seq": seq, **{k: v for k, v in record.items() if k not in ("seq", "sum")}}
    return {**body, "sum": checksum(body)}


def seal_header(header: dict[str, Any]) -> dict[str, Any]:
    """The header as written in format 2, with a ``sum`` over the rest of it."""
    body = {k: v for k, v in header.items() if k != "sum"}
    return {**body, "sum": checksum(body)}


def header_intact(header: dict[str, Any]) -> bool:
    """Whether a format-2 header's ``sum`` matches it (an edited encounter path or name
    is reported like any edited record)."""
    return header.get("sum") == checksum(header)


def clock() -> str:
    """Now, as a record's ``"at"`` says it: ISO 8601 in UTC, to the second (as the
    header's ``"created"``)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def entry_record(entry: Entry) -> dict[str, Any]:
    """The record of one accepted command (before sealing); ``"dice"`` only when it
    rolled something, so a record of a command without dice is as it always was (and an
    older momenta, which reads only "cmd" and "events", still reads every record);
    ``"at"`` only when the entry's time is known."""
    record: dict[str, Any] = {"cmd": entry.line, "events": [e.to_dict() for e in entry.events]}
    if entry.dice:
        record["dice"] = list(entry.dice)
    if entry.at:
        record["at"] = entry.at
    if entry.seated:  # answered from a phone (momenta_cli/seating/): the recap says so
        record["seated"] = [{"seat": seat, "kind": kind} for seat, kind in entry.seated]
    if entry.fired_by:  # a scheduled event the tracker fired: its trigger (additive key)
        record["fired_by"] = entry.fired_by
    return record


def outcome_records(out: Outcome) -> list[dict[str, Any]]:
    """Every record a line makes, in order: an undo for each automatic firing it took the
    place of (play/scheduled.py), its own record, then one for each scheduled event it
    set off (``Outcome.fired``)."""
    undo = [{"undo": True, "at": clock()} for _ in out.taken_back]
    own = outcome_record(out)
    fired = [r for f in out.fired if (r := outcome_record(f)) is not None]
    return [*undo, *([own] if own is not None else []), *fired]


def outcome_record(out: Outcome) -> dict[str, Any] | None:
    """The journal record for what a line did, or None when it changed nothing; it
    keeps the time it was accepted (``"at"``, ``clock``), which only the recap reads:
    nothing a replay, a script or a state shows depends on it."""
    if out.entry is not None:
        return {**entry_record(out.entry), "at": clock()}
    if out.matched is not None:
        return None  # stood for an automatic firing already recorded
    if out.undone is not None:
        return {"undo": True, "at": clock()}
    if out.redone is not None:
        return {"redo": True, "at": clock()}
    return None


def record_time(record: dict[str, Any]) -> str:
    """A record's ``"at"`` (empty when it has none: a record from before times were
    kept, or one whose ``"at"`` is not text)."""
    at = record.get("at", "")
    return at if isinstance(at, str) else ""


def parse_json(raw: bytes) -> Any:
    """``raw`` as JSON, or ``ValueError`` with a short reason for the GM.

    Absurd input must not escape as anything else: deep nesting (RecursionError), a
    number longer than Python converts (ValueError), bytes that are not UTF-8.
    """
    if len(raw) > RECORD_LIMIT:
        raise ValueError(f"{len(raw)} bytes long; no record is over {RECORD_LIMIT} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise ValueError("not valid JSON") from None
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except ValueError as err:
        if "digits" in str(err):
            raise ValueError("holds a number too long to read") from None
        raise ValueError("not valid JSON") from None


def read_record(raw: bytes, version: int, seq: int) -> dict[str, Any] | str:
    """The record on one complete line, or why the line is damaged.

    ``seq`` is the sequence number the record must carry (format 2); format 1 records
    have no checksum and are taken as they are.
    """
    try:
        record = parse_json(raw)
    except ValueError as err:
        return f"unreadable record ({err})"
    if not isinstance(record, dict):
        return "unreadable record (not a JSON object)"
    if version < 2:
        return _dice_damage(record) or record
    got = record.get("sum")
    if not isinstance(got, str) or not isinstance(record.get("seq"), int):
        return "damaged record (it has no checksum or sequence number)"
    try:
        want = checksum(record)
    except (ValueError, RecursionError):  # NaN/huge floats cannot, but be sure
        return "damaged record (cannot be checked)"
    if got != want:
        return ("damaged record (its checksum does not match: it was edited by hand, or "
                "the disk damaged it)")
    if record["seq"] > seq:
        missing = (f"record {seq} is" if record["seq"] == seq + 1
                   else f"records {seq} to {record['seq'] - 1} are")
        return f"{missing} missing before this line (a line was removed?)"
    if record["seq"] < seq:
        return f"record {record['seq']} again, out of order (expected record {seq})"
    return _dice_damage(record) or record


def _dice_damage(record: dict[str, Any]) -> str | None:
    """Why a command's ``"dice"`` is damaged, or None. Its events alone give the state,
    but a record whose faces are wrong is no record momenta wrote (edited and sealed
    again, or a bug): it is damage like any other, named with its command and key, so
    its command is run again without them (journal/salvage.py)."""
    if "cmd" not in record or "dice" not in record:
        return None
    try:
        record_dice(record)
    except ValueError:
        shown = json.dumps(record["dice"], ensure_ascii=False)
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        what = describe(record)
        what = what if len(what) <= 60 else what[:59] + "…"
        return (f"damaged record {what!r} (its \"dice\" should be a list of faces from 1 "
                f"to 6, not {shown})")
    return None


def apply_record(session: Session, record: dict[str, Any]) -> None:
    """Replay one record onto ``session``; anything wrong with it raises (the caller
    turns every exception into a message with the line number)."""
    if record.get("undo") is True:
        session.undo()
    elif record.get("redo") is True:
        session.redo()
    elif "cmd" in record:
        # the events come in with the first record read, not with this module: a look
        # from the fold cache with nothing new to read needs none (journal/snapshot.py)
        from momenta_cli.engine.core import event_from_dict

        events = record.get("events")
        if not isinstance(events, list):
            raise ValueError("'events' must be a list")
        fired_by = record.get("fired_by", "")
        entry = Entry(str(record["cmd"]), tuple(event_from_dict(e) for e in events),
                      record_dice(record), record_time(record), record_seated(record),
                      fired_by if isinstance(fired_by, str) else "")
        for event in entry.events:
            check_fields(event)
        session.push(entry)
    else:
        raise ValueError(f"unknown record {sorted(record)}")


def record_seated(record: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """A record's ``"seated"``: which answers came from a player's phone (none in most
    records; anything unreadable in it is left out: it is only a note)."""
    got = record.get("seated", [])
    if not isinstance(got, list):
        return ()
    return tuple((s["seat"], s["kind"]) for s in got if isinstance(s, dict)
                 and isinstance(s.get("seat"), str) and isinstance(s.get("kind"), str))


def record_dice(record: dict[str, Any]) -> tuple[int, ...]:
    """A record's ``"dice"``: faces 1 to 6 (none in a record from before they were kept);
    anything else is a record that does not replay (``ValueError``)."""
    dice = record.get("dice", [])
    if not isinstance(dice, list) or not all(
            type(f) is int and 1 <= f <= 6 for f in dice):
        raise ValueError("'dice' must be a list of faces from 1 to 6")
    return tuple(dice)


def check_fields(event: Event) -> None:
    """Raise ``ValueError`` if a field of ``event`` does not hold its annotated type.

    ``event_from_dict`` takes the values as they come: a record edited into
    ``"after": null`` would replay, then break whatever reads that state later (a
    traceback in the status table). Checked here, it is a record that does not replay.
    """
    for name, fits, want in _checks(type(event)):
        value = getattr(event, name)
        if not fits(value):
            raise ValueError(f"event {event.kind!r}: {name!r} should be {_show(want)}, "
                             f"not {type(value).__name__}")


Check = Callable[[Any], bool]
_CHECKS: dict[type, list[tuple[str, Check, Any]]] = {}


def _checks(cls: type[Event]) -> list[tuple[str, Check, Any]]:
    """Each field of ``cls`` with a checker made once from its annotation: a fight of
    10,000 records checks some 20,000 events, so the annotations are read only once."""
    got = _CHECKS.get(cls)
    if got is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # an annotation that does not resolve: that kind goes unchecked
            hints = {}
        got = [(f.name, _checker(hints[f.name]), hints[f.name])
               for f in fields(cls) if f.name in hints]
        _CHECKS[cls] = got
    return got


def _always(value: Any) -> bool:
    return True


def _checker(hint: Any) -> Check:
    """A function telling whether a value (as ``event_from_dict`` made it: lists become
    tuples) has the type ``hint``; kinds of hint not listed here are not checked."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or origin is ClassVar:
        return _always
    if origin in (typing.Union, types.UnionType):
        alts = [_checker(a) for a in args]
        return lambda v: any(c(v) for c in alts)
    if hint is type(None):
        return lambda v: v is None
    if hint is bool:
        return lambda v: isinstance(v, bool)
    if hint in (int, float, str):
        # JSON true/false are bools, which Python also counts as ints: not here.
        return lambda v: isinstance(v, hint) and not isinstance(v, bool)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _checker(args[0])
            return lambda v: isinstance(v, tuple) and all(each(x) for x in v)
        parts = [_checker(a) for a in args]
        return lambda v: isinstance(v, tuple) and len(v) == len(parts) and all(
            c(x) for c, x in zip(parts, v, strict=True))
    if origin in (list, set, frozenset):
        if not args:
            return _always
        item = _checker(args[0])
        return lambda v: isinstance(v, (tuple, list, set, frozenset)) and all(
            item(x) for x in v)
    if origin is dict:
        if not args:
            return lambda v: isinstance(v, dict)
        key, val = _checker(args[0]), _checker(args[1])
        return lambda v: isinstance(v, dict) and all(
            key(k) and val(x) for k, x in v.items())
    return _always


def _show(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def describe(record: Any) -> str:
    """What a record did, for messages: its command, or undo/redo."""
    if not isinstance(record, dict):
        return "?"
    if "cmd" in record:
        return str(record["cmd"])
    return "undo" if record.get("undo") else "redo" if record.get("redo") else "?"
