"""Positions in the fight state (issue 13): set at setup from the encounter's map, in the
``--json`` state as ``"position": "C5"`` (null without a map), changed only by events:
the GM's ``place NAME C5`` (checked like the file: R31 footprints, R32 no solid or
occupied square, R36 no pit) and reinforcements coming in ``at C5`` (R17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from momenta_cli.engine.core.session import replay
from momenta_cli.engine.geometry import parse_square
from momenta_cli.render.state_json import state_doc
from tests.conftest import invoke
from tests.engine_helpers import log_text, refused, run, session_from

ROOT = Path(__file__).resolve().parent.parent

YARD = """
    name: Yard
    map:
      rows: |
        ########
        #.G....#
        #......#
        #..3.=.#
        ###+####
    stat_blocks:
      - {name: Footpad, side: adversaries, threat: Grunt}
      - {name: Brute, side: adversaries, threat: Grunt, attributes: {SIZE: 2}}
    combatants:
      - {name: Gorm, side: adversaries, mark: G}
      - {name: Kira, side: allies, at: F2}
      - {name: Ogre, side: adversaries, at: E3, attributes: {SIZE: 2}}
"""


@pytest.fixture
def yard():
    return session_from(YARD)


def positions(session) -> dict[str, str | None]:
    return {c["name"]: c["position"] for c in state_doc(session.state)["combatants"]}


def test_positions_are_set_at_setup_and_in_the_json_state(yard):
    assert yard.state.get("Gorm").position == parse_square("C2")
    assert positions(yard) == {"Gorm": "C2", "Kira": "F2", "Ogre": "E3"}


def test_without_a_map_the_position_is_null():
    s = session_from("""
        name: Plain
        combatants:
          - {name: Kira, side: allies}
        """)
    assert s.state.get("Kira").position is None
    assert positions(s) == {"Kira": None}


def test_place_moves_the_token_and_says_from_where(yard):
    run(yard, "place gorm b3")
    assert yard.state.get("Gorm").position == parse_square("B3")
    assert log_text(yard)[-1] == "Gorm is placed at B3 (was C2)"
    # a 2x2 creature is placed by its top-left square (R31)
    run(yard, "place ogre c2")
    assert positions(yard)["Ogre"] == "C2"


def test_undo_of_place_puts_the_token_back_and_replay_agrees(yard):
    run(yard, "place kira b2", "place kira b3")
    run(yard, "undo")
    assert yard.state.get("Kira").position == parse_square("B2")
    assert yard.state == replay(yard.initial, yard.entries)


@pytest.mark.parametrize("line, why", [
    ("place kira a1", "cannot place Kira: A1 is a wall"),
    ("place kira d5", "cannot place Kira: D5 is a closed door"),
    ("place kira d4", "cannot place Kira: D4 is a pit (3 deep: a creature there falls)"),
    ("place kira c2", "cannot place Kira: C2 is taken by Gorm"),
    ("place kira f4", "cannot place Kira: F4 is taken by Ogre"),  # the Ogre's footprint
    ("place kira z9", "cannot place Kira: Z9 is off the map (8 columns, A-H, by 5 rows, "
                      "1-5)"),
    ("place kira 3c", "'3c' is not a square: a square is a column letter and a row "
                      "number, like C5"),
    ("place kira f2", "Kira is already at F2"),
    ("place ogre f2", "cannot place Ogre: a 2x2 creature at F2 takes F2 to G3, and F2 is "
                      "taken by Kira"),
    ("place ogre g3", "cannot place Ogre: a 2x2 creature at G3 takes G3 to H4, and H3 is "
                      "a wall"),
])
def test_place_is_checked_like_the_file(yard, line, why):
    assert refused(yard, line) == why


def test_the_creature_placed_does_not_block_itself(yard):
    # the Ogre at E3 takes E3-F4; one square right overlaps its own old squares
    run(yard, "place ogre f3")
    assert positions(yard)["Ogre"] == "F3"


def test_a_defeated_creature_holds_no_square(yard):
    run(yard, "defeat gorm", "place kira c2")
    assert positions(yard)["Kira"] == "C2"


def test_place_without_a_map_is_refused():
    s = session_from("""
        name: Plain
        combatants:
          - {name: Kira, side: allies}
        """)
    msg = refused(s, "place kira c5")
    assert msg.startswith("this fight has no map: there is nowhere to place anyone")


def test_place_reads_a_name_with_spaces_and_the_square_last():
    s = session_from("""
        name: Yard
        map: {rows: ["...."]}
        combatants:
          - {name: Captain Vessa, side: adversaries, at: A1}
        """)
    run(s, "place captain vessa d1")
    assert s.state.get("Captain Vessa").position == parse_square("D1")
    run(s, 'place "Captain Vessa" c1')
    assert s.state.get("Captain Vessa").position == parse_square("C1")


# --- reinforcements on a map (R17) ---------------------------------------------------


def test_a_reinforcement_comes_in_at_the_square_given(yard):
    run(yard, "add footpad as Latecomer at b4")
    assert positions(yard)["Latecomer"] == "B4"
    assert log_text(yard)[-2:] == ["Latecomer (Footpad) joins the adversaries",
                                   "Latecomer comes in at B4"]


def test_a_group_comes_in_around_the_square_given(yard):
    run(yard, "add footpad x3 at b2")
    got = positions(yard)
    assert got["Footpad-1"] == "B2"
    squares = {parse_square(got[f"Footpad-{i}"]) for i in (1, 2, 3)}
    assert len(squares) == 3
    # each within one square of B2 (R32 distance), none on a wall or on Gorm at C2
    assert all(max(abs(c - 1), abs(r - 1)) == 1 for c, r in squares - {parse_square("B2")})
    assert parse_square("C2") not in squares


def test_a_copy_does_not_stand_in_its_original_square(yard):
    run(yard, "add copy gorm at d3")
    assert positions(yard)["Gorm"] == "C2" and positions(yard)["Gorm-2"] == "D3"


def test_a_big_reinforcement_needs_room_for_its_footprint(yard):
    # R31: SIZE 2 takes 2x2 squares from the one given; ours (docs/rulings.md Terrain,
    # R36): with one corner over the pit at D4 it stands, three squares on the floor
    assert "taken by Gorm" in refused(yard, "add brute at b2")
    run(yard, "add brute at c3")
    assert positions(yard)["Brute-1"] == "C3"


def test_on_a_map_a_reinforcement_needs_a_square(yard):
    assert refused(yard, "add footpad") == ("this fight has a map: say where Footpad-1 "
                                            "comes in (add ... at C5)")


def test_without_a_map_at_is_refused_and_add_works_as_before():
    s = session_from("""
        name: Plain
        stat_blocks:
          - {name: Footpad, side: adversaries, threat: Grunt}
        combatants:
          - {name: Kira, side: allies}
        """)
    assert refused(s, "add footpad at c5").startswith("this fight has no map:")
    run(s, "add footpad")
    assert s.state.get("Footpad-1").position is None


# --- the sample encounter and its script ---------------------------------------------


def test_the_sample_script_replays_with_positions_in_the_json():
    enc = ROOT / "encounters" / "yard-with-a-map.yaml"
    script = ROOT / "encounters" / "yard-with-a-map.script"
    r = invoke("replay", enc, script, "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    where = {c["name"]: c["position"] for c in doc["combatants"]}
    assert where == {"Brannoc": "I9", "Tamsin": "J5", "Mira": "V7", "Gorm": "T9",
                     "Knife-1": "E8", "Knife-2": "I5", "Ogre": "J7", "Latecomer": "W6"}
    kinds = [e["kind"] for entry in doc["log"] for e in entry["events"]]
    assert kinds.count("placed_at") == 1  # the Latecomer's 'add ... at'; the rest walk
    # Knife-1's last move is answered by a Forestall and an Intercept, Brannoc's shove
    # of Knife-2 by Tamsin's Intercept at I6 (R35)
    halts = [e for entry in doc["log"] for e in entry["events"] if e["kind"] == "halted"]
    assert [r for e in halts for r in e["reactions"]] == [
        ["Brannoc", "Forestall"], ["Tamsin", "Intercept"], ["Tamsin", "Intercept"]]
    assert halts[-1]["square"] == "I6" and halts[-1]["how"] == "forced"


def test_the_sample_script_shoots_a_target_in_cover_from_the_low_wall():
    """Issue 13 Must show (cover), ch20 Cover, R34: in the sample fight Tamsin shoots Gorm
    along row 9 past the low wall at S9; the log says the map found the cover, and she
    aims at his Edge (R20)."""
    enc = ROOT / "encounters" / "yard-with-a-map.yaml"
    script = ROOT / "encounters" / "yard-with-a-map.script"
    r = invoke("replay", enc, script)
    assert r.exit_code == 0, r.output
    flat = " ".join(r.stdout.split())
    assert "Tamsin to Gorm: distance 12 (map), line of sight (map), cover (map: low wall " \
        "at S9)" in flat
    assert "Tamsin -> Gorm (Edge)" in flat
