"""Tab completion that knows the command language: after a verb, only what may follow it.

The grammar is read from the verb table itself (cli/completion/grammar.py reads each usage line):
``cond NAME CONDITION ...`` says a combatant comes first, then a condition. Each
placeholder names a kind of word; what those words are comes from the live state and the
engine: who may act now (R13), the actor's own weapons, the target's hit locations, the
reactions the target may still declare (ch19 Reactions, engine/attack/defense.py). This
module reads the line and the plain verbs; ``cli/completion/live_words.py`` holds what the state
offers for each kind of word, ``cli/completion/attack_words.py`` the attack line's grammar.

Pure: no prompt_toolkit here (cli/prompt.py wraps ``complete`` in a Completer), so the
grammar is tested with plain strings.
"""

from __future__ import annotations

from momenta_cli.cli.completion.attack_words import attack_words
from momenta_cli.cli.completion.grammar import Shape, shape
from momenta_cli.cli.completion.live_words import (
    fighter,
    names,
    seat_words,
    verb_words,
    words_of,
)
from momenta_cli.cli.completion.move_words import move_words
from momenta_cli.engine.core import ChangeCondition, Fight, OnesRoller, Typed, candidates
from momenta_cli.engine.harm import condition_catalogue
from momenta_cli.engine.turns import match_typed
from momenta_cli.errors import MomentaError
from momenta_cli.language import (
    PROMPT_ONLY,
    VERBS,
    Meta,
    Verb,
    is_number,
    lookup,
    parse_line,
)
from momenta_cli.play.preview import MARK
from momenta_cli.text import DICE_WORD, quote_word

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
    """``word`` as the command language reads it back (``quote_word``); after the ``=``
    of ``deflect=Tower Shield`` for a word that is a key and a name."""
    key, eq, value = word.partition("=")
    if not eq or quote_word(key) != key:
        return quote_word(word)
    return f"{key}{eq}{quote_word(value)}" if value else word


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
                actor = fighter(fight, w) or actor
            i += 1
    if key is not None:
        return words_of(fight, sh.keys[key], v.name, actor, None)
    out: list[str] = []
    while i < len(sh.slots):
        kind, optional = sh.slots[i]
        out += words_of(fight, kind, v.name, actor, None)
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
    roll to clear as the turn ends (the test ``end`` makes: engine/turns/clearing.py
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
    if len(words) < 2 or candidates(sorted(condition_catalogue(fight)), words[1]):
        return False
    try:
        cmd = parse_line(" ".join(["cond", *(quote(w) for w in words), "new"]))
        if not isinstance(cmd, ChangeCondition):
            return False
        from momenta_cli.engine.core import decide

        decide(fight.clone(), cmd, OnesRoller())
    except MomentaError:
        return False
    return True


def _add(fight: Fight, v: Verb, sh: Shape, words: list[str]) -> list[str]:
    """What may come next in an ``add`` line: first a stat block (the encounter's and its
    libraries') or ``copy``; after ``copy``, a combatant in the fight. A stat block or a
    copy brings its own stats, so the keywords taking a number or a threat class (vit,
    guard, pool, threat) follow only a name made up at the table (engine/gm/reinforce.py)."""
    blocks = list(fight.encounter.stat_blocks)
    copy = "copy" in sh.flags and bool(words) and words[0].lower() == "copy"
    if copy:
        words = words[1:]
    if not words:
        return names(fight) if copy else blocks + (["copy"] if "copy" in sh.flags else [])
    name, rest = words[0], words[1:]
    made_up = not copy and len(candidates(blocks, name, hyphens=True)) != 1
    keys = {k: kind for k, kind in sh.keys.items()
            if (made_up or kind not in ("number", "threat class"))
            and (k != "at" or fight.encounter.board is not None)}  # a square: on a map
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
        return words_of(fight, sh.keys[key], v.name, None, None)
    out = [k for k in keys if k not in given]
    if sh.count and sh.count not in given:
        out.append(f"{sh.count}2")
    return out


# --- the entry point --------------------------------------------------------------------


def _previews(done: list[str]) -> bool:
    """Whether `` ?`` may end the line typed so far: it is a whole fight command with
    words after its verb (not a session one such as ``map``), and ``?`` shows what it
    would do (play/preview/). A bare verb (``end``, ``turn``) is left its own words."""
    if len(done) < 2 or done[-1] == MARK:
        return False
    try:
        cmd = parse_line(" ".join(quote(w) for w in done))
    except MomentaError:
        return False
    return cmd is not None and not isinstance(cmd, Meta)


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
    if any(w.lower() == DICE_WORD for w in done[1:]):
        return raw, []  # `... dice 5,2`: faces are typed, and the clause ends the line
    if not done:  # the aliases only once a letter is typed: a short list to start from
        pool = verb_words() if partial else [*VERBS, *PROMPT_ONLY]
    elif done[0].lower() in PROMPT_ONLY:  # the prompt's own (``seat``): no verb
        pool = seat_words(fight, done[1:])
    else:
        try:
            v = lookup(done[0])
        except MomentaError:
            return raw, []
        sh = shape(v)
        if sh.attack:
            pool = attack_words(fight, v, sh, done[1:])
        elif v.name == "add":
            pool = _add(fight, v, sh, done[1:])
        elif v.name in ("move", "shift") and \
                (after := move_words(fight, done[1:], v.name.capitalize())) is not None:
            pool = after  # via, and the answers to the path's triggers (R35)
        else:
            pool = _plain(fight, v, sh, done[1:])
        if _previews(done):
            pool = [*pool, MARK]
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
