"""Tab completion of an attack line: the names, then the options that may stand where
the cursor is (the attack grammar's table, language/attack_grammar.py, read as far as
the line goes by ``read_partial``), and the reactions the target may still declare as
the engine would allow them (ch19 Reactions, R7, R27). ``odds`` previews one attack on
one target: it offers the table's odds column (no typed rolls, Counterattack or further
Area targets)."""

from __future__ import annotations

from momenta_cli.cli.completion.grammar import KINDS, Shape
from momenta_cli.cli.completion.live_words import fighter, names, words_of
from momenta_cli.engine.attack import SHAPES, Attack, AttackRolled, open_reactions
from momenta_cli.engine.core import Ask, Fight, Fighter, WeaponSpec, survey
from momenta_cli.errors import MomentaError
from momenta_cli.language import (
    NONE_WORD,
    REACTION_WORDS,
    Kind,
    LineOption,
    Partial,
    Verb,
    Where,
    maneuver_of,
    options_at,
    read_partial,
)


def _position(verb: str, a: Partial) -> tuple[Where, str]:
    """Where the cursor is on an attack line: the part being typed (``odds``'s own words
    are the odds column's) and the maneuver it declares."""
    if a.place is Where.COUNTER:
        return Where.COUNTER, "Counterattack"
    if a.place is Where.FOR:
        return Where.FOR, maneuver_of(verb)
    return (Where.ODDS if verb == "odds" else Where.ATTACK), maneuver_of(verb)


def _offered(place: Where, maneuver: str, on_map: bool) -> list[LineOption]:
    """The options completion offers at ``place`` of a ``maneuver``'s line, the target's
    reactions aside (the engine says which it may still declare): those the table puts
    there, for that maneuver, and the map's own on a map."""
    return [o for o in options_at(place) if not o.engine
            and (on_map or not o.map_only)
            and (not o.maneuvers or maneuver in o.maneuvers)]


def _reaction_point(fight: Fight, v: Verb, target: Fighter, attacker: Fighter | None,
                    a: Partial) -> tuple[Ask | None, WeaponSpec | None, str | None]:
    """The target's reaction point as the engine meets it when the attack typed so far
    is decided (``survey``: nothing rolled, nothing kept), with the weapon and mode it
    was made with; Nones when it cannot be decided yet."""
    if attacker is None:
        return None, None, None
    cmd = Attack(attacker.name, target.name, maneuver=maneuver_of(v.name),
                 weapon=a.weapon, ranged=a.ranged, distance=a.distance)
    try:
        events, asks = survey(fight, cmd)
    except MomentaError:
        return None, None, None
    point = next((x for x in asks if x.kind == "reaction" and x.key[1] == ()), None)
    rolled = next((e for e in events if isinstance(e, AttackRolled)
                   and e.target == target.name and e.attacker == attacker.name), None)
    if rolled is None:
        return point, None, None
    w = next((x for x in attacker.spec.weapons if x.name == rolled.weapon), None)
    return point, w, rolled.mode


def _reaction_words(fight: Fight, v: Verb, target: Fighter, attacker: Fighter | None,
                    a: Partial) -> list[str]:
    """The reactions ``target`` may still declare against this attack: those the
    engine's reaction point offers (ch19 Reactions, R7, R27), and Brace when the engine
    allows it; for an attack that cannot be decided yet, every reaction some attack
    would allow."""
    if attacker is not None and attacker.name == target.name:
        return []  # R22: an attacker caught in its own area declares nothing
    point, weapon, mode = _reaction_point(fight, v, target, attacker, a)
    can = open_reactions(fight, target, weapon, mode)
    if point is not None:
        kinds = [(dict(o.change).get("defense"), dict(o.change).get("defense_with"),
                  "counter" in dict(o.change)) for o in point.options if not o.none]
        dodge = any(k == "dodge" for k, _, _ in kinds)
        deflect_with = tuple(w for k, w, _ in kinds if k == "deflect" and w)
        defenses = tuple(w for k, w, _ in kinds if k == "defend" and w)
        counter = any(c for _, _, c in kinds)
    else:
        dodge, deflect_with, defenses, counter = (can.dodge, can.deflect_with,
                                                  can.defenses, can.counter)
    out: list[str] = []
    if "defense" not in a.declared:
        if dodge:
            out.append("dodge")
        if deflect_with:
            out += ["deflect"] + [f"deflect={w}" for w in deflect_with]
        if defenses:
            out += ["defend"] + [f"defend={d}" for d in defenses]
    deals = v.name in ("attack", "intercept", "forestall", "odds")
    brace = point.may_brace if point is not None else can.brace and deals
    if brace and "brace" not in a.declared:
        out.append("brace")
    if counter and "counter" not in a.declared and v.name != "odds":  # odds: one attack
        out.append("counter")
    return out


# the answers to a push's triggers (language/trigger_words.py): forced movement is
# answered by Intercepts only (R35)
PUSH_WORDS = (*(w for w, m in REACTION_WORDS.items() if m == "Intercept"), NONE_WORD)


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
    if read_partial(its).pending is not None:
        return own  # an option's value comes next
    more = ["intercept"] if any(r.name.lower() not in named
                                for r in reactors(fight, target)) else []
    return own + more


def attack_words(fight: Fight, v: Verb, sh: Shape, words: list[str]) -> list[str]:
    """What may come next in an attack line (language/attack_grammar.py's table)."""
    on_map = fight.encounter.board is not None
    cut = next((i for i, w in enumerate(words) if w.lower() in PUSH_WORDS), None)
    if v.name == "shove" and on_map and cut is not None:
        before = read_partial(words[:cut])
        found = [fighter(fight, n) for n in before.names]
        return _push_words(fight, found[-1] if found else None, words[cut:])
    a = read_partial(words)
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
    if a.pending is not None:  # its value: a weapon, a hit location, POW or AGI
        if a.pending.choices:
            return list(a.pending.choices)
        whose = target if a.place is Where.COUNTER else attacker  # the Counterattack's
        return words_of(fight, KINDS.get(a.pending.metavar, "text"), v.name, whose, target)
    place, maneuver = _position(v.name, a)
    options = _offered(place, maneuver, on_map)
    # `attack [ATTACKER] area ...`: the area picks the targets (one name at most)
    area = [w for o in options if o.kind is Kind.AREA and o.field not in a.given
            and len(a.names) <= 1 for w in o.offers]
    if a.more == "" or (not a.options and (target is None or (two and len(a.names) < 2))):
        return names(fight) + (area if target is None else [])
    out: list[str] = []
    if target is not None and place is not Where.COUNTER:
        out += _reaction_words(fight, v, target, attacker, a)
    # Brace is the target's to declare: offered above only when the engine allows it
    out += [w for o in options if o.kind is not Kind.AREA and o.field not in a.given
            for w in o.offers]
    if target is None or a.names == []:
        out += area
    if v.name == "shove" and on_map and target is not None:
        out += PUSH_WORDS  # the push's answers (R35), last on the line
    return out
