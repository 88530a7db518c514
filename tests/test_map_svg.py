"""The map as an SVG picture for the players' screen (issue 24, item 3): web.map_svg draws
the "map" part of the players' projection. Each kind of ground and each side must be told
apart without colour, the coordinates sit on every edge, names are text (never markup),
and any well-formed map dict gives well-formed XML, the same string every time."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given, strategies as st

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.battlefield import board_of, squares_of
from momenta_cli.engine.core import Session
from momenta_cli.engine.geometry import column_name, square_name
from momenta_cli.render.map_view import labels
from momenta_cli.web import map_svg

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent
CELL = 40


def parse(doc_map: dict, **kw) -> ET.Element:
    return ET.fromstring(map_svg(doc_map, **kw))


def a_map(width=6, height=5, terrain=(), tokens=()) -> dict:
    return {"width": width, "height": height, "terrain": list(terrain), "tokens": list(tokens)}


def token(name="Brannoc", label="Br", side="allies", squares=("C3",), acting=False,
          out=False) -> dict:
    return {"name": name, "label": label, "side": side, "squares": list(squares),
            "acting": acting, "out": out}


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in classes(el)]


def tokens_of(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-name", ""): g for g in with_class(root, "token")}


def name_of(root: ET.Element, name: str) -> ET.Element:
    (text,) = [t for t in with_class(root, "name") if t.get("data-name") == name]
    return text


def texts(el: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in el.iter(f"{NS}text")]


def key_entries(root: ET.Element) -> set[str]:
    return {c[len("key-"):] for g in with_class(root, "key-entry") for c in classes(g)
            if c != "key-entry"}


def shape_box(el: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a circle, ellipse, rect or polygon."""
    tag = el.tag[len(NS):]
    f = lambda k: float(el.get(k, "0"))  # noqa: E731
    if tag == "circle":
        return f("cx") - f("r"), f("cy") - f("r"), f("cx") + f("r"), f("cy") + f("r")
    if tag == "ellipse":
        return f("cx") - f("rx"), f("cy") - f("ry"), f("cx") + f("rx"), f("cy") + f("ry")
    if tag == "rect":
        return f("x"), f("y"), f("x") + f("width"), f("y") + f("height")
    pts = [tuple(map(float, p.split(","))) for p in el.get("points", "").split()]
    return (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts),
            max(y for _, y in pts))


def body_of(g: ET.Element) -> ET.Element:
    """The token's filled shape (not its ring, not the cross)."""
    return next(el for el in g.iter() if el.tag[len(NS):] in ("circle", "ellipse", "rect",
                                                              "polygon")
                and el.get("fill") not in (None, "none"))


PATTERN_KINDS = ("wall", "low", "water", "difficult", "climb")


def test_the_picture_is_an_svg_with_a_viewbox_that_scales_to_its_container():
    root = parse(a_map())
    assert root.tag == f"{NS}svg"
    assert root.get("width") == "100%" and root.get("height") is None
    x, y, w, h = map(float, root.get("viewBox", "").split())
    assert (x, y) == (0, 0) and w >= 6 * CELL and h >= 5 * CELL
    assert root.get("role") == "img" and "6x5" in root.get("aria-label", "")


def test_each_kind_of_ground_has_its_own_pattern_and_its_key_entry():
    drawn = {}
    for kind in PATTERN_KINDS:
        root = parse(a_map(terrain=[{"square": "B2", "kind": kind}]))
        patterns = {p.get("id"): p for p in root.iter(f"{NS}pattern")}
        assert set(patterns) == {f"map-{kind}"}, kind  # only the kinds this map has
        cells = with_class(root, kind)
        assert [c.get("fill") for c in cells if "ground" in classes(c)] == [f"url(#map-{kind})"]
        assert key_entries(root) == {kind}
        drawn[kind] = ET.tostring(patterns[f"map-{kind}"]).replace(kind.encode(), b"")
    # the patterns themselves differ (not only their colours): compare with colours removed
    shapes = {kind: re.sub(rb'(fill|stroke)="#[0-9a-f]+"', b"", d) for kind, d in drawn.items()}
    assert len(set(shapes.values())) == len(PATTERN_KINDS)


