"""The dice of a roll, asked once its pool is known (ch20 step 1, R1, R2): the engine
stops at each roll in the order it resolves them (a Counterattack's first, R27), and
the table types the faces (``5,6,2`` or ``5 6 2``), the successes (``2s``), or Enter for
the tracker to roll. A Grunt never rolls (R7) and a roll written on the line is not
asked, unless its dice are wrong for the pool: then it is asked again with the reason
and where the pool comes from, whatever ``ask_dice`` says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from momenta_cli.engine.attack import COUNTER_STEP
from momenta_cli.engine.core import Ask, Typed, dice_text, pool_text
from momenta_cli.errors import MomentaError
from momenta_cli.language import typed_result
from momenta_cli.questions.table_decider import HOW_DICE
from momenta_cli.text import ECHO_MAX, clip, is_digits, one_line

if TYPE_CHECKING:
    from momenta_cli.questions.table_decider import TableDecider

MOST_DIGITS = 3  # digits of a success count worth reading: no pool shows 1,000
AGAIN = "type them again (Enter: the tracker rolls)"


def roll_name(ask: Ask) -> str:
    """Who rolls and with what, with the pool's size: ``Gorm rolls 3d``, ``Kira rolls 3d
    for every target``, ``Wren's Dodge 3d``, ``Wren's Counterattack 2d``."""
    size = dice_text(ask.pool.total)
    head, sep, rest = ask.label.partition(" rolls")
    if not sep:
        return one_line(f"{ask.label} {size}")
    path = ask.key[1] if ask.key[0] == "attack" else ()
    if path and path[-1] == COUNTER_STEP:  # the one it answers rolls its Counterattack
        return one_line(f"{head}'s Counterattack {size}{rest}")
    return one_line(f"{head} rolls {size}{rest}")


def read_roll(text: str, pool: int) -> Typed | None:
    """What the table typed for a roll of ``pool`` dice: None (Enter) for the tracker to
    roll, else the faces or successes (the engine checks them against the pool). Raises
    ``MomentaError`` for what reads as neither, echoing the answer as typed and short."""
    t = text.replace("\ufeff", "").strip()
    if not t:
        return None
    count = t[:-1]
    if t.lower().endswith("s") and is_digits(count):
        if len(count.lstrip("0")) > MOST_DIGITS:  # no pool comes near: never read
            raise MomentaError(f"{clip(count, ECHO_MAX)} successes is impossible with "
                               f"{dice_text(pool)}")
        return Typed(successes=int(count))  # however many: the engine says if it can be
    try:
        return typed_result(",".join(t.replace(",", " ").split()))
    except MomentaError:
        raise MomentaError("a result is faces like 5,2,6 or successes like 2s, got "
                           f"{clip(one_line(t), 40)!r}") from None


def ask_roll(d: TableDecider, ask: Ask, prompt: str) -> Typed | None:
    """The dice of the roll at ``ask`` (a ``dice`` or ``clear_roll`` point), asked at
    ``prompt``: with ``ask_dice`` on, or when the dice given were wrong for the pool
    (``Ask.wrong``: said, then asked again)."""
    if not ask.wrong and not d.fight.settings.ask_dice:
        return None
    d.show(ask)
    if ask.wrong:
        d.table.wrong(f"{clip(ask.wrong, 120)}; {AGAIN}")
        if ask.key not in d.answers and ask.key not in d.retyping:
            d.retyping.add(ask.key)  # written on the line: where the pool comes from
            d.table.tell(one_line(f"{ask.label}: {pool_text(ask.pool)}"))
    elif d.once("dice"):
        d.table.tell(HOW_DICE)
    typed = _typed(d, ask, prompt)
    if typed is None and ask.key in d.retyping:
        # the line's own roll, refused: Enter puts the tracker's faces in its place
        typed = Typed(faces=tuple(d.roll(ask.dice)))
    return d.take(ask, typed)


def _typed(d: TableDecider, ask: Ask, prompt: str) -> Typed | None:
    while True:
        try:
            return read_roll(d.question(prompt), ask.pool.total)
        except MomentaError as err:
            d.table.wrong(f"{clip(str(err), 120)}; {AGAIN}")


def ask_dice(d: TableDecider, ask: Ask) -> Typed | None:
    """The dice of one roll of an attack, its pool known."""
    return ask_roll(d, ask, f"{roll_name(ask)}> ")
