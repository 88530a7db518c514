"""The fight as one JSON-friendly document (docs/json.md). Keys are stable: add,
never rename."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from momenta_cli.engine.core import Entry, Event, Fight, Fighter, Session
from momenta_cli.engine.geometry import square_name
from momenta_cli.engine.turns import (
    PHASE_NAMES,
    combat_may_end,
    current_phase,
    may_act,
    side_due,
    suggestion,
)
from momenta_cli.render.log_harm import Ledger
from momenta_cli.render.log_lines import event_lines
from momenta_cli.text import json_safe

FORMAT_VERSION = 1


def fighter_doc(f: Fighter) -> dict[str, Any]:
    return {
        "name": f.name,
        "side": f.side,
        "vitality": f.vitality,
        "max_vitality": f.spec.max_vitality,
        "guard": f.guard,
        "max_guard": f.spec.max_guard,
        "vigor": f.vigor,
        "max_vigor": f.spec.max_vigor,
        "strain": f.strain,
        "max_strain": f.spec.max_strain,
        "resolve": f.resolve,
        "consumables": f.consumables,
        "conditions": {k: c.stacks for k, c in f.conditions.items()},
        "condition_sources": {k: c.source for k, c in f.conditions.items()},
        "wounds": list(f.wounds),
        "wound_slots": f.spec.wound_slots,
        "burdens": list(f.burdens),
        "burden_slots": f.spec.burden_slots,
        "turns_per_round": f.spec.turns,
        "turns_taken": f.turns_taken,
        "turns_left": f.turns_left,
        "defeated": f.defeated,
        "lost": f.lost,
        "removed": f.removed,
        "threat": f.spec.threat,
        "size": f.spec.size,
        "terrain": f.terrain or None,
        "surged": f.surged,
        "grabbing": list(f.grabbing),
        # On a map, the top-left square of its footprint (R31), like "C5"; null without.
        "position": square_name(f.position) if f.position is not None else None,
    }


def entry_doc(index: int, entry: Entry, ledger: Ledger | None = None) -> dict[str, Any]:
    """One log entry; ``ledger``: the fighters before it (render/log_harm.py), moved on
    past it."""
    doc: dict[str, Any] = {
        "n": index,
        "command": entry.line,
        "text": event_lines(entry.events, ledger),
        "events": [e.to_dict() for e in entry.events],
        "dice": list(entry.dice),  # every face its rolls took, in order
        "script_line": entry.script_line,  # the command with its dice: replays it exactly
    }
    # Additive keys, present only when they say something, so that the document of a
    # fight without scheduled events or phones is as it always was (byte for byte).
    fired_by = entry.fired_by  # a scheduled event the tracker fired: its trigger in words
    if not fired_by and entry.events and entry.events[0].kind == "event_fired":
        fired_by = _standing_for(entry.events[0])
    if fired_by:
        doc["fired_by"] = fired_by
    if entry.seated:  # answers from the players' phones (momenta_cli/seating/)
        doc["seated"] = [{"seat": seat, "kind": kind} for seat, kind in entry.seated]
    if ledger is not None:
        ledger.advance(entry.events)
    return doc


def _standing_for(mark: Event) -> str:
    """The trigger's words of an ``event NAME`` line that stands for the tracker's firing
    though its entry is not marked so: a replayed script's line in the place of the
    firing (play/scheduled.py), or a journal's line run again. Its ``EventFired`` keeps
    the words the log shows, "fired by hand" for one the GM fired at will (none)."""
    from momenta_cli.play import BY_HAND  # only for a fight with events

    when = getattr(mark, "when", "")
    return "" if when == BY_HAND else when


def opening_ledger(session: Session) -> Ledger:
    """The ledger at the start of ``session``'s journal (its log rendered from the top)."""
    return Ledger.of(session.state, opening=session.initial)


def state_doc(fight: Fight) -> dict[str, Any]:
    phase = current_phase(fight)
    sugg = suggestion(fight)
    return {
        "round": fight.round,
        "phase": PHASE_NAMES.get(phase, None) if phase else None,
        "side_due": side_due(fight),
        "active": fight.active,
        "active_turn": fight.active_turn or None,
        "may_act": [f.name for f in may_act(fight)],
        "suggestion": sugg.name if sugg else None,
        "combat_over": fight.over,
        "combat_may_end": combat_may_end(fight),
        "combatants": [fighter_doc(f) for f in fight.fighters.values()],
    }


def session_doc(session: Session) -> dict[str, Any]:
    doc = {"format": FORMAT_VERSION, "encounter": session.encounter.name}
    doc.update(state_doc(session.state))
    ledger = opening_ledger(session)
    doc["log"] = [entry_doc(i + 1, e, ledger) for i, e in enumerate(session.entries)]
    return doc


def dumps(doc: dict[str, Any]) -> str:
    """The document as indented JSON text ending in a newline. Letters stay as written
    (``Jörg``); control, bidi and zero-width characters inside strings are ``\\u``
    escapes, so the JSON is safe to print and decodes to the same values."""
    return json_safe(json.dumps(doc, indent=2, ensure_ascii=False)) + "\n"


def chunks(session: Session) -> Iterator[str]:
    """The same document as ``dumps(session_doc(session))``, laid out one log entry per
    line and produced piece by piece: each piece goes through json's C encoder (the
    indented form uses the pure-Python one), and a long fight is never held in memory
    twice over, as a document and as its text."""
    head = json.dumps({"format": FORMAT_VERSION, "encounter": session.encounter.name,
                       **state_doc(session.state)}, ensure_ascii=False)
    yield _safe(head[:-1]) + ', "log": ['
    ledger = opening_ledger(session)
    encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps's own, made once
    batch: list[str] = []
    for i, entry in enumerate(session.entries):
        batch.append(encode(entry_doc(i + 1, entry, ledger)))
        if len(batch) == _BATCH:
            yield ("\n" if i < _BATCH else ",\n") + _safe(",\n".join(batch))
            batch.clear()
    if batch:
        yield ("\n" if len(session.entries) <= _BATCH else ",\n") + _safe(",\n".join(batch))
    yield "\n]}\n"


_BATCH = 256  # log entries a piece: one escape pass and one write for many entries


def _safe(text: str) -> str:
    """``json_safe(text)`` for JSON text from ``json.dumps``: such text holds no raw
    control character, so plain ASCII without DEL has nothing to escape (checked in C,
    not by the regular expression)."""
    if text.isascii() and "\x7f" not in text:
        return text
    return json_safe(text)


def write_state_json(session: Session, out: IO[str]) -> None:
    """Write the fight's JSON document to ``out``: indented for a person at a terminal,
    streamed (``chunks``) for a program reading a pipe or a file."""
    if out.isatty():
        out.write(dumps(session_doc(session)))
        return
    for piece in chunks(session):
        out.write(piece)
