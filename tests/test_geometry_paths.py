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


def test_after_a_jump_the_move_may_go_on_into_water():
    """Ours (docs/rulings.md Terrain, R36 "the landing square is stable floor"): the
    stable surface ch19 Horizontal Jump asks for is the landing square; the Move may then
    go on into water. A jump landing in the water itself is refused."""
    b = board_of(".o.~~.")
    p = path(b, at("A1"), at("D1"), 5)
    assert p.names() == ["B1", "C1", "D1"] and p.jumped == {at("B1")} and p.swimming
    assert "within" in refused(board_of(".o~~~."), at("A1"), at("C1"), 5)


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

KINDS = ".....#:"


@st.composite
def fields(draw):
    w, h = draw(st.integers(2, 7)), draw(st.integers(2, 6))
    rows = ["".join(draw(st.sampled_from(KINDS)) for _ in range(w)) for _ in range(h)]
    b = board_of(*rows)
    free = [(c, r) for r in range(h) for c in range(w) if not b.at((c, r)).solid]
    if len(free) < 2:
        b = board_of(*["." * w] * h)
        free = [(c, r) for r in range(h) for c in range(w)]
    start = draw(st.sampled_from(free))
    goal = draw(st.sampled_from(free))
    rest = [s for s in free if s not in (start, goal)]
    enemies = frozenset(draw(st.lists(st.sampled_from(rest), max_size=3))) if rest else \
        frozenset()
    allies = frozenset(draw(st.lists(st.sampled_from(rest), max_size=3))) - enemies \
        if rest else frozenset()
    return b, start, goal, enemies, allies, draw(st.integers(0, 12))


def bfs_cost(b: Board, start: Square, goal: Square, enemies, allies) -> int | None:
    """An independent search: breadth-first over squares, a difficult square entered
    through one extra waiting node, so each edge costs 1."""
    def ok(s):
        return b.on(s) and not b.at(s).solid and s not in enemies

    def solid(s):
        return b.on(s) and b.at(s).solid

    seen = {(start, 0): 0}
    todo = deque([(start, 0)])
    while todo:
        node = todo.popleft()
        cost = seen[node]
        sq, waiting = node
        if waiting:
            nxt = [(sq, 0)]
        else:
            if sq == goal and sq not in allies:
                return cost
            nxt = []
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    t = (sq[0] + dx, sq[1] + dy)
                    if (dx, dy) == (0, 0) or not ok(t):
                        continue
                    if dx and dy and solid((sq[0] + dx, sq[1])) and \
                            solid((sq[0], sq[1] + dy)):
                        continue
                    nxt.append((t, 1) if b.at(t).kind == "difficult" else (t, 0))
        for n in nxt:
            if n not in seen:
                seen[n] = cost + 1
                todo.append(n)
    return None


@pytest.mark.slow  # property
@settings(max_examples=300, deadline=None)
@given(fields())
def test_paths_are_legal_within_budget_and_as_short_as_a_bfs_finds(case):
    """R32: a returned path costs at most the budget, never enters a wall or an enemy's
    square, does not end on an ally, steps one square at a time with the costs adding
    up, and costs exactly what an independent breadth-first search finds (so it is never
    longer); when the search finds nothing within the budget, neither does BFS."""
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
            total += 2 if b.at(sq).kind == "difficult" else 1
            pos = sq
        assert total == found.cost and found.end == goal and goal not in allies
    else:
        assert best is None or best > budget or goal in allies or goal in enemies


@pytest.mark.slow  # property
@settings(max_examples=300, deadline=None)
@given(fields(), st.data())
def test_a_penalty_only_breaks_ties_and_is_the_least_of_the_cheapest(case, data):
    """R32 first, R35 second: a ``penalty`` (here: entering a random set of "reach"
    squares from outside it) never changes the cost, the path stays legal, its ``extra``
    is what its steps add up to, and no more than the unpenalised path's."""
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
        seq = [start, *priced.squares]
        assert priced.extra == sum(entering(a, z) for a, z in zip(seq, seq[1:], strict=False))
        assert all(not b.at(q).solid and q not in enemies for q in priced.squares)
        plain_seq = [start, *plain.squares]
        assert priced.extra <= sum(entering(a, z) for a, z in zip(plain_seq, plain_seq[1:],
                                                        strict=False))


@pytest.mark.slow  # property
@settings(max_examples=200, deadline=None)
@given(fields())
def test_reachable_agrees_with_find_path(case):
    """The reachable area holds exactly the goals find_path reaches, at the same cost."""
    b, start, _goal, enemies, allies, budget = case
    area = reachable(b, start, budget, enemies=enemies, allies=allies)
    for r in range(b.height):
        for c in range(b.width):
            found = find_path(b, start, (c, r), budget, enemies=enemies, allies=allies)
            if isinstance(found, LegalPath):
                assert area.get((c, r)) == found.cost
            else:
                assert (c, r) not in area


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


def test_a_jump_lands_on_stable_ground_difficult_or_a_low_wall_included():
    """ch19 Horizontal Jump ("a flat and stable surface"), R36 ("stable floor"); ours
    (docs/rulings.md Terrain): stable ground is floor, a doorway, difficult ground or a
    low wall, the landing paying what entering it costs (2); not water or a climbable
    square."""
    for ground, cost in ((".", 2), (":", 3), ("=", 3), ("/", 2)):
        p = path(board_of(f".o{ground}"), at("A1"), at("C1"), 5)
        assert p.jumped == {at("B1")} and p.cost == cost, ground
    assert "within" in refused(board_of(".o~"), at("A1"), at("C1"), 5)
    assert "climbable" in refused(board_of(".o^"), at("A1"), at("C1"), 5)
