"""Running one line of the command language against a session. Shared by the prompt,
one-shot commands and replay scripts, so all three accept exactly the same language."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from momenta_cli.engine.core import Command, Entry, Roller, Session
from momenta_cli.errors import CommandError, MomentaError
from momenta_cli.language import Meta, Request, lookup, parse_line
from momenta_cli.play.preview import strip_mark
from momenta_cli.text import check_length, split, take_dice, too_long, unsafe

if TYPE_CHECKING:
    from momenta_cli.odds import AttackOdds
    from momenta_cli.play.preview import LinePreview
    from momenta_cli.play.scheduled import Confirm


@dataclass(frozen=True)
class Outcome:
    """What a line did: an accepted entry, an undo/redo, or a meta request to draw
    (render/outcome_view.py draws it, alike for the prompt, ``do`` and replay)."""

    line: str
    entry: Entry | None = None
    meta: Meta | None = None
    undone: Entry | None = None
    redone: Entry | None = None
    odds: AttackOdds | None = None  # what ``odds`` asked for: a preview, nothing changed
    preview: LinePreview | None = None  # a line ending in ``?``: shown, nothing changed
    # Scheduled events (play/scheduled.py): the automatic firings an ``event NAME`` line
    # took the place of (taken back before its entry), the one it stood for when it was
    # that very firing (nothing new done), the events the line set off (each an outcome
    # with its own entry, fired after it), and why any of those could not fire.
    taken_back: tuple[Entry, ...] = ()
    matched: Entry | None = None
    fired: tuple[Outcome, ...] = ()
    refused: tuple[str, ...] = ()
    # what ``forecast`` found (simulate.forecast_summary): a preview, nothing changed
    forecast: dict[str, Any] | None = None

    @property
    def changed(self) -> bool:
        return (self.entry is not None or self.undone is not None or self.redone is not None
                or bool(self.fired))

    @property
    def leaves(self) -> bool:
        """``quit``: the prompt ends; in a script or ``do`` the lines after it are not
        run."""
        return self.meta is not None and self.meta.what == Request.QUIT


class Asking(Protocol):
    """The table's questions (momenta_cli/questions/, at the prompt): a command decided
    while the table answers each decision point the engine stops at."""

    def decide(self, session: Session, command: Command, line: str, roller: Roller
               ) -> Entry | None:
        """The entry ``command`` makes, decided once with the table answering (not
        applied: nothing changes), its line the complete command with every answer
        written; None to decide it as typed. Raises to cancel: nothing is done."""
        ...


def verb_of(line: str) -> str | None:
    """The name of the verb ``line`` starts with (``a`` -> ``attack``), read from its
    first word alone, without parsing the line; None for a blank, a comment or a word
    that is no verb."""
    try:
        words = split(line.replace("\ufeff", ""))
        return lookup(words[0]).name if words and not words[0].startswith("#") else None
    except MomentaError:
        return None


def check_plain(line: str) -> None:
    """Refuse ``line`` (``CommandError``) unless it is one line of plain text of at most
    ``text.LINE_MAX`` characters: bytes that were not UTF-8 (they arrive as lone
    surrogates), control, bidi and zero-width characters, so nothing typed can reach the
    journal or the screen as an instruction, and no record is too long to read back.
    Every line passes here (``run_line``: the prompt, ``do``, replay scripts); the prompt
    calls it before asking anything about the line."""
    check_length(_typed_part(line))
    check_length(line, times=DICE_ROOM)  # a clause of faces, bounded too
    bad = unsafe(line.replace("\ufeff", "").replace("\t", " ").rstrip("\r\n"))
    if bad:
        if "surrogate" in bad:
            raise CommandError("the line is not UTF-8 text (a byte that is no character); "
                               "type it again")
        raise CommandError(f"a command is one line of plain text; this one holds {bad}")


DICE_ROOM = 5  # a line with its dice clause: at most this many line limits in all


def _typed_part(line: str) -> str:
    """``line`` without its dice clause: the tracker writes one onto a complete line (a
    record run again, ``log --format script``), and the journal keeps the faces apart
    from the line, so the line limit is the typed line's."""
    try:
        taken = take_dice(line)
    except MomentaError:
        return line  # a clause that is no faces: the line is read as typed
    return line if taken is None else taken[0]


