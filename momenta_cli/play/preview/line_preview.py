"""A whole line's preview: the command decided against a throwaway copy of the state
with throwaway dice (``decide`` changes nothing, the copy and the dice are dropped), or
what a session line (undo, redo, status, help, quit, odds) would do."""

from __future__ import annotations

from momenta_cli.engine.actions import ManeuverTaken, ReactionTaken, enemy_maneuver_limit
from momenta_cli.engine.attack import Attack
from momenta_cli.engine.core import (
    Command,
    Event,
    Fight,
    RecordingRoller,
    Roller,
    SeededRoller,
    Session,
    decide,
    find_fighter,
)
from momenta_cli.engine.movement import MoveTo, Route, preview_walk as walking_preview
from momenta_cli.errors import MomentaError
from momenta_cli.language import Meta, Request, parse_line
from momenta_cli.play import pinned_command, pinned_events
from momenta_cli.play.preview import attack_preview
from momenta_cli.play.preview.preview_model import LinePreview, Paid
from momenta_cli.text import take_dice

# The preview's own dice: a fixed seed, apart from the fight's roller, so that a preview
# neither uses up nor reveals the dice the fight rolls next (a script replays the same
# with or without its ``?`` lines).
PREVIEW_SEED = 0


def _throwaway() -> Roller:
    return SeededRoller(PREVIEW_SEED)


def preview_line(session: Session, line: str, *, players: bool = False) -> LinePreview:
    """What ``line`` (the line without its ``?``) would do now. Raises ``CommandError``
    when it cannot be parsed, as the line itself would; an engine refusal is the
    preview's answer (``refusal``), not an error. Nothing in ``session`` changes.

    A line that pins its dice (``dice F,F,...``) is read and checked by the code that
    runs it (text/words.py ``take_dice``, play/pinned.py), so the preview's answer is the line's.

    ``players``: previewed in the players' view, which is not told the encounter's
    scheduled events (``sets_off``)."""
    taken = take_dice(line)
    if taken is not None:
        body, pinned = taken
        from momenta_cli.play import ready

        pv = command(session.state, ready(session.encounter, pinned_command(body, pinned)),
                     line, pinned)
        return pv if players else _sets_off(session, pv)
    parsed = parse_line(line)
    if parsed is None:
        return LinePreview(line, says="nothing: a blank line or a comment")
    if isinstance(parsed, Meta):
        return _meta(session, parsed, line)
    from momenta_cli.play import ready

    pv = command(session.state, ready(session.encounter, parsed), line)
    return pv if players else _sets_off(session, pv)


def _sets_off(session: Session, pv: LinePreview) -> LinePreview:
    """``pv`` with the scheduled events its command would set off, judged as the line
    itself is judged once run (play/scheduled.py): the engine's ``due`` over the
    previewed events against the state before them. Not for a line thrown with the
    preview's dice (an attack's, or the reactive attacks a movement meets): what one
    throw of them sets off says nothing of the line's own."""
    if not session.encounter.events or not pv.allowed or pv.rolled:
        return pv
    from dataclasses import replace

    from momenta_cli.engine.schedule import due

    opening = not session.entries  # round 1 starts with it (again, after undoing to it)
    names = tuple(s.name for s in due(session.state, pv.events, opening=opening))
    return replace(pv, sets_off=names) if names else pv


def _paid(fight: Fight, events: list[Event]) -> tuple[Paid, ...]:
    out = []
    for e in events:
        if isinstance(e, ManeuverTaken):
            f = fight.fighters.get(e.name)
            enemy = f is not None and f.spec.is_enemy
            limit = enemy_maneuver_limit(f) if enemy and f is not None else None
            # as ManeuverTaken counts it: an enemy's first Move is free, like anyone's;
            # a second one is one of its maneuvers (R7)
            counted = (not e.is_move and e.counts) or e.extra_move
            out.append(Paid(e.name, e.maneuver, e.cost, e.vigor_from, e.vigor_to,
                                  limit if counted else None,
                                  free_move=e.is_move and not e.extra_move
                                  and (enemy or e.cost == 0)))
        elif isinstance(e, ReactionTaken) and not (e.cost == 0 and e.reaction == "Brace"):
            # Brace is free and taken only if the dice bring damage past Guard (ch19):
            # the attack's lines say so, not its cost
            out.append(Paid(e.name, e.reaction, e.cost, e.vigor_from, e.vigor_to))
    return tuple(out)


