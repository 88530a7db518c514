"""What a recap keeps of a fight, round by round: who took turns, the log lines that
matter afterwards, and how long each round and turn took (the Markdown export,
render/log_export.py, lays them out).

A line is kept when its events hold one of:
- a Wound or a Burden, a fighter Defeated or Lost, revived, joining or leaving the fight;
- a condition gained (from none to some stacks);
- a GM note, a scheduled event of the encounter that fired (with its read-aloud text),
  or the end of the combat;
- a big hit: damage reaching Vitality of at least a third of the target's Max Vitality
  (``BIG_SHARE``), from an attack or otherwise.

What a command did goes under the round it did it in: the ``end`` of a round's last turn
tells its end-of-turn lines (a Defeat, a condition cleared) under that round, and only what
follows its "-- Round N --" line under the next. A round is listed once something happened
in it (a command typed, a turn begun, a line kept), so a fight saved just after a round's
last ``end`` has no empty round at its tail.

The answers players gave from their phones (a record's ``"seated"``, momenta_cli/
seating/) are counted by seat under the round the command was typed in.

Times come from the journal (each record's ``"at"``, ``Entry.at``): a round lasts from
the command that began it (the first command, for round 1) to the one that began the
next, or the last command so far; a turn from the command that began it to the one that
ended it. A time is unknown when either end's record has none (written before times
were kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from momenta_cli.engine.core import RoundStarted, Session, TurnStarted
from momenta_cli.render.log_harm import Ledger
from momenta_cli.render.log_lines import groups
from momenta_cli.render.state_json import opening_ledger

BIG_SHARE = 3  # a hit is big from 1/3 of the target's Max Vitality up

_ALWAYS = {"wound_taken", "fighter_down", "fighter_revived", "fighter_added",
           "fighter_removed", "note", "combat_ended", "event_fired"}


@dataclass
class Turn:
    name: str
    turn: int = 1  # its turn in the round (a boss takes several)
    seconds: float | None = None  # how long it took; None: not known
    going: bool = False  # not ended yet: ``seconds`` is so far


@dataclass
class Round:
    number: int
    first: str = ""  # the side that picked first, when the log says it
    turns: list[Turn] = field(default_factory=list)
    notable: list[str] = field(default_factory=list)
    entries: list[tuple[str, list[str]]] = field(default_factory=list)  # command, lines
    seconds: float | None = None  # how long it took; None: not known
    going: bool = False  # the round the fight stopped in, not over: ``seconds`` so far
    # something happened in it (a command typed in it, a turn, a line kept)
    happened: bool = False
    # the answers players gave from their phones (``Entry.seated``), by seat
    phones: dict[str, int] = field(default_factory=dict)

    def phones_said(self) -> str:
        """``Answered from phones: Wren 3, Tamsin 1.``, or "" when none was."""
        if not self.phones:
            return ""
        return "Answered from phones: " + ", ".join(
            f"{seat} {n}" for seat, n in self.phones.items()) + "."


def when(at: str) -> datetime | None:
    """An entry's time (``Entry.at``), or None when it has none or it does not read."""
    if not at:
        return None
    try:
        got = datetime.fromisoformat(at)
    except ValueError:
        return None
    return got if got.tzinfo is not None else None


def lasted(start: datetime | None, end: datetime | None) -> float | None:
    """Seconds from ``start`` to ``end``; None when either is unknown, or the clock went
    back between them (a corrected system clock: no honest answer)."""
    if start is None or end is None or end < start:
        return None
    return (end - start).total_seconds()


def span(seconds: float) -> str:
    """A duration as a GM reads it: ``40s``, ``4m 05s``, ``12m``, ``1h 05m``; the finer
    unit goes once it no longer matters."""
    whole = int(seconds + 0.5)  # half up: round() would take 20.5 minutes to 20
    if whole < 60:
        return f"{whole}s"
    if whole < 600:
        m, s = divmod(whole, 60)
        return f"{m}m {s:02d}s"
    minutes = int(seconds / 60 + 0.5)
    if minutes < 60:
        return f"{minutes}m"
    h, m = divmod(minutes, 60)
    return f"{h}h {m:02d}m"


def big(events: Sequence[Any], ledger: Ledger) -> bool:
    """Whether ``events`` hold a big hit (see the module's docstring)."""
    for e in events:
        hurt = 0
        if e.kind == "attack_damage" and not e.strain:
            hurt = e.amount
        elif e.kind == "resource_set" and e.resource == "vitality" and e.reason != "gm" \
                and not any(x.kind == "attack_damage" for x in events):
            # the damage dealt, not the change (a Wound refills Vitality, a Defeat stops
            # it at 0); journals from before events carried it: the change
            hurt = e.amount if getattr(e, "amount", None) is not None else e.before - e.after
        who = getattr(e, "target", None) or getattr(e, "name", "")
        facts = ledger.facts.get(str(who))
        if hurt > 0 and facts is not None and hurt * BIG_SHARE >= facts.max_vitality:
            return True
    return False


def notable(events: Sequence[Any], ledger: Ledger) -> bool:
    """Whether a log line telling ``events`` belongs in the recap."""
    for e in events:
        if e.kind in _ALWAYS:
            return True
        if e.kind == "condition_changed" and e.before == 0 and e.after > 0:
            return True
    return big(events, ledger)


def rounds(session: Session) -> list[Round]:
    """The fight round by round (round 1 always, then each round something happened in;
    see the module's docstring), with the times the journal kept."""
    ledger = opening_ledger(session)
    out = [Round(1, happened=True)]
    times = [when(e.at) for e in session.entries]
    began: dict[int, datetime | None] = {1: times[0] if times else None}
    ends: dict[int, datetime | None] = {}
    turn: tuple[Turn, datetime | None] | None = None  # the turn under way, since when

    def close(at: datetime | None) -> None:
        nonlocal turn
        if turn is not None:
            turn[0].seconds = lasted(turn[1], at)
            turn = None

    for entry, at in zip(session.entries, times, strict=True):
        typed = out[-1]  # the round the command was typed in
        typed.happened = True
        for seat, _kind in entry.seated:
            typed.phones[seat] = typed.phones.get(seat, 0) + 1
        for e in entry.events:
            if e.kind in ("turn_ended", "combat_ended", "round_started"):
                close(at)
            if isinstance(e, RoundStarted):
                ends[out[-1].number] = at
                out.append(Round(e.round, e.first_side))
                began[e.round] = at
            elif isinstance(e, TurnStarted):
                close(at)
                turn = (Turn(e.name, e.turn), at)
                out[-1].turns.append(turn[0])
                out[-1].happened = True
        into, lines = typed, []
        for texts, events in groups(entry.events, ledger):
            # the round's heading says what its "-- Round N: ... --" line says, and what
            # follows that line happened in the new round
            if any(e.kind == "round_started" for e in events):
                into = out[-1]
                continue
            lines.extend(texts)
            if notable(events, ledger):
                into.notable.extend(texts)
                into.happened = True
        typed.entries.append((entry.script_line, lines))
        ledger.advance(entry.events)
    last = times[-1] if times else None
    if turn is not None:  # under way when the fight stopped: how long so far
        turn[0].going = not session.state.over
        close(last)
    for r in out:
        r.going = r.number not in ends and not session.state.over
        r.seconds = lasted(began.get(r.number), ends.get(r.number, last))
    return [r for r in out if r.happened]
