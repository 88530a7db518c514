"""What a recap keeps of a fight, round by round: who took turns, and the log lines that
matter afterwards (the Markdown export, render/log_export.py, lays them out).

A line is kept when its events hold one of:
- a Wound or a Burden, a fighter Defeated or Lost, revived, joining or leaving the fight;
- a condition gained (from none to some stacks);
- a GM note, or the end of the combat;
- a big hit: damage reaching Vitality of at least a third of the target's Max Vitality
  (``BIG_SHARE``), from an attack or otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from momenta_cli.engine.core import Session, TurnStarted
from momenta_cli.render.log_harm import Ledger
from momenta_cli.render.log_lines import groups
from momenta_cli.render.state_json import opening_ledger

BIG_SHARE = 3  # a hit is big from 1/3 of the target's Max Vitality up

_ALWAYS = {"wound_taken", "fighter_down", "fighter_revived", "fighter_added",
           "fighter_removed", "note", "combat_ended"}


@dataclass
class Round:
    number: int
    first: str = ""  # the side that picked first, when the log says it
    turns: list[str] = field(default_factory=list)
    notable: list[str] = field(default_factory=list)
    entries: list[tuple[str, list[str]]] = field(default_factory=list)  # command, lines


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
    """The fight round by round (round 1 included, from the first command on); an entry
    that starts a round is listed under the round it starts."""
    ledger = opening_ledger(session)
    out = [Round(1)]
    for entry in session.entries:
        told = groups(entry.events, ledger)
        starts: list[Any] = [e for e in entry.events if e.kind == "round_started"]
        if starts:
            out.append(Round(starts[-1].round, starts[-1].first_side))
        cur = out[-1]
        # the round's heading says what its "-- Round N: ... --" line says
        cur.entries.append((entry.script_line, [t for texts, events in told for t in texts
                                         if not any(e.kind == "round_started"
                                                    for e in events)]))
        for texts, events in told:
            for t in events:
                if isinstance(t, TurnStarted):
                    cur.turns.append(t.name if t.turn == 1 else f"{t.name} (turn {t.turn})")
            if any(e.kind == "round_started" for e in events):
                continue
            if notable(events, ledger):
                cur.notable.extend(texts)
        ledger.advance(entry.events)
    return [r for r in out if r.number > 1 or r.entries or len(out) == 1]
