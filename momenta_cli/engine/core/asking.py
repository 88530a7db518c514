"""Decision points (ch19 Reactions, ch20 Attacking, R10, R15, R27): where deciding a
command stops because the rules give someone a choice, and how it goes on.

The engine draws its dice from a ``Roller``. A roller that is also a ``Decider`` is
consulted at each decision point first (``consult``): the target's reaction when it is
targeted, the dice of a roll once its pool is known, Brace once the damage is known, a
Wound or Burden d6, a clear roll at the end of a turn. Each point is an ``Ask``: who
decides, what kind of decision, the legal ``Option``s with their costs and pools, and
what is known by then (the pool, the damage both ways, the events the table must see
before it answers). A plain roller answers nothing, so every point takes its default
(no reaction, the tracker rolls, no Brace): a line whose every answer is written, a
script, ``do``, a replay run straight through.

So there is one resolution, read three ways:
- live (the prompt): ``decide(fight, command, decider)`` with a decider that asks the
  table at each point; decided once, and ``written`` puts each answer into the command
  so the journal keeps the complete line;
- step by step (a phone, a look-ahead): ``step(fight, command, answers)`` returns the
  first ``Ask`` the answers given leave open, or ``Done`` with the events: the
  decision stops at the point, rolling nothing after it;
- straight through (``do``, a replay, the simulator): a plain roller.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol, runtime_checkable

from momenta_cli.engine.core.rollers import Roller
from momenta_cli.engine.core.rolls import Pool
from momenta_cli.errors import RuleError

AskKind = Literal["reaction", "dice", "brace", "wound_die", "clear_roll", "trigger",
                  "pick"]
GM = "GM"  # who decides an enemy's choices and dice

# Where an answer goes (``Ask.key``): a field of one part of an attack (its path, as in
# engine/attack/parts.py), the clear roll of one condition at the end of a turn, a
# movement's trigger or a decision inside the reactive attack made at one
# (engine/movement/trigger_points.py), or the tape of faces the command draws its d6s
# from (``Entry.dice``).
Key = tuple[Any, ...]


@dataclass(frozen=True)
class Option:
    """One legal answer to a choice: the words that write it on the command's line
    (``dodge``, ``deflect=Buckler``, ``counter``, ``defend=Tolling Ward``, ``brace``;
    ``""`` for no reaction), its label, the fields it sets on the command's part at the
    ask's path (``change``), and what it costs and rolls."""

    words: str
    label: str
    change: tuple[tuple[str, Any], ...] = ()
    cost: int | None = None  # Vigor (a reaction's)
    pool: Pool | None = None  # the dice it rolls, when it rolls
    auto: int | None = None  # a Grunt's fixed successes instead (R7)
    left: int | None = None  # a scripted defense's uses left this round (R7) ...
    per_round: int | None = None  # ... of so many

    @property
    def none(self) -> bool:
        """The answer that declares nothing."""
        return not self.change


NO_REACTION = Option("", "no reaction")


@dataclass(frozen=True)
class Ask:
    """One decision point: ``who`` decides (a combatant's name; ``gm``: the GM does, for
    an enemy), what ``kind``, where the answer goes (``key``), the ``options`` of a
    choice, and what is known by then.

    - ``reaction``: the target of an attack, with its legal reactions (``options``, the
      first is no reaction), the attack's ``pool``, ``against`` the attacker.
    - ``dice``: a roll whose pool is known (``pool``, ``dice`` thrown); answered with
      ``Typed`` faces or successes, or None for the tracker to roll.
    - ``brace``: the damage known, ``amount`` reaching Vitality without Brace and
      ``braced`` with it; answered with the ``brace`` option or None.
    - ``wound_die``: a PC's Wound (``burden``: Burden) table d6 (R10); a face or None.
    - ``clear_roll``: a PC's roll to clear ``condition`` at the end of its turn (R15).
    - ``trigger``: a movement reaches a square where ``who`` may answer it with a
      reactive attack (R35: an Intercept, a Forestall at its start): ``against`` the one
      moving, at ``square``; the ``options`` are no reaction, then the reaction with each
      weapon that may make it there (``change`` names the weapon; its cost and pool).
      Answered with an option, or None (no reaction, the line unchanged).
    - ``pick``: the side due picks who acts next (ch18 Turn Order, R13, R14): ``who`` is
      the side, ``gm`` unless the players pick; the options are who may act, in order,
      the suggestion's label marked; None takes the suggestion.
    ``lead``: the events decided since the command began that the table should have seen
    before this question (the roll, the damage), in order. ``wrong``: why the last
    answer to this same point was refused, when it is asked again. ``why``: a reaction
    point where nothing may be declared (only no reaction) says the rules' reasons, so a
    table can tell the player; nothing is to answer there.
    """

    kind: AskKind
    who: str
    gm: bool
    key: Key
    options: tuple[Option, ...] = ()
    pool: Pool = Pool()
    dice: int = 0
    against: str = ""
    label: str = ""  # what the roll or choice is: "Gorm's Dodge", "Ilvane clears Hindered"
    condition: str = ""
    attribute: str | None = None
    burden: bool = False
    amount: int | None = None
    braced: int | None = None
    lead: tuple[Any, ...] = ()
    wrong: str = ""
    why: tuple[str, ...] = ()  # a reaction point with no choice: the rules' reasons
    may_brace: bool = False  # a reaction point: Brace may be declared with the reaction
    # a trigger (engine/movement/trigger_points.py): where the one moving (``against``)
    # stands, how it got there ("Move", "Shift", "dragged", "pushed"), the reactor's
    # Vigor before paying, and whether the reactor cannot see that square (``NO_SIGHT``)
    square: str = ""
    how: str = ""
    vigor: int | None = None
    unseen: bool = False

    def option(self, words: str) -> Option | None:
        """The option written ``words`` (case-insensitive), or None."""
        low = words.lower()
        return next((o for o in self.options if o.words.lower() == low), None)


