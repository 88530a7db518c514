"""When a scheduled event is due: given the state before a command, the events it
produced and the state after, which of the encounter's events it set off.

Edge-triggered: an event is due after the command in which its trigger happened (round
2 started, the captain was Defeated, the boss fell to half its Vitality, someone entered
the trap's squares), never merely because the state still matches. So taking back a
fired event's entry does not make it due again at once; taking back the command that set
it off and playing on sets it off again. The start of round 1 is the fight's first
command (``opening``): nothing happens before it.

The events are walked one by one on a draft of the state before, so that several
triggers in one command come out in the order they happened (round 1 ends, round 2
starts, the adversaries' first turn), then in file order.
"""

from __future__ import annotations

from collections.abc import Sequence

from momenta_cli.engine.core import (
    CombatEnded,
    Event,
    EventTrigger,
    Fight,
    Fighter,
    RoundStarted,
    ScheduledEvent,
    TurnStarted,
    apply_all,
)
from momenta_cli.engine.geometry import Square, footprint, parse_square, side_of

_ONE_OF = {"allies": "an ally", "adversaries": "an adversary",
           "independents": "an independent"}


def trigger_words(t: EventTrigger) -> str:
    """The trigger in words, as the log and the prompt say it: ``round 2 starts``,
    ``every round from 3 ends``, ``the adversaries' first turn``, ``Sallow is
    Defeated``, ``Sallow is at half Vitality``, ``anyone enters C4, C5``, ``the combat
    ends``."""
    from momenta_cli.engine.geometry import square_name

    def rounds() -> str:
        if t.rounds is None:
            return "every round"
        first, repeats = t.rounds
        return f"every round from {first}" if repeats else f"round {first}"

    if t.kind == "round_starts":
        return f"{rounds()} starts"
    if t.kind == "round_ends":
        return f"{rounds()} ends"
    if t.kind == "first_turn":
        when = "" if t.rounds is None else f" in {rounds()}"
        return f"the {t.side}' first turn{when}"
    if t.kind == "defeated":
        return f"{t.who} is Defeated"
    if t.kind == "half_vitality":
        return f"{t.who} is at half Vitality or below"
    if t.kind == "enters":  # a side is said as one of it: "an ally enters E3"
        who = _ONE_OF.get(t.who.casefold(), t.who) if t.who else "anyone"
        return f"{who} enters {', '.join(square_name(s) for s in t.squares)}"
    return "the combat ends"


def due(before: Fight, events: Sequence[Event], *, opening: bool = False
        ) -> list[ScheduledEvent]:
    """The scheduled events of ``before.encounter`` that the command whose ``events``
    were decided against ``before`` set off, in the order their triggers happened (then
    file order). ``opening``: the command is the fight's first (round 1 starts with it).
    A once-only event that has fired (``Fight.fired``) is never due again; an event
    fired by this very command (``event NAME``) sets nothing off itself. ``before`` is
    not changed."""
    plan = before.encounter.events
    if not plan:
        return []
    from momenta_cli.engine.schedule.firing import EventFired

    if any(isinstance(e, EventFired) for e in events):
        return []  # an event's own lines set nothing off (no event fires another)
    # name -> (the event that set it off, a round's end before its start, file order)
    found: dict[str, tuple[int, int, int]] = {}

    def hit(i: int, pred, rank: int = 0) -> None:
        for n, sched in enumerate(plan):
            if sched.name not in found and sched.name not in before.fired and pred(
                    sched.trigger):
                found[sched.name] = (i, rank, n)

    if opening:
        hit(-1, lambda t: t.kind == "round_starts" and t.takes_round(before.round))
    draft = before.draft()
    watched = _watched(plan)
    for i, ev in enumerate(events):
        if isinstance(ev, RoundStarted):
            ended, started = draft.round, ev.round
            hit(i, lambda t, r=ended: t.kind == "round_ends" and t.takes_round(r))
            hit(i, lambda t, r=started: t.kind == "round_starts" and t.takes_round(r), 1)
        elif isinstance(ev, TurnStarted) and ev.name in draft.fighters:
            side = draft.fighters[ev.name].side
            first = ev.turn == 1 and not any(
                f.turns_taken for f in draft.fighters.values() if f.side == side)
            if first:
                hit(i, lambda t, s=side, r=draft.round: t.kind == "first_turn"
                    and t.side == s and t.takes_round(r))
        elif isinstance(ev, CombatEnded) and not draft.over:
            hit(i, lambda t: t.kind == "combat_ends")
        name = getattr(ev, "name", None)
        was = _look(draft, name) if name in watched else None
        apply_all(draft, [ev])
        if was is None:
            continue
        now = _look(draft, name)
        assert isinstance(name, str)
        hit(i, lambda t, w=was, n=now, who=name, e=ev: _crossed(t, who, w, n, e, draft))
    return [plan[n] for _, _, n in sorted(found.values())]


def _watched(plan: Sequence[ScheduledEvent]) -> set[str] | _Anyone:
    """The fighters whose changes can set an event off: those named, or anyone when an
    event's squares may be entered by a side or by anyone."""
    names: set[str] = set()
    for sched in plan:
        t = sched.trigger
        if t.kind == "enters" and t.who.casefold() in ("", "allies", "adversaries",
                                                        "independents"):
            return _Anyone()
        if t.kind in ("defeated", "half_vitality", "enters"):
            names.add(t.who)
    return names


class _Anyone:
    def __contains__(self, name: object) -> bool:
        return isinstance(name, str)


# What a watched fighter looked like: (in the fight, Vitality, squares it covers)
_Look = tuple[bool, int, frozenset[Square]]


def _look(fight: Fight, name: str | None) -> _Look | None:
    f = fight.fighters.get(name) if name is not None else None
    if f is None:
        return None
    return (not (f.defeated or f.lost), f.vitality, frozenset(_covers(f, f.position)))


def _covers(f: Fighter, top_left: Square | None) -> tuple[Square, ...]:
    if top_left is None:
        return ()
    return footprint(top_left, side_of(f.spec.size))


def _crossed(t: EventTrigger, name: str, was: _Look | None, now: _Look | None,
             ev: Event, fight: Fight) -> bool:
    """Whether ``ev``, which changed ``name`` from ``was`` to ``now``, is ``t``."""
    if now is None:
        return False
    f = fight.fighters[name]
    if t.kind == "defeated":
        return t.who == name and (was is None or was[0]) and not now[0]
    if t.kind == "half_vitality":
        half = f.spec.max_vitality
        # at half its Max Vitality or below: 2 x Vitality <= Max
        return (t.who == name and 2 * now[1] <= half
                and (was is None or 2 * was[1] > half))
    if t.kind != "enters" or not _who(t.who, f):
        return False
    before = was[2] if was is not None else frozenset()
    entered = set(now[2])
    for step in getattr(ev, "path", ()) or ():  # a movement: every square on the way
        sq = parse_square(step) if isinstance(step, str) else None
        if sq is not None:
            entered.update(_covers(f, sq))
    return bool((entered - before) & set(t.squares))


def _who(who: str, f: Fighter) -> bool:
    low = who.casefold()
    return low == "" or low == f.side or who == f.name
