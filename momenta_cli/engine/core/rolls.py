"""Dice pools and rolls (R1, R2, R7): a pool's labelled parts (``Pool``), rolling it
through the injected roller or taking what the GM typed (``roll_pool``), the record a
roll leaves in an event (``Roll``, and ``StackCheck`` for a Faltering or Unraveling
check), and the one wording of each (``pool_text``, ``roll_text``): a pool of 0 dice or
fewer reads the same in the log, the odds, a preview and a question."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from momenta_cli.engine.core.rollers import Roller, count_successes
from momenta_cli.errors import RuleError

ZERO_POOL_DICE = 2  # R2: a pool of 0 or fewer rolls this many d6 and keeps the lowest
# R2 as every pool of 0 dice or fewer is worded (``dice_text``): one phrase, kept whole
# when a line wraps (render/preview_view.py)
KEEP_LOWEST = f"({ZERO_POOL_DICE}d6 keep lowest)"

How = Literal["rolled", "typed", "auto"]
HOWS: tuple[How, ...] = ("rolled", "typed", "auto")


class Pool(tuple[tuple[str, int], ...]):
    """A dice pool (R2) as its labelled parts, in order: the attribute or the printed
    pool first, then each modifier, as the log shows them (``POW 3, Hindered -1 = 2d``).

    A tuple of ``(label, dice)`` pairs, so an event that holds one is written to the
    journal (a list of ``[label, dice]`` pairs), read back and compared exactly as the
    bare pairs always were."""

    __slots__ = ()  # built by tuple's own constructor: Pool(pairs), Pool() for none

    @classmethod
    def read(cls, value: Any) -> Pool:
        """The pool a journal wrote (pairs of a label and a number of dice, as lists or
        tuples), or ``ValueError`` saying what is wrong with it."""
        if not isinstance(value, list | tuple):
            raise ValueError(f"a pool is a list of [label, dice] pairs, not "
                             f"{type(value).__name__}")
        parts = []
        for part in value:
            if not (isinstance(part, list | tuple) and len(part) == 2
                    and isinstance(part[0], str) and _whole(part[1])):
                raise ValueError(f"a pool's part is a [label, dice] pair, not {part!r}")
            parts.append((part[0], part[1]))
        return cls(parts)

    @property
    def total(self) -> int:
        """The pool's size: its parts added up (R2: every modifier netted)."""
        return sum(n for _, n in self)


def _whole(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def dice_thrown(total: int) -> int:
    """How many d6 a pool of ``total`` throws: itself, or ``ZERO_POOL_DICE`` (R2)."""
    return total if total > 0 else ZERO_POOL_DICE


def dice_text(total: int) -> str:
    """How a pool of ``total`` dice is rolled, for the GM: ``3d``; ``0d (2d6 keep
    lowest)`` for a pool of 0 or less (R2). Every wording of a pool ends in it."""
    return f"{total}d" if total > 0 else f"{total}d {KEEP_LOWEST}"


def grunt_text(successes: int) -> str:
    """A Grunt's fixed successes in place of a pool (R7): ``1s (Grunt: no roll)``."""
    return f"{successes}s (Grunt: no roll)"


def pool_text(pool: Pool, auto: int | None = None) -> str:
    """The one wording of a pool: ``POW 3, Hindered -1, Edge -2 = 0d (2d6 keep
    lowest)``; a lone part is just ``POW 3d`` (R2). ``auto``: a Grunt's fixed successes,
    said instead (R7)."""
    if auto is not None:
        return grunt_text(auto)
    if not pool:
        return dice_text(0)
    (label, base), *mods = pool
    if not mods:
        return f"{label} {dice_text(base)}"
    shown = ", ".join(f"{name} {n:+d}" for name, n in mods)
    return f"{label} {base}, {shown} = {dice_text(pool.total)}"


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of a pool, as an event keeps it (R1, R2, R7): the pool's size, the faces
    thrown (none when the GM typed successes, or for a Grunt), the successes, the faces
    that count (the lowest alone for a pool of 0 or less) and how the result came:
    ``rolled`` by the tracker, ``typed`` by the GM, ``auto`` (a Grunt never rolls).
    ``attribute``: the attribute rolled, for a roll that is not an attack's (clearing a
    condition, hiding, LUCK).

    The journal writes it as the dict it always was (``to_dict``, ``from_dict``)."""

    pool: int
    faces: tuple[int, ...] = ()
    successes: int = 0
    kept: tuple[int, ...] = ()
    how: How = "rolled"
    attribute: str | None = None

    @property
    def rolled(self) -> bool:
        """The tracker threw these faces (they came off its roller)."""
        return self.how == "rolled"

    @property
    def typed(self) -> bool:
        return self.how == "typed"

    @property
    def auto(self) -> bool:
        """A Grunt's fixed successes: nothing was rolled (R7)."""
        return self.how == "auto"

    def to_dict(self) -> dict[str, Any]:
        """The roll as the journal writes it: ``{"pool", "faces", "successes", "kept",
        "how"}`` and, for a roll of an attribute, ``"attribute"`` last."""
        out: dict[str, Any] = {"pool": self.pool, "faces": list(self.faces),
                               "successes": self.successes, "kept": list(self.kept),
                               "how": self.how}
        if self.attribute is not None:
            out["attribute"] = self.attribute
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Roll:
        """The roll ``to_dict`` wrote (lists or tuples of faces), or ``ValueError``: every
        roll ever written has its five keys, so one missing is damage, not a default."""
        if not isinstance(data, dict):
            raise ValueError(f"a roll is an object, not {type(data).__name__}")
        missing = [k for k in ("pool", "faces", "successes", "kept", "how") if k not in data]
        if missing:
            raise ValueError(f"a roll without {', '.join(missing)}: {data!r}")
        pool, successes, faces, kept = (data["pool"], data["successes"], data["faces"],
                                        data["kept"])
        how, attribute = data["how"], data.get("attribute")
        if not (_whole(pool) and _whole(successes) and _faces(faces) and _faces(kept)):
            raise ValueError(f"a roll's pool and successes are numbers and its faces "
                             f"lists of numbers: {data!r}")
        if how not in HOWS or not (attribute is None or isinstance(attribute, str)):
            raise ValueError(f"a roll is rolled, typed or auto: {data!r}")
        return cls(pool, tuple(faces), successes, tuple(kept), how, attribute)


