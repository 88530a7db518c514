"""Verbs for turn flow, conditions and GM overrides."""

from __future__ import annotations

from momenta_cli.engine.core import (
    AddFighter,
    AddNote,
    Adjust,
    ChangeCondition,
    Command,
    Defeat,
    EndCombat,
    EndTurn,
    NextTurn,
    Remove,
    Revive,
    StartTurn,
    Surprise,
    Typed,
)
from momenta_cli.errors import CommandError
from momenta_cli.language.meta import Meta, Request
from momenta_cli.language.parsing import (
    is_number,
    lookup,
    need,
    number,
    typed_result,
    verb,
)
from momenta_cli.language.prompt_only import prompt_command
from momenta_cli.text import clip, echo


def _end_options(words: list[str]) -> tuple[bool, dict]:
    forgo = False
    typed: dict[str, Typed] = {}
    for w in words:
        if w.lower() in ("forgo", "last"):
            if forgo:  # `end forgo forgo`: a slip, not a stronger forgo
                raise CommandError(f"{echo(w)} again: 'forgo' (or 'last') is said once")
            forgo = True
        elif "=" in w:
            key, _, val = w.partition("=")
            if key.lower() in (k.lower() for k in typed):
                raise CommandError(f"{echo(key)} typed twice: one result for each condition")
            typed[key] = typed_result(val)
        else:
            raise CommandError(f"unexpected {echo(w)}")
    return forgo, typed


@verb("turn", aliases=("t", "go"), usage="turn [NAME]",
      help="Start the next turn: NAME's, or the suggested combatant's when no name is given "
           "(at the prompt, on the allies' side, the players pick from a list).",
      example="turn brannoc")
def _turn(words: list[str]) -> Command:
    return StartTurn(" ".join(words) if words else None)


@verb("end", aliases=("e",), usage="end [forgo] [COND=RESULT ...]",
      help="End the running turn. 'forgo' gives up remaining extra turns this round. "
           "COND=RESULT types a roll-to-clear result (2s or faces 5,1).",
      example="end hindered=1s")
def _end(words: list[str]) -> Command:
    forgo, typed = _end_options(words)
    return EndTurn(forgo, typed)


@verb("next", aliases=("n",), usage="next [NAME] [forgo] [COND=RESULT ...]",
      help="End the running turn (if any) and start the next: NAME's or the suggestion "
           "(at the prompt, on the allies' side, the players pick).",
      example="next knife-2")
def _next(words: list[str]) -> Command:
    name_words = [w for w in words if "=" not in w and w.lower() not in ("forgo", "last")]
    forgo, typed = _end_options([w for w in words if w not in name_words])
    return NextTurn(" ".join(name_words) or None, forgo, typed)


@verb("cond", aliases=("c", "condition"), usage="cond NAME CONDITION [+N|-N|=N|-all] "
      "[new] [from SOURCE]",
      help="Add (+N, the default +1), remove (-N, -all) or set (=N) stacks of a condition. "
           "'new' makes up a condition that is not in the catalogue (nor the encounter's): "
           "persistent, at most 3 stacks, a reminder only (the GM applies its effect).",
      example="cond knife-1 hindered +1 from brannoc")
def _cond(words: list[str]) -> Command:
    need(words, "combatant", "condition")
    source = None
    if "from" in [w.lower() for w in words]:
        i = [w.lower() for w in words].index("from")
        source = " ".join(words[i + 1:]) or None
        words = words[:i]
        if source is None:
            raise CommandError("'from' needs a source")
        need(words, "combatant", "condition")  # `cond tamsin from gorm`: cut short
    target, condition, *rest = words
    new = "new" in [w.lower() for w in rest]
    rest = [w for w in rest if w.lower() != "new"]
    op: str = "+"
    n: int | None = 1
    if rest:
        amt = rest[0].lower()
        if not amt.strip():  # `cond tamsin soaked ''`: a quoted empty word
            raise CommandError("the stacks word is empty (+N, -N, =N or -all)")
        if amt in ("-all", "clear", "off", "-"):
            op, n = "-", None
        elif amt[0] in "+-=":
            if amt[1:] and not (amt[1:].isascii() and amt[1:].isdigit()):
                # `+-3` is no count of stacks (it once recorded "gains Impaired -3")
                raise CommandError(f"stacks are +N, -N, =N or -all, got {echo(rest[0])}")
            op, n = amt[0], number(amt[1:] or "1", "stacks")
        else:
            n = number(amt, "stacks")
        if len(rest) > 1:
            raise CommandError(f"unexpected {echo(rest[1])}")
    return ChangeCondition(target, condition, op, n, source, new)