def _untyped(cmd: Attack) -> Attack:
    from dataclasses import replace

    return replace(cmd, typed=None, defense_typed=None,
                   also=tuple(replace(x, typed=None, defense_typed=None) for x in cmd.also))


def command(fight: Fight, cmd: Command, line: str, pinned: tuple[int, ...] = ()
            ) -> LinePreview:
    """``cmd`` decided against a copy of ``fight``: with exactly the ``pinned`` faces
    when the line gives them (checked as play/pinned.py checks a line it runs), else with
    throwaway dice."""
    dice = RecordingRoller(_throwaway())
    try:
        if pinned:
            events = pinned_events(fight.clone(), cmd, pinned)
        else:
            events = decide(fight.clone(), cmd, dice)
    except MomentaError as err:
        refusal = str(err)
        if isinstance(cmd, Attack):
            # typed or pinned dice of the wrong count: still show the pools, so the GM
            # sees the dice it takes (the refusal comes first)
            try:
                untyped = _untyped(cmd)
                events = decide(fight.clone(), untyped, _throwaway())
            except MomentaError:
                return LinePreview(line, refusal=refusal)
            return _attack(fight, untyped, line, events, 0, refusal)
        return LinePreview(line, refusal=refusal)
    thrown = len(dice.faces)  # the throwaway dice, not the line's own
    if isinstance(cmd, Attack):
        return _attack(fight, cmd, line, events, thrown)
    route, written = _route(fight, cmd)
    return LinePreview(line, paid=_paid(fight, events), events=tuple(events),
                             rolled=thrown, route=route, written=written)


def _route(fight: Fight, cmd: Command
           ) -> tuple[Route | None, tuple[tuple[str, str], ...]]:
    """For a movement on the map, its route (what its path meets, R35, is listed from
    it) and the reactions the line names, by their reactors' full names."""
    if not isinstance(cmd, MoveTo):
        return None, ()
    try:
        route = walking_preview(fight, cmd)
        written = tuple((find_fighter(fight, a.attacker or "").name, a.maneuver)
                        for a in cmd.reactions)
    except MomentaError:
        return None, ()
    return route, written


def _attack(fight: Fight, cmd: Attack, line: str, events: list[Event], rolled: int,
            refusal: str | None = None) -> LinePreview:
    from momenta_cli.engine.attack import aimed

    cmd = aimed(fight, cmd)  # an area on the map: its targets, as the engine took them
    return LinePreview(
        line, refusal, _paid(fight, events), tuple(events), rolled, attack=True,
        rolls=attack_preview.rolls(events),
        against=attack_preview.against(fight, cmd, events),
        area=attack_preview.area(fight, cmd))


def _meta(session: Session, m: Meta, line: str) -> LinePreview:
    what = m.what
    if what in (Request.UNDO, Request.REDO):
        there = session.entries if what == Request.UNDO else session.undone
        if not there:
            return LinePreview(line, refusal=f"nothing to {what}")
        # as many steps as ``undo N`` takes (runner.steps: at most what there is)
        n = max(1, min(int(m.arg) if m.arg is not None else 1, len(there)))
        named = ", ".join(f"'{e.line}'" for e in reversed(there[-n:]))
        if what == Request.UNDO:
            return LinePreview(line, says=f"would take back {named}")
        return LinePreview(line, says=f"would put back {named} with the original "
                                 "dice")
    if what == Request.STATUS:
        return LinePreview(line, says="would draw the status table (type 'status')")
    if what == Request.HELP:
        if m.arg is None:
            return LinePreview(line, says="would list the commands")
        from momenta_cli.language import lookup, prompt_command

        try:  # a verb, or the prompt's own command (``help seat``)
            v = prompt_command(m.arg) or lookup(m.arg)
        except MomentaError as err:
            return LinePreview(line, refusal=str(err))
        return LinePreview(line, says=f"would explain '{v.name}': {v.usage}")
    if what == Request.QUIT:
        return LinePreview(line, says="would leave: at the prompt the fight is saved "
                                 "and the prompt ends; in a script or 'do', the lines after "
                                 "it are not run")
    if what == Request.ODDS and isinstance(m.command, Attack):
        from momenta_cli.odds import attack_odds

        try:
            pv = attack_odds(session.state, m.command)
        except MomentaError as err:
            return LinePreview(line, refusal=str(err))
        return LinePreview(line, says=f"would show the odds of {pv.attacker}'s attack "
                                 f"on {pv.target} with {pv.weapon} (itself a preview)")
    return LinePreview(line, says=f"would run '{what}'")
