"""Zipper initiative (ch18 Turn Order, R12-R17): phases, the side due, who may act.

All functions here read the state; none change it.
"""

from __future__ import annotations

from momenta_cli.engine.core import Fight, Fighter, other_side, unseen

PHASE_NAMES = {1: "main", 2: "slowed", 3: "independents", 4: "slowed independents"}
INDEPENDENTS = 3  # the first phase that belongs to the independents


def phase_of(f: Fighter) -> int:
    """R12: 1 for allies/adversaries, 2 for Slowed ones (Surprised counts), 3 for
    independents and 4 for Slowed independents, who act after every other one (ch18
    Special cases: Slowed combatants go after every non-Slowed combatant)."""
    if f.side == "independents":
        return 4 if f.slowed else INDEPENDENTS
    return 2 if f.slowed else 1


def waiting(fight: Fight) -> list[Fighter]:
    """Fighters with turns left this round, in file order."""
    return [f for f in fight.fighters.values() if f.turns_left > 0]


# The zipper's answers all start from who is waiting and in which phase; ``_zipper``
# works that out once, as every turn command and the status line ask several of them.
def _zipper(fight: Fight) -> tuple[int | None, str | None, list[tuple[Fighter, int]]]:
    """The current phase, the side due (R13) and every waiting fighter with its phase."""
    left = [(f, phase_of(f)) for f in waiting(fight)]
    phases = [ph for _, ph in left]
    if fight.active is not None:
        phases.append(phase_of(fight.get(fight.active)))
    phase = min(phases) if phases else None
    if fight.over or phase is None:
        return phase, None, left
    if phase >= INDEPENDENTS:
        return phase, "independents", left
    wanted = other_side(fight.last_side)
    in_phase = [f for f, ph in left if ph == phase]
    if any(f.side == wanted for f in in_phase):
        return phase, wanted, left
    if any(f.side == fight.last_side for f in in_phase):
        return phase, fight.last_side, left
    return phase, None, left


def current_phase(fight: Fight) -> int | None:
    """The earliest phase anyone still has a turn in; None when the round is done."""
    return _zipper(fight)[0]


def side_due(fight: Fight) -> str | None:
    """The side that picks the next turn (R13): the one that did not take the last
    ally/adversary turn, unless it has nobody left in this phase."""
    return _zipper(fight)[1]


def may_act(fight: Fight) -> list[Fighter]:
    """Who the due side may pick for the next turn (R13)."""
    if fight.active is not None:
        return []
    phase, due, left = _zipper(fight)
    if due is None:
        return []
    return [f for f, ph in left if f.side == due and ph == phase]


def suggestion(fight: Fight) -> Fighter | None:
    """R14: a suggestion only; the fewest turns taken first (so multi-turn fighters
    interleave), then file order."""
    options = may_act(fight)
    if not options:
        return None
    return min(options, key=lambda f: f.turns_taken)


def round_done(fight: Fight) -> bool:
    return fight.active is None and not waiting(fight)


def next_round_first_side(fight: Fight) -> str:
    """ch18 End of the Round: the side that did not take the round's last
    ally/adversary turn goes first next round."""
    return other_side(fight.last_side)


def combat_may_end(fight: Fight) -> str | None:
    """ch18 Ending the Combat: why the GM may end it now, or None."""
    adv = [f for f in fight.fighters.values() if f.side == "adversaries" and not f.removed]
    allies = [f for f in fight.fighters.values() if f.side == "allies" and not f.removed]
    if adv and all(f.defeated or f.lost for f in adv):
        return "every adversary is Defeated"
    if allies and all(f.defeated or f.lost for f in allies):
        return "every ally is Defeated or Lost"
    return None


def turn_counter(fight: Fight, f: Fighter) -> tuple[int, int]:
    """R15: which of its turns this round ``f`` is taking (while it acts) or would take
    next, and how many it has this round: ``(2, 2)`` on a two-turn boss's second turn."""
    if fight.active == f.name:
        return fight.active_turn, f.turns_allowed
    return min(f.turns_taken + 1, max(f.turns_allowed, 1)), f.turns_allowed


def picked_by_players(fight: Fight) -> bool:
    """ch18 Turn Order: the players decide which ally takes the next turn (the GM picks
    for the adversaries and the independents). True when the allies are due and have a
    real choice: more than one of them may act."""
    return side_due(fight) == "allies" and len(may_act(fight)) > 1


def gm_turn(fight: Fight) -> bool:
    """For the players' view (R20, R39): whether the turn is one the GM keeps to itself,
    a Hidden one acting, or only Hidden ones left to pick from the side due. The players
    are then told neither who nor which side: a side due with nobody they can see to
    pick would tell of the Hidden one."""
    if fight.over:
        return False
    if fight.active:
        return unseen(fight.get(fight.active))
    every = may_act(fight)
    return bool(side_due(fight) and every and all(unseen(f) for f in every))
