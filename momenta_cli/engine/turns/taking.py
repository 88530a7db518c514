"""Deciding turn commands: start, end, next (ch18 Taking a Turn, R13-R16)."""

from __future__ import annotations

from momenta_cli.engine.core import (
    Ask,
    EndTurn,
    Event,
    Fight,
    Fighter,
    NextTurn,
    Option,
    Roller,
    StartTurn,
    TurnEnded,
    TurnStarted,
    applied,
    apply_all,
    consult,
    find_fighter,
    handles,
)
from momenta_cli.engine.turns import zipper
from momenta_cli.engine.turns.clearing import end_of_turn
from momenta_cli.errors import RuleError


def refresh(f: Fighter) -> tuple[int, int]:
    """ch18 Taking a Turn: Vigor += 3 + BODY/2 (R4 rounds down), capped at Max Vigor;
    Guard back to Max unless above it (Over-Guard is kept). Exhausted halves the Vigor
    gained, minimum 1 (condition table)."""
    gain = 3 + f.spec.attr("BODY") // 2
    if f.has("Exhausted"):
        gain = max(gain // 2, 1)
    vigor = f.vigor if f.spec.max_vigor <= 0 else min(f.vigor + gain, f.spec.max_vigor)
    vigor = max(vigor, f.vigor)  # a Vigor already above max is never cut by a refresh
    guard = f.guard if f.guard > f.spec.max_guard else f.spec.max_guard
    return vigor, guard


def _why_not(fight: Fight, f: Fighter) -> str:
    options = ", ".join(x.name for x in zipper.may_act(fight)) or "nobody"
    if f.out:
        return f"{f.name} is {f.out_reason} and takes no turns"
    if f.turns_left == 0:
        return f"{f.name} has taken all its turns this round (may act: {options})"
    due = zipper.side_due(fight)
    phase = zipper.current_phase(fight)
    mine = zipper.phase_of(f)
    if phase is not None and mine != phase:
        # Name the real reason first (ch18 Special cases): Surprised before Slowed.
        why = ("is Surprised" if f.has("Surprised") else "is Slowed") if f.slowed else ""
        if f.side == "independents" and phase < zipper.INDEPENDENTS:
            return f"independents act last, after the allies and adversaries (may act: " \
                f"{options})"
        if f.side == "independents":
            return f"{f.name} {why} and acts after the other independents (may act: " \
                f"{options})"
        return f"{f.name} {why} and acts after everyone who is not Slowed (may act: {options})"
    return f"it is the {due}' pick (may act: {options})"


@handles(StartTurn)
def start_turn(fight: Fight, cmd: StartTurn, roller: Roller) -> list[Event]:
    """ch18 Taking a Turn: start the named (or suggested) fighter's turn if the zipper allows
    it; Vigor and Guard refresh."""
    return _start(fight, cmd, roller)


def _start(fight: Fight, cmd: StartTurn, roller: Roller, lead: tuple[Event, ...] = ()
           ) -> list[Event]:
    """``start_turn``; ``lead``: what the table sees before a pick (the end of the turn
    before it, its clear rolls)."""
    if fight.active is not None:
        raise RuleError(f"{fight.active}'s turn is still running: end it first (end, or next)")
    if cmd.name is None:
        f = zipper.suggestion(fight)
        if f is None:
            raise RuleError("nobody may act now")
        f = _picked(fight, f, roller, lead)
    else:
        f = find_fighter(fight, cmd.name)
        if f not in zipper.may_act(fight):
            raise RuleError(_why_not(fight, f))
    vigor, guard = refresh(f)
    phase = zipper.phase_of(f)
    return [TurnStarted(f.name, f.turns_taken + 1, phase, f.vigor, vigor, f.guard, guard,
                        f.has("Exhausted"))]


def _picked(fight: Fight, suggested: Fighter, roller: Roller, lead: tuple[Event, ...]
            ) -> Fighter:
    """ch18 Turn Order: the side due picks who acts when more than one may; the players
    pick for the allies, the GM for the others (``pick``). Left to the default, the
    tracker's suggestion acts (R14). The options are who may act in their order, the
    suggestion's label marked ``(suggested)``."""
    options = zipper.may_act(fight)
    if len(options) <= 1:
        return suggested
    side = zipper.side_due(fight) or suggested.side
    players = zipper.picked_by_players(fight) and fight.settings.players_pick
    # in the order they may act (their numbers do not move), the suggestion marked
    ask = Ask("pick", side, not players, ("turn", "name"),
              tuple(Option(f.name, f"{f.name} (suggested)" if f is suggested else f.name,
                           (("name", f.name),)) for f in options),
              label=f"the {side}' pick", lead=lead)

    def check(given: object) -> None:
        if not isinstance(given, Option) or given not in ask.options:
            raise RuleError(f"pick one of: {', '.join(f.name for f in options)}")

    got = consult(roller, ask, check)
    return suggested if got is None else fight.get(got.words)


@handles(EndTurn)
def end_turn(fight: Fight, cmd: EndTurn, roller: Roller) -> list[Event]:
    """ch18: end the running turn; after a fighter's last turn of the round its conditions clear
    (R15, R16)."""
    return _end_turn(fight, cmd, roller)[0]


def _end_turn(fight: Fight, cmd: EndTurn, roller: Roller) -> tuple[list[Event], Fight | None]:
    """``end_turn``'s events, with the copy of ``fight`` they were worked out on (the
    clearing needs the turn ended first), all of them applied; None when the turn was not
    the fighter's last of the round and no copy was needed."""
    if fight.active is None:
        raise RuleError("no turn is running (start one with: turn NAME)")
    f = fight.get(fight.active)
    extra = f.turns_allowed - f.turns_taken - 1
    forgone = extra if cmd.forgo else 0
    last = extra - forgone <= 0
    if cmd.typed and not last:
        raise RuleError(f"conditions clear at the end of {f.name}'s last turn of the round")
    events: list[Event] = [TurnEnded(f.name, last, forgone)]
    if not last:
        return events, None
    scratch = apply_all(fight.draft(), events)
    return events + end_of_turn(scratch, scratch.get(f.name), roller, cmd.typed), scratch


@handles(NextTurn)
def next_turn(fight: Fight, cmd: NextTurn, roller: Roller) -> list[Event]:
    """End the running turn (if any), roll the round over when it is done, and start the next
    turn."""
    if fight.active is None:
        return start_turn(fight, StartTurn(cmd.name), roller)
    events, scratch = _ended(fight, cmd, roller)
    return events + _start(scratch, StartTurn(cmd.name), roller, tuple(events))


def _ended(fight: Fight, cmd: NextTurn, roller: Roller) -> tuple[list[Event], Fight]:
    """The events ending the running turn and rolling the round over when it is done,
    with the copy of ``fight`` they are applied to."""
    events, scratch = _end_turn(fight, EndTurn(cmd.forgo, cmd.typed), roller)
    if scratch is None:
        scratch = apply_all(fight.draft(), events)
    # One copy serves the end of the turn, the rollover and the start of the next turn.
    from momenta_cli.engine.core import rollover

    events += applied(scratch, rollover(scratch))
    return events, scratch