def _as_seen(session: Session, players: bool) -> Session:
    """``session`` itself, or in the players' view a shallow copy whose state is the
    fight as the players know it (for a preview, which changes nothing)."""
    if not players:
        return session
    import copy

    from momenta_cli.engine.core import known_to_players

    seen = copy.copy(session)
    seen.state = known_to_players(session.state)
    return seen


def run_line(session: Session, line: str, roller: Roller, *, players: bool = False,
             asking: Asking | None = None, confirm: Confirm | None = None,
             auto: bool = True) -> Outcome:
    """Parse and carry out ``line`` (see ``run_one``), then fire the encounter's
    scheduled events it set off, each its own entry (``Outcome.fired``; play/scheduled.py).
    ``confirm``: the GM's answer before an ``ask: true`` event fires (None: it fires).
    ``auto=False``: nothing fires by itself, and an ``event NAME`` line is run as it is
    (a journal's lines run again one by one: salvage, the script export's check)."""
    if not session.encounter.events:
        return run_one(session, line, roller, players=players, asking=asking)
    from momenta_cli.play import scheduled

    command = _fire_command(line)
    if not auto:
        out = run_one(session, line, roller, players=players, asking=asking)
        if command is not None and out.entry is not None \
                and not scheduled.was_due(session, getattr(command, "name", "")):
            out = replace(out, entry=scheduled.mark_by_hand(session))
        return out
    # the fight's first line starts round 1, also when the journal was undone back to it
    size, opening = len(session.entries), not session.entries
    stands = scheduled.standing_for(session, command, line) if command is not None \
        else None
    block = scheduled.automatic_block(session) if stands is not None else []
    if stands is not None and stands[1]:
        # the very firing (the oldest): it is the line's now, so the next line may stand
        # for the next
        at = len(session.entries) - len(block)
        session.entries[at] = replace(block[0], fired_by="")
        return Outcome(line, matched=block[0])
    taken: list[Entry] = []
    again: list[str] = []
    if stands is not None:  # its own dice, or skip: it takes the automatic one's place
        # the firings from it on are taken back; those after it fire again after the line
        for _ in block[stands[0]:]:
            taken.append(session.undo())
        again = [e.events[0].name for e in block[stands[0] + 1:]]  # type: ignore[attr-defined]
        size = len(session.entries)
    # the state before the line: what its events set off is judged against it (a copy
    # only for an encounter with events, and cheap: the specs are shared)
    before = session.state.clone()
    try:
        out = run_one(session, line, roller, players=players, asking=asking)
    except BaseException:
        for _ in taken:
            session.redo()  # refused: the automatic firings stand as they were
        raise
    if stands is None and command is not None and out.entry is not None:
        out = replace(out, entry=scheduled.mark_by_hand(session))  # typed, not triggered
    due = scheduled.due_after(session, before, size, opening) if out.entry is not None else []
    if again:
        due = [s for n in again if (s := session.encounter.event(n)) is not None]
    if not due:
        return replace(out, taken_back=tuple(taken)) if taken else out
    made, refused = scheduled.fire_all(session, due, roller, confirm)
    return replace(out, taken_back=tuple(taken),
                   fired=tuple(Outcome(e.line, entry=e) for e in made),
                   refused=tuple(refused))


def _fire_command(line: str) -> Command | None:
    """The ``event NAME`` command ``line`` is, or None (any other line, or none)."""
    if verb_of(line) != "event":
        return None
    from momenta_cli.text import take_dice

    taken = take_dice(line)
    try:
        parsed = parse_line(taken[0] if taken is not None else line)
    except MomentaError:
        return None
    return parsed if isinstance(parsed, Command) else None


