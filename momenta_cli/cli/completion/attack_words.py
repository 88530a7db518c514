"""Tab completion of an attack line (language/attack_verbs.py's grammar): the names,
then the options, and the reactions the target may still declare as the engine would
allow them (ch19 Reactions, R7, R27). ``odds`` previews one attack on one target, so it
has no typed rolls, Counterattack or further Area targets."""

from __future__ import annotations

from dataclasses import dataclass, field

from momenta_cli.cli.completion.grammar import Shape
from momenta_cli.cli.completion.live_words import fighter, names, words_of
from momenta_cli.engine.attack import SHAPES, Attack, mode_for, open_reactions, weapon_for
from momenta_cli.engine.core import Fight, Fighter, WeaponSpec
from momenta_cli.errors import MomentaError
from momenta_cli.language import (
    COUNTER_WORDS,
    DEFENSE_WORDS,
    FLAG_OPTIONS,
    VALUED_OPTIONS,
    Verb,
    is_option,
)
from momenta_cli.text import is_digits

# the maneuver each attack verb declares (language/attack_verbs.py); the rest: Basic Attack
MANEUVER = {"feint": "Feint", "grab": "Grab", "shove": "Shove", "intercept": "Intercept",
            "forestall": "Forestall"}


@dataclass
class _Attack:
    """What the words of an attack line so far say."""

    names: list[str] = field(default_factory=list)
    options: bool = False  # an option word was seen: no more names
    weapon: str | None = None
    ranged: bool = False
    distance: int | None = None  # dist N, adjacent: a weapon with both is ranged past reach
    counter: bool = False  # in the words describing the target's Counterattack
    declared: set[str] = field(default_factory=set)
    key: str | None = None  # an option waiting for its value
    more: str | None = None  # the name after `for`, once typed ("" while awaited)
    given: set[str] = field(default_factory=set)  # what this part's options set already
    area: list[str] | None = None  # the words after `area` while its shape, size and
    # square are still being typed (None: no area, or it is complete)


def _field(word: str) -> str:
    """What an attack option sets (language/attack_verbs.py): ``adjacent`` and ``dist``
    both say the distance, ``thrown`` and ``ranged`` the mode; each may be given once."""
    if word == "adjacent":
        return "distance"
    return VALUED_OPTIONS.get(word) or FLAG_OPTIONS.get(word) or word


def _distance(word: str) -> int | None:
    """``dist N``'s N as the attack verb reads it (ASCII digits, at most five), else
    None: completion never hands ``int`` a ``²`` or 5,000 digits."""
    return int(word) if is_digits(word) and len(word) <= 5 else None


def _read_attack(words: list[str]) -> _Attack:
    a = _Attack()
    for w in words:
        low = w.lower()
        if a.area is not None:  # area SHAPE [N] SQUARE (language/attack_verbs.py ``_area``)
            a.area.append(low)
            if not (len(a.area) == 1 or (len(a.area) == 2 and low.isdigit())):
                a.area = None  # the square: the area is complete
            continue
        if low == "area":
            a.area, a.options = [], True
            a.given.add("area")
            continue
        if a.key is not None:
            if a.key == "with" and not a.counter and a.more is None:
                a.weapon = w
            if a.key == "dist" and not a.counter and a.more is None \
                    and _distance(w) is not None:
                a.distance = _distance(w)
            a.key = None
            continue
        if low == "for":
            a.more, a.counter, a.options = "", False, True
            a.declared, a.given = set(), set()
            continue
        if a.more == "":
            a.more = w
            continue
        if low in COUNTER_WORDS:
            a.counter, a.options = True, True
            a.declared.add("counter")
            a.given = set()  # the Counterattack has options of its own
            continue
        if is_option(w):
            a.options = True
            key, eq, _ = low.partition("=")
            a.given.add(_field(key))
            if key in VALUED_OPTIONS and not eq:
                a.key = key
            if key in DEFENSE_WORDS:
                a.declared.add("defense")
            if low == "adjacent" and not a.counter:
                a.distance = 1
            if key == "dist" and eq and _distance(low[5:]) is not None and not a.counter:
                a.distance = _distance(low[5:])
            if low in ("brace", "thrown", "ranged"):
                a.declared.add(low)
                a.ranged = a.ranged or low != "brace"
            continue
        if not a.options:
            a.names.append(w)
    return a


def _reaction_words(fight: Fight, v: Verb, target: Fighter, attacker: Fighter | None,
                    a: _Attack) -> list[str]:
    """The reactions ``target`` may still declare against this attack, as the engine
    would allow them (ch19 Reactions, R7, R27)."""
    weapon: WeaponSpec | None = None
    mode = None
    if attacker is not None:  # the weapon and the mode as the engine will pick them
        cmd = Attack(attacker.name, target.name, maneuver=MANEUVER.get(v.name, "Basic Attack"),
                     weapon=a.weapon, ranged=a.ranged, distance=a.distance)
        try:
            weapon = weapon_for(attacker, cmd)
            mode = mode_for(weapon, cmd)
        except MomentaError:
            weapon, mode = None, None
    can = open_reactions(fight, target, weapon, mode)
    out: list[str] = []
    if "defense" not in a.declared:
        if can.dodge:
            out.append("dodge")
        if can.deflect_with:
            out += ["deflect"] + [f"deflect={w}" for w in can.deflect_with]
        if can.defenses:
            out += ["defend"] + [f"defend={d}" for d in can.defenses]
    deals = v.name in ("attack", "intercept", "forestall", "odds")
    if can.brace and deals and "brace" not in a.declared:
        out.append("brace")
    if can.counter and "counter" not in a.declared and v.name != "odds":  # odds: one attack
        out.append("counter")
    return out


