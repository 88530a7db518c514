"""Deciding the GM's direct commands: conditions, surprise, defeat, reinforcements,
overrides of resources, ending the combat. Each is logged and undoable like any other."""

from __future__ import annotations

from collections.abc import Iterable

from momenta_cli.engine.battlefield import stands_up
from momenta_cli.engine.core import (
    TYPO_ALIKE,
    AddNote,
    Adjust,
    ChangeCondition,
    CombatEnded,
    ConditionChanged,
    Defeat,
    EndCombat,
    Event,
    Fight,
    Fighter,
    FighterRemoved,
    FighterRevived,
    Note,
    Remove,
    ResourceSet,
    Revive,
    Roller,
    Surprise,
    candidates,
    closest_names,
    find_fighter,
    handles,
)
from momenta_cli.engine.harm import (
    OPERAND,
    TABLE_CAP,
    ConditionMadeUp,
    add_strain,
    capped,
    condition_catalogue,
    deal_harm,
    gain_condition,
    goes_down,
    lose_condition,
    resolve_condition,
    soak,
)
from momenta_cli.engine.turns import wracked_types
from momenta_cli.errors import RuleError
from momenta_cli.text import name_key, name_problem

RESOURCES = ("vitality", "guard", "vigor", "strain", "resolve", "consumables")


def _live(fight: Fight, name: str) -> Fighter:
    f = find_fighter(fight, name)
    if f.removed:
        raise RuleError(f"{f.name} has been removed from the fight")
    return f


def _source(fight: Fight, text: str | None) -> str | None:
    """A condition's source as stored: the canonical name when it names a combatant (so
    Provoked "from orc" matches Orc), else the text as the GM typed it."""
    if text is None:
        return None
    try:
        return find_fighter(fight, text).name
    except RuleError:
        return text


def _wracked_source(fight: Fight, text: str | None) -> str | None:
    """Wracked's source is its damage type (condition table): the known type's spelling,
    never a combatant's name."""
    if text is None:
        return None
    types = wracked_types(fight, text)
    return "Physical" if len(types) > 1 else (types[0] if types else text)


@handles(ChangeCondition)
def change_condition(fight: Fight, cmd: ChangeCondition, roller: Roller) -> list[Event]:
    """GM command ``cond``: add, remove or set stacks of a condition (caps, immunities)."""
    f = _live(fight, cmd.target)
    if cmd.new:
        made_up = _made_up(fight, f, cmd)
        if made_up is not None:
            return made_up
    offer = _new_name_problem(condition_catalogue(fight), " ".join(cmd.condition.split())) is None
    name = resolve_condition(fight, cmd.condition, hint=_NEW_HINT.format(
        f=f.name, c=cmd.condition) if offer else "")  # never offer what `new` refuses
    if name in ("Defeated", "Lost"):
        raise RuleError(f"use 'defeat {f.name}' or 'revive {f.name}' for {name}")
    before = f.stacks(name)
    if name == "Surprised" and (cmd.op == "+" or (cmd.op == "=" and (cmd.n or 0) > 0
                                                  and before == 0)):
        return surprise(fight, Surprise(f.name), roller)  # R16 holds it when due
    source = _wracked_source(fight, cmd.source) if name == "Wracked" \
        else _source(fight, cmd.source)
    if cmd.op == "+":
        if name in f.spec.immunities:
            raise RuleError(f"{f.name} is immune to {name}")
        events = gain_condition(fight, f, name, cmd.n or 1, source=source)
        if not events:
            raise RuleError(f"{f.name} already has {name} at its cap ({before})")
        return events
    if cmd.op == "-":
        if before == 0:
            raise RuleError(f"{f.name} has no {name}")
        return lose_condition(fight, f, name, cmd.n)
    n = cmd.n or 0
    if n < 0:
        raise RuleError("stacks cannot be negative")
    after = capped(fight, name, n)
    if after == before:
        raise RuleError(f"{f.name} already has {name} {before}")
    if after > 0 and name in f.spec.immunities:
        raise RuleError(f"{f.name} is immune to {name}")
    src = source or (f.conditions[name].source if name in f.conditions else None)
    return [ConditionChanged(f.name, name, before, after, "gm", src)]


_NEW_HINT = " (or make it up: cond {f} {c} new)"


def _new_name_problem(known: Iterable[str], text: str) -> str | None:
    """Why ``text`` cannot name a condition made up at the table, or None."""
    why = name_problem(text)
    if why:
        return f"a condition name {why}"
    # `hind` made up would hide Hindered, which `cond gorm hind` names by its prefix
    shadowed = sorted(k for k in known if name_key(k).startswith(name_key(text)))
    if shadowed:
        some = ", ".join(shadowed[:3]) + (", ..." if len(shadowed) > 3 else "")
        return (f"{text} is the start of {some}, which it would hide: give the new "
                "condition a name of its own")
    if OPERAND.match(text):
        return (f"{text} cannot name a condition: cond reads it as stacks or as one of "
                "its words (cond NAME CONDITION +N new)")
    return None


