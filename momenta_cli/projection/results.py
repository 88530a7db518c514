"""The last results of a fight in the players' words (``last_results``): who hit whom
(or tried a Grab, Shove or Feint that came to nothing), what damage did (an ally's in
numbers, an enemy's as the setting shapes it), Wounds, conditions gained and lost,
Defeats, turns and moves.

Built from the events by an allow-list: a kind of event with no wording here says
nothing, so an event added later is silent until someone decides what the players may
read of it. For the players, a line that concerns a combatant Hidden from them is
dropped: Hidden now, or when its command was run (a route walked while Hidden stays
untold once the creature is seen). It is found by the names in its event's fields and,
as a second net, by the text (a GM's reason or a made-up condition may hold a name,
in any case: ``mentions``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from momenta_cli.engine.core import (
    Entry,
    Event,
    Fight,
    apply_all,
    health_band,
    numbers_hidden,
    unseen,
)

LINES = 6  # the last results: how many lines at most
ENTRIES = 8  # looked for in the last this many entries (one command may say several)

# The verb of an attack by its maneuver, and of an effect (ch19) that comes to nothing.
_HITS = {"Basic Attack": "hits", "Counterattack": "counterattacks", "Intercept":
         "intercepts", "Forestall": "forestalls", "Feint": "feints", "Grab": "grabs",
         "Shove": "shoves"}
_FAILS = {"Feint": "tries to feint", "Grab": "tries to grab", "Shove": "tries to shove"}
_DAMAGED = ("vitality", "strain")  # the resources a result tells of


@dataclass
class Line:
    """One result: its text and every combatant it concerns."""

    text: str
    names: set[str] = field(default_factory=set)


@dataclass
class _View:
    """Who reads the results and how the setting shapes an enemy's numbers."""

    fight: Fight
    players: bool
    enemy_numbers: str  # band | numbers | none (Settings.players_enemy_numbers)

    def numbers(self, name: str) -> bool:
        """Whether the reader sees ``name``'s numbers (the GM sees everyone's)."""
        f = self.fight.fighters.get(name)
        if f is None or not self.players or not numbers_hidden(f):
            return True
        return self.enemy_numbers == "numbers"

    def band(self, name: str) -> bool:
        """Whether ``name``'s health band is told instead of (or beside) its numbers."""
        f = self.fight.fighters.get(name)
        return f is not None and numbers_hidden(f) and self.enemy_numbers != "none"

    def health(self, name: str, resource: str, value: int, down: bool) -> str | None:
        """What the reader may know of ``name``'s ``resource`` now at ``value``:
        ``Vitality 9/21``, ``Hurt``, both, or None."""
        f = self.fight.fighters.get(name)
        if f is None:
            return None
        top = f.spec.max_vitality if resource == "vitality" else f.spec.max_strain
        bits = []
        if resource == "vitality" and self.band(name):
            bits.append(health_band(value, top, out=down))
        if self.numbers(name):
            bits.append(f"{resource.capitalize()} {value}/{top}")
        return ", ".join(bits) or None


# A wording: the lines the events at ``i`` give and the indices of every event they tell
# (``i`` and, for an attack, its damage further on, which then gives no line of its own).
Worder = Callable[[_View, Sequence[Any], int], tuple[list[Line], list[int]]]
WORDERS: dict[str, Worder] = {}


def words(kind: str) -> Callable[[Worder], Worder]:
    """Register the players' wording of the events of ``kind`` (a ``Worder``)."""
    def deco(fn: Worder) -> Worder:
        WORDERS[kind] = fn
        return fn

    return deco


def _one(fn: Callable[[_View, Any], Line | None]) -> Worder:
    """A wording of one event on its own."""
    def worder(view: _View, events: Sequence[Any], i: int) -> tuple[list[Line], list[int]]:
        got = fn(view, events[i])
        return ([got] if got is not None else []), [i]

    return worder


_NEXT = ("attack_rolled", "turn_started", "turn_ended", "round_started")


