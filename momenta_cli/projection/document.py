"""The status document of a fight (``status_document``): for the players (the
projection their screen is drawn from) or for the GM (everything).

The players' document is built from what they may know and nothing else: an enemy
Hidden from them (engine/core ``unseen``, R20, ch23) is in none of its fields, not even
as a gap (labels are worked out over the combatants shown, so nobody's label changes
when one hides); an enemy's numbers are shaped by the ``players_enemy_numbers`` setting
(R39). Each field of the fight's state it reads has its class in projection/fields.py.
It reads the same facts as the terminal's headline and table (render/status_view.py,
render/turnline.py), so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import Entry, Fight, Fighter, health_label, numbers_hidden, unseen
from momenta_cli.engine.geometry import square_name
from momenta_cli.engine.turns import (
    PHASE_NAMES,
    current_phase,
    gm_turn,
    may_act,
    round_done,
    side_due,
    turn_counter,
)
from momenta_cli.projection.results import last_results, mentions
from momenta_cli.render import labels

VERSION = 1
GM_TURN = "The GM's turn"  # what the players read while a Hidden one acts, or is due
SIDE_WORDS = {"allies": "Allies", "adversaries": "Adversaries",
              "independents": "Independents"}


def status_document(fight: Fight, entries: Sequence[Entry] = (), *, players: bool = True,
                    records: int = 0, initial: Fight | None = None) -> dict[str, Any]:
    """The fight as a JSON-ready dict (docs/json.md, The status document).

    ``players``: the players' view: an enemy Hidden from them appears in no field, an
    enemy's numbers are shaped by the setting; else the GM's, with every combatant and
    every number, a Hidden one marked ``"hidden": true``. ``entries``: the journal's
    entries, for the last results (``initial``, the opening state they fold onto, lets
    the results leave out what a combatant did while Hidden even once it is seen);
    ``records``: the journal's record count, the document's ``id`` (it grows with every
    change saved to the fight file)."""
    shown = [f for f in fight.fighters.values() if not (players and unseen(f))]
    label = labels(shown)  # as the terminal's map labels them, Hidden ones left out
    enemy_numbers = fight.settings.players_enemy_numbers
    # Free text (the encounter's name, the GM's reason for the end, a condition made up
    # at the table) could hold a Hidden enemy's name: for the players it is left out.
    hidden = [f.name for f in fight.fighters.values() if unseen(f)] if players else []

    def told(text: str) -> str:
        return "" if mentions(text, hidden) else text

    reason = told(fight.over_reason)
    may = {f.name for f in may_act(fight)}
    doc: dict[str, Any] = {
        "version": VERSION,
        "view": "players" if players else "gm",
        "id": records,
        "title": told(fight.encounter.name),
        "round": fight.round,
        "over": fight.over,
        "over_reason": reason,
        "turn": _turn(fight, players, reason),
        "zipper": [_zipper_row(fight, f, label, players, may) for f in shown
                   if not f.removed],
        "allies": [_ally(fight, f, label, players, told) for f in shown
                   if f.side == "allies"],
        "enemies": [_enemy(fight, f, label, players, enemy_numbers, told)
                    for f in shown if f.side != "allies"],
        "map": _map(fight, shown, label, players),
        "results": last_results(fight, entries, players=players, initial=initial),
        "settings": {"enemy_numbers": enemy_numbers},
    }
    return doc


def _hidden_mark(f: Fighter, players: bool) -> dict[str, bool]:
    """The GM's mark of a combatant Hidden from the players; nothing in theirs."""
    return {} if players else {"hidden": unseen(f)}


def _turn(fight: Fight, players: bool, reason: str) -> dict[str, Any]:
    """Whose turn it is: the phase, the side due, who acts or who may (R12-R15), and
    one line in the players' words (``cue``)."""
    phase = current_phase(fight)
    actor = fight.get(fight.active) if fight.active and not fight.over else None
    hidden_actor = actor is not None and players and unseen(actor)
    due = side_due(fight) if actor is None and not fight.over else None
    may = [f for f in may_act(fight) if not (players and unseen(f))]
    turn_of = list(turn_counter(fight, actor)) if actor is not None and not hidden_actor \
        else None
    kept = players and gm_turn(fight)  # a Hidden one acts, or is due: not even its side
    if kept:
        due = None
    if fight.over:
        cue = f"Combat over: {reason}" if reason else "Combat over"
    elif kept:
        cue = GM_TURN
    elif actor is not None:
        cue = f"{actor.name} is acting"
    elif due == "allies":
        cue = "Allies: pick who acts" if len(may) != 1 else f"Allies: {may[0].name} acts next"
    elif due is not None:
        cue = f"{SIDE_WORDS.get(due, due)} act next"
    elif round_done(fight):
        cue = "Round over"
    else:
        cue = ""
    return {
        "phase": PHASE_NAMES[phase] if phase and not fight.over and not kept else None,
        "side_due": due,
        "acting": actor.name if actor is not None and not hidden_actor else None,
        "acting_side": actor.side if actor is not None and not hidden_actor else None,
        "turn_of": turn_of,
        "may_act": [f.name for f in may],
        "cue": cue,
    }


