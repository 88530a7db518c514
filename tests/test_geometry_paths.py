"""Movement on a map (R32, R36, ch19 Movement): cheapest paths within a budget, reachable
squares, and their properties against an independent breadth-first search."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings, strategies as st

from momenta_cli.engine.geometry import (
    Board,
    LegalPath,
    NoPath,
    Square,
    Terrain,
    find_path,
    parse_square,
    reachable,
)

LEGEND = {".": Terrain(), "#": Terrain("wall"), ":": Terrain("difficult"),
          "=": Terrain("low"), "~": Terrain("water"), "^": Terrain("climb"),
          "o": Terrain("pit", height=3), "+": Terrain("door", open=False),
          "/": Terrain("door", open=True)}


def board_of(*rows: str) -> Board:
    return Board(tuple(tuple(LEGEND[ch] for ch in row) for row in rows))


def at(text: str) -> Square:
    sq = parse_square(text)
    assert sq is not None
    return sq


def path(*args, **kw) -> LegalPath:
    found = find_path(*args, **kw)
    assert isinstance(found, LegalPath), found
    return found


def refused(*args, **kw) -> str:
    found = find_path(*args, **kw)
    assert isinstance(found, NoPath), found
    return found.reason


def test_diagonal_costs_one():
    """ch19 Movement / R32: a diagonal step costs 1, like a straight one."""
    b = board_of(".....", ".....", ".....")
    p = path(b, at("A1"), at("C3"), 2)
    assert p.cost == 2 and p.names() == ["B2", "C3"]


def test_difficult_terrain_costs_two():
    """ch19 Movement / R32: entering difficult terrain costs 2 (a low wall too: R34's
    partial obstruction is crossed as difficult)."""
    b = board_of("...", ".:.", "...", "=..")
    assert path(b, at("A2"), at("B2"), 5).cost == 2
    assert path(b, at("A3"), at("A4"), 5).cost == 2
    # the cheapest way round is taken when it is cheaper: A1 to C1 straight is 2
    assert path(b, at("A2"), at("C2"), 5).cost == 2
    assert at("B2") not in path(b, at("A2"), at("C2"), 5).squares


def test_one_square_left_cannot_enter_difficult_terrain():
    """ch19 Movement: with only 1 square of movement a difficult square cannot be
    entered."""
    b = board_of(".:")
    assert "within 1" in refused(b, at("A1"), at("B1"), 1)
    assert path(b, at("A1"), at("B1"), 2).cost == 2


def test_walls_and_enemies_cannot_be_entered_allies_crossed_not_ended_in():
    """R32 (ours): no solid square, no enemy's square; an ally's square may be crossed
    but not ended in."""
    b = board_of(".#.", "...", "...")
    assert refused(b, at("A1"), at("B1"), 5) == "B1 is a wall"
    enemy = frozenset({at("B2")})
    assert refused(b, at("A2"), at("B2"), 5, enemies=enemy) == "B2 is occupied"
    corridor = board_of("###", "...", "###")
    assert "within" in refused(corridor, at("A2"), at("C2"), 5,
                               enemies=frozenset({at("B2")}))
    ally = frozenset({at("B2")})
    through = path(corridor, at("A2"), at("C2"), 5, allies=ally)
    assert through.names() == ["B2", "C2"]
    assert refused(corridor, at("A2"), at("B2"), 5, allies=ally) == "B2 is occupied"


def test_no_diagonal_squeeze_between_two_walls():
    """R32 (ours): a diagonal step may not cut between two solid squares touching at its
    corner; one wall on one side does not stop it."""
    b = board_of(".#", "#.")
    assert "within" in refused(b, at("A1"), at("B2"), 5)
    one = board_of(".#", "..")
    assert path(one, at("A1"), at("B2"), 1).cost == 1


def test_the_search_never_goes_beyond_the_budget():
    """The search is bounded: a goal beyond the budget is refused, never found by
    searching farther; the refusal names the budget."""
    b = board_of("." * 30)
    assert refused(b, at("A1"), at("Z1"), 3) == "no way to Z1 within 3 squares"
    assert max(reachable(b, at("A1"), 3).values()) == 3
    assert len(reachable(b, at("A1"), 3)) == 3


def test_swimming_costs_no_extra_squares_but_says_so_and_forbids_shift():
    """ch19 Swim / R36: water is swimming: the Move's Vigor doubles (the maneuver's
    business; the path reports it) and no Shift is allowed in water."""
    b = board_of(".~~.")
    p = path(b, at("A1"), at("D1"), 3)
    assert p.cost == 3 and p.swimming
    assert "no Shift while swimming" in refused(b, at("A1"), at("B1"), 3, mode="shift")
    assert not path(board_of("...."), at("A1"), at("D1"), 3).swimming


def test_climbing_goes_one_square_per_move_and_never_on_a_shift():
    """ch19 Climb / R36: a Move that climbs goes 1 square at most; no Shift while
    climbing."""
    b = board_of("..^^.")
    p = path(b, at("B1"), at("C1"), 6)
    assert p.cost == 1 and p.climbing
    # walk 1 then climb: the climb is a Move of its own, and the refusal says so
    assert "climbing onto it is a Move of 1 square" in refused(b, at("A1"), at("C1"), 6)
    assert "within" in refused(b, at("C1"), at("E1"), 6)  # climbing, then more
    assert path(b, at("C1"), at("D1"), 6).cost == 1
    assert "no Shift while climbing" in refused(b, at("B1"), at("C1"), 6, mode="shift")
    assert at("C1") not in reachable(b, at("A1"), 6)


def test_one_square_jump_over_a_pit_during_a_move():
    """ch19 Horizontal Jump / R36: during a Move a one-square gap is jumped when the
    landing is stable floor; not on a Shift, not a two-square gap, not into water."""
    b = board_of("..o..")
    p = path(b, at("B1"), at("D1"), 3)
    assert p.names() == ["C1", "D1"] and p.jumped == {at("C1")} and p.cost == 2
    assert "within" in refused(b, at("B1"), at("D1"), 3, mode="shift")
    assert "within" in refused(board_of(".oo.."), at("A1"), at("D1"), 6)
    assert "within" in refused(board_of(".o~"), at("A1"), at("C1"), 6)


def test_a_two_by_two_creature_steps_over_a_one_square_gap_and_never_jumps():
    """Ours (docs/rulings.md Terrain, R36, R31; ch19 Horizontal Jump): a creature falls
    only when its whole footprint is over pits, so a 2x2 footprint walks over a gap one
    square wide (half of it always on the ground: no jump, no fall, a Shift too), and a
    gap its footprint fits in is two squares long: not jumped, it would fall."""
    b = board_of("...o...", "...o...")
    p = path(b, at("A1"), at("E1"), 6, side=2)
    assert p.names() == ["B1", "C1", "D1", "E1"]
    assert p.jumped == frozenset() and p.cost == 4 and p.fall == 0
    assert path(b, at("A1"), at("C1"), 2, side=2).fall == 0  # one half over the pit
    assert isinstance(path(b, at("A1"), at("E1"), 6, side=2, mode="shift"), LegalPath)
    wide = board_of("...oo...", "...oo...")
    assert "within" in refused(wide, at("A1"), at("F1"), 8, side=2)
    assert at("E1") in reachable(b, at("A1"), 6, side=2)
    assert at("D1") not in reachable(wide, at("A1"), 8, side=2)  # wholly over: a fall


def test_a_move_that_jumps_must_finish_on_flat_and_stable_ground():
    """R36, ch19 Horizontal Jump ("as long as they finish their Move on a flat and stable
    surface"): a Move may jump a pit only when its last square is floor or an open
    doorway. Jumping B1 and ending in the water at D1 is refused with the reason; the
    same jump going on through the water to the floor at F1 is a legal Move (it finishes
    on flat ground), and so is one ending in the doorway."""
    b = board_of(".o.~~.")
    why = refused(b, at("A1"), at("D1"), 5)
    assert why == ("the only way to D1 within 5 squares jumps the pit at B1, and a Move "
                   "that jumps a gap must finish on a flat and stable surface: D1 is "
                   "water (ch19 Horizontal Jump, R36)")
    p = path(b, at("A1"), at("F1"), 5)
    assert p.names() == ["B1", "C1", "D1", "E1", "F1"] and p.jumped == {at("B1")}
    assert p.swimming and p.cost == 5
    assert path(board_of(".o./"), at("A1"), at("D1"), 5).jumped == {at("B1")}
    assert reachable(b, at("A1"), 5) == {at("C1"): 2, at("F1"): 5}


def test_a_move_that_jumps_ends_on_no_difficult_ground_climb_or_pit():
    """R36: the Move's last square after a jump is not difficult ground, a low wall or
    a pit (walking into one after the jump would be a fall, not a flat finish): each is
    refused naming the ground. Without the jump the same ends are legal: the rule binds
    a Move that jumps, not the ground. (A climbable square is never the end of a longer
    Move anyway: ch19 Climb, above.)"""
    for ground, words in ((":", "difficult ground"), ("=", "a low wall")):
        why = refused(board_of(f".o.{ground}"), at("A1"), at("D1"), 6)
        assert why.endswith(f"D1 is {words} (ch19 Horizontal Jump, R36)"), why
        assert path(board_of(f"...{ground}"), at("A1"), at("D1"), 6).cost >= 3
    why = refused(board_of(".o.o"), at("A1"), at("D1"), 6, into_pit=True)
    assert why.endswith("D1 is a pit (ch19 Horizontal Jump, R36)")
    assert path(board_of("...o"), at("A1"), at("D1"), 6, into_pit=True).fall == 3


def test_a_move_that_can_go_round_does_not_jump_when_it_ends_off_flat_ground():
    """R36: to end in the water the Move walks round the pit rather than jump it: the
    longer dry way is taken, not refused."""
    b = board_of(".o.~", "....")
    p = path(b, at("A1"), at("D1"), 5)
    assert p.jumped == frozenset() and p.names() == ["B2", "C2", "D1"] and p.cost == 3
    assert path(b, at("A1"), at("C1"), 5).jumped == {at("B1")}  # floor: the jump is shortest


def test_walking_into_a_pit_is_a_fall_only_when_asked():
    """R36: walking into a pit falls its depth (R23 damage is the rules' business)."""
    b = board_of("..o")
    assert "pit" in refused(b, at("A1"), at("C1"), 3)
    p = path(b, at("A1"), at("C1"), 3, into_pit=True)
    assert p.fall == 3 and p.names() == ["B1", "C1"]


def test_a_two_by_two_creature_moves_its_whole_footprint():
    """R31 footprints: a 2x2 creature needs room for all four squares; entering
    difficult terrain with any of them costs 2."""
    b = board_of("....#", "....#", "..:..", ".....")
    p = path(b, at("A1"), at("C1"), 5, side=2)
    assert p.cost == 2
    assert "does not fit" in refused(b, at("A1"), at("E3"), 5, side=2)
    assert refused(b, at("A1"), at("D1"), 5, side=2) == "E1 is a wall"
    down = path(b, at("A1"), at("A2"), 5, side=2)
    assert down.cost == 1  # the squares entered (A3, B3) are floor
    assert path(b, at("B1"), at("B2"), 5, side=2).cost == 2  # C3 is difficult
    # the mover's own squares among "everyone's squares" do not block it
    own = frozenset({at("A1"), at("B1"), at("A2"), at("B2")})
    assert path(b, at("A1"), at("A2"), 5, side=2, enemies=own).cost == 1


def test_closed_door_blocks_and_open_door_lets_through():
    """R32: a closed door is solid; open, it is floor."""
    assert refused(board_of(".+."), at("A1"), at("B1"), 3) == "B1 is a closed door"
    assert path(board_of("./."), at("A1"), at("C1"), 3).cost == 2


# --- properties ---------------------------------------------------------------------

KINDS = "......#:=~o/"  # floor mostly; walls, rough ground, water, pits, doorways


@st.composite
def fields(draw):
    w, h = draw(st.integers(2, 7)), draw(st.integers(2, 6))
    rows = ["".join(draw(st.sampled_from(KINDS)) for _ in range(w)) for _ in range(h)]
    b = board_of(*rows)
    free = [(c, r) for r in range(h) for c in range(w) if not b.at((c, r)).solid]
    # a start at the bottom of a pit is a climb out (one square): not what this checks
    starts = [s for s in free if b.at(s).kind != "pit"]
    if len(free) < 2 or not starts:
        b = board_of(*["." * w] * h)
        free = starts = [(c, r) for r in range(h) for c in range(w)]
    start = draw(st.sampled_from(starts))
    goal = draw(st.sampled_from(free))
    rest = [s for s in free if s not in (start, goal)]
    enemies = frozenset(draw(st.lists(st.sampled_from(rest), max_size=3))) if rest else \
        frozenset()
    allies = frozenset(draw(st.lists(st.sampled_from(rest), max_size=3))) - enemies \
        if rest else frozenset()
    return b, start, goal, enemies, allies, draw(st.integers(0, 12))


def flat(b: Board, s: Square) -> bool:
    """R36: floor or an open doorway, where a jump lands and a Move that jumped ends."""
    return b.at(s).kind in ("floor", "door")


def bfs_costs(b: Board, start: Square, goal: Square, enemies, *, jumps: bool = True
              ) -> dict[bool, int]:
    """An independent search for a one-square mover's Move (R32, R36, ch19 Horizontal
    Jump): breadth-first over (square, whether a pit was jumped), each edge costing 1:
    a difficult square or low wall is entered through one extra waiting node, and a jump
    (from anywhere but the water, straight over one pit square to floor or a doorway
    beyond) goes through a node in the air. No pit is walked into. The least cost of
    standing on ``goal`` having jumped and not, for each that can."""
    def ok(s):
        return b.on(s) and not b.at(s).solid and s not in enemies

    def solid(s):
        return b.on(s) and b.at(s).solid

    def squeezed(s, dx, dy):
        return bool(dx and dy) and solid((s[0] + dx, s[1])) and solid((s[0], s[1] + dy))

    out: dict[bool, int] = {}
    seen = {(start, None, False): 0}
    todo = deque([(start, None, False)])
    while todo:
        node = todo.popleft()
        cost = seen[node]
        sq, then, jumped = node
        if then is not None:  # the second half of a step: rough ground, or a landing
            nxt = [(then, None, jumped)]
        else:
            if sq == goal:
                out.setdefault(jumped, cost)
            nxt = []
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    t = (sq[0] + dx, sq[1] + dy)
                    if (dx, dy) == (0, 0) or not ok(t) or squeezed(sq, dx, dy):
                        continue
                    kind = b.at(t).kind
                    if kind == "pit":
                        land = (t[0] + dx, t[1] + dy)
                        if jumps and b.at(sq).kind != "water" and ok(land) and \
                                flat(b, land) and not squeezed(t, dx, dy):
                            nxt.append((t, land, True))
                        continue
                    nxt.append((t, t, jumped) if kind in ("difficult", "low") else
                               (t, None, jumped))
        for n in nxt:
            if n not in seen:
                seen[n] = cost + 1
                todo.append(n)
    return out


def bfs_cost(b: Board, start: Square, goal: Square, enemies, allies, *,
             jumps: bool | None = None) -> int | None:
    """The least cost of a Move from ``start`` ending on ``goal`` by ``bfs_costs``: not
    on an ally, and having jumped only when ``goal`` is flat (R36); None when none.
    ``jumps``: a leg of a longer Move that may jump (True) or not (False), wherever the
    leg ends."""
    if goal in allies:
        return None
    costs = bfs_costs(b, start, goal, enemies, jumps=jumps is not False)
    ok = [costs.get(False), costs.get(True) if jumps or flat(b, goal) else None]
    return min((c for c in ok if c is not None), default=None)


@pytest.mark.slow  # property
@settings(max_examples=300, deadline=None)
@given(fields())
def test_paths_are_legal_within_budget_and_as_short_as_a_bfs_finds(case):
    """R32, R36: a returned path costs at most the budget, never enters a wall or an
    enemy's square, does not end on an ally, steps one square at a time with the costs
    adding up, jumps only a pit straight across onto flat ground and then finishes on
    flat ground, and costs exactly what an independent breadth-first search finds (so
    it is never longer); when the search finds nothing within the budget, neither does
    BFS."""
    b, start, goal, enemies, allies, budget = case
    found = find_path(b, start, goal, budget, enemies=enemies, allies=allies)
    best = bfs_cost(b, start, goal, enemies, allies) if goal != start else None
    if isinstance(found, LegalPath):
        assert found.cost <= budget
        assert found.cost == best
        pos, total = start, 0
        for sq in found.squares:
            assert max(abs(sq[0] - pos[0]), abs(sq[1] - pos[1])) == 1
            assert not b.at(sq).solid and sq not in enemies
            total += 2 if b.at(sq).kind in ("difficult", "low") else 1
            pos = sq
        assert total == found.cost and found.end == goal and goal not in allies
        seq = [start, *found.squares]
        for i, sq in enumerate(seq):
            if sq in found.jumped:
                assert b.at(sq).kind == "pit" and b.at(seq[i - 1]).kind != "water"
                assert seq[i + 1][0] - sq[0] == sq[0] - seq[i - 1][0]  # straight across
                assert seq[i + 1][1] - sq[1] == sq[1] - seq[i - 1][1]
                assert flat(b, seq[i + 1])
            else:
                assert b.at(sq).kind != "pit"
        assert not found.jumped or flat(b, goal)
    else:
        assert best is None or best > budget or goal in allies or goal in enemies


def _steps(start: Square, p: LegalPath) -> list[tuple[Square, Square]]:
    """The steps of a path as a reach sees them: a jump one step from take-off to
    landing (R35)."""
    seq = [start, *(q for q in p.squares if q not in p.jumped)]
    return list(zip(seq, seq[1:], strict=False))


@pytest.mark.slow  # property
@settings(max_examples=300, deadline=None)
@given(fields(), st.data())
def test_a_penalty_only_breaks_ties_and_is_the_least_of_the_cheapest(case, data):
    """R32 first, R35 second: a ``penalty`` (here: entering a random set of "reach"
    squares from outside it) never changes the cost, the path stays legal, its ``extra``
    is what its steps add up to (a jump one step, take-off to landing: R35), and no more
    than the unpenalised path's."""
    b, start, goal, enemies, allies, budget = case
    free = [(c, r) for r in range(b.height) for c in range(b.width)]
    reach = frozenset(data.draw(st.lists(st.sampled_from(free), max_size=8)))

    def entering(old, new):
        return int(new in reach and old not in reach)

    plain = find_path(b, start, goal, budget, enemies=enemies, allies=allies)
    priced = find_path(b, start, goal, budget, enemies=enemies, allies=allies,
                       penalty=entering)
    assert isinstance(plain, LegalPath) == isinstance(priced, LegalPath)
    if isinstance(plain, LegalPath) and isinstance(priced, LegalPath):
        assert priced.cost == plain.cost <= budget
        assert priced.extra == sum(entering(a, z) for a, z in _steps(start, priced))
        assert all(not b.at(q).solid and q not in enemies for q in priced.squares)
        assert priced.extra <= sum(entering(a, z) for a, z in _steps(start, plain))


@pytest.mark.slow  # property
@settings(max_examples=200, deadline=None)
@given(fields())
def test_reachable_agrees_with_find_path_and_the_bfs(case):
    """The reachable area holds exactly the goals find_path reaches, at the same cost,
    and what the independent search finds within the budget (R32, R36: a square reached
    only by a jump is in it only when flat)."""
    b, start, _goal, enemies, allies, budget = case
    area = reachable(b, start, budget, enemies=enemies, allies=allies)
    for r in range(b.height):
        for c in range(b.width):
            found = find_path(b, start, (c, r), budget, enemies=enemies, allies=allies)
            if isinstance(found, LegalPath):
                assert area.get((c, r)) == found.cost
            else:
                assert (c, r) not in area
            best = bfs_cost(b, start, (c, r), enemies, allies) \
                if (c, r) != start and b.at((c, r)).kind != "pit" else None
            assert area.get((c, r)) == (best if best is not None and best <= budget
                                        else None)


@st.composite
def symmetric_fields(draw):
    w, h = draw(st.integers(2, 7)), draw(st.integers(2, 6))
    rows = ["".join(draw(st.sampled_from("....#")) for _ in range(w)) for _ in range(h)]
    b = board_of(*rows)
    free = [(c, r) for r in range(h) for c in range(w) if not b.at((c, r)).solid]
    if len(free) < 2:
        b = board_of(*["." * w] * h)
        free = [(c, r) for r in range(h) for c in range(w)]
    return b, draw(st.sampled_from(free)), draw(st.sampled_from(free))


@pytest.mark.slow  # property
@settings(max_examples=200, deadline=None)
@given(symmetric_fields())
def test_a_move_and_its_reverse_cost_the_same_on_symmetric_terrain(case):
    """R32: on floor and walls every step costs 1 both ways, so there and back cost the
    same, and the reverse of a path is a legal path back."""
    b, start, goal = case
    there = find_path(b, start, goal, 40)
    back = find_path(b, goal, start, 40)
    assert isinstance(there, LegalPath) == isinstance(back, LegalPath)
    if isinstance(there, LegalPath) and isinstance(back, LegalPath):
        assert there.cost == back.cost
        reverse = list(reversed([start, *there.squares]))[1:]
        assert len(reverse) == back.cost


def test_counts_of_squares_read_singular_and_plural():
    """Messages and the log say "1 square", "2 squares", never "square(s)"."""
    from momenta_cli.text import squares_text

    assert [squares_text(n) for n in (0, 1, 2)] == ["0 squares", "1 square", "2 squares"]
    assert refused(board_of("...#."), at("A1"), at("E1"), 1) == \
        "no way to E1 within 1 square"


def test_a_jump_lands_on_flat_and_stable_ground_only():
    """ch19 Horizontal Jump ("a flat and stable surface"), R36: the landing square is
    floor or an open doorway, the landing paying what entering it costs (1); not
    difficult ground, a low wall, water or a climbable square, even when the Move goes
    on from there to the floor."""
    for ground in (".", "/"):
        p = path(board_of(f".o{ground}."), at("A1"), at("D1"), 5)
        assert p.jumped == {at("B1")} and p.cost == 3, ground
    for ground in (":", "=", "~", "^"):
        assert "within" in refused(board_of(f".o{ground}."), at("A1"), at("D1"), 6), ground
    assert "climbable" in refused(board_of(".o^"), at("A1"), at("C1"), 5)
