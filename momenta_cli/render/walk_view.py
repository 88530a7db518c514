"""``path NAME C5``: the route a Move or Shift on the map would take and its cost, as plain
lines (engine/walking.py works it out; nothing changes)."""

from __future__ import annotations

from typing import Any

from momenta_cli.commands.language import Meta, quote_word
from momenta_cli.engine import movement as mv
from momenta_cli.engine import walking
from momenta_cli.engine.geometry.board import name
from momenta_cli.engine.geometry.paths import squares_text
from momenta_cli.engine.state import Fight
from momenta_cli.errors import MomentaError
from momenta_cli.render.maneuver_log import route_text

_MEDIUM = {"swim": "swimming: this Move's Vigor cost doubles (ch19 Swim)",
           "climb": "climbing: 1 square per Move, no Shift (ch19 Climb)"}


def path_lines(fight: Fight, meta: Meta) -> list[str]:
    """The lines ``path`` prints; ``RuleError`` when there is no such path (the reason)."""
    cmd = meta.command
    assert isinstance(cmd, walking.MoveTo)
    r = walking.preview(fight, cmd)
    p = r.path
    jumped = tuple(name(q) for q in p.squares if q in p.jumped)
    route = route_text(name(p.start), tuple(p.names()), jumped)
    out = [f"path: {r.mover} {r.how.lower()}s {route}",
           f"  cost {p.cost} of {squares_text(r.budget)} ({r.why})"]
    if r.difficult:
        out.append(f"  {r.difficult} more for difficult ground (it counts double)")
    if r.during in _MEDIUM:
        out.append(f"  {_MEDIUM[r.during]}")
    if jumped:
        out.append(f"  jumps {', '.join(jumped)} (ch19 Horizontal Jump)")
    for who, went in r.drags:
        to = name(went.squares[-1]) if went.squares else "where it is"
        out.append(f"  drags {who} along to {to} (forced movement)")
    if p.fall:
        f = fight.get(r.mover)
        out.append(f"  walks into a pit: falls {squares_text(p.fall)}, AGI "
                   f"{f.spec.attr('AGI')}: {mv.fall_damage(f, p.fall)} untyped damage (R23)")
    return out + trigger_lines(fight, r)


def trigger_lines(fight: Fight, r: walking.Route) -> list[str]:
    """What the path would meet (R35): each reactive attack it triggers, where, with
    which weapon, and the words that make it on the move line."""
    from momenta_cli.engine import triggers
    from momenta_cli.engine.economy import check_can_react

    out = []
    for t in triggers.route_triggers(fight, fight.get(r.mover), r):
        where = "as it starts" if t.step == triggers.START else f"at {t.square}"
        try:
            check_can_react(fight.get(t.reactor), t.reaction)
            can = f": '{t.reaction.lower()} {quote_word(t.reactor)}'"
        except MomentaError as err:
            can = f"; not now: {err}"
        out.append(f"  {t.reactor} may {t.reaction} {where} ({' or '.join(t.weapons)})"
                   f"{can} (R35)")
    return out


def path_doc(fight: Fight, cmd: walking.MoveTo) -> dict[str, Any]:
    """``path`` for scripts and other tools: ``{"cost": 4, "path": ["B2", ...]}`` (the
    squares entered, the start left out, a 2x2 creature's top-left ones), or
    ``{"error": "why there is none"}``."""
    try:
        r = walking.preview(fight, cmd)
    except MomentaError as err:
        return {"error": str(err)}
    return {"cost": r.path.cost, "path": r.path.names()}