def test_a_run_of_one_kind_is_one_rectangle_whose_pattern_falls_square_by_square():
    terrain = [{"square": f"{column_name(c)}1", "kind": "water"} for c in range(4)]
    root = parse(a_map(terrain=terrain))
    (run,) = with_class(root, "water")
    assert (run.get("x"), run.get("width"), run.get("height")) == ("0", str(4 * CELL),
                                                                     str(CELL))
    (pattern,) = root.iter(f"{NS}pattern")
    assert pattern.get("patternUnits") == "userSpaceOnUse"
    assert (pattern.get("width"), pattern.get("height")) == (str(CELL), str(CELL))


def test_a_pit_shows_its_depth_as_a_number():
    root = parse(a_map(terrain=[{"square": "C3", "kind": "pit", "depth": 3},
                                {"square": "D4", "kind": "pit", "depth": 12}]))
    pits = with_class(root, "pit")
    board_pits = [p for p in pits if p.find(f"{NS}rect") is not None
                  and p.find(f"{NS}rect").get("x") != "0"]
    assert sorted(t for p in board_pits for t in texts(p)) == ["12", "3"]
    assert "pit" in key_entries(root)
    (entry,) = with_class(root, "key-pit")
    assert "depth" in " ".join(texts(entry))


def test_an_open_door_and_a_closed_door_are_drawn_differently_and_keyed_apart():
    closed = parse(a_map(terrain=[{"square": "C3", "kind": "door", "open": False}]))
    opened = parse(a_map(terrain=[{"square": "C3", "kind": "door", "open": True}]))
    (shut,) = [g for g in with_class(closed, "door-closed") if "translate(80 80)" in
               g.get("transform", "")]
    (ajar,) = [g for g in with_class(opened, "door-open") if "translate(80 80)" in
               g.get("transform", "")]
    assert ET.tostring(shut) != ET.tostring(ajar)
    # open: a dashed arc, the leaf's swing; closed: none
    assert any(p.get("stroke-dasharray") for p in ajar.iter(f"{NS}path"))
    assert not any(p.get("stroke-dasharray") for p in shut.iter(f"{NS}path"))
    assert key_entries(closed) == {"door_closed"} and key_entries(opened) == {"door_open"}
    both = parse(a_map(terrain=[{"square": "C3", "kind": "door", "open": False},
                                {"square": "E3", "kind": "door", "open": True}]))
    assert key_entries(both) == {"door_closed", "door_open"}


def test_a_door_lies_along_the_wall_it_stands_in():
    def turned(terrain: list[dict]) -> bool:
        root = parse(a_map(terrain=terrain))
        door = next(g for g in with_class(root, "door") if "translate(80 80)"
                    in g.get("transform", ""))
        return any("rotate" in g.get("transform", "") for g in door.iter(f"{NS}g"))

    door = {"square": "C3", "kind": "door", "open": False}
    assert not turned([{"square": "B3", "kind": "wall"}, door, {"square": "D3", "kind": "wall"}])
    assert turned([{"square": "C2", "kind": "wall"}, door, {"square": "C4", "kind": "wall"}])


def test_a_map_of_floor_only_has_no_patterns_and_no_ground_key():
    root = parse(a_map(terrain=[]))
    assert list(root.iter(f"{NS}pattern")) == []
    assert key_entries(root) == set()


def test_a_token_of_any_size_covers_its_whole_footprint():
    for side in ("allies", "adversaries", "independents"):
        big = token(name="Ogre", label="Og", side=side, squares=("C5", "D5", "C6", "D6"))
        small = token(name="Gorm", label="Go", side=side, squares=("F2",))
        root = parse(a_map(width=8, height=8, tokens=[big, small]))
        found = tokens_of(root)
        left, top, right, bottom = shape_box(body_of(found["Ogre"]))
        # C5..D6 is columns 2-3, rows 4-5: within a few units of that box, and past the
        # middle of every one of its four squares
        assert 2 * CELL <= left < 2 * CELL + 8 and 4 * CELL - 1 < top < 4 * CELL + 8, side
        assert 4 * CELL - 8 < right <= 4 * CELL and 6 * CELL - 8 < bottom <= 6 * CELL, side
        left, top, right, bottom = shape_box(body_of(found["Gorm"]))
        assert (left, top) >= (5 * CELL, CELL) and (right, bottom) <= (6 * CELL, 2 * CELL)
        assert right - left > CELL * 0.7, side
        assert found["Ogre"].get("data-square") == "C5"
        assert found["Ogre"].get("data-squares") == "C5 D5 C6 D6"


