"""Tab completion that knows the command language: after a verb, only what may follow it.

The grammar is read from the verb table itself (cli/grammar.py reads each usage line):
``cond NAME CONDITION ...`` says a combatant comes first, then a condition. Each
placeholder names a kind of word; what those words are comes from the live state and the
engine: who may act now (R13), the actor's own weapons, the target's hit locations, the
reactions the target may still declare (ch19 Reactions, engine/reactions.py).

Pure: no prompt_toolkit here (cli/prompt.py wraps ``complete`` in a Completer), so the
grammar is tested with plain strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from momenta_cli.cli.grammar import Shape, shape
from momenta_cli.commands import VERBS
from momenta_cli.commands import attack_verbs as av
from momenta_cli.commands.language import Verb, is_number, lookup, parse_line
from momenta_cli.engine import turns
from momenta_cli.engine.clearing import match_typed
from momenta_cli.engine.commands import ChangeCondition, NextTurn
from momenta_cli.engine.conditions import catalogue
from momenta_cli.engine.gm import RESOURCES
from momenta_cli.engine.names import candidates, find
from momenta_cli.engine.reactions import open_reactions, pick_weapon
from momenta_cli.engine.rolls import Typed
from momenta_cli.engine.specs import THREAT_CLASSES, WeaponSpec
from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.errors import MomentaError

SIDES = ("allies", "adversaries", "independents")

# --- the words before the cursor --------------------------------------------------------


def split_before(before: str) -> tuple[list[str], str, str]:
    """``(done words, current word as typed, current word unquoted)``: quotes group words
    with spaces (a quote opens only at the start of a word or after ``=``; ``kira's`` is
    one word), the current word may be an open quote."""
    done: list[str] = []
    cur, raw_start, open_quote = "", None, ""
    for i, ch in enumerate(before):
        if open_quote:
            if ch == open_quote:
                open_quote = ""
            else:
                cur += ch
        elif ch.isspace():
            if raw_start is not None:
                done.append(cur)
            cur, raw_start = "", None
        else:
            if raw_start is None:
                raw_start = i
            if ch in "\"'" and (cur == "" or cur.endswith("=")):
                open_quote = ch
            else:
                cur += ch
    raw = before[raw_start:] if raw_start is not None else ""
    return done, raw, cur


def quote(word: str) -> str:
    """``word`` as the command language reads it back: in double quotes when it holds a
    space (after the ``=`` of ``deflect=Tower Shield``)."""
    if not any(c.isspace() for c in word):
        return word
    key, eq, value = word.partition("=")
    if not (eq and not any(c.isspace() for c in key)):
        key, eq, value = "", "", word
    q = "'" if '"' in value and "'" not in value else '"'  # a name may hold a quote
    return f"{key}{eq}{q}{value}{q}"


# --- what the state offers --------------------------------------------------------------


class _Ones:
    """Dice for looking ahead: the end of a turn may roll to clear conditions; who may
    act next never depends on those faces but through Slowed, which a 1 keeps."""

    def roll(self, n: int) -> list[int]:
        return [1] * n


def _fighter(fight: Fight, text: str) -> Fighter | None:
    try:
        return find(fight, text)
    except MomentaError:
        return None


def _names(fight: Fight) -> list[str]:
    return [f.name for f in fight.fighters.values() if not f.removed]


def may_start(fight: Fight, verb: str) -> list[str]:
    """Who a ``turn`` (or ``next``) may start now: the due side's combatants with a turn
    left in this phase (R13); for ``next``, once the running turn has ended."""
    if verb == "next" and fight.active is not None:
        from momenta_cli.engine.flow import picking_from

        try:
            fight = picking_from(fight, NextTurn(None), _Ones())
        except MomentaError:
            return []
    return [f.name for f in turns.may_act(fight)]


def _words_of(fight: Fight, kind: str, verb: str, actor: Fighter | None,
              target: Fighter | None) -> list[str]:
    if kind == "fighter":
        if verb in ("turn", "next"):
            return may_start(fight, verb)
        return _names(fight)
    if kind == "condition":
        return sorted(catalogue(fight))
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
    if kind.startswith("choice:"):
        return kind[len("choice:"):].split("|")
    return []


def verb_words() -> list[str]:
    """Every verb, then every alias (``lookup`` takes either)."""
    out = [v.name for v in VERBS.values()]
    for v in VERBS.values():
        out += [a for a in v.aliases if a not in out]
    return out


# --- positions --------------------------------------------------------------------------


def _fits(kind: str, word: str) -> bool:
    return is_number(word) if kind == "number" else not is_number(word)


def _is_count(sh: Shape, word: str) -> bool:
    low = word.lower()
    return bool(sh.count) and low.startswith(sh.count) and low[len(sh.count):].isdigit()


def _plain(fight: Fight, v: Verb, sh: Shape, words: list[str]) -> list[str]:
    """What may come next after ``words`` for a verb without the attack grammar: a keyword
    or a flag already given is not offered again (the parsers refuse it twice or read it
    once)."""
    i, key = 0, None
    actor = fight.get(fight.active) if fight.active else None
    given: set[str] = set()
    for w in words:
        low = w.lower()
        if key is not None:
            key = None
            continue
        if low in sh.keys:
            key = low
            given.add(low)
            continue
        if low in sh.flags:
            given.add(low)
            continue
        if sh.cond_results and "=" in w:
            given.add(low.partition("=")[0])
            continue
        if _is_count(sh, w):
            given.add(sh.count)
            continue
        while i < len(sh.slots) and sh.slots[i][1] and not _fits(sh.slots[i][0], w):
            i += 1  # an optional slot the word does not fill: `move 4` names nobody
        if i < len(sh.slots):
            if sh.slots[i][0] == "fighter":
                actor = _fighter(fight, w) or actor
            i += 1
    if key is not None:
        return _words_of(fight, sh.keys[key], v.name, actor, None)
    out: list[str] = []
    while i < len(sh.slots):
        kind, optional = sh.slots[i]
        out += _words_of(fight, kind, v.name, actor, None)
        if not optional:
            return out
        i += 1
    out += [k for k in sh.keys if k not in given]
    out += [f for f in sh.flags if f not in given and (f != "new" or v.name != "cond"
                                                       or _makes_up(fight, words))]
    if sh.count and sh.count not in given:
        out.append(f"{sh.count}2")
    if sh.cond_results:
        out += [c.lower() + "=" for c in clearable(fight, "forgo" in given)
                if c.lower() not in given]
    return out


_TYPED = Typed(successes=0)  # a stand-in: which conditions may be typed, not the result


def clearable(fight: Fight, forgo: bool = False) -> list[str]:
    """The running actor's conditions a ``COND=RESULT`` may type: those the engine would
    roll to clear as the turn ends (the test ``end`` makes: engine/clearing.py
    ``match_typed``); none when this is not its last turn of the round (R15) unless
    ``forgo`` gives up the rest, nor for an enemy that sheds conditions by its class
    (R30)."""
    if fight.active is None or fight.over:
        return []
    f = fight.get(fight.active)
    if f.turns_allowed - f.turns_taken - 1 > 0 and not forgo:
        return []  # conditions clear at the end of its last turn only
    out = []
    for name in f.conditions:
        try:
            match_typed(f, fight, {name: _TYPED})
        except MomentaError:
            continue
        out.append(name)
    return out


def _makes_up(fight: Fight, words: list[str]) -> bool:
    """Whether ``new`` may follow ``cond`` + ``words``: the condition is none the fight
    knows (nor a prefix of one), and the engine takes the line with ``new`` (not with
    -N, -all or =0: nobody has a made-up condition yet)."""
    if len(words) < 2 or candidates(sorted(catalogue(fight)), words[1]):
        return False
    try:
        cmd = parse_line(" ".join(["cond", *(quote(w) for w in words), "new"]))
        if not isinstance(cmd, ChangeCondition):
            return False
        from momenta_cli.engine.decide import decide

        decide(fight.clone(), cmd, _Ones())
    except MomentaError:
        return False
    return True


def _add(fight: Fight, v: Verb, sh: Shape, words: list[str]) -> list[str]:
    """What may come next in an ``add`` line: first a stat block (the encounter's and its
    libraries') or ``copy``; after ``copy``, a combatant in the fight. A stat block or a
    copy brings its own stats, so the keywords taking a number or a threat class (vit,
    guard, pool, threat) follow only a name made up at the table (engine/reinforce.py)."""
    blocks = list(fight.encounter.stat_blocks)
    copy = "copy" in sh.flags and bool(words) and words[0].lower() == "copy"
    if copy:
        words = words[1:]
    if not words:
        return _names(fight) if copy else blocks + (["copy"] if "copy" in sh.flags else [])
    name, rest = words[0], words[1:]
    made_up = not copy and len(candidates(blocks, name, hyphens=True)) != 1
    keys = {k: kind for k, kind in sh.keys.items()
            if made_up or kind not in ("number", "threat class")}
    given: set[str] = set()
    key = None
    for w in rest:
        low = w.lower()
        if key is not None:
            key = None
        elif low in sh.keys:
            key = low
            given.add(low)
        elif _is_count(sh, w):
            given.add(sh.count)
    if key is not None:
        return _words_of(fight, sh.keys[key], v.name, None, None)
    out = [k for k in keys if k not in given]
    if sh.count and sh.count not in given:
        out.append(f"{sh.count}2")
    return out


@dataclass
class _Attack:
    """What the words of an attack line so far say."""

    names: list[str] = field(default_factory=list)
    options: bool = False  # an option word was seen: no more names
    weapon: str | None = None
    ranged: bool = False
    counter: bool = False  # in the words describing the target's Counterattack
    declared: set[str] = field(default_factory=set)
    key: str | None = None  # an option waiting for its value
    more: str | None = None  # the name after `for`, once typed ("" while awaited)
    given: set[str] = field(default_factory=set)  # what this part's options set already


def _field(word: str) -> str:
    """What an attack option sets (commands/attack_verbs.py): ``adjacent`` and ``dist``
    both say the distance, ``thrown`` and ``ranged`` the mode; each may be given once."""
    if word == "adjacent":
        return "distance"
    return av._VALUED.get(word) or av._FLAGS.get(word) or word


def _read_attack(words: list[str]) -> _Attack:
    a = _Attack()
    for w in words:
        low = w.lower()
        if a.key is not None:
            if a.key == "with" and not a.counter and a.more is None:
                a.weapon = w
            a.key = None
            continue
        if low == "for":
            a.more, a.counter, a.options = "", False, True
            a.declared, a.given = set(), set()
            continue
        if a.more == "":
            a.more = w
            continue
        if low in av._COUNTER:
            a.counter, a.options = True, True
            a.declared.add("counter")
            a.given = set()  # the Counterattack has options of its own
            continue
        if av._is_option(w):
            a.options = True
            key, eq, _ = low.partition("=")
            a.given.add(_field(key))
            if key in av._VALUED and not eq:
                a.key = key
            if key in av._DEFENSES:
                a.declared.add("defense")
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
    if attacker is not None:
        try:
            weapon = pick_weapon(attacker, a.weapon) if a.weapon else \
                (attacker.spec.weapons[0] if attacker.spec.weapons else None)
        except MomentaError:
            weapon = None
    mode = None
    if weapon is not None:
        mode = "ranged" if a.ranged or not weapon.is_melee else "melee"
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
    if can.counter and "counter" not in a.declared and v.name not in ("feint", "odds"):
        out.append("counter")
    return out


ATTACK_KEYS = ("with", "at", "as", "using", "dist", "roll", "def", "cost")
ATTACK_FLAGS = ("adjacent", "thrown", "cover", "obscured", "+1d", "-1d", "for")
# odds previews one attack on one target over every roll (odds/preview.py refuses the
# rest): no typed rolls, no Counterattack, no further Area targets
ODDS_KEYS = tuple(k for k in ATTACK_KEYS if k not in ("roll", "def"))
ODDS_FLAGS = tuple(f for f in ATTACK_FLAGS if f != "for")


def _attack(fight: Fight, v: Verb, sh: Shape, words: list[str]) -> list[str]:
    """What may come next in an attack line (commands/attack_verbs.py's grammar)."""
    a = _read_attack(words)
    active = fight.get(fight.active) if fight.active else None
    two = sh.slots and not sh.slots[0][1] and len(sh.slots) > 1  # REACTOR MOVER
    found = [_fighter(fight, n) for n in a.names]
    if two or len(a.names) >= 2:
        attacker = found[0] if found else None
        target = found[1] if len(found) > 1 else None
    elif a.names and found[0] is not None and found[0] is not active:
        attacker, target = active, found[0]
    else:  # `attack` alone, or the actor named first: the target comes next
        attacker, target = (found[0] if found else active), None
    if a.more is not None and a.more != "":
        target = _fighter(fight, a.more)
    if a.key is not None:
        if a.key == "with":
            whose = target if a.counter else attacker
            return [w.name for w in whose.spec.weapons] if whose else []
        if a.key == "at":
            return _words_of(fight, "location", v.name, None, target)
        if a.key == "using":
            return ["POW", "AGI"]
        return []
    if a.more == "" or (not a.options and (target is None or (two and len(a.names) < 2))):
        return _names(fight)
    out: list[str] = []
    if target is not None and not a.counter:
        out += _reaction_words(fight, v, target, attacker, a)
    # Brace is the target's to declare: offered above only when the engine allows it
    keys, flags = (ODDS_KEYS, ODDS_FLAGS) if v.name == "odds" else (ATTACK_KEYS, ATTACK_FLAGS)
    options = list(keys) + list(flags) + [f for f in sh.flags if f != "brace"]
    return out + [w for w in options if _field(w) not in a.given]


# --- the entry point --------------------------------------------------------------------


def _matches(word: str, partial: str) -> bool:
    """``partial`` starts the word or, for names, one of its words (``war`` finds
    ``The Warden``), in any case."""
    low, w = partial.lower(), word.lower()
    if w.startswith(low):
        return True
    key, eq, value = w.partition("=")
    if eq and low.startswith(key + "="):
        return _matches(value, low[len(key) + 1:])
    return any(part.startswith(low) for part in w.split())


def complete(fight: Fight, before: str) -> tuple[str, list[str]]:
    """What may complete the word under the cursor: ``(the word as typed, candidates)``.

    Candidates are whole replacement words, quoted when they hold spaces; a word that
    ends the command's piece carries its trailing space (``turn ``), a ``key=`` does not.
    """
    done, raw, partial = split_before(before)
    if not done:  # the aliases only once a letter is typed: a short list to start from
        pool = verb_words() if partial else [v.name for v in VERBS.values()]
    else:
        try:
            v = lookup(done[0])
        except MomentaError:
            return raw, []
        sh = shape(v)
        if sh.attack:
            pool = _attack(fight, v, sh, done[1:])
        elif v.name == "add":
            pool = _add(fight, v, sh, done[1:])
        else:
            pool = _plain(fight, v, sh, done[1:])
        if f"{sh.count}2" in pool and _is_count(sh, partial):
            pool = [partial.lower()]  # x5 typed: Tab gives its space
    seen: set[str] = set()
    out: list[str] = []
    for word in pool:
        if word in seen or not _matches(word, partial):
            continue
        seen.add(word)
        out.append(quote(word) + ("" if word.endswith("=") else " "))
    return raw, out