def _one_name(words: list[str]) -> str:
    need(words, "combatant name")
    return " ".join(words)


@verb("surprise", usage="surprise NAME",
      help="Surprise a combatant mid-fight (acts in the Slowed phase, no reactions).",
      example="surprise wren")
def _surprise(words: list[str]) -> Command:
    return Surprise(_one_name(words))


@verb("defeat", usage="defeat NAME", help="Mark a combatant Defeated.",
      example="defeat knife-2")
def _defeat(words: list[str]) -> Command:
    return Defeat(_one_name(words))


@verb("revive", usage="revive NAME [at SQUARE]",
      help="Take Defeated or Lost off a combatant (Vitality at least 1). On a map it "
           "stands up on its own square; when that is taken now (or a door closed on "
           "it), 'at C5' says where instead.",
      example="revive brannoc")
def _revive(words: list[str]) -> Command:
    at = None
    if words and words[-1].lower() == "at":
        raise CommandError("'at' needs a square")
    if len(words) >= 3 and words[-2].lower() == "at":
        words, at = words[:-2], words[-1]
        if any(w.lower() == "at" for w in words[1:]):
            raise CommandError("at is given twice")
    return Revive(_one_name(words), at)


@verb("remove", aliases=("rm",), usage="remove NAME",
      help="Take a combatant out of the fight (it loses its remaining turns).",
      example="remove knife-1")
def _remove(words: list[str]) -> Command:
    return Remove(_one_name(words))


_ADD_STATS = {"vit": "vitality", "vitality": "vitality", "guard": "guard", "pool": "pool"}
_ADD_VALUED = ("as", "side", "threat", "at", *_ADD_STATS)
# The words cond, end/next and add read as their own wherever a name may stand: nothing
# made up at the table may be called one (engine/core/names.py COMMAND_WORDS, kept in step by
# tests/test_reserved_names.py).
KEYWORDS = frozenset({"from", "new", "-all", "forgo", "last", "copy", *_ADD_VALUED})


@verb("add", usage="add [copy] NAME [as NEW] [side SIDE] [vit N] [guard N] [pool N] "
      "[threat CLASS] [xN] [at SQUARE]",
      help="Bring in reinforcements; they join the current round. NAME is a stat block (the "
           "encounter's or an included library's); with 'copy', a combatant in the fight, "
           "copied afresh and numbered on (Deckhand-4); any other NAME is made up at the "
           "table: an adversary Grunt (10 Vitality, 0 Guard, an Unarmed Attack) unless "
           "'side', 'vit', 'guard' or 'threat' say otherwise; a Regular or better rolls "
           "'pool' dice (default 3), and 'pool' without 'threat' makes a Regular. 'as NEW' "
           "names one; xN brings N, numbered. On a map, 'at C5' says where they come in "
           "(a group around that square).",
      example="add footpad as Latecomer x2")
def _add(words: list[str]) -> Command:
    need(words, "stat block or name")
    copy = words[0].lower() == "copy"
    if copy:
        words = words[1:]
        need(words, "combatant to copy")
    block, rest = words[0], words[1:]
    name = side = threat = at = None
    stats: dict[str, int] = {}
    count = 1
    seen: set[str] = set()
    i = 0
    while i < len(rest):
        w = rest[i].lower()
        value = rest[i + 1] if i + 1 < len(rest) else None
        if w in _ADD_VALUED and value is None:
            raise CommandError(f"'{w}' needs a value")
        counted = w.startswith("x") and w[1:].isdigit()  # x5; x² and x٣ are refused
        once = "xN" if counted else w
        if once in seen:  # the last one silently winning hides a typo
            raise CommandError(f"{once} is given twice")
        seen.add(once)
        if w == "as":
            name = value
        elif w == "side":
            side = (value or "").lower()
        elif w == "threat":
            threat = value
        elif w == "at":
            at = value
        elif w in _ADD_STATS:
            if _ADD_STATS[w] in stats:  # vit and vitality name one stat
                raise CommandError(f"{w} is given twice")
            stats[_ADD_STATS[w]] = number(value or "", w)
        elif counted:
            count = number(w[1:], "the count after x")
            i += 1
            continue
        else:
            raise CommandError(f"unexpected {echo(rest[i])}")
        i += 2
    return AddFighter(block, name, side, count, copy, threat=threat, at=at, **stats)


@verb("over", aliases=("end-combat",), usage="over [REASON]",
      help="End the combat now.", example="over the bandits flee")