def _made_up(fight: Fight, f: Fighter, cmd: ChangeCondition) -> list[Event] | None:
    """``cond NAME CONDITION ... new``: a condition not in the catalogue (nor the
    encounter's, nor made up already) is made up at the table, persistent, at most 3
    stacks, a reminder only; the event that gives it makes it known to the fight. None
    when the condition is known by that name already (then it is the usual ``cond``).

    Its name follows the rule of every name (text.name_problem) and is not a word ``cond``
    reads otherwise (``+1``, ``-all``, ``new``). One close to a known condition's
    (``Frightend``) is still made up, as ``new`` asks, and the log says "did you mean
    Frightened?" (undo takes it back), as ``add`` does for a stat block. One that starts a
    known condition's name (``hind``: Hindered) is refused: it would hide that one from
    its prefix."""
    text = " ".join(cmd.condition.split())
    known = condition_catalogue(fight)
    if any(name_key(k) == name_key(text) for k in known):
        return None
    why = _new_name_problem(known, text)
    if why:
        raise RuleError(why)
    name = text[:1].upper() + text[1:] if text.islower() else text
    n = cmd.n or 0
    if cmd.op == "-" or n <= 0:
        raise RuleError(f"nobody has {name} yet: a new condition starts with +N or =N")
    after = min(n, TABLE_CAP)
    near = tuple(closest_names(text, sorted(known), TYPO_ALIKE))
    return [ConditionMadeUp(name, near),
            ConditionChanged(f.name, name, 0, after, "gm", _source(fight, cmd.source))]


@handles(Surprise)
def surprise(fight: Fight, cmd: Surprise, roller: Roller) -> list[Event]:
    """ch18 Surprise / R16: Surprise inflicted after the fighter acted lasts to the end of
    its next turn. Clearing happens at the next end-of-turn step anyway (the end of the
    fighter's last turn of a round), so only a Surprise inflicted during the fighter's own
    running LAST turn of the round must be held past it; one inflicted during turn 1 of 2
    clears at the end of turn 2."""
    f = _live(fight, cmd.target)
    if f.has("Surprised"):
        raise RuleError(f"{f.name} is already Surprised")
    if "Surprised" in f.spec.immunities:
        raise RuleError(f"{f.name} is immune to Surprised")
    mid_turn = fight.active == f.name and f.turns_taken + 1 >= f.turns_allowed
    return [ConditionChanged(f.name, "Surprised", 0, 1, "gm", "surprise", hold=mid_turn)]


@handles(Defeat)
def defeat(fight: Fight, cmd: Defeat, roller: Roller) -> list[Event]:
    """GM command ``defeat``: the fighter is Defeated at once (R11); its grabs end."""
    f = _live(fight, cmd.target)
    if f.defeated:
        raise RuleError(f"{f.name} is already Defeated")
    return goes_down(fight, f, reason="the GM")


@handles(Revive)
def revive(fight: Fight, cmd: Revive, roller: Roller) -> list[Event]:
    """GM command ``revive``: a Defeated or Lost fighter is back in the fight; on a map,
    on its own square when that still holds it, or at ``cmd.at`` (positions.stands_up)."""
    f = _live(fight, cmd.target)
    if not (f.defeated or f.lost):
        raise RuleError(f"{f.name} is neither Defeated nor Lost")
    return [*stands_up(fight, f, cmd.at), FighterRevived(f.name)]


@handles(Remove)
def remove(fight: Fight, cmd: Remove, roller: Roller) -> list[Event]:
    """GM command ``remove``: the fighter leaves the fight (fled, dismissed); every grab
    it is part of ends (R11, ch19 Grab)."""
    from momenta_cli.engine.movement import end_every_grab

    f = _live(fight, cmd.target)
    return [*end_every_grab(fight, f, "out of the fight"), FighterRemoved(f.name)]


@handles(EndCombat)
def end_combat(fight: Fight, cmd: EndCombat, roller: Roller) -> list[Event]:
    """GM command ``over``: the fight is over."""
    return [CombatEnded(cmd.reason)]


@handles(AddNote)
def add_note(fight: Fight, cmd: AddNote, roller: Roller) -> list[Event]:
    """GM command ``note``: a line of text in the log; changes nothing."""
    return [Note(cmd.text)]


@handles(Adjust)
def adjust(fight: Fight, cmd: Adjust, roller: Roller) -> list[Event]:
    """GM overrides (issue: direct damage, healing, Strain, Guard incl. Over-Guard, set)."""
    f = _live(fight, cmd.target)
    n = cmd.amount
    if n < 0:
        raise RuleError("the amount must be 0 or more")
    if cmd.how == "damage":
        if f.out:
            raise RuleError(f"{f.name} is already out of the fight")
        events: list[Event] = []
        rest = n
        if not cmd.untyped and f.guard > 0:  # ch20 step 4: Guard first
            absorbed = soak(f.guard, n)
            events.append(ResourceSet(f.name, "guard", f.guard, f.guard - absorbed, "damage"))
            rest -= absorbed
        return events + deal_harm(fight, f, rest, roller, reason="damage")
    if cmd.how == "strain":
        if f.out:
            raise RuleError(f"{f.name} is already out of the fight")
        return add_strain(fight, f, n, roller, reason="strain")
    if cmd.how == "heal":
        top = f.spec.max_vitality
        if f.out:
            raise RuleError(f"{f.name} is out of the fight: revive them first")
        return [ResourceSet(f.name, "vitality", f.vitality, min(f.vitality + n, top), "heal")]
    if cmd.how == "relieve":
        return [ResourceSet(f.name, "strain", f.strain, max(f.strain - n, 0), "relieve")]
    if cmd.how == "guard":
        return [ResourceSet(f.name, "guard", f.guard, n, "gm")]
    if cmd.how == "set":
        res = (cmd.resource or "").lower()
        hits = candidates(RESOURCES, res) if res else []
        if len(hits) != 1:
            raise RuleError(f"set what? one of {', '.join(RESOURCES)}")
        res = hits[0]
        cap = {"vitality": f.spec.max_vitality, "vigor": f.spec.max_vigor,
               "strain": f.spec.max_strain, "resolve": f.spec.max_resolve,
               "consumables": f.spec.consumables}.get(res)
        if cap is not None and n > cap:
            raise RuleError(f"{res} cannot exceed {cap} for {f.name}")
        return [ResourceSet(f.name, res, getattr(f, res), n, "set")]
    raise RuleError(f"unknown adjustment {cmd.how!r}")