def test_each_side_has_its_own_shape_and_outline_not_only_its_colour():
    sides = ("allies", "adversaries", "independents")
    root = parse(a_map(tokens=[token(name=s, label=s[:2], side=s, squares=(f"{c}2",))
                               for s, c in zip(sides, "ACE", strict=True)]))
    found = tokens_of(root)
    shapes = {(body_of(found[s]).tag, body_of(found[s]).get("stroke-dasharray")) for s in sides}
    assert len(shapes) == 3
    assert {f"side-{s}" for s in sides} == {c for g in found.values() for c in classes(g)
                                            if c.startswith("side-")}
    assert {"allies", "adversaries", "independents"} <= key_entries(root)


def test_a_token_shows_its_label_large_and_its_name_small():
    root = parse(a_map(tokens=[token(name="Brannoc", label="Br")]))
    g = tokens_of(root)["Brannoc"]
    (label,) = with_class(g, "label")
    name = name_of(root, "Brannoc")
    assert label.text == "Br" and name.text == "Brannoc"
    assert float(label.get("font-size", "0")) > float(name.get("font-size", "0"))
    assert g.find(f"{NS}title").text == "Brannoc"
    assert g.get("data-label") == "Br"


def test_names_are_drawn_over_every_token_so_no_neighbour_hides_one():
    # Knife-1 stands right above Knife-2: its name hangs into Knife-2's square
    root = parse(a_map(tokens=[token(name="Knife-1", label="K1", squares=("C2",)),
                               token(name="Knife-2", label="K2", squares=("C3",)),
                               token(name="Mira", label="Mi", squares=("C5",))]))
    order = [el for el in root.iter() if classes(el) & {"token", "name"}]
    kinds = ["token" if "token" in classes(el) else "name" for el in order]
    assert kinds == ["token"] * 3 + ["name"] * 3
    below = name_of(root, "Knife-1")
    assert 2 * CELL < float(below.get("y", "0")) < 2 * CELL + 14  # on the rim of C3
    # on the last row the name goes above its token, inside the grid
    assert float(name_of(root, "Mira").get("y", "0")) < 4 * CELL


def test_names_are_text_never_markup():
    nasty = 'Gorm <b>"the" & \'Bold\'</b>'
    text = map_svg(a_map(tokens=[token(name=nasty, label="<&")]),
                   title="<script>alert(1)</script>")
    assert "<b>" not in text and "<script>" not in text
    root = ET.fromstring(text)
    g = tokens_of(root)[nasty]
    assert g.find(f"{NS}title").text == nasty
    assert name_of(root, nasty).text == nasty[:11] + "\u2026"
    assert with_class(g, "label")[0].text == "<&"
    assert root.get("aria-label", "").endswith("<script>alert(1)</script>")
    (title,) = with_class(root, "title")
    assert title.text == "<script>alert(1)</script>"


def test_a_name_with_characters_xml_cannot_hold_still_gives_well_formed_xml():
    root = parse(a_map(tokens=[token(name="Gorm\x00\x1b[31m\ud800", label="G\x01")]),
                 title="\x0c")
    (g,) = with_class(root, "token")
    assert g.get("data-name", "").startswith("Gorm")


def test_a_long_name_is_clipped_under_its_token_and_whole_in_its_title():
    long = "Gorm the Unreasonably Long-Named Bruiser of the Lower Mill Road"
    root = parse(a_map(tokens=[token(name=long)]))
    g = tokens_of(root)[long]
    name = name_of(root, long)
    assert name.text is not None and name.text.endswith("\u2026")
    assert len(name.text) <= 12 and long.startswith(name.text[:-1])
    assert g.find(f"{NS}title").text == long and g.get("data-name") == long


def test_the_acting_combatant_is_ringed_and_the_out_one_crossed_and_dimmed():
    root = parse(a_map(tokens=[token(name="Brannoc", squares=("B2",), acting=True),
                               token(name="Gorm", label="Go", side="adversaries",
                                     squares=("D2",), out=True),
                               token(name="Mira", label="Mi", squares=("B4",))]))
    found = tokens_of(root)
    assert "acting" in classes(found["Brannoc"]) and with_class(found["Brannoc"], "ring")
    ring = with_class(found["Brannoc"], "ring")[0]
    assert float(ring.get("stroke-width", "0")) >= 5
    assert "out" in classes(found["Gorm"]) and with_class(found["Gorm"], "cross")
    assert any(g.get("opacity") for g in found["Gorm"].iter(f"{NS}g"))
    assert found["Brannoc"].find(f"{NS}title").text == "Brannoc (acting)"
    assert found["Gorm"].find(f"{NS}title").text == "Gorm (out)"
    for plain in ("Mira",):
        assert not with_class(found[plain], "ring") and not with_class(found[plain], "cross")
        assert classes(found[plain]) == {"token", "side-allies"}
    assert {"acting", "out"} <= key_entries(root)