def _zipper_row(fight: Fight, f: Fighter, label: dict[str, str], players: bool,
                may: set[str]) -> dict[str, Any]:
    """One combatant's place in the zipper: turns taken of allowed (R15), acting, may
    act (``may``: who may, R13), done, Slowed (Surprised counts, R12, R16), Surprised,
    out of the fight."""
    acting = fight.active == f.name
    return {
        "name": f.name, "side": f.side, "label": label[f.name],
        "turns_taken": f.turns_taken, "turns_allowed": f.turns_allowed,
        "acting": acting, "may_act": f.name in may,
        "done": not acting and f.turns_left == 0,
        "slowed": f.slowed, "surprised": f.has("Surprised"), "out": f.out,
        **_hidden_mark(f, players),
    }


def _conditions(f: Fighter, told: Callable[[str], str]) -> list[dict[str, Any]]:
    """Each condition with its stacks, and as the table writes it (``Hindered 2``); one
    whose name ``told`` leaves out (a made-up name holding a Hidden one's) is left out."""
    return [{"name": name, "stacks": c.stacks,
             "text": name if c.stacks == 1 else f"{name} {c.stacks}"}
            for name, c in f.conditions.items() if told(name)]


def _status(f: Fighter) -> str:
    return f.out_reason or "up"


def _square(f: Fighter) -> str | None:
    return square_name(f.position) if f.position is not None else None


_TERRAIN = {"swim": "swimming", "climb": "climbing"}


def _ally(fight: Fight, f: Fighter, label: dict[str, str], players: bool,
          told: Callable[[str], str]) -> dict[str, Any]:
    """An ally's whole card: the players see every number of their own side."""
    s = f.spec
    return {
        "name": f.name, "label": label[f.name], "square": _square(f), "size": s.size,
        "vitality": [f.vitality, s.max_vitality], "guard": [f.guard, s.max_guard],
        "vigor": [f.vigor, s.max_vigor], "strain": [f.strain, s.max_strain],
        "wounds": list(f.wounds), "wound_slots": s.wound_slots,
        "burdens": list(f.burdens), "burden_slots": s.burden_slots,
        "conditions": _conditions(f, told), "terrain": _TERRAIN.get(f.terrain),
        "status": _status(f), "acting": fight.active == f.name,
        **_hidden_mark(f, players),
    }


def _enemy(fight: Fight, f: Fighter, label: dict[str, str], players: bool,
           enemy_numbers: str, told: Callable[[str], str]) -> dict[str, Any]:
    """An enemy's card: its band and numbers as the setting shapes them for the players
    (R39: band, numbers or none), both for the GM."""
    s = f.spec
    shaped = players and numbers_hidden(f)
    band = not shaped or enemy_numbers in ("band", "numbers")
    numbers = not shaped or enemy_numbers == "numbers"
    return {
        "name": f.name, "label": label[f.name], "side": f.side, "square": _square(f),
        "size": s.size,
        "health": health_label(f) if band else None,
        "numbers": {"vitality": [f.vitality, s.max_vitality],
                    "guard": [f.guard, s.max_guard], "vigor": [f.vigor, s.max_vigor],
                    "strain": [f.strain, s.max_strain]} if numbers else None,
        "conditions": _conditions(f, told), "terrain": _TERRAIN.get(f.terrain),
        "status": _status(f), "acting": fight.active == f.name,
        **_hidden_mark(f, players),
    }


def _map(fight: Fight, shown: list[Fighter], label: dict[str, str], players: bool
         ) -> dict[str, Any] | None:
    """The board as it is now (doors opened or closed since the start): the squares that
    are not floor, row by row, and a token for each combatant shown that stands on it."""
    board = board_of(fight)
    if board is None:
        return None
    terrain: list[dict[str, Any]] = []
    for r, row in enumerate(board.squares):
        for c, t in enumerate(row):
            if t.kind == "floor":
                continue
            square: dict[str, Any] = {"square": square_name((c, r)), "kind": t.kind}
            if t.kind == "pit":
                square["depth"] = t.height
            if t.kind == "door":
                square["open"] = t.open
            terrain.append(square)
    tokens = [{"name": f.name, "label": label[f.name], "side": f.side,
               "squares": [square_name(sq) for sq in squares_of(f)],
               "acting": fight.active == f.name, "out": f.out,
               **_hidden_mark(f, players)}
              for f in shown if f.position is not None]
    return {"width": board.width, "height": board.height, "terrain": terrain,
            "tokens": tokens}
