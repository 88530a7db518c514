"""The dice, asked once every pool is known (ch20 step 1, R1, R2): the GM is told how
many dice each side rolls, then asked each roll in the order the engine resolves them
(Counterattacks first, R27): the faces (``5,6,2`` or ``5 6 2``), the successes
(``2s``), or Enter for the tracker to roll. A Grunt never rolls (R7) and a roll written
on the line is not asked again."""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.attack import COUNTER_STEP, PartPath
from momenta_cli.engine.core import (
    OnesRoller,
    Pool,
    Typed,
    dice_text,
    grunt_text,
    pool_text,
    roll_pool,
)
from momenta_cli.errors import MomentaError
from momenta_cli.language import typed_result
from momenta_cli.questions.trial import Trial
from momenta_cli.text import ECHO_MAX, clip, is_digits, one_line

MOST_DIGITS = 3  # digits of a success count worth reading: no pool shows 1,000


@dataclass(frozen=True)
class AskedRoll:
    """One roll of the attack: where its answer goes (``path``'s ``field``: ``typed`` or
    ``defense_typed``), who rolls it and how many dice."""

    path: PartPath
    field: str
    label: str  # ``Gorm rolls 3d``, ``Brannoc's Dodge 1d``
    pool: int
    how: str  # "rolled" (to ask), "typed" (on the line) or "auto" (a Grunt)
    successes: int = 0
    where: str = ""  # `` at Gorm``: which target, when an attack has several
    parts: Pool = Pool()  # the pool's breakdown (attribute, modifiers)

    @property
    def asked(self) -> bool:
        return self.how == "rolled"

    @property
    def told(self) -> str:
        if self.how == "auto":
            return f"{self.label} {grunt_text(self.successes)}{self.where}"
        if self.how == "typed":
            return f"{self.label} {dice_text(self.pool)}{self.where} (typed)"
        return f"{self.label} {dice_text(self.pool)}{self.where}"


def rolls(t: Trial) -> list[AskedRoll]:
    """Every roll of the attack decided in ``t``, in resolution order."""
    out: list[AskedRoll] = []
    shared = any(landing.roll != landing.strike for landing, _ in t.landed)
    for landing, i in t.landed:
        e = t.events[i]
        if landing.first:
            counter = bool(landing.roll) and landing.roll[-1] == COUNTER_STEP
            label = f"{e.attacker}'s Counterattack" if counter else f"{e.attacker} rolls"
            where = ""
            if t.command.also and not counter:  # several targets: say which (R22)
                where = " for every target" if shared else f" at {e.target}"
            out.append(AskedRoll(landing.roll, "typed", label, e.pool.total, e.roll.how,
                            e.roll.successes, where, e.pool))
        if e.defense is not None and e.defense_roll is not None:
            d = e.defense_roll
            out.append(AskedRoll(landing.strike, "defense_typed", f"{e.target}'s {e.defense}",
                            e.defense_pool.total, d.how, d.successes, "", e.defense_pool))
    return out


def telling(found: list[AskedRoll]) -> str:
    """``Dice: Gorm rolls 3d, Brannoc's Dodge 1d.`` and how to answer."""
    text = "Dice: " + ", ".join(r.told for r in found) + "."
    if any(r.asked for r in found):
        text += (" Type each roll's faces (5,6,2) or successes (2s); Enter: the tracker "
                 "rolls.")
    return one_line(text)


def breakdown(r: AskedRoll) -> str:
    """``Gorm rolls: pool 3, target Hindered +1 = 4d``: where the pool's size comes from."""
    return one_line(f"{r.label}{r.where}: {pool_text(r.parts)}")


def prompt(r: AskedRoll) -> str:
    """The prompt of the question for ``r``'s dice: who rolls, how many dice."""
    return one_line(f"{r.label} {dice_text(r.pool)}{r.where}> ")


def answer(r: AskedRoll, text: str, face: int = 5) -> Typed | None:
    """What the GM typed for ``r``: None (Enter) for the tracker to roll, else the faces
    or successes, checked against the pool as the engine checks them. Raises
    ``MomentaError`` with the reason (``expected 3 faces from 1 to 6 for 3d``), echoing
    the answer as typed and short."""
    t = text.replace("\ufeff", "").strip()
    if not t:
        return None
    count = t[:-1]
    if t.lower().endswith("s") and is_digits(count):
        if len(count.lstrip("0")) > MOST_DIGITS:  # no pool comes near: never read
            raise MomentaError(f"{clip(count, ECHO_MAX)} successes is impossible with "
                               f"{dice_text(r.pool)}")
        typed = Typed(successes=int(count))  # however many: the pool says if it can be
    else:
        try:
            typed = typed_result(",".join(t.replace(",", " ").split()))
        except MomentaError:
            raise MomentaError("a result is faces like 5,2,6 or successes like 2s, got "
                               f"{clip(one_line(t), 40)!r}") from None
    try:
        check(r, typed, face)
    except MomentaError as err:
        raise MomentaError(clip(str(err), 120)) from None
    return typed


def check(r: AskedRoll, typed: Typed, face: int = 5) -> None:
    """Refuse (``MomentaError``, the engine's reason) dice ``r``'s pool cannot show."""
    roll_pool(r.pool, OnesRoller(), face, typed)  # refuses a wrong count, as the engine would

