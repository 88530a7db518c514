"""One command decided while the table answers (ch19 Reactions, ch20 Attacking, R7, R10,
R15): a ``TableDecider`` is the roller the engine decides with at the prompt. Where the
engine stops at a decision point (engine/core/asking.py ``Ask``) it is consulted: it
shows first the events the table must have seen (the ask's ``lead``, each event once),
then asks in words through a ``Table`` (cli/ask.py), by the ask's kind (``ASKERS``: one
line registers a kind). Its answers are what the engine goes on with, so nothing is
decided twice; ``written()`` is the command with every answer in it, the line the
journal keeps. Ctrl-C, Ctrl-D or ``quit`` at a question raises ``Cancelled`` out of the
decision: the engine never changes the state it is given, so nothing is done.

A point whose ``who`` is a PC with a seat (momenta_cli/seating/; the players' pick: any
allied seat) is put to its phone as well when the table can (``SeatedTable``):
phone_question.py says it for the phone, and the first answer, typed or the phone's, is
read by the same asker, so a phone's answer is refused or taken exactly as a typed one;
``seats()`` says which answers came from a seat (the record's ``"seated"``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from momenta_cli.engine.core import (
    Ask,
    Event,
    Fight,
    Key,
    Roller,
    apply_all,
    written,
)
from momenta_cli.errors import MomentaError


class Table(Protocol):
    """Where the questions are asked: a terminal prompt or plain lines (cli/ask.py)."""

    def tell(self, text: str) -> None:
        """Show a line (a question, the roll so far)."""

    def ask(self, prompt: str, words: Sequence[str] = ()) -> str | None:
        """The answer typed at ``prompt`` (``words``: what completion may offer); None
        when the GM cancels (Ctrl-C, Ctrl-D, the end of the input)."""

    def wrong(self, message: str) -> None:
        """Say why an answer cannot be taken; the question is asked again (to a phone
        whose answer it was, too)."""

    def note(self, text: str) -> None:
        """Say, quietly, why a question the GM may expect is not asked."""


class SeatedTable(Table, Protocol):
    """A table that can also put a question to the players' phones (cli/ask.py):
    ``seated()`` names the PCs with a seat now; ``ask_seated`` asks at the prompt and on
    the phones of ``question["seats"]`` at once and returns the first answer, a typed
    one or a phone's (``last_seat``: the seat it came from, "" for the GM's);
    ``settled()`` says the command's questions are over."""

    last_seat: str

    def seated(self) -> list[str]: ...

    def ask_seated(self, prompt: str, words: Sequence[str], question: dict[str, Any]
                   ) -> str | None: ...

    def settled(self, why: str = "") -> None: ...


class Cancelled(Exception):
    """The GM cancelled at a question: nothing is done (not a ``MomentaError``, so no
    refusal anywhere takes it for one)."""


class Failed(MomentaError):
    """The answers could not be put together: nothing is run, the GM types the line
    again."""


LEAVE = ("quit", "exit")
LEAVING = "(quit cancels the question; type quit at the prompt to leave)"
VOID = ("The tracker's dice shown are void: the line typed again rolls new ones (type "
        "them to keep them).")
HOW_DICE = ("Dice: type each roll's faces (5,6,2) or successes (2s); Enter: the tracker "
            "rolls.")

WALKS = ("moved", "halted", "dragged", "shoved")  # a movement's steps and stops (R35)

# what a command pays (Vigor, a maneuver, a scripted defense's use): its own lines say it
UNSAID = ("maneuver_taken", "reaction_taken", "defense_used")

Asker = Callable[["TableDecider", Ask], Any]


