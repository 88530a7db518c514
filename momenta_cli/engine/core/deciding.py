"""``decide(state, command, roller) -> events``: check a command and turn it into events.

A refused command raises ``RuleError`` (a message for the GM) and produces no events; the
state passed in is never changed.
"""

from __future__ import annotations

from importlib import import_module

from momenta_cli.engine.core.commands import AddNote, Command
from momenta_cli.engine.core.events import CombatEnded, Event, RoundStarted, TurnStarted, apply_all
from momenta_cli.engine.core.registry import HANDLER_MODULES, HANDLERS
from momenta_cli.engine.core.rollers import Roller
from momenta_cli.engine.core.state import Fight
from momenta_cli.engine.turns import next_round_first_side, round_done
from momenta_cli.errors import RuleError

# Each rules module registers the handlers of its commands in HANDLERS when it is
# imported (registry.py ``handles``); deciding anything needs them all.
for _module in HANDLER_MODULES:
    import_module(_module)


def rollover(fight: Fight) -> list[Event]:
    """ch18 End of the Round: when every turn is taken, the next round starts."""
    if fight.over or not round_done(fight):
        return []
    if not any(not f.out for f in fight.fighters.values()):
        return []
    return [RoundStarted(fight.round + 1, next_round_first_side(fight))]


def decide(fight: Fight, command: Command, roller: Roller) -> list[Event]:
    """The events ``command`` produces against ``fight``; raises ``RuleError`` if refused."""
    # A note, and a scheduled event (the "combat ends" trigger: firing.py), still run
    if fight.over and not isinstance(command, AddNote) \
            and not getattr(command, "when_over", False):
        raise RuleError("the combat is over (undo to reopen it)")
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise RuleError(f"nothing decides {type(command).__name__}")
    events = handler(fight, command, roller)
    return events + round_over(fight, events)


def round_over(fight: Fight, events: list[Event]) -> list[Event]:
    """``rollover`` of the state ``events`` lead to from ``fight`` (left as it is).

    Looked at for every command, so it copies the fight only when it must: when no event
    touches what the rollover reads (``Event.touches_round``) it reads ``fight`` itself;
    when the last one that does starts a turn or ends the combat the round is not over
    (a turn is running, or the fight is); anything else is applied to a copy."""
    for last in reversed(events):
        if last.touches_round:
            break
    else:
        return rollover(fight)
    if isinstance(last, TurnStarted | CombatEnded):
        return []
    return rollover(apply_all(fight.draft(), events))