def _over(words: list[str]) -> Command:
    return EndCombat(" ".join(words) or "the GM ended the combat")


@verb("event", usage="event NAME [skip]",
      help="Fire one of the encounter's scheduled events (its events: in the file) by "
           "hand: its lines run as one command, its text is read out. The tracker fires "
           "each one itself when its trigger happens; 'skip' records that the GM said no "
           "(a once-only event stays unfired).",
      example="event reinforcements")
def _event(words: list[str]) -> Command:
    from momenta_cli.engine.schedule import FireEvent

    declined = bool(words) and words[-1].lower() == "skip"
    name = " ".join(words[:-1] if declined else words)
    if not name:
        raise CommandError("missing event name")
    return FireEvent(name, declined)


@verb("note", usage="note TEXT", help="Write a line into the fight's log.",
      example="note the bridge is burning")
def _note(words: list[str]) -> Command:
    need(words, "text")
    return AddNote(" ".join(words))


def _amount(how: str):
    def parse(words: list[str]) -> Command:
        if len(words) == 1 and is_number(words[0]):  # `dmg 5`: the name is what is missing
            raise CommandError("missing combatant")
        need(words, "combatant", "amount")
        untyped = words[-1].lower() == "untyped"
        if untyped:
            words = words[:-1]
        return Adjust(" ".join(words[:-1]), how, number(words[-1], "amount"),
                        untyped=untyped)
    return parse


verb("dmg", aliases=("damage",), usage="dmg NAME N [untyped]",
     help="Deal N damage directly: Guard first unless untyped, then Vitality and Wounds.",
     example="dmg knife-1 5")(_amount("damage"))
verb("heal", usage="heal NAME N", help="Restore N Vitality (not above max).",
     example="heal brannoc 6")(_amount("heal"))
verb("strain", usage="strain NAME N", help="Add N Strain (Burdens, Lost).",
     example="strain wren 3")(_amount("strain"))
verb("relieve", usage="relieve NAME N", help="Remove N Strain.",
     example="relieve wren 2")(_amount("relieve"))
verb("guard", usage="guard NAME N", help="Set Guard to N (above max is Over-Guard).",
     example="guard brannoc 8")(_amount("guard"))


@verb("set", usage="set NAME RESOURCE N",
      help="Set vitality, guard, vigor, strain, resolve or consumables to N.",
      example="set brannoc vigor 4")
def _set(words: list[str]) -> Command:
    need(words, "combatant", "resource", "value")
    return Adjust(" ".join(words[:-2]), "set", number(words[-1], "value"),
                    resource=words[-2])


@verb("undo", aliases=("u",), usage="undo [N]",
      help="Take back the last command, or the last N (as many as there are).",
      example="undo 2", group="session")
def _undo(words: list[str]) -> Meta:
    return _steps(Request.UNDO, words)


@verb("redo", usage="redo [N]",
      help="Put back the last undone command, or the last N (as many as there are).",
      example="redo", group="session")
def _redo(words: list[str]) -> Meta:
    return _steps(Request.REDO, words)


def _steps(verb: Request, words: list[str]) -> Meta:
    """``undo``/``redo`` with no number (one step) or a number of steps, 1 or more."""
    if not words:
        return Meta(verb)
    said = " ".join(words)
    if len(words) > 1:
        raise CommandError(f"{verb} takes a number of steps ({verb} 2), got {echo(said)}")
    n = number(words[0], f"the number of steps to {verb}")
    if n < 1:
        raise CommandError(f"{verb} {clip(said)}: the number of steps is 1 or more")
    return Meta(verb, arg=str(n))


@verb("status", aliases=("s", "st"), usage="status", help="Draw the status table.",
      example="status", group="session")
def _status(words: list[str]) -> Meta:
    return Meta(Request.STATUS)


@verb("help", aliases=("?",), usage="help [COMMAND]",
      help="List the commands on one screen, explain one, or ('help all') every command "
           "with what it does.", example="help cond", group="session")
def _help(words: list[str]) -> Meta:
    if words and words[0].lower() == "all":
        return Meta(Request.HELP, "all")
    if words and prompt_command(words[0]) is None:  # `help seat`: the prompt's own
        lookup(words[0])  # `help zzz` is refused like `zzz` (CommandError), also by `do`
    return Meta(Request.HELP, words[0] if words else None)


@verb("quit", aliases=("exit", "q"), usage="quit", help="Leave (the fight is saved).",
      example="quit", group="session")
def _quit(words: list[str]) -> Meta:
    return Meta(Request.QUIT)
