"""Deciding ``add``: reinforcements join the current round with their full turns (R17),
from a stat block (the encounter's or an included library's), as copies of a combatant
already in the fight, or made up at the table (engine/gm/improvise.py)."""

from __future__ import annotations

import re

from momenta_cli.engine.battlefield import arrivals
from momenta_cli.engine.core import (
    MAX_COMBATANTS,
    SIDES,
    THREAT_CLASSES,
    AddFighter,
    Event,
    Fight,
    FighterAdded,
    Note,
    Roller,
    candidates,
    closest_names,
    command_word,
    did_you_mean,
    find_fighter,
    handles,
    match_name,
    numbered,
)
from momenta_cli.engine.gm import improvise
from momenta_cli.errors import RuleError
from momenta_cli.text import name_key, name_problem

MAX_COUNT = 50
_NUMBERED = re.compile(r"^(.+)-\d+$")


@handles(AddFighter)
def add_fighter(fight: Fight, cmd: AddFighter, roller: Roller) -> list[Event]:
    """R17: reinforcements join the current round with their full turns; on a map, at
    the square the GM gives (``at C5``), the others of a group around it
    (engine/battlefield/positions.py)."""
    events = _joining(fight, cmd)
    newcomers = [(e.name, _size_of(fight, e), e.side) for e in events
                 if isinstance(e, FighterAdded)]
    return events + arrivals(fight, cmd.at, newcomers)


def _size_of(fight: Fight, e: FighterAdded) -> str:
    if e.copy_of is not None:
        return fight.fighters[e.copy_of].spec.size
    if e.improvised is not None:
        return "1M"  # engine/gm/improvise.py: a made-up combatant is SIZE 1M (R31)
    return fight.encounter.stat_blocks[e.block].size


def _joining(fight: Fight, cmd: AddFighter) -> list[Event]:
    if cmd.side is not None and cmd.side not in SIDES:
        raise RuleError(f"side must be one of {', '.join(SIDES)}")
    if not 1 <= cmd.count <= MAX_COUNT:
        raise RuleError(f"count must be 1 to {MAX_COUNT}")
    if len(fight.fighters) + cmd.count > MAX_COMBATANTS:
        room = max(0, MAX_COMBATANTS - len(fight.fighters))
        raise RuleError(f"a fight holds at most {MAX_COMBATANTS} combatants: there is room "
                        f"for {room} more")
    stats = [w for w, v in (("vit", cmd.vitality), ("guard", cmd.guard), ("pool", cmd.pool),
                            ("threat", cmd.threat)) if v is not None]
    if cmd.name is not None:
        _check_typed(cmd.name)
    if cmd.copy:
        return _copies(fight, cmd, stats)
    blocks = fight.encounter.stat_blocks
    hits = candidates(blocks, cmd.block, hyphens=True) if cmd.block.strip() else []
    if len(hits) > 1:
        raise RuleError(f"{cmd.block} is ambiguous: {', '.join(hits)}")
    if hits:
        block = hits[0]
        if stats:
            raise RuleError(f"{block} is a stat block: {', '.join(stats)} are for a "
                            "combatant made up at the table (give it another name)")
        names = _names(fight, block if cmd.name is None else cmd.name, cmd.count,
                       exact=cmd.name is not None)
        side = cmd.side or blocks[block].side
        return [FighterAdded(block, n, side) for n in names]
    return _improvised(fight, cmd)


def _copies(fight: Fight, cmd: AddFighter, stats: list[str]) -> list[Event]:
    """``add copy NAME``: fresh copies of NAME's stat block (full Vitality, Guard and
    Vigor, the conditions it started with), numbered like ``count:`` copies."""
    src = find_fighter(fight, cmd.block)
    if stats:
        raise RuleError(f"a copy has {src.name}'s stats: {', '.join(stats)} cannot be "
                        "given (add a new combatant instead)")
    if cmd.name is not None:
        names = _names(fight, cmd.name, cmd.count, exact=True)
    else:
        m = _NUMBERED.match(src.name)
        base = m[1] if m else src.name
        # Gorm's copies are Gorm-2, Gorm-3: the original counts as the first
        taken = any(name_key(f) == name_key(base) for f in fight.fighters)
        names = _names(fight, base, cmd.count, exact=False, start=2 if taken else 1)
    side = cmd.side or src.side
    return [FighterAdded(f"copy of {src.name}", n, side, copy_of=src.name) for n in names]