def test_column_letters_and_row_numbers_sit_on_every_edge():
    width, height = 28, 12
    root = parse(a_map(width=width, height=height))
    (coords,) = with_class(root, "coords")
    where: dict[str, list[tuple[float, float]]] = {}
    for t in coords.iter(f"{NS}text"):
        where.setdefault(t.text or "", []).append((float(t.get("x", "0")),
                                                   float(t.get("y", "0"))))
    # A and the last column (AB) above the grid (y < 0) and below it
    for letters in ("A", column_name(width - 1)):
        ys = sorted(y for _, y in where[letters])
        assert len(ys) == 2 and ys[0] < 0 < height * CELL < ys[1], letters
    assert column_name(width - 1) == "AB"
    # 1 and the last row left of the grid (x < 0) and right of it
    for number in ("1", str(height)):
        xs = sorted(x for x, _ in where[number])
        assert len(xs) == 2 and xs[0] < 0 < width * CELL < xs[1], number
    assert str(height + 1) not in where and column_name(width) not in where


def test_the_same_map_gives_the_same_string():
    doc = a_map(terrain=[{"square": "B2", "kind": "water"}, {"square": "C2", "kind": "pit",
                                                             "depth": 2}],
                tokens=[token(), token(name="Gorm", label="Go", side="adversaries",
                                       squares=("E4",), acting=True)])
    first = map_svg(doc, title="Yard")
    assert map_svg(copy.deepcopy(doc), title="Yard") == first
    assert map_svg(doc, title="Yard") == first


def test_small_empty_and_odd_maps_are_drawn_without_raising():
    for doc in (a_map(width=1, height=1), a_map(width=1, height=1, tokens=[token(
            squares=("A1",))]), a_map(width=60, height=40), a_map(width=0, height=0),
            {"width": 3, "height": 3}, a_map(terrain=[{"square": "Z99", "kind": "wall"},
                                                       {"square": "nowhere", "kind": "pit"},
                                                       {"square": "A1", "kind": "lava"}]),
            a_map(tokens=[token(squares=()), token(name="Far", squares=("Q40",))])):
        root = parse(doc)
        assert root.tag == f"{NS}svg"
    # a token placed nowhere on the map is not drawn; its neighbours are
    root = parse(a_map(tokens=[token(name="Far", squares=("Q40",)), token(name="Near")]))
    assert set(tokens_of(root)) == {"Near"}


def big_map() -> dict:
    """A 60x40 map as a large table might have: a walled edge, rooms, a lake, rubble,
    pits and doors, and thirty combatants."""
    width, height = 60, 40
    terrain = []
    for r in range(height):
        for c in range(width):
            sq = square_name((c, r))
            if r in (0, height - 1) or c in (0, width - 1) or (c == 20 and r != 10):
                terrain.append({"square": sq, "kind": "wall"})
            elif (c, r) == (20, 10):
                terrain.append({"square": sq, "kind": "door", "open": r % 2 == 0})
            elif 30 <= c < 45 and 5 <= r < 15:
                terrain.append({"square": sq, "kind": "water"})
            elif 5 <= c < 15 and 25 <= r < 32:
                terrain.append({"square": sq, "kind": "difficult"})
            elif (c * 7 + r * 3) % 41 == 0:
                terrain.append({"square": sq, "kind": "pit", "depth": 1 + c % 4})
            elif c == 50 and 20 <= r < 30:
                terrain.append({"square": sq, "kind": "climb"})
            elif r == 35 and 25 <= c < 35:
                terrain.append({"square": sq, "kind": "low"})
    tokens = [token(name=f"Raider-{i}", label=f"{i:02d}",
                    side=("allies", "adversaries", "independents")[i % 3],
                    squares=(square_name((2 + i, 2 + i % 7)),), acting=i == 4, out=i == 9)
              for i in range(30)]
    return a_map(width=width, height=height, terrain=terrain, tokens=tokens)


