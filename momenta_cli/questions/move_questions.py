"""The table's questions about a movement on the map (R35): at the prompt, a ``move NAME
to SQUARE`` whose path triggers reactive attacks and whose line says nothing of them
(no ``intercept NAME``, ``forestall NAME`` or ``no-reactions``) offers each reactor its
reaction in the order the movement meets them, with the weapon and the cost: the first
of the weapons that trigger it the engine would make it with (a Cumbersome one the
reactor cannot pay for passed over for the next, said in a dim line), named on the line
so the engine makes it with that one. A reactor who cannot take it at all is told in one
dim line with the engine's reason. A reaction taken goes through the attack's own
questions (``table_decider.settle``: the mover's defense, the dice, Brace) against the fight as
it is at the trigger square, and is told as it lands before the next one is offered
(its payment left to the move's own lines, so it is said once). The answers become the
move line's reaction words (language/trigger_words.py), so the journal keeps one
complete line (shown as ``as:`` after the move, cli/prompt.py), and the dice the tracker
rolled while asking are handed out first when it runs.

A grabber's movement offers the dragged ones' Intercepts with its own (ch19 Grab:
forced movement), in path order; a shove's push is offered the same way by
``questions/push_questions.py`` once its roll is known; the offers themselves are
``questions/trigger_offers.py``'s, one loop for all.

Everything here reads the state and decides commands without keeping them (the engine
never changes the state it is given); a ``Table`` asks and tells (cli/ask.py).
"""

from __future__ import annotations

from dataclasses import replace

from momenta_cli.engine.attack import Attack
from momenta_cli.engine.core import Fight, Fighter, OnesRoller, PresetRoller, Roller, actor, decide
from momenta_cli.engine.movement import MoveTo, Route, drag_triggers, plan_walk, route_triggers
from momenta_cli.errors import MomentaError
from momenta_cli.language import comment_of, move_line, parse_line
from momenta_cli.questions.table_decider import Cancelled, Failed, Table
from momenta_cli.questions.trigger_offers import Answering, Stop, offer_each
from momenta_cli.text import split


def move_to_ask(line: str) -> MoveTo | None:
    """The movement ``line`` declares when its triggers may be asked about: a ``move ...
    to SQUARE`` (or a Shift: it triggers nothing itself, but one it drags may be
    Intercepted) that says nothing of its reactions, not a preview (``?``) nor a line
    that pins its dice; None for anything else."""
    try:
        words = split(line)
        cmd = parse_line(line)
    except MomentaError:
        return None
    if not isinstance(cmd, MoveTo) or cmd.said:
        return None
    if words and words[-1] == "?":
        return None
    if len(words) >= 2 and words[-2].lower() == "dice":
        return None
    return cmd


def move_stops(fight: Fight, mover: Fighter, route: Route) -> list[Stop]:
    """What a Move (or a Shift) offers: the mover's own triggers, then the ones of each
    creature it drags (ch19 Grab: forced movement, Intercept only; R35)."""
    out = [Stop(t, mover.name, "comes into", 0, route.path.squares)
           for t in route_triggers(fight, mover, route)]
    group = {who: i + 1 for i, (who, _) in enumerate(route.drags)}
    drags = dict(route.drags)
    out += [Stop(t, who, "is dragged into", group[who], drags[who].squares)
            for who, t in drag_triggers(fight, route)]
    return out


def settle_move(fight: Fight, cmd: MoveTo, roller: Roller, table: Table
                ) -> tuple[MoveTo, tuple[int, ...]] | None:
    """Offer each trigger of ``cmd`` (the mover's and the dragged ones') its reaction
    (``offer_each``); the movement with the reactions taken and the dice the tracker
    rolled for them; None when the GM cancelled."""
    try:
        mover = actor(fight, cmd.name)
        route = plan_walk(fight, mover, cmd.square, cmd.how, cmd.via)
        stops = move_stops(fight, mover, route)
        decide(fight, cmd, OnesRoller())  # a movement refused as it stands asks nothing
    except MomentaError:
        return cmd, ()
    if not stops:
        return cmd, ()

    def build(reactions: tuple[Attack, ...], said: bool) -> MoveTo:
        return replace(cmd, reactions=reactions, said=said)

    got = offer_each(fight, Answering(build), stops, mover.name, roller, table)
    if got is None:
        return None
    line, faces = got
    done = line.command()
    assert isinstance(done, MoveTo)
    return (cmd, faces) if not line.said else (done, faces)


def settle_move_line(fight: Fight, line: str, roller: Roller, table: Table
                ) -> tuple[str, Roller] | None:
    """``(line to run, roller to run it with)`` after offering the movement's reactions;
    None when cancelled. Raises ``flow.Failed`` when the answers make no line."""
    cmd = move_to_ask(line)
    if cmd is None:
        return line, roller
    try:
        got = settle_move(fight, cmd, roller, table)
    except Cancelled:
        return None
    if got is None:
        return None
    done, faces = got
    run_with: Roller = PresetRoller(faces, fallback=roller) if faces else roller
    if done == cmd:
        return line, run_with
    try:
        text = move_line(done)
    except ValueError as err:
        raise Failed(f"the answers cannot be written as one line ({err}); nothing was "
                     "done: type the move again with the reactions written") from None
    note = comment_of(line)
    return (f"{text} {note}" if note else text), run_with