class TableDecider:
    """The roller of one command decided at the prompt: ``roller``'s dice, and the
    table's answers at each decision point. ``command``: the command decided (an area
    attack aimed already), which ``written()`` writes the answers into."""

    def __init__(self, fight: Fight, command: Any, roller: Roller, table: Table):
        self.fight = fight
        self.command = command
        self.roller = roller
        self.table = table
        self.answers: dict[Key, tuple[Ask, Any]] = {}  # by point, in the order asked
        self.preset: dict[Key, bool] = {}  # Brace declared with the reaction
        self.retyping: set[Key] = set()  # rolls written on the line with wrong dice
        self.asked = False  # a question was put to the table
        self.seen: list[Event] = []  # every event shown, in order (kept alive: ids)
        self._shown: set[int] = set()
        # a movement's walk and stops as already shown: the engine works each question's
        # out afresh (the same steps, new events), so they are known by what they say
        self._walked: list[Event] = []
        self._once: set[Any] = set()
        self._tracker_shown = False
        self.current: Ask | None = None  # the point being asked
        self.seat_said: dict[Key, tuple[str, str]] = {}  # answers a phone gave: seat, kind

    # --- the roller --------------------------------------------------------------------

    def roll(self, n: int) -> list[int]:
        return self.roller.roll(n)

    def answer(self, ask: Ask) -> Any:
        """The table's answer at ``ask`` (None: the default), by its kind; a kind with
        no asker (yet) takes the default."""
        asker = ASKERS.get(ask.kind)
        self.current = ask
        return None if asker is None else asker(self, ask)

    # --- what the askers share -----------------------------------------------------------

    def show(self, ask: Ask) -> None:
        """The events of ``ask.lead`` not shown yet, as the log says them; a payment
        (a maneuver, a reaction, a defense's use) is said once, by the command's own
        lines after it, and is not what the table answers by."""
        from momenta_cli.render import event_lines

        new = [e for e in ask.lead if id(e) not in self._shown and e.kind not in UNSAID
               and not (e.kind in WALKS and e in self._walked)]
        for e in new:
            self._shown.add(id(e))
            if e.kind in WALKS:
                self._walked.append(e)
            self.seen.append(e)
            if e.kind == "attack_rolled" and any(
                    r is not None and r.rolled for r in (e.roll, e.defense_roll)):
                self._tracker_shown = True
        for text in event_lines(new):
            self.table.tell(text)

    def now(self) -> Fight:
        """The fight as the table has seen it so far: the events shown applied to a copy
        (the state before the command when they do not apply in order)."""
        try:
            return apply_all(self.fight.draft(), self.seen)
        except Exception:  # a partial run of events: the state before is near enough
            return self.fight

    def question(self, prompt: str, words: Sequence[str] = ()) -> str:
        """The answer typed at ``prompt``; raises ``Cancelled`` at Ctrl-C, Ctrl-D, the
        end of the input, or ``quit``."""
        self.asked = True
        got = self._ask(prompt, words)
        while got is not None and got.replace("\ufeff", "").strip().lower() in LEAVE:
            if not getattr(self.table, "last_seat", ""):
                self.table.note(LEAVING)  # no answer: the GM wants out
                got = None
                break
            # Cancelling the command is the GM's alone: a phone may only answer its own
            # question, so its "quit" is a wrong answer, said to the phone, asked again.
            self.table.wrong(f"{got.strip()!r} is not an answer here; only the GM can "
                             f"cancel the command")
            got = self._ask(prompt, words)
        if got is None:
            if self._tracker_shown:  # a retyped line rolls afresh: what was shown is not kept
                self.table.tell(VOID)
            raise Cancelled
        return got

    def _ask(self, prompt: str, words: Sequence[str]) -> str | None:
        """The table's answer; put to the phones as well when the point being asked is
        a seated player's (momenta_cli/seating/), the first answer taken."""
        ask = self.current
        seated = getattr(self.table, "seated", None)
        if ask is None or seated is None:
            return self.table.ask(prompt, words)
        from momenta_cli.questions.phone_question import phone_question, seats_for

        table: SeatedTable = self.table  # type: ignore[assignment]
        seats = seats_for(self, ask, seated())
        if not seats:
            return table.ask(prompt, words)
        got = table.ask_seated(prompt, words, phone_question(self, ask, prompt, seats))
        if table.last_seat:
            self.seat_said[ask.key] = (table.last_seat, ask.kind)
        else:  # the GM's answer stands for this point (a phone's refused before it)
            self.seat_said.pop(ask.key, None)
        return got

    def seats(self) -> tuple[tuple[str, str], ...]:
        """The answers that came from a seat, in the order asked: ``(seat, kind)``."""
        return tuple(self.seat_said.values())

    def once(self, what: Any) -> bool:
        """True the first time ``what`` is asked about in this command."""
        if what in self._once:
            return False
        self._once.add(what)
        return True

    def note_once(self, text: str, *reasons: str) -> None:
        """A dim line, unless its reasons were all said already in this command."""
        if [r for r in reasons if self.once(("note", r))]:
            self.table.note(text)

    def take(self, ask: Ask, answer: Any) -> Any:
        """Keep ``answer`` as the one at ``ask``'s point (asked again after a refusal,
        the last answer stands) and return it; None keeps nothing."""
        if answer is None:
            self.answers.pop(ask.key, None)
        else:
            self.answers[ask.key] = (ask, answer)
        return answer

    def written(self) -> Any:
        """The command with every answer written into it (a d6 is on the tape instead)."""
        cmd = self.command
        for ask, answer in self.answers.values():
            cmd = written(cmd, ask, answer)
        return cmd


def _askers() -> dict[str, Asker]:
    from momenta_cli.questions import (
        brace,
        clear_rolls,
        dice_faces,
        pick_question,
        reaction_offers,
        trigger_answers,
        wound_die,
    )

    return {"reaction": reaction_offers.ask_reaction, "dice": dice_faces.ask_dice,
            "brace": brace.ask_brace, "wound_die": wound_die.ask_wound,
            "clear_roll": clear_rolls.ask_clear, "trigger": trigger_answers.ask_trigger,
            "pick": pick_question.ask_pick}


# What the table is asked at each kind of decision point; a kind not here takes its
# default.
ASKERS: dict[str, Asker] = _askers()
