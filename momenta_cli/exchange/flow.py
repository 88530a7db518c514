"""The questions of one attack, one after another (``settle``): the targets' reactions,
the dice, Brace. The answers go into the ``Attack``; what comes back is the attack to
run and the tracker's dice already rolled and shown, which the run must take first
(``PresetRoller(faces, fallback=roller)``) so what was shown is what happens."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from momenta_cli.dice import Roller
from momenta_cli.engine.attack_plan import Attack
from momenta_cli.engine.state import Fight
from momenta_cli.errors import MomentaError
from momenta_cli.exchange import brace, dice, reactions
from momenta_cli.exchange.parts import COUNTER, Path, put
from momenta_cli.exchange.trial import Trial, trial

MAX_DEPTH = 4  # a Counterattack answered by a Counterattack...: a handful at most


class Table(Protocol):
    """Where the questions are asked: a terminal prompt or plain lines (cli/ask.py)."""

    def tell(self, text: str) -> None:
        """Show a line (a question, the pools, the roll so far)."""

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        """The answer typed at ``prompt`` (``words``: what completion may offer); None
        when the GM cancels (Ctrl-C, Ctrl-D, the end of the input)."""

    def wrong(self, message: str) -> None:
        """Say why an answer cannot be taken; the question is asked again."""


class Cancelled(Exception):
    """The GM cancelled at a question: nothing is done."""


@dataclass(frozen=True)
class Settled:
    """The attack with every answer in it, and the faces the tracker rolled while asking
    (to be handed out first when it runs)."""

    command: Attack
    faces: tuple[int, ...] = ()
    asked: bool = False


def _ask(table: Table, prompt: str, words: Sequence[str] = ()) -> str:
    got = table.ask(prompt, words)
    if got is None:
        raise Cancelled
    return got


def ask_reactions(fight: Fight, cmd: Attack, table: Table) -> tuple[Attack, bool]:
    """Each target that may react and has no reaction written is asked for one (main
    target, then its Counterattack's target, then the further Area targets)."""
    asked = False
    todo: list[Path] = [()] + [(i,) for i in range(len(cmd.also))]
    while todo:
        strike = todo.pop(0)
        if sum(1 for s in strike if s == COUNTER) > MAX_DEPTH:
            continue
        base = trial(fight, cmd)
        q = reactions.question(fight, cmd, strike, base)
        if q is None:
            continue
        asked = True
        table.tell(q.text)
        while True:
            try:
                offer = reactions.answer(q, _ask(table, "reaction> ", q.words))
                break
            except MomentaError as err:
                table.wrong(str(err))
        cmd = offer.command
        if offer.kind == "counter":
            todo.insert(0, (*strike, COUNTER))
    return cmd, asked


def ask_dice(fight: Fight, cmd: Attack, table: Table) -> tuple[Attack, bool]:
    """Every pool told at once, then each roll asked in resolution order."""
    base = trial(fight, cmd)
    if not base.aligned:
        return cmd, False
    found = dice.rolls(base)
    if not any(r.asked for r in found):
        return cmd, False
    table.tell(dice.telling(found))
    face = fight.settings.success_face
    for r in found:
        if not r.asked:
            continue
        while True:
            try:
                typed = dice.answer(r, _ask(table, dice.prompt(r)), face)
                break
            except MomentaError as err:
                table.wrong(f"{err}; type them again (Enter: the tracker rolls)")
        if typed is not None:
            cmd = put(cmd, r.path, **{r.field: typed})
    return cmd, True


def _roll_lines(t: Trial, upto: int, told: int) -> list[str]:
    from momenta_cli.render.logtext import lines

    out: list[str] = []
    for _, i in t.landed[told:upto + 1]:
        out += lines([t.events[i]])
    return out


def ask_brace(fight: Fight, cmd: Attack, roller: Roller, table: Table
              ) -> tuple[Attack, tuple[int, ...], bool]:
    """Each target whose Vitality the damage would reach, and that may Brace, is told
    the amount both ways and asked; the dice rolled to know it are kept."""
    faces: tuple[int, ...] = ()
    start, told, asked = 0, 0, False
    while True:
        base = trial(fight, cmd, roller, faces)
        faces = base.faces if len(base.faces) > len(faces) else faces
        if not base.aligned:
            return cmd, faces, asked
        q = brace.question(fight, base, start, roller)
        if q is None:
            return cmd, faces, asked
        faces = q.faces
        for text in _roll_lines(base, q.index, told):
            table.tell(text)
        told = q.index + 1
        table.tell(q.text)
        asked = True
        while True:
            try:
                yes = brace.answer(_ask(table, "Brace? [y/N] ", ("y", "n")))
                break
            except MomentaError as err:
                table.wrong(str(err))
        if yes:
            cmd = q.braced
        start = q.index + 1


def settle(fight: Fight, cmd: Attack, roller: Roller, table: Table) -> Settled | None:
    """Ask what ``cmd`` leaves open; None when the GM cancelled. An attack the engine
    refuses as it stands is asked nothing (running it says why)."""
    try:
        trial(fight, cmd)
    except MomentaError:
        return Settled(cmd)
    first = cmd
    try:
        cmd, a1 = ask_reactions(fight, cmd, table)
        a2 = False
        if fight.settings.ask_dice:
            cmd, a2 = ask_dice(fight, cmd, table)
        cmd, faces, a3 = ask_brace(fight, cmd, roller, table)
    except Cancelled:
        return None
    except MomentaError:  # not expected (each answer was decided already): ask nothing
        return Settled(first)
    return Settled(cmd, faces, a1 or a2 or a3)
