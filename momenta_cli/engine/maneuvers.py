"""Deciding the maneuvers of chapter 19 other than attacks (Basic Attack, Shove, Grab and
Feint live in ``engine/attacks.py``): Move, Shift, Use Consumable, Hide, Shake It Off,
Catch Your Breath, Steady Yourself, Surge, Cast a Spell, Limit Break, and the free
actions and GM commands around them (release, apart, fall, terrain).

Every payment and lockout goes through ``economy.pay_maneuver``; deciders never change the
fight they are given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from momenta_cli.dice import Roller
from momenta_cli.engine import conditions as cond
from momenta_cli.engine import damage
from momenta_cli.engine import movement as mv
from momenta_cli.engine.commands import Command
from momenta_cli.engine.economy import check_can_maneuver, pay_maneuver
from momenta_cli.engine.events import Event, ResourceSet, apply_all
from momenta_cli.engine.names import candidates, exact, find
from momenta_cli.engine.registry import handles
from momenta_cli.engine.rolls import Typed, roll_pool
from momenta_cli.engine.specs import WeaponSpec, size_rank
from momenta_cli.engine.state import Fight, Fighter
from momenta_cli.errors import RuleError
from momenta_cli.rules.catalogue import consumables
from momenta_cli.text import name_key

SHAKEABLE = ("Exhausted", "Grabbed", "Hindered", "Vulnerable")  # R29

# --- commands --------------------------------------------------------------------------


@dataclass(frozen=True)
class Move(Command):
    """``squares`` moved (``difficult`` of them difficult terrain); ``terrain`` sets the
    medium ("" ground, "climb", "swim"; None keeps the current one); ``jump`` = vertical."""

    name: str | None
    squares: int
    difficult: int = 0
    terrain: str | None = None
    jump: bool = False


@dataclass(frozen=True)
class Shift(Command):
    name: str | None
    squares: int
    difficult: int = 0


@dataclass(frozen=True)
class UseConsumable(Command):
    """``words``: [NAME] [ITEM ...]; resolved against the fight (names first)."""

    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hide(Command):
    """Hidden when the GM confirms (``roll`` False) or on an AGI roll with 1+ success."""

    name: str | None = None
    roll: bool = False
    typed: Typed | None = None


@dataclass(frozen=True)
class ShakeItOff(Command):
    """``words``: [NAME] [CONDITION]."""

    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class CatchBreath(Command):
    name: str | None = None


@dataclass(frozen=True)
class SteadyYourself(Command):
    name: str | None = None


@dataclass(frozen=True)
class Surge(Command):
    """Gain ``amount`` Vigor (None: as much as allowed) at 2 Strain each."""

    name: str | None = None
    amount: int | None = None


@dataclass(frozen=True)
class CastSpell(Command):
    name: str | None
    cost: int
    spell: str = ""


@dataclass(frozen=True)
class LimitBreak(Command):
    name: str | None = None
    what: str = ""


@dataclass(frozen=True)
class Release(Command):
    """The grabber lets go (free action, any time); ``target`` None = everyone it holds."""

    grabber: str
    target: str | None = None


@dataclass(frozen=True)
class Apart(Command):
    """The GM says two fighters were moved apart: any grab between them ends (ch19 Grab)."""

    first: str
    second: str | None = None


@dataclass(frozen=True)
class Fall(Command):
    name: str
    squares: int


@dataclass(frozen=True)
class SetTerrain(Command):
    name: str
    terrain: str


# --- events ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Surged(Event):
    """ch19 Surge: Vigor gained (the Strain is its own events); no more Surge this turn."""

    kind: ClassVar[str] = "surged"
    name: str
    gained: int
    vigor_from: int
    vigor_to: int
    strain: int

    def apply(self, fight: Fight) -> None:
        f = fight.get(self.name)
        f.vigor = self.vigor_to
        f.surged = True


@dataclass(frozen=True)
class ConsumableUsed(Event):
    kind: ClassVar[str] = "consumable_used"
    name: str
    item: str
    before: int
    after: int
    effect: str = ""

    def apply(self, fight: Fight) -> None:
        fight.get(self.name).consumables = self.after


@dataclass(frozen=True)
class Reminder(Event):
    """A condition effect the tracker does not enforce, shown for the GM (condition table)."""

    kind: ClassVar[str] = "reminder"
    name: str
    text: str

    def apply(self, fight: Fight) -> None:
        return None


# --- shipped consumables ---------------------------------------------------------------


def _item(text: str) -> dict[str, Any] | None:
    """The shipped consumable ``text`` names unambiguously, if any."""
    items = consumables()
    hits = candidates(items, text)
    return items[hits[0]] if len(hits) == 1 else None


# --- helpers ---------------------------------------------------------------------------


def actor(fight: Fight, name: str | None) -> Fighter:
    """The named fighter, or the one whose turn is running."""
    if name:
        return find(fight, name)
    if fight.active is None:
        raise RuleError("no turn is running: name the combatant")
    return fight.get(fight.active)


def _split_actor(fight: Fight, words: tuple[str, ...], is_other) -> tuple[Fighter, list[str]]:
    """[NAME] REST: an exact name first, then something ``is_other`` recognises (the
    active fighter acts), then a name prefix."""
    if not words:
        return actor(fight, None), []
    first, rest = words[0], list(words[1:])
    f = exact(fight, first)
    if f is not None:
        return f, rest
    if fight.active is not None and is_other(" ".join(words)):
        return actor(fight, None), list(words)
    try:
        return find(fight, first), rest
    except RuleError:
        if fight.active is None:
            raise
        return actor(fight, None), list(words)


def _grab_lock(fight: Fight, f: Fighter, what: str, squares: int) -> list[Event]:
    """ch19 Grab: neither side moves unless it is the bigger one, which drags the other."""
    out: list[Event] = []
    for grabber, target in mv.grab_partners(fight, f):
        other = target if grabber is f else grabber
        mine, theirs = f.spec.size, other.spec.size
        if size_rank(mine) <= size_rank(theirs):
            how = "holds" if grabber is f else "is Grabbed by"
            if size_rank(mine) < size_rank(theirs):
                who = (f"{other.name} is bigger (SIZE {theirs} vs {mine}): only "
                       f"{other.name} may move, dragging {f.name}")
            else:
                who = f"neither is bigger (both SIZE {mine}), so neither may move"
            raise RuleError(f"{f.name} {how} {other.name}: {who}; release, shake it off "
                            "or 'apart' first (ch19 Grab)")
        out.append(mv.Dragged(other.name, f.name, squares))
    return out


def _reminders(fight: Fight, f: Fighter) -> list[Event]:
    return [Reminder(f.name, text) for text in cond.reminders(fight, f)]


# --- deciders --------------------------------------------------------------------------


@handles(Move)
def move(fight: Fight, cmd: Move, roller: Roller) -> list[Event]:
    """ch19 Move: first each turn free, then 2 Vigor; up to SPD squares (half, min 1, while
    Hindered), difficult squares count double, climbing 1 square per Move, vertical jump
    1 + POW/2; swimming doubles the cost (R24)."""
    f = actor(fight, cmd.name)
    if cmd.squares < 1:
        raise RuleError("a Move covers at least 1 square")
    if not 0 <= cmd.difficult <= cmd.squares:
        raise RuleError("difficult squares must be between 0 and the squares moved")
    terrain = f.terrain if cmd.terrain is None else cmd.terrain
    if terrain not in mv.TERRAINS:
        raise RuleError(f"unknown terrain {terrain!r}")
    events: list[Event] = []
    if terrain != f.terrain:
        events.append(mv.TerrainSet(f.name, f.terrain, terrain))
    scratch = apply_all(fight.clone(), events)
    me = scratch.get(f.name)
    events += pay_maneuver(scratch, me, "Move", 2, is_move=True)
    if cmd.jump:
        budget = mv.jump_height(f)
        if cmd.squares > budget:
            raise RuleError(f"{f.name} can jump {budget} square(s) up (1 + POW/2, ch19 "
                            "Vertical Jump)")
    else:
        budget = 1 if terrain == "climb" else mv.speed(f)
        need = mv.squares_needed(cmd.squares, cmd.difficult)
        if need > budget:
            why = ("climbing: 1 square per Move" if terrain == "climb"
                   else "half SPD while Hindered" if f.has("Hindered") else "SPD")
            extra = f" ({cmd.difficult} difficult count double)" if cmd.difficult else ""
            raise RuleError(f"{f.name} can Move {budget} square(s) ({why}); {cmd.squares} "
                            f"square(s){extra} need {need} (ch19 Movement)")
    events.append(mv.Moved(f.name, "Move", cmd.squares, budget, cmd.difficult, terrain,
                           cmd.jump))
    events += _grab_lock(fight, f, "Move", cmd.squares)
    return events + _reminders(fight, f)


@handles(Shift)
def shift(fight: Fight, cmd: Shift, roller: Roller) -> list[Event]:
    """ch19 Shift: 2 Vigor, half SPD (min 1), provokes no reactive attacks; not while
    Hindered, climbing or swimming."""
    f = actor(fight, cmd.name)
    if cmd.squares < 1:
        raise RuleError("a Shift covers at least 1 square")
    if not 0 <= cmd.difficult <= cmd.squares:
        raise RuleError("difficult squares must be between 0 and the squares moved")
    check_can_maneuver(fight, f, "Shift")  # its turn, Broken, full turn: the first reasons
    if f.has("Hindered"):
        raise RuleError(f"{f.name} is Hindered and cannot Shift (ch19 Movement)")
    if f.terrain == "climb":
        raise RuleError(f"{f.name} is climbing and cannot Shift (ch19 Climb)")
    if f.terrain == "swim":
        raise RuleError(f"{f.name} is swimming and cannot Shift (ch19 Swim)")
    events = pay_maneuver(fight, f, "Shift", 2)
    budget = mv.shift_speed(f)
    need = mv.squares_needed(cmd.squares, cmd.difficult)
    if need > budget:
        raise RuleError(f"{f.name} can Shift {budget} square(s) (half SPD); {cmd.squares} "
                        f"square(s) need {need} (ch19 Shift)")
    events.append(mv.Moved(f.name, "Shift", cmd.squares, budget, cmd.difficult, f.terrain))
    events += _grab_lock(fight, f, "Shift", cmd.squares)
    return events + _reminders(fight, f)


@handles(UseConsumable)
def use_consumable(fight: Fight, cmd: UseConsumable, roller: Roller) -> list[Event]:
    """ch19 Use Consumable: 1 Vigor and a consumable point. A shipped item applies its
    effect (data/consumables.yaml, ours); any other item is described and the GM applies
    it."""
    f, rest = _split_actor(fight, cmd.words, lambda text: _item(text) is not None)
    events = pay_maneuver(fight, f, "Use Consumable", 1)
    if f.consumables <= 0:
        raise RuleError(f"{f.name} has no consumable points left")
    label = " ".join(rest)
    item = _item(label) if label else None
    name = item["name"] if item else (label or "a consumable")
    effect = item.get("effect", "") if item else ""
    events.append(ConsumableUsed(f.name, name, f.consumables, f.consumables - 1, effect))
    if item and item.get("heal"):
        top = f.spec.max_vitality
        events.append(ResourceSet(f.name, "vitality", f.vitality,
                                  min(f.vitality + int(item["heal"]), top), name))
    if item and item.get("relieve"):
        events.append(ResourceSet(f.name, "strain", f.strain,
                                  max(f.strain - int(item["relieve"]), 0), name))
    return events


@handles(Hide)
def hide(fight: Fight, cmd: Hide, roller: Roller) -> list[Event]:
    """ch19 Hide: 1 Vigor. Ours: the GM confirms the conditions for hiding (plain ``hide``),
    or asks for an AGI roll (``hide roll``): 1+ success hides. Armour's AGI penalty and
    Impaired reduce the pool. The Vigor is spent either way."""
    f = actor(fight, cmd.name)
    if f.has("Hidden"):
        raise RuleError(f"{f.name} is already Hidden")
    if "Hidden" in f.spec.immunities:
        raise RuleError(f"{f.name} cannot become Hidden")
    events = pay_maneuver(fight, f, "Hide", 1)
    if not cmd.roll:
        return events + cond.gain(fight, f, "Hidden", 1, source="hide", reason="hide")
    pool = f.spec.attr("AGI") - f.spec.armor_penalty - f.stacks("Impaired")
    roll = roll_pool(pool, roller, fight.settings.success_face, cmd.typed)
    roll["attribute"] = "AGI"
    events.append(HideRolled(f.name, roll, roll["successes"] > 0))
    if roll["successes"] > 0:
        events += cond.gain(fight, f, "Hidden", 1, source="hide", reason="hide")
    return events


@dataclass(frozen=True)
class HideRolled(Event):
    kind: ClassVar[str] = "hide_rolled"
    name: str
    roll: dict[str, Any]
    hidden: bool

    def apply(self, fight: Fight) -> None:
        return None


def _shakeable_name(text: str) -> str | None:
    hits = candidates(SHAKEABLE, text)
    return hits[0] if len(hits) == 1 else None


@handles(ShakeItOff)
def shake_it_off(fight: Fight, cmd: ShakeItOff, roller: Roller) -> list[Event]:
    """ch19 Shake It Off / R29: 2 Vigor, one stack of Exhausted, Grabbed, Hindered or
    Vulnerable. The last Grabbed stack ends the grab (ch19 Grab)."""
    f, rest = _split_actor(fight, cmd.words,
                           lambda text: _shakeable_name(text.split()[0]) is not None)
    have = [n for n in SHAKEABLE if f.has(n)]
    if rest:
        if len(rest) > 1:
            raise RuleError(f"one condition at a time, got {' '.join(rest)!r}")
        name = _shakeable_name(rest[0])
        if name is None:
            raise RuleError(f"Shake It Off clears {', '.join(SHAKEABLE)} only (R29), "
                            f"not {rest[0]!r}")
        if not f.has(name):
            raise RuleError(f"{f.name} has no {name}")
    else:
        if not have:
            raise RuleError(f"{f.name} has none of {', '.join(SHAKEABLE)} to shake off (R29)")
        if len(have) > 1:
            raise RuleError(f"which one? {f.name} has {', '.join(have)}")
        name = have[0]
    events = pay_maneuver(fight, f, "Shake It Off", 2)
    if name == "Grabbed" and f.stacks("Grabbed") == 1:
        grabbers = mv.grabbers_of(fight, f)
        if grabbers:
            return events + [mv.end_grab(g, f, "shaken off") for g in grabbers[:1]] \
                + [mv.GrabEnded(g.name, f.name, 0, "shaken off") for g in grabbers[1:]]
    return events + cond.lose(fight, f, name, 1, reason="shake it off")


@handles(CatchBreath)
def catch_breath(fight: Fight, cmd: CatchBreath, roller: Roller) -> list[Event]:
    """ch19 Catch Your Breath: full turn (R25), 1 Resolve, heal half Max Vitality (R4)."""
    f = actor(fight, cmd.name)
    events = pay_maneuver(fight, f, "Catch Your Breath", 0, full_turn=True)
    if f.resolve < 1:
        raise RuleError(f"{f.name} has no Resolve left to Catch Your Breath")
    heal = f.spec.max_vitality // 2
    return events + [
        ResourceSet(f.name, "resolve", f.resolve, f.resolve - 1, "Catch Your Breath"),
        ResourceSet(f.name, "vitality", f.vitality,
                    min(f.vitality + heal, f.spec.max_vitality), "Catch Your Breath"),
    ]


@handles(SteadyYourself)
def steady(fight: Fight, cmd: SteadyYourself, roller: Roller) -> list[Event]:
    """ch19 Steady Yourself: full turn (R25), clear half Max Strain (R4)."""
    f = actor(fight, cmd.name)
    events = pay_maneuver(fight, f, "Steady Yourself", 0, full_turn=True)
    return events + [ResourceSet(f.name, "strain", f.strain,
                                 max(f.strain - f.spec.max_strain // 2, 0), "Steady Yourself")]


@handles(Surge)
def surge(fight: Fight, cmd: Surge, roller: Roller) -> list[Event]:
    """ch19 Surge / R26: free, own turn, once until the next turn; up to MIND Vigor at 2
    Strain each, never above Max Vigor; not with MIND 0."""
    f = actor(fight, cmd.name)
    if f.spec.is_enemy or f.spec.max_vigor <= 0:
        raise RuleError(f"{f.name} has no Vigor to Surge (R7)")
    check_can_maneuver(fight, f, "Surge")  # the lockouts; Surge is free
    events: list[Event] = []
    if f.surged:
        raise RuleError(f"{f.name} already Surged: not again until its next turn (R26)")
    mind = f.spec.attr("MIND")
    if mind <= 0:
        raise RuleError(f"{f.name} has MIND 0 and cannot Surge (ch19 Surge)")
    room = f.spec.max_vigor - f.vigor
    amount = min(mind, room) if cmd.amount is None else cmd.amount
    if amount < 1:
        raise RuleError(f"{f.name} is at Max Vigor ({f.spec.max_vigor}): nothing to Surge")
    if amount > mind:
        raise RuleError(f"{f.name} can Surge at most MIND = {mind} Vigor (ch19 Surge)")
    if amount > room:
        raise RuleError(f"Surge cannot raise Vigor above Max Vigor {f.spec.max_vigor}: "
                        f"{f.name} can gain {room} (ch19 Surge)")
    events.append(Surged(f.name, amount, f.vigor, f.vigor + amount, 2 * amount))
    scratch = apply_all(fight.clone(), events)
    return events + damage.add_strain(scratch, scratch.get(f.name), 2 * amount, roller,
                                      reason="Surge")


def _attack_spells_named(f: Fighter, text: str) -> list[WeaponSpec]:
    """The attack spells ``f`` carries that ``text`` names or may name: the text starts
    with the spell's name (``frost lance at warden``), or is a prefix of the spell's name
    or of one of its words (``bolt``, ``f``)."""
    words = name_key(text)
    if not words:
        return []
    spells = [w for w in f.spec.weapons if w.has("Spell")]
    starts = [w for w in spells if (words + " ").startswith(name_key(w.name) + " ")]
    return starts or candidates(spells, text, key=lambda w: w.name, words=True)


@handles(CastSpell)
def cast(fight: Fight, cmd: CastSpell, roller: Roller) -> list[Event]:
    """ch19 Cast a Spell that is no attack: a variable Vigor cost typed by the GM (doubled
    while swimming). An attack spell is cast and paid by its attack (``attacks._pay``)."""
    f = actor(fight, cmd.name)
    if cmd.cost < 0:
        raise RuleError("a spell's cost is 0 or more")
    hits = _attack_spells_named(f, cmd.spell)
    if hits:  # paying here and again in the attack would charge it twice
        names = " or ".join(w.name for w in hits)
        example = hits[0].name.lower()
        raise RuleError(f"{cmd.spell.strip()!r} names the attack spell {names}: cast it with "
                        f"'attack TARGET with {example}', which pays its cost (cast is for "
                        "spells that are not attacks)")
    what = f"Cast a Spell ({cmd.spell})" if cmd.spell else "Cast a Spell"
    return pay_maneuver(fight, f, what, cmd.cost)


@handles(LimitBreak)
def limit_break(fight: Fight, cmd: LimitBreak, roller: Roller) -> list[Event]:
    """ch19 Limit Break: full turn (R25), no Vigor; its effect is the GM's."""
    f = actor(fight, cmd.name)
    what = f"Limit Break ({cmd.what})" if cmd.what else "Limit Break"
    return pay_maneuver(fight, f, what, 0, full_turn=True)


