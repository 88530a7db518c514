"""``path NAME C5``: the route a Move or Shift on the map would take and its cost, as plain
lines (engine/movement/walk.py works it out; nothing changes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from momenta_cli.engine.core import Fight
from momenta_cli.engine.geometry import square_name
from momenta_cli.engine.movement import MoveTo, Route, fall_damage, preview_walk
from momenta_cli.errors import MomentaError
from momenta_cli.language import Meta
from momenta_cli.text import quote_word, squares_text

if TYPE_CHECKING:
    from momenta_cli.engine.movement import Trigger

_MEDIUM = {"swim": "swimming: this Move's Vigor cost doubles (ch19 Swim)",
           "climb": "climbing: 1 square per Move, no Shift (ch19 Climb)"}


def route_text(start: str, path: tuple[str, ...], jumped: tuple[str, ...] = ()) -> str:
    """``C3 -> D4 -> (E5) -> F6``: the squares in order, the ones jumped in brackets. Here, not
    with the log's lines (log_maneuver.py), so that ``momenta path`` loads no log."""
    return " -> ".join([start, *(f"({q})" if q in jumped else q for q in path)])


def path_lines(fight: Fight, meta: Meta, *, players: bool = False) -> list[str]:
    """The lines ``path`` prints; ``RuleError`` when there is no such path (the reason).
    ``players``: the players' view, asked of the fight as they know it
    (engine/core/players.py ``known``: no Hidden enemy to move, to walk round or to react)."""
    if players:
        from momenta_cli.engine.core import known_to_players

        fight = known_to_players(fight)
    cmd = meta.command
    assert isinstance(cmd, MoveTo)
    r = preview_walk(fight, cmd)
    p = r.path
    jumped = tuple(square_name(q) for q in p.squares if q in p.jumped)
    route = route_text(square_name(p.start), tuple(p.names()), jumped)
    out = [f"path: {r.mover} {r.how.lower()}s {route}",
           f"  cost {p.cost} of {squares_text(r.budget)} ({r.why})"]
    if r.difficult:
        out.append(f"  {r.difficult} more for difficult ground (it counts double)")
    if r.during in _MEDIUM:
        out.append(f"  {_MEDIUM[r.during]}")
    if jumped:
        out.append(f"  jumps {', '.join(jumped)} (ch19 Horizontal Jump)")
    for who, went in r.drags:
        to = square_name(went.squares[-1]) if went.squares else "where it is"
        out.append(f"  drags {who} along to {to} (forced movement)")
        if went.fall:  # the move makes it (R23, R36), the grab then ends (ch19 Grab)
            d = fight.get(who)
            out.append(f"    where it falls {squares_text(went.fall)}, AGI "
                       f"{d.spec.attr('AGI')}: {fall_damage(d, went.fall)} untyped "
                       "damage; the grab ends (R23)")
    if p.fall:
        f = fight.get(r.mover)
        out.append(f"  walks into a pit: falls {squares_text(p.fall)}, AGI "
                   f"{f.spec.attr('AGI')}: {fall_damage(f, p.fall)} untyped damage (R23)")
    return out + trigger_lines(fight, r)


def _met(fight: Fight, r: Route) -> list[tuple[str, Trigger]]:
    """Every reactive attack the route triggers, in the order the movement meets them,
    each with whom it answers: the mover's own (R35), and the Intercepts of the ones it
    drags (ch19 Grab: forced movement; engine/movement/forced.py ``drag_triggers``)."""
    from momenta_cli.engine.movement import route_met

    return route_met(fight, r)


def trigger_lines(fight: Fight, r: Route, written: tuple[tuple[str, str], ...] = ()
                  ) -> list[str]:
    """What the path would meet (R35): each reactive attack it triggers, where, with
    which weapon, and the words that make it on the move line (``written``: the
    ``(reactor, reaction)`` pairs the line names already, marked so); a dragged one's
    Intercepts among them (ch19 Grab), answered on the same line."""
    from momenta_cli.engine.movement import START, in_sight

    out = []
    for who, t in _met(fight, r):
        where = "as it starts" if t.step == START else f"at {t.square}"
        why = _not_now(fight, t)
        if why is not None:
            can = f"; not now: {why}"
        elif (t.reactor, t.reaction) in written:
            can = " (written)"
        else:
            can = f": '{t.reaction.lower()} {quote_word(t.reactor)}'"
        weapons = f"({' or '.join(t.weapons)})"
        if who == r.mover:
            out.append(f"  {t.reactor} may {t.reaction} {where} {weapons}{can} (R35)")
        else:
            out.append(f"  {who} is dragged into {t.reactor}'s reach {where}: "
                       f"{t.reactor} may {t.reaction} {weapons}{can} (R35)")
        if not in_sight(fight, fight.get(who), t):  # ours: the trigger stands
            out.append("    no line of sight: reach through the wall is the GM's call")
    return out


def _not_now(fight: Fight, t: Trigger) -> str | None:
    """Why the reactor cannot take the reaction now (out, Surprised, Broken...), or
    None; whether it can pay is the attack's to say when it is made."""
    from momenta_cli.engine.actions import why_no_reaction

    return why_no_reaction(fight.get(t.reactor), t.reaction)


def trigger_docs(fight: Fight, r: Route) -> list[dict[str, Any]]:
    """The path's triggers for scripts: ``{"reactor": "Wren", "reaction": "Intercept",
    "square": "B2", "weapons": ["Spear"], "not_now": null, "line_of_sight": true,
    "mover": "Gorm"}`` each, in the order the movement meets them (a Forestall's square
    is where the movement starts; ``not_now``: why the reactor cannot react now, else
    null; ``line_of_sight``: whether the reactor sees the mover there, R33: without it
    the trigger stands, the GM rules on reach through the wall; ``mover``: whom it
    answers, the one moving or a creature it drags, ch19 Grab, whose square it is)."""
    from momenta_cli.engine.movement import in_sight

    return [{"reactor": t.reactor, "reaction": t.reaction, "square": t.square,
             "weapons": list(t.weapons), "not_now": _not_now(fight, t),
             "line_of_sight": in_sight(fight, fight.get(who), t), "mover": who}
            for who, t in _met(fight, r)]


def path_doc(fight: Fight, cmd: MoveTo) -> dict[str, Any]:
    """``path`` for scripts and other tools: ``{"cost": 4, "path": ["B2", ...],
    "triggers": [...]}`` (the squares entered, the start left out, a 2x2 creature's
    top-left ones; the reactive attacks the path triggers, ``trigger_docs``), or
    ``{"error": "why there is none"}``."""
    try:
        r = preview_walk(fight, cmd)
    except MomentaError as err:
        return {"error": str(err)}
    return {"cost": r.path.cost, "path": r.path.names(), "triggers": trigger_docs(fight, r)}
