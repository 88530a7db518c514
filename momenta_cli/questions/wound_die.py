"""The PC Wound table's d6, asked once the attack is decided (R10): a PC that fills a
Wound (or Burden) slot rolls a d6 for its condition, and the players roll physical
dice, so with ``ask_dice`` on each such d6 is asked after Brace (which changes the
damage, so whether a slot fills): a face 1-6, or Enter for the tracker to roll. An
enemy's Wound gives its hit location's effect and rolls nothing, so is never asked.

The typed face takes the place of the tracker's on the tape of faces the line is run
with (``PresetRoller``): the engine draws the d6 from the same roller as the attack's
dice, in resolution order, so the d6's place on the tape is found by counting the
faces each roll took before it (a typed roll or a Grunt's takes none; an Area weapon's
one roll is counted once), and checked against the face the decision showed."""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.core import Fight, Roll
from momenta_cli.errors import MomentaError
from momenta_cli.questions.trial import Trial
from momenta_cli.text import clip, one_line


@dataclass(frozen=True)
class Slot:
    """One PC's d6 on the Wound table: who, Wound or Burden, and where on the tape of
    faces the engine takes it (``at``)."""

    name: str
    burden: bool
    at: int

    @property
    def what(self) -> str:
        return "Burden" if self.burden else "Wound"


def _took(roll: Roll | None) -> int:
    """How many of the roller's faces one roll record took (a typed or Grunt's: none)."""
    return len(roll.faces) if roll is not None and roll.rolled else 0


def slots(t: Trial) -> list[Slot] | None:
    """Every PC Wound table d6 the attack decided in ``t`` rolled, in order; None when
    the faces cannot be told apart for sure (the tape does not show the d6 where the
    count puts it): then nothing is asked and the tracker's dice stand."""
    first = {i: landing.first for landing, i in t.landed}
    n = 0
    out: list[Slot] = []
    for i, e in enumerate(t.events):
        if e.kind == "attack_rolled":
            if first.get(i, True):
                n += _took(getattr(e, "roll", None))
            n += _took(getattr(e, "defense_roll", None))
        elif e.kind == "wound_taken" and getattr(e, "face", None) is not None:
            if n >= len(t.faces) or t.faces[n] != e.face:
                return None
            out.append(Slot(e.name, bool(e.burden), n))
            n += 1
    return out


def telling(fight: Fight, found: list[Slot]) -> str:
    """``Wound d6 (R10) for Wren's Wound: 1 Impaired, ...`` and how to answer."""
    who: dict[tuple[str, str], int] = {}
    for s in found:
        who[(s.name, s.what)] = who.get((s.name, s.what), 0) + 1
    parts = [f"{name}'s {what}" if n == 1 else f"{name}'s {n} {what}s"
             for (name, what), n in who.items()]
    table = ", ".join(f"{k} {c}" for k, c in enumerate(fight.settings.pc_wound_table, 1))
    return one_line(f"Wound d6 (R10) for {', '.join(parts)}: {table}. Type each face "
                    "(1-6); Enter: the tracker rolls.")


def prompt(s: Slot) -> str:
    """``Wren's Wound d6 (R10)> ``."""
    return one_line(f"{s.name}'s {s.what} d6 (R10)> ")


def answer(text: str) -> int | None:
    """The face typed: None (Enter) for the tracker to roll. Raises ``MomentaError``
    with the reason, echoing the answer short."""
    t = text.replace("\ufeff", "").strip()
    if not t:
        return None
    if len(t) == 1 and t in "123456":  # one ASCII digit: never ² or ٣, nor 5,000 of them
        return int(t)
    raise MomentaError(f"a Wound table roll is one d6 face from 1 to 6, got "
                       f"{clip(one_line(t), 40)!r}")