def _faces(value: object) -> bool:
    return isinstance(value, list | tuple) and all(_whole(x) for x in value)


@dataclass(frozen=True, slots=True)
class StackCheck:
    """A Faltering or Unraveling check (condition table): a d6 against the stacks, and
    when it is not above them a LUCK roll (``luck``). Written as ``{"d6", "stacks"}``
    with ``"luck"`` when there was one."""

    d6: int
    stacks: int
    luck: Roll | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"d6": self.d6, "stacks": self.stacks}
        if self.luck is not None:
            out["luck"] = self.luck.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StackCheck:
        d6, stacks, luck = data.get("d6"), data.get("stacks"), data.get("luck")
        if not (_whole(d6) and _whole(stacks)):
            raise ValueError(f"a check's d6 and stacks are numbers: {data!r}")
        assert isinstance(d6, int) and isinstance(stacks, int)
        return cls(d6, stacks, None if luck is None else Roll.from_dict(luck))


def read_roll(value: Any) -> Roll | None:
    """A roll field as a journal wrote it (None stays None): for ``Event.readers``."""
    return None if value is None else Roll.from_dict(value)


def read_roll_or_check(value: Any) -> Roll | StackCheck | None:
    """A condition change's roll: a roll to clear it, or a check (it has a ``d6``)."""
    if isinstance(value, dict) and "d6" in value:
        return StackCheck.from_dict(value)
    return read_roll(value)


def roll_text(roll: Roll, pool: Pool | None = None) -> str:
    """The one wording of a roll: the pool (``pool_text``; without ``pool``, the roll's
    attribute and size: ``AGI 2d``), the faces (or ``(typed)`` for typed successes),
    then the successes: ``POW 3, Edge -2 = 1d [6] 1s``. A Grunt's shows no pool (R7)."""
    if roll.auto:
        return grunt_text(roll.successes)
    if pool is not None:
        bits = [pool_text(pool)]
    elif roll.attribute is not None:
        bits = [roll.attribute, dice_text(roll.pool)]
    else:
        bits = [dice_text(roll.pool)]
    if roll.faces:
        bits.append("[" + ",".join(str(x) for x in roll.faces) + "]")
    elif roll.typed:
        bits.append("(typed)")
    bits.append(f"{roll.successes}s")
    return " ".join(bits)


@dataclass(frozen=True)
class Typed:
    """What the GM typed instead of letting the tracker roll: faces, or a success count."""

    faces: tuple[int, ...] | None = None
    successes: int | None = None


def roll_pool(
    pool: int, roller: Roller, face: int = 5, typed: Typed | None = None,
    auto: int | None = None, attribute: str | None = None,
) -> Roll:
    """Roll ``pool`` dice (after every modifier is netted) and count successes.

    R2: a pool of 0 or fewer rolls 2d6 and keeps the lowest. ``auto`` gives a fixed count
    without rolling (R7: a Grunt always scores 1 success). ``attribute``: the attribute
    rolled, kept on the record of a roll that is not an attack's.
    """
    if auto is not None:
        return Roll(pool, (), auto, (), "auto", attribute)
    dice = dice_thrown(pool)
    if typed is not None and typed.successes is not None:
        limit = 1 if pool <= 0 else pool
        if not 0 <= typed.successes <= limit:
            raise RuleError(f"{typed.successes} successes is impossible with {dice_text(pool)}")
        return Roll(pool, (), typed.successes, (), "typed", attribute)
    how: How
    if typed is not None and typed.faces is not None:
        faces = tuple(typed.faces)
        if len(faces) != dice or any(not 1 <= x <= 6 for x in faces):
            raise RuleError(f"expected {dice} face{'s' if dice != 1 else ''} from 1 to 6 "
                            f"for {dice_text(pool)}, "
                            f"got {','.join(map(str, faces)) or 'none'}")
        how = "typed"
    else:
        faces = tuple(roller.roll(dice))
        how = "rolled"
    kept = faces if pool > 0 else (min(faces),)
    return Roll(pool, faces, count_successes(kept, face), kept, how, attribute)