def run_one(session: Session, line: str, roller: Roller, *, players: bool = False,
            asking: Asking | None = None) -> Outcome:
    """Parse and carry out ``line``; raises ``MomentaError`` (state unchanged) if refused.
    A line that is not plain text (``check_plain``) is refused before parsing.
    ``players``: the line is typed in the players' view, so a ``?`` preview is decided
    on the fight as they know it (engine/core/players.py ``known``: no Hidden enemy in it).
    ``asking``: the table's questions (the prompt): a command is decided once with the
    table answering where the engine asks, and kept as the complete line; a preview and
    a line that pins its dice ask nothing."""
    check_plain(line)
    body = strip_mark(line)
    if body is not None:  # ``... ?``: decided on a throwaway copy, nothing journaled
        from momenta_cli.play.preview import preview_line

        return Outcome(line, preview=preview_line(_as_seen(session, players), body,
                                                  players=players))
    pinned = take_dice(line)  # `... dice 5,2`: exactly those faces (play/pinned.py)
    if pinned is not None:
        from momenta_cli.play.pinned import run_pinned

        return Outcome(line, entry=run_pinned(session, *pinned))
    parsed = parse_line(line)
    if parsed is None:
        return Outcome(line)
    if not isinstance(parsed, Meta):
        from momenta_cli.play.scheduled import ready

        parsed = ready(session.encounter, parsed)
    if isinstance(parsed, Meta):
        if parsed.what in (Request.UNDO, Request.REDO) and parsed.arg not in (None, "1"):
            # one record per step: the caller runs ``steps(...)`` one line at a time
            raise CommandError(f"'{parsed.what} {parsed.arg}' is several steps: run "
                               "the lines runner.steps gives, one at a time")
        if parsed.what == Request.UNDO:
            return Outcome(line, meta=parsed, undone=session.undo())
        if parsed.what == Request.REDO:
            return Outcome(line, meta=parsed, redone=session.redo())
        if parsed.what == Request.ODDS and parsed.command is not None:
            from momenta_cli.engine.attack import Attack
            from momenta_cli.odds import attack_odds

            assert isinstance(parsed.command, Attack)
            return Outcome(line, meta=parsed, odds=attack_odds(session.state, parsed.command))
        if parsed.what == Request.FORECAST:
            if players:  # it names every combatant, a Hidden one too (R20)
                raise CommandError("forecast is for the GM's eyes (it names every "
                                   "combatant, Hidden ones too): not in the players' view")
            return Outcome(line, meta=parsed, forecast=_forecast(session, parsed))
        return Outcome(line, meta=parsed)
    if asking is not None and type(parsed).__name__ != "FireEvent":
        # an event's lines are decided straight through, as in a script: no questions
        entry = asking.decide(session, parsed, line.strip(), roller)
        if entry is not None:
            session.push(entry)
            return Outcome(line, entry=entry)
    return Outcome(line, entry=session.execute(parsed, line.strip(), roller))


def _forecast(session: Session, meta: Meta) -> dict[str, Any]:
    """``forecast [N]``: the fight played on from where it stands (simulate/forecast.py),
    with the seed its position gives, so the same position forecasts alike; the session
    is only read."""
    from momenta_cli.simulate import (
        DEFAULT_FIGHTS,
        forecast_summary,
        forecast_tally,
        position_seed,
    )

    n = int(meta.arg) if meta.arg else DEFAULT_FIGHTS
    seed = position_seed(session.state)
    tally = forecast_tally(session.state, None, n, seed)
    return forecast_summary(session.state, tally, seed=seed, policy="tactical",
                            max_rounds=30)


def steps(session: Session, line: str) -> tuple[list[str], str | None]:
    """The lines to run for ``line``, one at a time: ``undo N`` (``redo N``) is N lines
    of ``undo`` (``redo``), at most as many as there are to take back (at least one, so
    that nothing to undo is refused as usual), each its own journal record; any other
    line is itself. With a note when fewer steps were there than asked."""
    if too_long(line):
        return [line], None  # running it refuses it, unread
    if verb_of(line) not in (Request.UNDO, Request.REDO):
        return [line], None  # one step: not parsed here (running it parses it, once)
    try:
        parsed = parse_line(line) if strip_mark(line) is None else None
    except MomentaError:
        return [line], None  # running it says why
    if not isinstance(parsed, Meta) or parsed.what not in (Request.UNDO, Request.REDO) \
            or parsed.arg is None:
        return [line], None
    verb, asked = parsed.what, int(parsed.arg)
    there = len(session.entries) if verb == Request.UNDO else len(session.undone)
    done = max(1, min(asked, there))
    note = None
    if there < asked and there > 0:
        past = "undid" if verb == Request.UNDO else "redid"
        note = (f"{past} {there} command{'s' if there != 1 else ''} (nothing more to "
                f"{verb})")
    return [verb.value] * done, note


def each_step(session: Session, lines: Iterable[str]) -> Iterator[str]:
    """``lines`` with each ``undo N`` as its N steps (``steps``), worked out when it is
    reached, so each counts what there is by then."""
    for line in lines:
        yield from steps(session, line)[0]