@handles(Release)
def release(fight: Fight, cmd: Release, roller: Roller) -> list[Event]:
    """ch19 Grab: the grabber releases as a free action at any time; all stacks go."""
    g = find(fight, cmd.grabber)
    held = mv.held_by(fight, g)
    if cmd.target is not None:
        t = find(fight, cmd.target)
        if t not in held:
            raise RuleError(f"{g.name} is not holding {t.name}")
        held = [t]
    if not held:
        raise RuleError(f"{g.name} is not holding anyone")
    return [mv.end_grab(g, t, "released") for t in held]


@handles(Apart)
def apart(fight: Fight, cmd: Apart, roller: Roller) -> list[Event]:
    """ch19 Grab: moved so that the distance grows, the grab ends at once."""
    a = find(fight, cmd.first)
    pairs = mv.grab_partners(fight, a)
    if cmd.second is not None:
        b = find(fight, cmd.second)
        pairs = [(g, t) for g, t in pairs if b in (g, t)]
        if not pairs:
            raise RuleError(f"{a.name} and {b.name} are not in a grab")
    if not pairs:
        raise RuleError(f"{a.name} is not in a grab")
    return [mv.end_grab(g, t, "moved apart") for g, t in pairs]


@handles(Fall)
def fall(fight: Fight, cmd: Fall, roller: Roller) -> list[Event]:
    """R23 / ch19 Falling: 2 untyped damage per square fallen after subtracting AGI;
    untyped damage skips Guard."""
    f = find(fight, cmd.name)
    if cmd.squares < 1:
        raise RuleError("a fall is at least 1 square")
    if f.out:
        raise RuleError(f"{f.name} is out of the fight")
    amount = mv.fall_damage(f, cmd.squares)
    events: list[Event] = [mv.Fell(f.name, cmd.squares, f.spec.attr("AGI"), amount,
                                   mv.fall_squares(f, cmd.squares))]
    return events + damage.harm(fight, f, amount, roller, reason="fall")


@handles(SetTerrain)
def set_terrain(fight: Fight, cmd: SetTerrain, roller: Roller) -> list[Event]:
    """The GM says a fighter is now on the ground, climbing or swimming (ch19 Movement)."""
    f = find(fight, cmd.name)
    if cmd.terrain not in mv.TERRAINS:
        raise RuleError("terrain is ground, climb or swim")
    if cmd.terrain == f.terrain:
        raise RuleError(f"{f.name} is already {_terrain_word(f.terrain)}")
    return [mv.TerrainSet(f.name, f.terrain, cmd.terrain)]


def _terrain_word(t: str) -> str:
    return {"": "on the ground", "climb": "climbing", "swim": "swimming"}[t]