@runtime_checkable
class Decider(Protocol):
    """A roller that is consulted at each decision point before any default is taken.
    ``answer`` returns an ``Option`` (a choice), ``Typed`` (a roll's dice), an ``int``
    (a d6 face), or None: the default (no reaction, no Brace, the tracker rolls)."""

    def roll(self, n: int) -> list[int]: ...

    def answer(self, ask: Ask) -> Any: ...


def consult(roller: Roller, ask: Ask, check: Callable[[Any], object] | None = None) -> Any:
    """The answer ``roller`` gives at ``ask`` (None from a plain roller: the default).
    ``check`` raises ``RuleError`` for an answer the rules refuse; the point is then
    asked again with the reason (``Ask.wrong``), so a live table retypes it and nothing
    is decided twice."""
    # what ``isinstance(roller, Decider)`` asks, without the Protocol's own check: it
    # looks up every member's name each time, a tenth of an attack's cost (bench attack)
    answer = getattr(roller, "answer", None)
    if answer is None:
        return None
    while True:
        got = answer(ask)
        if got is None or check is None:
            return got
        try:
            check(got)
            return got
        except RuleError as err:
            ask = replace(ask, wrong=str(err))


def amend(roller: Roller, ask: Ask, given: Any, check: Callable[[Any], object]) -> Any:
    """An answer written beforehand (a roll typed on the line), checked at its point:
    when the rules refuse it, a decider is asked again with the reason (``Ask.wrong``)
    and its answer taken instead; with no answer (a plain roller) the refusal is
    raised, as for any refused line."""
    try:
        check(given)
        return given
    except RuleError as err:
        got = consult(roller, replace(ask, wrong=str(err)), check)
        if got is None:
            raise
        return got


def take_die(roller: Roller, ask: Ask) -> int:
    """A d6 decided at ``ask``: the face answered (1-6), else the roller's."""

    def check(face: Any) -> None:
        if not (isinstance(face, int) and 1 <= face <= 6):
            raise RuleError(f"a d6 shows 1 to 6, not {face!r}")

    face = consult(roller, ask, check)
    return face if face is not None else roller.roll(1)[0]


def written(command: Any, ask: Ask, answer: Any) -> Any:
    """``command`` with ``answer`` to ``ask`` written into it, as the journal keeps it: a
    choice's fields on the part at the ask's path, a roll's dice as its typed roll, a
    clear roll in the turn's typed rolls, a movement's reaction (and the answers inside
    it) among its line's reactions (``MoveTo.reactions``, a shove's ``push_reactions``;
    ``said`` once a trigger is answered). A d6 goes on the tape of faces instead
    (``Entry.dice``), so the command is unchanged."""
    if answer is None:
        return command
    where = ask.key[0]
    if where in ("trigger", "reactive"):
        from momenta_cli.engine.movement import write_answer  # a movement's answers

        return write_answer(command, ask, answer)
    if where == "attack":
        from momenta_cli.engine.attack import replace_part  # the attack's parts

        path, fld = ask.key[1], ask.key[2]
        if isinstance(answer, Option):
            return replace_part(command, path, **dict(answer.change))
        return replace_part(command, path, **{fld: answer})
    if where == "turn" and isinstance(answer, Option):
        return replace(command, name=answer.words)
    if where == "clear":
        typed = dict(getattr(command, "typed", {}) or {})
        typed[ask.key[1]] = answer
        return replace(command, typed=typed)
    return command