def _improvised(fight: Fight, cmd: AddFighter) -> list[Event]:
    """``add NAME [vit N] [guard N] [pool N] [threat CLASS]`` with no stat block called
    NAME: an enemy stat block (R7) made up at the table, its defaults filled in here so
    the journal holds every number (engine/gm/improvise.py)."""
    name = cmd.block.strip()
    if name.islower():  # typed fast at the prompt: `gob` shows as Gob
        name = name[:1].upper() + name[1:]
    _check_typed(cmd.block)
    existing = next((f for f in fight.fighters.values()
                     if name_key(f.name) == name_key(name)), None)
    if existing is not None and cmd.name is None:  # x2 too: Gorm-1 beside Gorm misleads
        raise RuleError(f"there is already a combatant called {existing.name} (add copy "
                        f"{existing.name} makes another; no stat block has that name)")
    copies = [f.name for f in fight.fighters.values()
              if (m := _NUMBERED.match(f.name)) and name_key(m[1]) == name_key(name)]
    if copies and cmd.name is None:  # `knife` would be a new one beside Knife-1, Knife-2
        raise RuleError(f"{', '.join(copies)} are already in the fight (add copy "
                        f"{copies[0]} makes another; no stat block has that name)")
    # a pool without a class means one that rolls: the lowest class that does (R7)
    default = improvise.DEFAULT_THREAT if cmd.pool is None else improvise.ROLLING_THREAT
    threat = default if cmd.threat is None else match_name(
        THREAT_CLASSES, cmd.threat, what="threat class",
        missing=f"the threat class is one of {', '.join(THREAT_CLASSES)}")
    vitality = _stat("vit", cmd.vitality, improvise.default_vitality(threat), low=1)
    guard = _stat("guard", cmd.guard, 0, low=0)
    if threat == "Grunt" and cmd.pool is not None:
        raise RuleError("a Grunt never rolls (R7): give a pool to a Regular or better "
                        "(threat regular)")
    pool = 0 if threat == "Grunt" else _stat("pool", cmd.pool, improvise.DEFAULT_POOL,
                                             low=1, high=improvise.MAX_POOL)
    names = _names(fight, name if cmd.name is None else cmd.name, cmd.count,
                   exact=cmd.count == 1)
    side = cmd.side or improvise.DEFAULT_SIDE
    events: list[Event] = [FighterAdded(f"improvised {threat}", n, side, improvised=threat,
                                        vitality=vitality, guard=guard, pool=pool)
                           for n in names]
    near = closest_names(cmd.block, list(fight.encounter.stat_blocks))
    if near:  # a typo of a stat block made up a new combatant: say so, undo takes it back
        events.append(Note(f"no stat block {cmd.block!r}: {names[0]} is made up; "
                           f"{did_you_mean(near)} (undo takes it back)"))
    return events


def _check_name(fight: Fight, name: str) -> None:
    """A newcomer's name follows the encounter file's rule for names (text.name_problem),
    and is not a bare number, which would take the short name ``3`` from Deckhand-3."""
    why = name_problem(name)
    if why:
        raise RuleError(f"a name {why}")
    if name.isdigit():
        owner = numbered(fight.fighters.values(), name)
        whose = f"{name} is {owner[0].name}'s short name" if len(owner) == 1 else \
            f"{name} is the short name of a numbered copy" if owner else \
            "it would read as a numbered copy's short name"
        raise RuleError(f"a name may not be a bare number ({whose})")


def _check_typed(name: str) -> None:
    """A name typed at the table (a made-up combatant's, ``as NEW``) is not a word the
    command language reads as its own: ``add with`` would make a With no command could
    name. Stat blocks keep their file's names (the file's rule, encounter/file_model.py)."""
    why = command_word(name.strip())
    if why:
        raise RuleError(f"cannot name a combatant: {why} (give it another name)")


def _stat(what: str, given: int | None, default: int, *, low: int,
          high: int = improvise.MAX_STAT) -> int:
    if given is None:
        return default
    if not low <= given <= high:
        raise RuleError(f"{what} must be {low} to {high}")
    return given


def _names(fight: Fight, base: str, count: int, *, exact: bool, start: int = 1
           ) -> list[str]:
    """The names of ``count`` newcomers: ``base`` itself for one with a name of its own
    (``exact``; refused when taken), else ``base-1``, ``base-2``, ... skipping any taken."""
    base = base.strip()
    _check_name(fight, base)
    taken = {name_key(n): n for n in fight.fighters}
    if exact and count == 1:
        if name_key(base) in taken:
            raise RuleError(f"there is already a combatant called {taken[name_key(base)]}")
        shadowed = numbered(fight.fighters.values(), base)
        if shadowed:  # `add d3` would take `d3` from Deckhand-3
            raise RuleError(f"{base} is already {shadowed[0].name}'s short name: give the "
                            "newcomer another name")
        return [base]
    names: list[str] = []
    i = start - 1
    while len(names) < count:
        i += 1
        cand = f"{base}-{i}"
        if name_key(cand) not in taken:
            names.append(cand)
    return names
