"""The table's questions about a Shove's push on the map (ch19 Shove, Movement; R35): a
shove line that says nothing of its push's reactions (no ``intercept REACTOR`` nor
``no-reactions`` after it), once the attack's own questions are answered and its roll
is known (the push is its net successes, at most 3), offers each reactor whose reach
the push carries the target into its Intercept, in the order the push meets them, as a
Move's triggers are offered (trigger_offers.py ``offer_each``: the cost, the first weapon the
reactor can use, the attack's questions at the trigger square). The answers become the
shove line's words (``shove kira gorm intercept wren roll 6,2``), and the dice the
tracker rolled for the shove and for each Intercept are handed out in that order."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from momenta_cli.engine.attack import MAX_EFFECT, Attack
from momenta_cli.engine.battlefield import board_of
from momenta_cli.engine.core import (
    Event,
    Fight,
    PresetRoller,
    RecordingRoller,
    Roll,
    Roller,
    apply_all,
    decide,
)
from momenta_cli.engine.movement import push_path, push_triggers
from momenta_cli.errors import MomentaError
from momenta_cli.questions.table_decider import Settled, Table
from momenta_cli.questions.trigger_offers import Answering, Stop, offer_each


def asks(cmd: Attack) -> bool:
    """Whether ``cmd``'s push may be asked about: a Shove whose line says nothing of it."""
    return cmd.maneuver == "Shove" and not cmd.push_reactions and not cmd.push_said


def _rolled(events: list[Event]) -> int:
    """How many of the tracker's dice ``events`` took, in order: each roll's own (a
    typed roll or a Grunt's takes none) and a Wound slot's d6 (R10, a Counterattack's
    blow before the shove's roll): the ones handed out before the push begins."""
    n = 0
    for e in events:
        if e.kind == "wound_taken" and getattr(e, "face", None) is not None:
            n += 1
        if e.kind != "attack_rolled":
            continue
        for roll in (getattr(e, "roll", None), getattr(e, "defense_roll", None)):
            if isinstance(roll, Roll) and roll.rolled:
                n += len(roll.faces)
    return n


def settle_push(fight: Fight, done: Settled, roller: Roller, table: Table
                ) -> Settled | None:
    """``done`` (the shove with its own answers) with its push's Intercepts offered and
    the answers written on it (``push_reactions``, ``push_said``); unchanged without a
    map, when the push enters nobody's reach, or for any other line; None when the GM
    cancelled."""
    cmd = done.command
    if not asks(cmd) or board_of(fight) is None:
        return done
    # decided again with the dice it took (the push begins once its roll is known)
    rec = RecordingRoller(PresetRoller(done.faces, fallback=roller))
    try:
        events: list[Any] = decide(fight, cmd, rec)
    except MomentaError:
        return done  # refused as it stands: running it says why
    found = [i for i, e in enumerate(events) if e.kind == "attack_rolled"
             and getattr(e, "maneuver", "") == "Shove"]
    if not found:
        return done
    i = found[-1]
    roll = events[i]
    n = min(int(getattr(roll, "net", 0)), MAX_EFFECT)
    if n <= 0:
        return done
    pre = apply_all(fight.clone(), events[:i + 1])  # the fight as the push begins
    shover, target = pre.get(roll.attacker), pre.get(roll.target)
    went = push_path(pre, shover, target, n)
    triggered = push_triggers(pre, shover, target, n)
    if went is None or not triggered:
        return done
    stops = [Stop(x, target.name, "is pushed into", 0, went.squares) for x in triggered]
    # the shove's own dice first; a fall's, rolled after the push, are rolled afresh
    faces = tuple(rec.faces)[:_rolled(events[:i + 1])]

    def build(reactions: tuple[Attack, ...], said: bool) -> Attack:
        return replace(cmd, push_reactions=reactions, push_said=said)

    from momenta_cli.render import event_lines

    got = offer_each(fight, Answering(build), stops, target.name, roller, table, faces,
                     first=event_lines([roll]))
    if got is None:
        return None
    line, faces = got
    if not line.said:
        return done
    made = line.command()
    assert isinstance(made, Attack)
    return Settled(made, faces, True)
