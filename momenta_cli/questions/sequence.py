"""The questions of one attack, one after another (``settle``): the targets' reactions,
the dice, Brace, then each PC Wound table d6 (R10). The answers go into the ``Attack``
(a Wound d6 typed goes onto the tape of faces instead); what comes back is the attack
to run and the tracker's dice already rolled and shown, which the run must take first
(``PresetRoller(faces, fallback=roller)``) so what was shown is what happens."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from momenta_cli.engine.attack import COUNTER_STEP, Attack, PartPath, part_at, replace_part
from momenta_cli.engine.core import Fight, Roller
from momenta_cli.errors import MomentaError
from momenta_cli.questions import (
    brace,
    dice_faces,
    reaction_offers,
    wound_die,
)
from momenta_cli.questions.roll_order import paths
from momenta_cli.questions.trial import Trial, longer, trial

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

    def note(self, text: str) -> None:
        """Say, quietly, why a question the GM may expect is not asked."""


class Cancelled(Exception):
    """The GM cancelled at a question: nothing is done."""


@dataclass(frozen=True)
class Settled:
    """The attack with every answer in it, and the faces the tracker rolled while asking
    (to be handed out first when it runs)."""

    command: Attack
    faces: tuple[int, ...] = ()
    asked: bool = False


LEAVE = ("quit", "exit")
VOID = ("The tracker's dice shown are void: the line typed again rolls new ones (type "
        "them to keep them).")
LEAVING = "(quit cancels the question; type quit at the prompt to leave)"


def _ask(table: Table, prompt: str, words: Sequence[str] = ()) -> str:
    got = table.ask(prompt, words)
    if got is None:
        raise Cancelled
    if got.replace("\ufeff", "").strip().lower() in LEAVE:  # no answer: the GM wants out
        table.note(LEAVING)
        raise Cancelled
    return got


def _note(table: Table, text: str, noted: set[str]) -> None:
    """A dim line, unless its reason was said already (Broken: no reaction, no Brace)."""
    reason = text.split(": ", 1)[-1]
    if reason not in noted:
        noted.add(reason)
        table.note(text)


def ask_reactions(fight: Fight, cmd: Attack, table: Table,
                  noted: set[str] | None = None) -> tuple[Attack, bool]:
    """Each target that may react and has no reaction written is asked for one (main
    target, then its Counterattack's target, then the further Area targets)."""
    asked = False
    noted = set() if noted is None else noted
    todo: list[PartPath] = [()] + [(i,) for i in range(len(cmd.also))]
    while todo:
        strike = todo.pop(0)
        if sum(1 for s in strike if s == COUNTER_STEP) > MAX_DEPTH:
            continue
        base = trial(fight, cmd)
        q = reaction_offers.question(fight, cmd, strike, base)
        if q is None:
            why = reaction_offers.unasked(fight, cmd, strike, base)
            if why is not None:
                _note(table, why, noted)
            continue
        asked = True
        table.tell(q.text)
        while True:
            try:
                offer = reaction_offers.answer(q, _ask(table, "reaction> ", q.words), fight)
                if part_at(offer.command, strike).brace:
                    trial(fight, offer.command)  # may it Brace? the engine says
            except MomentaError as err:
                table.wrong(str(err))
                continue
            picked = reaction_offers.chosen(fight, q, offer)
            if picked is None:
                table.wrong(f"{offer.kind} with which? Type one of: "
                            + " / ".join(o.text for o in q.offers if o.kind == offer.kind))
                continue
            if picked is not offer:
                table.tell(f"{q.target}: {offer.kind} with {picked.weapon} (the "
                           "tracker's pick)")
            offer = picked
            break
        cmd = offer.command
        if offer.kind == "counter":
            todo.insert(0, (*strike, COUNTER_STEP))
    return cmd, asked


def ask_dice(fight: Fight, cmd: Attack, table: Table,
             retype: dict[tuple[PartPath, str], str] | None = None) -> tuple[Attack, bool]:
    """Every pool told at once, then each roll asked in resolution order. ``retype``: the
    rolls written on the line with the wrong dice (and why), asked again whatever the
    ``ask_dice`` setting, each with its pool's breakdown."""
    retype = retype or {}
    every = fight.settings.ask_dice
    base = trial(fight, cmd)
    if not base.aligned:
        return cmd, False
    found = [r for r in dice_faces.rolls(base)
             if r.asked and (every or (r.path, r.field) in retype)]
    if not found:
        return cmd, False
    if every:
        table.tell(dice_faces.telling(dice_faces.rolls(base)))
    face = fight.settings.success_face
    for r in found:
        why = retype.get((r.path, r.field))
        if why is not None:
            table.wrong(f"{why}; type them again (Enter: the tracker rolls)")
            table.tell(dice_faces.breakdown(r))
        while True:
            try:
                typed = dice_faces.answer(r, _ask(table, dice_faces.prompt(r)), face)
                break
            except MomentaError as err:
                table.wrong(f"{err}; type them again (Enter: the tracker rolls)")
        if typed is not None:
            cmd = replace_part(cmd, r.path, **{r.field: typed})
    return cmd, True


def loosen(fight: Fight, cmd: Attack) -> tuple[Attack, dict[tuple[PartPath, str], str]] | None:
    """``cmd`` with each roll written on it that its pool refuses (``roll 5,6,2`` for a
    4d pool) taken off, to be asked again, with the engine's reason for each; None when
    the engine refuses ``cmd`` for another reason (running it says why)."""
    written = [(p, f, getattr(part_at(cmd, p), f)) for p in paths(cmd)
               for f in ("typed", "defense_typed") if getattr(part_at(cmd, p), f) is not None]
    if not written:
        return None
    bare = cmd
    for p, f, _ in written:
        bare = replace_part(bare, p, **{f: None})
    try:
        base = trial(fight, bare)
    except MomentaError:
        return None
    if not base.aligned:
        return None
    found = {(r.path, r.field): r for r in dice_faces.rolls(base)}
    face = fight.settings.success_face
    kept, retype = bare, {}
    for p, f, value in written:
        r = found.get((p, f))
        if r is None or not r.asked:
            return None  # not a roll of its own (a Grunt's, an Area's further target)
        try:
            dice_faces.check(r, value, face)
        except MomentaError as err:
            retype[(p, f)] = str(err)
            continue
        kept = replace_part(kept, p, **{f: value})
    if not retype:
        return None
    try:
        trial(fight, kept)
    except MomentaError:
        return None
    return kept, retype


def _roll_lines(t: Trial, upto: int, told: int) -> list[str]:
    from momenta_cli.render import event_lines

    out: list[str] = []
    for _, i in t.landed[told:upto + 1]:
        out += event_lines([t.events[i]])
    return out


def ask_brace(fight: Fight, cmd: Attack, roller: Roller, table: Table,
              noted: set[str] | None = None) -> tuple[Attack, tuple[int, ...], bool]:
    """Each target whose Vitality the damage would reach, and that may Brace, is told
    the amount both ways and asked; the dice rolled to know it are kept. A target hit
    and not asked is told why (``noted``: the reasons said already, not said again)."""
    noted = set() if noted is None else noted
    faces: tuple[int, ...] = ()
    start, told, asked = 0, 0, False
    while True:
        base = trial(fight, cmd, roller, faces)
        faces = base.faces if len(base.faces) > len(faces) else faces
        if not base.aligned:
            return cmd, faces, asked
        notes: list[str] = []
        q = brace.question(fight, base, start, roller, notes)
        for text in notes:
            _note(table, text, noted)
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
            except Cancelled:
                if faces:  # a retyped line rolls afresh: what was shown is not kept
                    table.tell(VOID)
                raise
        if yes:
            cmd = q.braced
        start = q.index + 1


def ask_wounds(fight: Fight, cmd: Attack, roller: Roller, faces: tuple[int, ...],
               table: Table, shown: bool = False) -> tuple[tuple[int, ...], bool]:
    """With ``ask_dice`` on, each PC Wound (Burden) table d6 the decided ``cmd`` rolls
    (R10) asked in order: a face typed takes the tracker's place on ``faces`` (the tape
    the line runs with), so the engine uses it and the journal keeps it. Decided again
    after each answer: a condition may change what follows. ``shown``: the tracker's
    dice were shown (at a Brace question), so a cancel says they are void."""
    if not fight.settings.ask_dice:
        return faces, False
    done = 0
    while True:
        t = trial(fight, cmd, roller, faces)
        faces = longer(faces, t.faces)
        found = wound_die.slots(t) if t.aligned else None
        if not found or done >= len(found):
            return faces, done > 0
        if done == 0:
            table.tell(wound_die.telling(fight, found))
        s = found[done]
        while True:
            try:
                face = wound_die.answer(_ask(table, wound_die.prompt(s)))
                break
            except MomentaError as err:
                table.wrong(f"{err}; type it again (Enter: the tracker rolls)")
            except Cancelled:
                if shown and len(faces) > len(found):  # more than the d6s: the roll's
                    table.tell(VOID)
                raise
        if face is not None:
            faces = (*faces[:s.at], face, *faces[s.at + 1:])
        done += 1


class Failed(MomentaError):
    """The answers could not be put together (not expected: each was decided already):
    nothing is run, the GM types the line again."""


def settle(fight: Fight, cmd: Attack, roller: Roller, table: Table) -> Settled | None:
    """Ask what ``cmd`` leaves open; None when the GM cancelled. An attack the engine
    refuses as it stands is asked nothing (running it says why), unless what it refuses
    is a roll written with the wrong dice: that roll is asked again. Raises ``Failed``
    when the answers cannot be decided (nothing must run then: not the line without
    them)."""
    retype: dict[tuple[PartPath, str], str] = {}
    try:
        trial(fight, cmd)
    except MomentaError:
        loose = loosen(fight, cmd)
        if loose is None:
            return Settled(cmd)
        cmd, retype = loose
    try:
        noted: set[str] = set()
        cmd, a1 = ask_reactions(fight, cmd, table, noted)
        cmd, a2 = ask_dice(fight, cmd, table, retype)
        cmd, faces, a3 = ask_brace(fight, cmd, roller, table, noted)
        faces, a4 = ask_wounds(fight, cmd, roller, faces, table, shown=a3)
    except Cancelled:
        return None
    except MomentaError as err:
        raise Failed(f"the answers could not be put together ({err}); nothing was done: "
                     "type the attack again with them written") from None
    return Settled(cmd, faces, a1 or a2 or a3 or a4 or bool(retype))