@words("attack_rolled")
def _attack(view: _View, events: Sequence[Any], i: int) -> tuple[list[Line], list[int]]:
    """``Brannoc hits Gorm: Gorm is Hurt`` (the band), ``Gorm hits Brannoc: 6 damage
    (Vitality 9/21)`` (numbers), ``Gorm tries to shove Mira: no effect``: the attack with
    what its damage did, told once (its Vitality or Strain change gives no line of its
    own). An attack always deals its tier's damage, even at 0 net successes (R3): it
    hits; only Grab, Shove and Feint can come to nothing."""
    e = events[i]
    names = {e.attacker, e.target}
    if e.maneuver in _FAILS and e.net <= 0:  # an effect, not damage (ch19): it needs 1s
        return [Line(f"{e.attacker} {_FAILS[e.maneuver]} {e.target}: no effect", names)], [i]
    text = f"{e.attacker} {_HITS.get(e.maneuver, 'hits')} {e.target}"
    told = [i]
    end = next((j for j in range(i + 1, len(events)) if events[j].kind in _NEXT),
               len(events))
    damage = next((j for j in range(i + 1, end) if events[j].kind == "attack_damage"
                   and events[j].target == e.target), None)
    if damage is None:
        return [Line(text, names)], told
    d = events[damage]
    told.append(damage)
    change = next((j for j in range(damage + 1, end) if events[j].kind == "resource_set"
                   and events[j].name == e.target and events[j].reason == d.weapon
                   and events[j].resource in _DAMAGED), None)
    health = None
    if change is not None:
        told.append(change)
        r = events[change]
        down = any(x.kind == "fighter_down" and x.name == e.target
                   for x in events[damage:end])
        health = view.health(e.target, r.resource, r.after, down)
    if view.numbers(e.target):
        text += f": {d.amount} {'Strain' if d.strain else 'damage'}"
        text += f" ({health})" if health else ""
    elif health:
        text += f": {e.target} is {health}"
    return [Line(text, names)], told


@words("resource_set")
def _resource(view: _View, events: Sequence[Any], i: int) -> tuple[list[Line], list[int]]:
    """A Vitality or Strain change not told with an attack (the GM's damage, a fall,
    a heal): ``Gorm: Bloodied``, ``Mira: Vitality 12/18``."""
    e = events[i]
    if e.resource not in _DAMAGED or e.before == e.after:
        return [], [i]
    end = next((j for j in range(i + 1, len(events)) if events[j].kind in _NEXT),
               len(events))
    down = any(x.kind == "fighter_down" and x.name == e.name for x in events[i:end])
    told = view.health(e.name, e.resource, e.after, down)
    if told is None:
        return [], [i]
    return [Line(f"{e.name}: {told}", {e.name})], [i]


@_one
def _wound(view: _View, e: Any) -> Line | None:
    what = "Burden" if e.burden else "Wound"
    f = view.fight.fighters.get(e.name)
    if f is not None and view.players and numbers_hidden(f) and view.enemy_numbers == "none":
        return None  # how near an enemy is to falling is its numbers' business
    return Line(f"{e.name} takes a {what}: {e.condition}", {e.name})


@_one
def _condition(view: _View, e: Any) -> Line | None:
    if e.after <= 0 and e.before > 0:
        return Line(f"{e.name} is no longer {e.condition}", {e.name})
    if e.before <= 0 < e.after:
        stacks = f" {e.after}" if e.after > 1 else ""
        return Line(f"{e.name} is {e.condition}{stacks}", {e.name})
    if e.after != e.before:
        return Line(f"{e.name}: {e.condition} {e.after}", {e.name})
    return None


@_one
def _down(view: _View, e: Any) -> Line:
    return Line(f"{e.name} is {'Lost' if e.lost else 'Defeated'}", {e.name})


@_one
def _revived(view: _View, e: Any) -> Line:
    return Line(f"{e.name} is back in the fight", {e.name})


@_one
def _turn(view: _View, e: Any) -> Line:
    turn = f" (turn {e.turn})" if e.turn > 1 else ""
    return Line(f"{e.name}'s turn{turn}", {e.name})


@_one
def _round(view: _View, e: Any) -> Line:
    return Line(f"Round {e.round}: the {e.first_side} go first")


@_one
def _moved(view: _View, e: Any) -> Line | None:
    verb = "shifts" if e.how == "Shift" else "moves"
    if e.goes_on:
        verb = "goes on"
    if not e.path:
        return Line(f"{e.name} {verb}", {e.name}) if not e.goes_on else None
    return Line(f"{e.name} {verb} to {e.path[-1]}", {e.name})


@_one
def _forced(view: _View, e: Any) -> Line:
    how = "dragged" if e.kind == "dragged" else "pushed"
    to = f" to {e.path[-1]}" if e.path else ""
    return Line(f"{e.name} is {how}{to} by {e.by}", {e.name, e.by})


@_one
def _fell(view: _View, e: Any) -> Line:
    return Line(f"{e.name} falls {e.squares} square{'s' if e.squares != 1 else ''}",
                {e.name})


@_one
def _placed(view: _View, e: Any) -> Line:
    verb = "comes in" if e.was is None else "is placed"
    return Line(f"{e.name} {verb} at {e.square}", {e.name})


@_one
def _added(view: _View, e: Any) -> Line:
    return Line(f"{e.name} joins the {e.side}", {e.name})


@_one
def _removed(view: _View, e: Any) -> Line:
    return Line(f"{e.name} leaves the fight", {e.name})