def test_a_60_by_40_map_fits_a_phone_s_download(tmp_path):
    path = tmp_path / "map.svg"
    path.write_text(map_svg(big_map(), title="The Long Hall"), encoding="utf-8")
    size = path.stat().st_size
    assert size < 200_000, size
    root = ET.parse(path).getroot()
    assert len(tokens_of(root)) == 30


def shipped_yard() -> dict:
    """The "map" part for encounters/yard-with-a-map.yaml, built by hand from the engine's
    own board and positions (the projection builds the same from a fight)."""
    fight = Session(load_encounter(ROOT / "encounters" / "yard-with-a-map.yaml")).state
    board = board_of(fight)
    assert board is not None
    terrain = []
    for r, row in enumerate(board.squares):
        for c, ground in enumerate(row):
            if ground.kind == "floor":
                continue
            entry: dict = {"square": square_name((c, r)), "kind": ground.kind}
            if ground.kind == "pit":
                entry["depth"] = ground.height
            if ground.kind == "door":
                entry["open"] = ground.open
            terrain.append(entry)
    fighters = list(fight.fighters.values())
    label = labels(fighters)
    tokens = [{"name": f.name, "label": label[f.name], "side": f.spec.side,
               "squares": [square_name(s) for s in squares_of(f)], "acting": False,
               "out": False} for f in fighters if f.position is not None]
    return {"width": board.width, "height": board.height, "terrain": terrain,
            "tokens": tokens}


def test_the_shipped_mill_yard_is_drawn_with_every_kind_of_its_ground_and_every_token():
    doc = shipped_yard()
    root = parse(doc, title="The Mill Yard")
    assert key_entries(root) >= {"wall", "low", "door_closed", "door_open", "water",
                                 "difficult", "climb", "pit"}
    found = tokens_of(root)
    assert set(found) == {"Brannoc", "Tamsin", "Mira", "Gorm", "Knife-1", "Knife-2", "Ogre"}
    for t in doc["tokens"]:
        assert with_class(found[t["name"]], "label")[0].text == t["label"]
    # the ogre (SIZE 2) at L7: its shape spans L7..M8
    left, top, right, bottom = shape_box(body_of(found["Ogre"]))
    assert found["Ogre"].get("data-square") == "L7"
    assert left < 11 * CELL + 8 and right > 13 * CELL - 8
    assert top < 6 * CELL + 8 and bottom > 8 * CELL - 8
    # the sluice drop (5 deep) and the old well (2 deep) show their depths
    depths = sorted(t for p in with_class(root, "pit") for t in texts(p))
    assert "5" in depths and "2" in depths


SQUARES = st.builds(lambda c, r: (c, r), st.integers(0, 7), st.integers(0, 7))
KINDS = ("wall", "low", "difficult", "water", "climb", "pit", "door")


@st.composite
def map_dicts(draw) -> dict:
    width, height = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    on_map = SQUARES.filter(lambda s: s[0] < width and s[1] < height)
    terrain = []
    for sq in draw(st.lists(on_map, max_size=20, unique=True)):
        kind = draw(st.sampled_from(KINDS))
        entry: dict = {"square": square_name(sq), "kind": kind}
        if kind == "pit":
            entry["depth"] = draw(st.integers(1, 30))
        if kind == "door":
            entry["open"] = draw(st.booleans())
        terrain.append(entry)
    tokens = []
    for i, sq in enumerate(draw(st.lists(on_map, max_size=6, unique=True))):
        side = draw(st.integers(1, 2))
        squares = [square_name((sq[0] + dc, sq[1] + dr)) for dr in range(side)
                   for dc in range(side)]
        tokens.append(token(name=draw(st.text(max_size=30)) + f"#{i}",
                            label=draw(st.text("ABCXYZ09<&\"'", min_size=1, max_size=2)),
                            side=draw(st.sampled_from(("allies", "adversaries",
                                                       "independents"))),
                            squares=squares, acting=draw(st.booleans()),
                            out=draw(st.booleans())))
    return a_map(width=width, height=height, terrain=terrain, tokens=tokens)


@given(map_dicts(), st.text(max_size=20))
def test_any_small_map_gives_well_formed_xml_with_every_token_s_label(doc, title):
    text = map_svg(doc, title=title)
    root = ET.fromstring(text)
    drawn = [with_class(g, "label")[0].text for g in with_class(root, "token")]
    assert sorted(drawn) == sorted(t["label"] for t in doc["tokens"])
    assert map_svg(doc, title=title) == text
