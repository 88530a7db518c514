"""The encounter's ``events:`` into the engine's ``ScheduledEvent``s, each trigger checked
against the encounter: a round number, a combatant and squares that exist, located at
``FILE:LINE:COL``. The lines an event runs are read by the command language, a layer
above (play/event_check.py ``line_problems``, which ``momenta validate`` adds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from momenta_cli.encounter.problems import Problems, Source, suggest
from momenta_cli.encounter.validators import Models
from momenta_cli.engine.core import CombatantSpec, EventTrigger, ScheduledEvent
from momenta_cli.engine.geometry import Board, Square, parse_square
from momenta_cli.text import name_key

if TYPE_CHECKING:  # or the kept schema's stand-in of it, with the same fields (fastcheck.py)
    from momenta_cli.encounter.file_model import EventModel

SIDES = ("allies", "adversaries", "independents")
# The keys of ``when:`` that are a trigger (``round`` with ``at``; ``first_turn`` may
# take ``round`` too; ``who`` goes with ``enters``)
KINDS = ("round", "first_turn", "defeated", "half_vitality", "enters", "combat_ends")


def build_events(src: Source, combatants: list[CombatantSpec], board: Board | None,
                 problems: Problems, models: Models) -> tuple[ScheduledEvent, ...]:
    """Every valid event of ``src``'s ``events:`` (the others are problems), each read
    by ``models``."""
    raw = src.doc.data.get("events")
    out: list[ScheduledEvent] = []
    seen: dict[str, int] = {}
    names = {name_key(c.name): c.name for c in combatants}
    for i, data in enumerate(raw if isinstance(raw, list) else ()):
        m = models.piece("EventModel", data)
        if m is None:
            continue  # reported by the whole-document pass
        path = ("events", i)
        key = m.name.casefold()
        if key in seen:
            problems.add(src, (*path, "name"), f"two events are named '{m.name}'")
            continue
        seen[key] = i
        trigger = _trigger(src, (*path, "when"), data.get("when") or {}, m, names, board,
                           problems)
        if trigger is None:
            continue
        # a trigger of several rounds (every, N+) fires every time unless told once
        repeats = trigger.kind in ("round_starts", "round_ends", "first_turn") and (
            trigger.rounds is None or trigger.rounds[1])
        once = m.once if m.once is not None else not repeats
        line, _ = src.doc.mark(path)
        at = []
        for j in range(len(m.do)):
            ln, col = src.doc.mark((*path, "do", j))
            at.append(f"{src.name}:{ln}:{col}")
        from momenta_cli.engine.schedule import trigger_words

        out.append(ScheduledEvent(
            name=m.name, trigger=trigger, lines=tuple(m.do), say=m.say.strip(),
            players=m.players, once=once, ask=m.ask, source=f"{src.name}:{line}",
            lines_at=tuple(at), when=trigger_words(trigger)))
    return tuple(out)


def _rounds(value: Any) -> tuple[int, bool] | None:
    if value is None or value == "every":
        return None
    if isinstance(value, str):
        return int(value.rstrip("+")), True
    return int(value), False


def _trigger(src: Source, path: tuple[Any, ...], data: dict[str, Any], m: EventModel,
             names: dict[str, str], board: Board | None, problems: Problems
             ) -> EventTrigger | None:
    w = m.when
    given = [k for k in KINDS if getattr(w, k) is not None]
    main = [k for k in given if k != "round"] or given
    if len(main) != 1:
        what = ("nothing" if not main else " and ".join(main))
        problems.add(src, path, f"a trigger is one of {', '.join(KINDS)}; this one has "
                     f"{what}")
        return None
    kind = main[0]
    for extra, only in (("at", "round"), ("who", "enters")):
        if getattr(w, extra) is not None and kind != only:
            problems.add(src, (*path, extra), f"'{extra}' goes with '{only}'", key=True)
            return None
    if w.round is not None and kind not in ("round", "first_turn"):
        problems.add(src, (*path, "round"), "'round' goes with 'at' or 'first_turn' only",
                     key=True)
        return None
    rounds = _rounds(w.round)
    if kind == "round":
        return EventTrigger("round_ends" if w.at == "end" else "round_starts", rounds)
    if kind == "first_turn":
        return EventTrigger("first_turn", rounds, side=str(w.first_turn))
    if kind == "combat_ends":
        return EventTrigger("combat_ends")
    if kind in ("defeated", "half_vitality"):
        who = _combatant(src, (*path, kind), getattr(w, kind), names, problems)
        return None if who is None else EventTrigger(kind, who=who)
    # enters
    who = ""
    if w.who is not None:
        low = w.who.casefold()
        if low in SIDES or low == "anyone":
            who = "" if low == "anyone" else low
        else:
            found = _combatant(src, (*path, "who"), w.who, names, problems)
            if found is None:
                return None
            who = found
    if board is None:
        problems.add(src, (*path, "enters"), "squares need a map (the encounter's map:)")
        return None
    squares = w.enters if isinstance(w.enters, list) else [w.enters]
    got: list[Square] = []
    for j, text in enumerate(squares):
        sq = parse_square(str(text))
        where = (*path, "enters", j) if isinstance(data.get("enters"), list) else \
            (*path, "enters")
        if sq is None:
            problems.add(src, where, f"'{text}' is not a square (a column letter and a row "
                         "number, like C5)")
            return None
        if not board.on(sq):
            problems.add(src, where, f"{str(text).upper()} is off the map ({_size(board)})")
            return None
        got.append(sq)
    return EventTrigger("enters", who=who, squares=tuple(got))


def _size(board: Board) -> str:
    from momenta_cli.engine.geometry import square_name

    last = square_name((board.width - 1, board.height - 1))
    return f"A1 to {last}"


def _combatant(src: Source, path: tuple[Any, ...], name: str, names: dict[str, str],
               problems: Problems) -> str | None:
    found = names.get(name_key(name))
    if found is None:
        problems.add(src, path, f"unknown combatant '{name}'"
                     f"{suggest(name, list(names.values()))}")
    return found