ATTACK_KEYS = ("with", "at", "as", "using", "dist", "roll", "def", "cost")
ATTACK_FLAGS = ("adjacent", "thrown", "cover", "obscured", "+1d", "-1d", "for")
# the map's words: the GM overruling its line of sight and cover, an area aimed at it
MAP_FLAGS = ("sight", "no-cover")
# odds previews one attack on one target over every roll (odds/from_fight.py refuses the
# rest): no typed rolls, no Counterattack, no further Area targets
ODDS_KEYS = tuple(k for k in ATTACK_KEYS if k not in ("roll", "def"))
ODDS_FLAGS = tuple(f for f in ATTACK_FLAGS if f != "for")


PUSH_WORDS = ("intercept", "no-reactions")  # language/trigger_words.py


def _push_words(fight: Fight, target: Fighter | None, after: list[str]) -> list[str]:
    """What may follow a shove's own words on a map once its push's answers begin
    (``intercept REACTOR [OPTIONS] ...`` or ``no-reactions``, R35): after
    ``intercept`` the combatants who may answer the pushed one's movement
    (engine/movement/triggers.py ``reactors``: how far the push goes the roll
    decides), then the Intercept's own options, or another ``intercept``."""
    from momenta_cli.cli.completion.grammar import shape
    from momenta_cli.engine.movement import reactors
    from momenta_cli.language import lookup

    low = [w.lower() for w in after]
    if "no-reactions" in low or target is None:
        return []
    named = {low[i + 1] for i in range(len(low) - 1) if low[i] == "intercept"}
    if low[-1] == "intercept":
        return [r.name for r in reactors(fight, target) if r.name.lower() not in named]
    last = max(i for i, w in enumerate(low) if w == "intercept")
    v = lookup("intercept")
    its = [after[last + 1], target.name, *after[last + 2:]]
    own = attack_words(fight, v, shape(v), its)
    if _read_attack(its).key is not None:
        return own  # an option's value comes next
    more = ["intercept"] if any(r.name.lower() not in named
                                for r in reactors(fight, target)) else []
    return own + more


def attack_words(fight: Fight, v: Verb, sh: Shape, words: list[str]) -> list[str]:
    """What may come next in an attack line (language/attack_verbs.py's grammar)."""
    on_map = fight.encounter.board is not None
    cut = next((i for i, w in enumerate(words) if w.lower() in PUSH_WORDS), None)
    if v.name == "shove" and on_map and cut is not None:
        before = _read_attack(words[:cut])
        found = [fighter(fight, n) for n in before.names]
        return _push_words(fight, found[-1] if found else None, words[cut:])
    a = _read_attack(words)
    if a.area is not None:  # after `area`: its shape; then a size or a square (none named)
        return list(SHAPES) if not a.area else []
    active = fight.get(fight.active) if fight.active else None
    two = sh.slots and not sh.slots[0][1] and len(sh.slots) > 1  # REACTOR MOVER
    found = [fighter(fight, n) for n in a.names]
    if two or len(a.names) >= 2:
        attacker = found[0] if found else None
        target = found[1] if len(found) > 1 else None
    elif a.names and found[0] is not None and found[0] is not active:
        attacker, target = active, found[0]
    else:  # `attack` alone, or the actor named first: the target comes next
        attacker, target = (found[0] if found else active), None
    if a.more is not None and a.more != "":
        target = fighter(fight, a.more)
    if a.key is not None:
        if a.key == "with":
            whose = target if a.counter else attacker
            return [w.name for w in whose.spec.weapons] if whose else []
        if a.key == "at":
            return words_of(fight, "location", v.name, None, target)
        if a.key == "using":
            return ["POW", "AGI"]
        return []
    # `attack [ATTACKER] area ...`: the area picks the targets (a Basic Attack, a map)
    area = ["area"] if on_map and v.name == "attack" and "area" not in a.given \
        and a.more is None and not a.counter and len(a.names) <= 1 else []
    if a.more == "" or (not a.options and (target is None or (two and len(a.names) < 2))):
        return names(fight) + (area if target is None else [])
    out: list[str] = []
    if target is not None and not a.counter:
        out += _reaction_words(fight, v, target, attacker, a)
    # Brace is the target's to declare: offered above only when the engine allows it
    keys, flags = (ODDS_KEYS, ODDS_FLAGS) if v.name == "odds" else (ATTACK_KEYS, ATTACK_FLAGS)
    options = list(keys) + list(flags) + [f for f in sh.flags if f != "brace"]
    if on_map:
        options += [*MAP_FLAGS, *(area if target is None or a.names == [] else [])]
        if v.name == "shove" and target is not None and a.key is None:
            options += PUSH_WORDS  # the push's answers (R35), last on the line
    return out + [w for w in options if _field(w) not in a.given]