# --- step by step ----------------------------------------------------------------------


@dataclass(frozen=True)
class Done:
    """A command decided to the end: its events, the command with every answer written,
    and the faces its dice took, in order (the journal's ``dice``)."""

    events: list[Any]
    command: Any
    faces: tuple[int, ...] = ()


class Stopped(Exception):
    """Raised through the engine by ``Stepper`` at the first point left open."""

    def __init__(self, ask: Ask):
        super().__init__(ask.kind)
        self.ask = ask


TAPE: Key = ("tape",)


@dataclass
class Stepper:
    """A decider for ``step``: answers from ``answers`` (by key; the d6s by their order
    on ``tape``, then ``roller`` or stop), and stops at the first point not answered.
    ``rolls``: dice the tracker may roll without asking (a ``dice`` or ``clear_roll``
    point left open is then rolled rather than stopped at)."""

    answers: Mapping[Key, Any]
    roller: Roller | None = None
    tape: tuple[int, ...] = ()
    rolls: bool = False
    faces: list[int] = field(default_factory=list)
    asked: list[Ask] = field(default_factory=list)
    _dice: int = 0  # the d6s answered so far from the tape

    def roll(self, n: int) -> list[int]:
        if self.roller is None:
            raise Stopped(Ask("dice", "", True, ("roll",), dice=n))
        out = self.roller.roll(n)
        self.faces.extend(out)
        return out

    def answer(self, ask: Ask) -> Any:
        if ask.wrong:  # a given answer the rules refuse: not asked again here
            raise RuleError(ask.wrong)
        if ask.kind in ("reaction", "trigger") and len(ask.options) <= 1:
            return None  # no choice: nothing to stop at
        self.asked.append(ask)
        if ask.kind == "wound_die":
            if self._dice < len(self.tape):
                face = self.tape[self._dice]
                self._dice += 1
                self.faces.append(face)
                return face
            if self.roller is not None and self.rolls:
                return None
            raise Stopped(ask)
        if ask.key in self.answers:
            return self.answers[ask.key]
        if ask.kind in ("dice", "clear_roll") and self.rolls and self.roller is not None:
            return None
        raise Stopped(ask)


def step(fight: Any, command: Any, answers: Mapping[Key, Any] | None = None, *,
         roller: Roller | None = None, tape: tuple[int, ...] = (), rolls: bool = False
         ) -> Ask | Done:
    """``command`` decided against ``fight`` (unchanged) as far as ``answers`` take it:
    the first ``Ask`` left open, or ``Done``. ``tape``: d6 faces already decided, in
    order. ``roller``: where dice left to the tracker come from (with ``rolls``, a roll
    not answered is rolled rather than asked); without one nothing is rolled, and the
    decision stops at the first die. Raises ``RuleError`` when the command, or an answer
    given, is refused."""
    from momenta_cli.engine.core.deciding import decide

    s = Stepper(dict(answers or {}), roller, tape, rolls)
    try:
        events = decide(fight, command, s)
    except Stopped as stop:
        return stop.ask
    cmd = command
    for ask in s.asked:
        if ask.key in s.answers:
            cmd = written(cmd, ask, s.answers[ask.key])
    return Done(events, cmd, tuple(s.faces))



@dataclass
class Survey:
    """A decider for a look-ahead: every point is noted and left to its default (no
    reaction, no Brace), every die a 1 (``OnesRoller``: what is read is fixed before any
    die, ch20 step 1). ``asks``: the points met, in order."""

    asks: list[Ask] = field(default_factory=list)

    def roll(self, n: int) -> list[int]:
        return [1] * n

    def answer(self, ask: Ask) -> Any:
        self.asks.append(ask)
        return None


def survey(fight: Any, command: Any) -> tuple[list[Any], list[Ask]]:
    """``command`` decided against ``fight`` (unchanged) with every decision left to its
    default and every die a 1: its events and each decision point it passed, in order,
    with their options, costs and pools. Rolls nothing real. Raises ``RuleError`` when
    the command is refused."""
    from momenta_cli.engine.core.deciding import decide

    s = Survey()
    return decide(fight, command, s), s.asks