@_one
def _door(view: _View, e: Any) -> Line:
    return Line(f"The door at {e.square} {'opens' if e.open else 'closes'}")


@_one
def _over(view: _View, e: Any) -> Line:
    return Line(f"Combat over: {e.reason}" if e.reason else "Combat over")


@_one
def _event_said(view: _View, e: Any) -> Line | None:
    """A scheduled event's read-aloud text, when the encounter marks it for the players
    (``players: true``); the GM's script itself is never told."""
    return Line(e.say) if e.players and e.say and not e.declined else None


for _kind, _worder in {"wound_taken": _wound, "condition_changed": _condition,
                       "fighter_down": _down, "fighter_revived": _revived,
                       "turn_started": _turn, "round_started": _round, "moved": _moved,
                       "dragged": _forced, "shoved": _forced, "fell": _fell,
                       "placed_at": _placed, "fighter_added": _added,
                       "fighter_removed": _removed, "door_set": _door,
                       "combat_ended": _over, "event_fired": _event_said}.items():
    WORDERS[_kind] = _worder


def _named(e: Event, everyone: set[str]) -> set[str]:
    """Every combatant a field of ``e`` names (a string, or strings in a tuple or
    list, equal to a fighter's name): what a line told from it concerns."""
    out: set[str] = set()
    for f in fields(e):
        value = getattr(e, f.name)
        values = value if isinstance(value, (tuple, list)) else (value,)
        for v in values:
            if isinstance(v, str) and v in everyone:
                out.add(v)
            elif isinstance(v, (tuple, list)):  # pairs such as (reactor, reaction)
                out.update(x for x in v if isinstance(x, str) and x in everyone)
    return out


def entry_results(fight: Fight, events: Sequence[Event], *, players: bool = True
                  ) -> list[Line]:
    """The lines of one entry's events, unfiltered (``last_results`` drops the ones the
    players may not read)."""
    view = _View(fight, players, fight.settings.players_enemy_numbers)
    everyone = set(fight.fighters)
    out: list[Line] = []
    done: set[int] = set()
    for i, event in enumerate(events):
        worder = WORDERS.get(event.kind)
        if i in done or worder is None:  # told already, or not on the allow-list
            continue
        lines, told = worder(view, events, i)
        done.update(told)
        names: set[str] = set()
        for j in told:
            names |= _named(events[j], everyone)
        for line in lines:
            line.names |= names
        out += lines
    return out


def mentions(text: str, names: Collection[str]) -> bool:
    """Whether ``text`` names one of ``names`` as a word of its own, in any case
    (``KNIFE-1 slips away`` names Knife-1; ``Mira`` does not name a ``Mir``): what a
    line of free text is left out of the players' view for."""
    if not names or not text:
        return False
    folded = text.casefold()
    return any(re.search(rf"(?<!\w){re.escape(n.casefold())}(?!\w)", folded)
               for n in names if n)


def unseen_names(fight: Fight) -> set[str]:
    """The combatants Hidden from the players in ``fight`` (engine/core ``unseen``)."""
    return {f.name for f in fight.fighters.values() if unseen(f)}


def _hidden_then(initial: Fight | None, entries: Sequence[Entry], reach: int
                 ) -> list[set[str]]:
    """For each of the last ``reach`` entries, who was Hidden from the players just
    before or just after it: the fight replayed from ``initial`` (its events applied,
    nothing decided). Empty sets without ``initial``."""
    last = list(entries[-reach:]) if reach > 0 else []
    if initial is None:
        return [set() for _ in last]
    state = initial.clone()
    for entry in entries[:len(entries) - len(last)]:
        apply_all(state, entry.events)
    out = []
    for entry in last:
        before = unseen_names(state)
        apply_all(state, entry.events)
        out.append(before | unseen_names(state))
    return out


def last_results(fight: Fight, entries: Sequence[Entry], *, players: bool = True,
                 lines: int = LINES, reach: int = ENTRIES,
                 initial: Fight | None = None) -> list[str]:
    """The last ``lines`` results over the last ``reach`` entries, oldest first, in the
    players' words. For the players (``players``), nothing about a combatant Hidden from
    them, now or when the entry's command ran (``initial``: the fight's opening state,
    to replay the entries from; without it, only who is Hidden now counts): a line whose
    events name one, or whose text ``mentions`` one, is dropped. The GM's (``players``
    False) keeps every line and every number."""
    now = unseen_names(fight) if players else set()
    then = _hidden_then(initial, entries, reach) if players else None
    out: list[str] = []
    for k, entry in enumerate(entries[-reach:] if reach > 0 else ()):
        hidden = now | then[k] if then is not None else now
        for line in entry_results(fight, entry.events, players=players):
            if line.names & hidden or mentions(line.text, hidden):
                continue
            out.append(line.text)
    return out[-lines:] if lines > 0 else []
