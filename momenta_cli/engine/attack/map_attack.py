"""Attacks on a map (ch20 Melee vs. Ranged Attacks, Line of Sight, Cover, Area Attacks;
R18, R20, R22, R28, R32-R34): what the positions say between an attacker and what it
aims at, for ``plan.plan_attack``.

Without a map (or with either of the two off it) nothing here applies and the GM's flags
are read as they always were (R28). With one, the distance is measured between the two
footprints (R32), line of sight is traced exactly (R33, ``geometry.sight``) and required
for ranged attacks and for spells beyond Touch, and cover (R34) is worked out for ranged
attacks that are not Seeking, every other creature's squares counting as cover. The GM's
``dist N``, ``sight``, ``cover`` and ``no-cover`` win over the map, and the notes (the
attack's breakdown in the log, ``AttackRolled.situation``) say so.

Intercept and Forestall answer a movement (R35): they are measured from where the mover
stood when it triggered (``at``, engine/movement/trigger_spot.py), not where it stands once the
movement is over; when that is not known the GM states the distance, as without a map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from momenta_cli.engine.attack.area_shape import Area
from momenta_cli.engine.attack.attack_names import MOVEMENT_REACTIONS  # R35: where they triggered
from momenta_cli.engine.battlefield import board_of, occupants, square_of, squares_of
from momenta_cli.engine.core import Fight, Fighter, WeaponSpec
from momenta_cli.engine.geometry import (
    FLOOR,
    Board,
    GeometryTooComplex,
    Point,
    Rect,
    Square,
    cover as sight_cover,
    distance as footprint_distance,
    footprint,
    in_the_way,
    line_of_sight,
    segment_cells,
    side_of,
    square_name,
)
from momenta_cli.errors import RuleError
from momenta_cli.text import squares_text

if TYPE_CHECKING:
    from momenta_cli.engine.attack.plan import Attack

MAX_ASKED = 10  # cover squares between the two tested one by one for the log's reason


@dataclass(frozen=True)
class Spot:
    """Where an attacker and what it aims at (a target, or a burst's centre) stand."""

    board: Board
    mine: tuple[Square, ...]
    theirs: tuple[Square, ...]
    others: Mapping[Square, str]  # every other creature's square -> its name (R34)
    who: str  # the attacker
    label: str  # what is aimed at: the target's name, or a burst's centre square
    measured: int | None  # the map's distance (None: a line or cone, measured by length)
    stated: int | None  # the GM's ``dist N`` (R28)
    at: str = ""  # a movement reaction: the square the mover stood on when it triggered
    centre: bool = False  # a burst: the distance is to its centre, ``label``, for all

    @property
    def distance(self) -> int | None:
        """The distance the attack uses: the GM's when stated, else the map's."""
        return self.stated if self.stated is not None else self.measured

    def distance_note(self) -> str | None:
        note = self._distance_note()
        if note is None or not self.at:
            return note
        return f"{note[:-1]}, {self.label} at {self.at})"  # where it triggered (R35)

    def _distance_note(self) -> str | None:
        # a burst's targets all share the distance to its centre: say whose it is
        what = f"distance {{}} to {self.label}" if self.centre else "distance {}"
        if self.measured is None:
            return None if self.stated is None else f"{what.format(self.stated)} (GM)"
        if self.stated is None:
            return f"{what.format(self.measured)} (map)"
        if self.stated == self.measured:
            return f"{what.format(self.stated)} (GM; the map agrees)"
        return f"{what.format(self.stated)} (GM; the map says {self.measured})"


@dataclass(frozen=True)
class Seen:
    """Line of sight and cover as the attack takes them, and the notes for its log."""

    cover: bool
    why: str  # where the cover comes from, for a refusal: "map: low wall at C2"
    notes: tuple[str, ...]


def spot(fight: Fight | None, a: Fighter, t: Fighter, cmd: Attack,
         at: Square | None = None) -> Spot | None:
    """What the map says of ``a`` attacking ``t`` (or, for an area, the square the area
    is aimed at); None without a map or with either off it. A movement reaction is
    measured with ``t`` at ``at``, the top-left square it stood on when the reaction
    triggered (R35); None when that is not known."""
    if fight is None or (cmd.maneuver in MOVEMENT_REACTIONS and at is None):
        return None
    board = board_of(fight)
    mine = squares_of(a)
    if board is None or not mine:
        if cmd.area is not None:
            raise RuleError(
                f"{a.name} stands on no square: no area can be aimed from it"
                if board is not None else "this fight has no map: name an Area attack's "
                "targets with 'for NAME' instead of 'area ...'")
        return None
    others = occupants(fight.fighters.values(), but=a.name)
    area = cmd.area
    if area is not None:
        aim = aim_square(board, area)
        measured = footprint_distance(mine, [aim]) if area.shape == "burst" else None
        label = square_name(aim)
        theirs: tuple[Square, ...] = (aim,)
    else:
        theirs = squares_of(t) if at is None else tuple(footprint(at, side_of(t.spec.size)))
        if not theirs:
            return None
        measured, label = footprint_distance(mine, theirs), t.name
    others = _unnamed({sq: who for sq, who in others.items()
                       if who != t.name or area is not None}, fight)
    return Spot(board, mine, theirs, others, a.name, label, measured, cmd.distance,
                square_name(at) if at is not None and area is None else "",
                centre=area is not None and area.shape == "burst")


HIDDEN_COVER = "a Hidden creature"  # R20: what the log calls a Hidden adversary in the way


def _unnamed(others: dict[Square, str], fight: Fight) -> dict[Square, str]:
    """``others`` with each Hidden adversary's name put as ``HIDDEN_COVER``: the cover it
    gives counts (the rules apply to the fight as it is), but a cover reason, which the
    players read in the log and in refusals, never names it (R20; the players' view)."""
    def hidden(who: str) -> bool:
        f = fight.fighters.get(who)
        return f is not None and f.side != "allies" and f.has("Hidden")

    return {sq: HIDDEN_COVER if hidden(who) else who for sq, who in others.items()}


def aim_square(board: Board, area: Area) -> Square:
    """The square ``area`` is aimed at; ``RuleError`` when it is off the map or solid."""
    sq = square_of(area.square)
    if not board.on(sq):
        raise RuleError(f"{area.square.upper()} is off the map: the {area.shape} needs a "
                        "square on it")
    if board.at(sq).solid:
        raise RuleError(f"{square_name(sq)} is solid: aim the {area.shape} at an open square")
    return sq


def needs_sight(w: WeaponSpec, mode: str) -> bool:
    """ch20 Line of Sight: every ranged attack and every spell delivered beyond Touch."""
    return mode == "ranged" or (w.has("Spell") and not w.has("Touch"))


def seen(s: Spot, w: WeaponSpec, mode: str, cmd: Attack) -> Seen:
    """Line of sight (R33, required per ``needs_sight``) and cover (R34: ranged attacks
    only, Seeking and Area ones ignore it) from ``s``, with the GM's overrides (R28).
    Raises ``RuleError`` for a ranged attack or a spell with no line of sight, or an
    area out of reach."""
    notes: list[str] = []
    if cmd.area is not None:
        notes.append(f"{cmd.area.text} (map)")
        _check_area(s, w, mode, cmd.area)
    told = s.distance_note()
    if told:
        notes.append(told)
    if cmd.area is not None and cmd.area.shape != "burst":
        return Seen(False, "", tuple(notes))  # the shape itself stops at walls (areas.py)
    try:
        clear: bool | None = line_of_sight(s.board, s.mine, s.theirs)
    except GeometryTooComplex:
        if needs_sight(w, mode) and not cmd.sight:
            raise  # one line: the map cannot tell, and the GM's words that rule it
        clear = None  # the map cannot tell (geometry/budget.py): the GM's word, or none
    to = f" to {s.label}" if cmd.area is not None else ""
    if clear is None:
        if cmd.sight:
            notes.append(f"line of sight{to} (GM; the map cannot tell here)")
    elif needs_sight(w, mode):
        if clear:
            notes.append(f"line of sight{to} (map)" if not cmd.sight
                         else f"line of sight{to} (GM; the map agrees)")
        elif cmd.sight:
            notes.append(f"line of sight{to} (GM; the map says none)")
        else:
            what = "a spell beyond Touch" if mode != "ranged" else "a ranged attack"
            raise RuleError(f"no line of sight from {s.who} to {s.label} on the map: "
                            f"{what} needs one (ch20 Line of Sight; say 'sight' if the "
                            "GM rules there is one)")
    elif not clear and cmd.area is None:
        notes.append("no line of sight (map; melee reach is the GM's call, ch20)")
    if mode != "ranged" or w.has("Seeking") or w.has("Area") or cmd.area is not None:
        if cmd.cover and mode == "ranged":  # said, and counting for nothing: say so
            what = "Seeking" if w.has("Seeking") and not w.has("Area") else "an area"
            notes.append(f"cover (GM; {what} ignores cover, ch20)")
        return Seen(cmd.cover and mode == "ranged", "GM", tuple(notes))
    if not clear:  # only the GM's 'sight' gets here: no clear line to trace cover along
        notes.append(_untold_cover(cmd))
        return Seen(cmd.cover, "GM", tuple(notes))
    try:
        found = sight_cover(s.board, s.mine, s.theirs, s.others.keys())
    except GeometryTooComplex:
        if not (cmd.cover or cmd.no_cover):
            raise  # one line: the map cannot tell, and the GM's words that rule it
        said = "cover" if cmd.cover else "no cover"
        notes.append(f"{said} (GM; the map cannot tell here)")
        return Seen(cmd.cover, "GM" if cmd.cover else "", tuple(notes))
    try:
        why = reason(s) if found else ""
    except GeometryTooComplex:
        why = "the map (too complex to say what gives it)"
    if cmd.no_cover:
        notes.append("no cover (GM; the map says cover: " + why + ")" if found
                     else "no cover (GM; the map agrees)")
        return Seen(False, "", tuple(notes))
    if cmd.cover:
        notes.append("cover (GM; the map agrees: " + why + ")" if found
                     else "cover (GM; the map says none)")
        return Seen(True, "GM", tuple(notes))
    notes.append(f"cover (map: {why})" if found else "no cover (map)")
    return Seen(found, f"map: {why}" if found else "", tuple(notes))


def _untold_cover(cmd: Attack) -> str:
    """The cover note when the GM rules there is line of sight the map does not find:
    with no clear line R34 has nothing to test, so cover is the GM's word (none unless
    said)."""
    untold = "the map cannot tell without a clear line"
    if cmd.cover:
        return f"cover (GM; {untold})"
    if cmd.no_cover:
        return f"no cover (GM; {untold})"
    return f"no cover: {untold} (say 'cover' if the GM rules there is)"


def _check_area(s: Spot, w: WeaponSpec, mode: str, area: Area) -> None:
    """A burst's centre within the weapon's reach or range (R32); a line or cone no
    longer than it."""
    reach = w.range if mode == "ranged" else w.melee
    if reach is None:
        return
    if area.shape == "burst":
        if s.distance is not None and s.distance > reach:
            raise RuleError(f"{s.label} is {squares_text(s.distance)} away; {w.name} reaches "
                            f"{reach} (ch20 Melee vs. Ranged Attacks)")
    elif area.size is not None and area.size > reach:
        raise RuleError(f"a {area.shape} {area.size} squares long is past {w.name}'s "
                        f"{reach} (ch20 Melee vs. Ranged Attacks)")


def reason(s: Spot) -> str:
    """What gives the target cover (R34), for the log: each low wall or creature between
    the two without which there would be none (``low wall at C2``, ``Knife-2``); when
    no single one matters, all of those between them."""
    return _words(*_needed(s))


def _needed(s: Spot) -> tuple[list[Square], list[str]]:
    """``reason``'s low walls and creatures."""
    box = _box(s.mine, s.theirs)
    own = set(s.mine) | set(s.theirs)
    walls = sorted((sq for sq in s.board.obstructions if sq in box and sq not in own),
                   key=lambda q: (q[1], q[0]))
    creatures: dict[str, list[Square]] = {}
    for sq, who in s.others.items():
        if sq in box and sq not in own:
            creatures.setdefault(who, []).append(sq)
    if len(walls) + len(creatures) > MAX_ASKED:  # a crowded field: what the middle crosses
        middle = set(segment_cells(_middle(s.mine), _middle(s.theirs)))
        walls = [sq for sq in walls if sq in middle] or walls[:MAX_ASKED]
        creatures = {who: sqs for who, sqs in creatures.items() if middle & set(sqs)}
        needed_walls, needed = walls, list(creatures)
    else:
        needed_walls = [sq for sq in walls if not _cover_without(s, walls=(sq,))]
        needed = [who for who, sqs in creatures.items()
                  if not _cover_without(s, squares=tuple(sqs))]
    if not needed_walls and not needed:
        needed_walls, needed = walls, list(creatures)
    return needed_walls, needed


def _words(needed_walls: list[Square], needed: list[str]) -> str:
    bits = []
    if needed_walls:
        where = ", ".join(square_name(sq) for sq in needed_walls[:3])
        if len(needed_walls) > 3:
            where += f" and {len(needed_walls) - 3} more"
        bits.append(f"low wall{'s' if len(needed_walls) > 1 else ''} at {where}")
    bits += sorted(needed)
    if not bits:
        return "only lines grazing a wall reach it"
    return bits[0] if len(bits) == 1 else f"{', '.join(bits[:-1])} and {bits[-1]}"


def cover_reason(fight: Fight, source: Fighter, target: Fighter) -> str:
    """What gives ``target`` cover from ``source`` on the map as the fight stands, for
    ``los``, in the words the attack's log uses: the low walls ``reason`` names, and
    every creature standing in the way of some line of fire the walls let through (each
    gives cover on the lines it stands in, R34), not only those without which there would
    be none. Ask only when there is cover and line of sight."""
    board = board_of(fight)
    assert board is not None
    by_square = {sq: who for sq, who in occupants(fight.fighters.values()).items()
                 if who not in (source.name, target.name)}
    others = _unnamed(by_square, fight)
    mine, theirs = squares_of(source), squares_of(target)
    s = Spot(board, mine, theirs, others, source.name, target.name, None, None)
    walls, needed = _needed(s)
    box = _box(mine, theirs)
    near = sorted({who for sq, who in by_square.items() if sq in box})
    if len(near) > MAX_ASKED * 2:  # a crowded field: the log's own answer
        return _words(walls, needed)
    try:
        standing = [who for who in near
                    if in_the_way(board, mine, theirs, squares_of(fight.get(who)))]
    except GeometryTooComplex:
        return _words(walls, needed)
    labels = sorted({others[squares_of(fight.get(who))[0]] for who in standing})
    return _words(walls, labels)


def _middle(squares: tuple[Square, ...]) -> Point:
    rect = Rect.of(squares)
    return (Fraction(rect.x0 + rect.x1, 2), Fraction(rect.y0 + rect.y1, 2))


def _box(a: tuple[Square, ...], b: tuple[Square, ...]) -> set[Square]:
    cols = [c for c, _ in (*a, *b)]
    rows = [r for _, r in (*a, *b)]
    return {(c, r) for c in range(min(cols), max(cols) + 1)
            for r in range(min(rows), max(rows) + 1)}


def _cover_without(s: Spot, walls: tuple[Square, ...] = (),
                   squares: tuple[Square, ...] = ()) -> bool:
    """Whether the target would still have cover with ``walls`` as floor and no creature
    on ``squares``."""
    board = s.board
    if walls:
        rows = [list(row) for row in board.squares]
        for c, r in walls:
            rows[r][c] = FLOOR
        board = Board(tuple(tuple(row) for row in rows))
    others = [sq for sq in s.others if sq not in squares]
    return sight_cover(board, s.mine, s.theirs, others)
