"""What the live state offers tab completion, by kind of word: who may act now (R13),
combatants, conditions, stat blocks, sides, threat classes, the actor's weapons, the
target's hit locations, the encounter's scheduled events, the allies a ``seat`` may name
(cli/completion/completer.py and cli/completion/attack_words.py ask here)."""

from __future__ import annotations

from momenta_cli.engine.core import (
    THREAT_CLASSES,
    Fight,
    Fighter,
    NextTurn,
    find_fighter,
)
from momenta_cli.engine.gm import RESOURCES
from momenta_cli.engine.harm import condition_catalogue
from momenta_cli.engine.turns import may_act
from momenta_cli.errors import MomentaError
from momenta_cli.language import PROMPT_ONLY, VERBS

SIDES = ("allies", "adversaries", "independents")


def fighter(fight: Fight, text: str) -> Fighter | None:
    try:
        return find_fighter(fight, text)
    except MomentaError:
        return None


def names(fight: Fight) -> list[str]:
    return [f.name for f in fight.fighters.values() if not f.removed]


def may_start(fight: Fight, verb: str) -> list[str]:
    """Who a ``turn`` (or ``next``) may start now: the due side's combatants with a turn
    left in this phase (R13); for ``next``, once the running turn has ended: the pick
    the engine meets deciding a bare ``next`` (``survey``: nothing rolled, nothing
    kept), or the one it starts when there is no choice."""
    if verb == "next" and fight.active is not None:
        from momenta_cli.engine.core import survey

        try:
            events, asks = survey(fight, NextTurn(None))
        except MomentaError:
            return []
        pick = next((a for a in asks if a.kind == "pick"), None)
        if pick is not None:
            return [o.words for o in pick.options]
        return [e.name for e in events if e.kind == "turn_started"][:1]
    return [f.name for f in may_act(fight)]


def words_of(fight: Fight, kind: str, verb: str, actor: Fighter | None,
              target: Fighter | None) -> list[str]:
    if kind == "fighter":
        if verb in ("turn", "next"):
            return may_start(fight, verb)
        return names(fight)
    if kind == "condition":
        return sorted(condition_catalogue(fight))
    if kind == "stat block":
        return list(fight.encounter.stat_blocks)
    if kind == "side":
        return list(SIDES)
    if kind == "threat class":
        return list(THREAT_CLASSES)
    if kind == "resource":
        return list(RESOURCES)
    if kind == "verb":
        return verb_words()
    if kind == "weapon":
        return [w.name for w in actor.spec.weapons] if actor else []
    if kind == "location":
        return [loc.name for loc in target.spec.locations] if target else []
    if kind == "event":
        return scheduled_events(fight)
    if kind.startswith("choice:"):
        return kind[len("choice:"):].split("|")
    return []


def scheduled_events(fight: Fight) -> list[str]:
    """The encounter's scheduled events ``event NAME`` may fire now: all but a once-only
    one that has fired (the engine refuses it, skip included: engine/schedule/firing.py)."""
    return [e.name for e in fight.encounter.events if e.name not in fight.fired]


def verb_words() -> list[str]:
    """Every verb, then every alias (``lookup`` takes either), then the prompt's own
    commands (``seat``: language/prompt_only.py)."""
    out = [v.name for v in VERBS.values()]
    for v in VERBS.values():
        out += [a for a in v.aliases if a not in out]
    return out + [c for c in PROMPT_ONLY if c not in out]


def seat_words(fight: Fight, words: list[str]) -> list[str]:
    """What may follow ``seat`` (cli/seat_cmd.py): an ally's name (only allies have
    seats), then ``off``."""
    if not words:
        return [f.name for f in fight.fighters.values() if f.side == "allies"
                and not f.removed]
    return [] if words[-1].lower() == "off" else ["off"]
