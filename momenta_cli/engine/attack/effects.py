"""What Grab, Shove and Feint do instead of damage (ch19 Maneuvers): N = the attack's net
successes, at most 3. The roll itself is ``engine/attack/resolution.py``'s; a Shove's push on the
map is ``engine/movement/walk.py``'s."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from momenta_cli.engine.core import Event, Note, applied

if TYPE_CHECKING:
    from momenta_cli.engine.attack.parts import PartPath
    from momenta_cli.engine.attack.plan import Attack
    from momenta_cli.engine.core import Fight, Fighter, Roller

# The rest comes in when an effect is decided: reading a journal with a ``grab_taken``
# needs only the event (the map's walking code is most of an import of this module).

MAX_EFFECT = 3  # ch19 Shove, Grab, Feint: N = successes, maximum 3


@dataclass(frozen=True)
class GrabTaken(Event):
    """ch19 Grab: ``grabber`` now holds ``target`` (the Grabbed stacks come separately)."""

    kind: ClassVar[str] = "grab_taken"
    touches_round: ClassVar[bool] = False
    grabber: str
    target: str

    def apply(self, fight: Fight) -> None:
        g = fight.get(self.grabber)
        if self.target not in g.grabbing:
            g.grabbing.append(self.target)


def effect(s: Fight, a: Fighter, t: Fighter, maneuver: str, net: int, roller: Roller, *,
           together: bool = False, answers: tuple[Attack, ...] = (), said: bool = False,
           path: PartPath | None = None, lead: tuple[Event, ...] = ()) -> list[Event]:
    """ch19 Grab, Shove, Feint: instead of damage, N = net successes (max 3). ``s`` is the
    decider's scratch copy: the events are applied to it as they are decided. A Shove's
    ``answers``: the Intercepts its push is answered with (R35, ``walk.push_on_map``);
    with none said, a roller that answers is asked at each trigger square the push
    reaches, the answers written on the shove's part at ``path`` (its main target's,
    ``()``: a further Area target's push is not asked, no line writes its answers);
    ``lead``: the shove's events the table has seen (its roll)."""
    from momenta_cli.engine.core import find_fighter
    from momenta_cli.engine.harm import gain_condition

    n = min(net, MAX_EFFECT)
    if n == 0:
        who = [find_fighter(s, x.attacker or "").name for x in answers]
        return applied(s, [Note(f"{r}'s {x.maneuver} is not made: {t.name} is not pushed "
                                "(R35)", r) for r, x in zip(who, answers, strict=True)])
    if maneuver == "Feint":
        return applied(
            s, gain_condition(s, t, "Vulnerable", n, source=a.name, reason="Feint"))
    if maneuver == "Grab":
        grabbed = gain_condition(s, t, "Grabbed", n, source=a.name, reason="Grab")
        if t.name not in a.grabbing:
            grabbed.append(GrabTaken(a.name, t.name))
        return applied(s, grabbed)
    # Shove: forced movement. A grab ends when its two are moved further apart (ch19
    # Grab), whoever shoves. On the map the tracker measures each grab before and after
    # (R28, R32); without one a push is taken to part them unless the GM says it kept
    # the two together.
    from momenta_cli.engine.movement import (
        end_every_grab,
        end_grown_grabs,
        partner_distances,
        push_on_map,
    )

    before = partner_distances(s, t)
    events, went = push_on_map(s, a, t, n, roller, answers, said,
                               path if path == () else None, lead)
    if together or not went:
        return events
    moved = s.get(t.name)
    if before is None:
        return events + applied(s, end_every_grab(s, moved, "shoved apart"))
    return events + applied(s, end_grown_grabs(s, moved, before, "shoved apart"))
