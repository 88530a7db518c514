"""Asking the map (issue 13 item 7): ``los [NAME] TARGET`` answers line of sight (R33),
cover (R34: low walls and other creatures) and distance (R32) at the prompt, in ``do``
(read-only: no lock, no fight started) and in replay; the shell forms ``momenta los FILE
FROM TARGET [--json]`` and ``momenta path FILE NAME SQUARE [--shift] [--json]`` print the
JSON shapes the issue names; what cannot be answered is one line and exit 1."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from momenta_cli.engine.battlefield import LookAt, sighting
from momenta_cli.errors import MomentaError
from momenta_cli.render import los_doc
from tests.conftest import fight_of, invoke, one_line_error, started
from tests.engine_helpers import run, session_from

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "encounters" / "yard-with-a-map.yaml"


def board(rows: str, *extra: str) -> str:
    """An encounter on ``rows`` with Archer (allies, mark A) and Target (adversaries,
    mark T), and ``extra`` combatant lines."""
    body = textwrap.indent(textwrap.dedent(rows).strip("\n"), "    ")
    more = "".join(f"  - {e}\n" for e in extra)
    return (f"name: Range\nmap:\n  rows: |\n{body}\ncombatants:\n"
            "  - {name: Archer, side: allies, mark: A}\n"
            "  - {name: Target, side: adversaries, mark: T}\n" + more)


def answer(yaml_text: str, a: str = "archer", b: str = "target") -> dict:
    return los_doc(sighting(session_from(yaml_text).state, LookAt(a, b)))


# --- the answers on known boards (R32-R34) -------------------------------------------


def test_a_low_wall_in_line_gives_cover():
    """R34: every clear line from A's square to T's passes the low wall at C2."""
    assert answer(board("""
        .....
        A.=.T
        .....
        """)) == {"line_of_sight": True, "cover": True, "distance": 4}


def test_a_low_wall_off_to_the_side_gives_none():
    """R34: the straight line along row 2 misses the low wall at C1."""
    assert answer(board("""
        ..=..
        A...T
        .....
        """)) == {"line_of_sight": True, "cover": False, "distance": 4}


def test_a_wall_across_the_map_blocks_sight():
    """R33: every line from B2 to D2 crosses the wall of column C."""
    doc = answer(board("""
        ..#..
        .A#T.
        ..#..
        """))
    assert doc["line_of_sight"] is False and doc["distance"] == 2
    assert doc["cover"] is True  # nothing gets through: sight.cover's reading


def test_another_creature_in_line_gives_cover_until_it_is_out():
    """R34: a creature other than the two, in every clear line, gives cover; a Defeated
    one holds no square (R32) and gives none."""
    text = board("""
        .....
        A.K.T
        .....
        """, "{name: Knife, side: adversaries, mark: K}")
    assert answer(text)["cover"] is True
    s = session_from(text)
    run(s, "defeat knife")
    assert sighting(s.state, LookAt("archer", "target")).cover is False


def test_the_two_themselves_never_give_cover_and_distance_counts_diagonals():
    """R32: the larger of the column and row gaps; the ends' own squares are no cover."""
    assert answer(board("""
        A....
        .....
        ....T
        """)) == {"line_of_sight": True, "cover": False, "distance": 4}


def test_a_2x2_target_is_measured_from_its_nearest_square():
    """R31, R32: SIZE 2 takes 2x2 squares; the distance is to the nearest one."""
    doc = answer(board("""
        A.....
        ...OO.
        ...OOT
        """, "{name: Ogre, side: adversaries, mark: O, attributes: {SIZE: 2}}"), b="ogre")
    assert doc == {"line_of_sight": True, "cover": False, "distance": 3}


def test_without_a_name_it_looks_from_the_acting_combatant():
    s = session_from(board("A.=.T"))
    run(s, "turn archer")
    got = sighting(s.state, LookAt(None, "target"))
    assert (got.source, got.target, got.cover) == ("Archer", "Target", True)


@pytest.mark.parametrize("line, why", [
    ("los archer zed", "no combatant called 'zed'"),
    ("los archer archer", "Archer is at both ends"),
    ("los target", "no turn is running: name the combatant"),
])
def test_what_cannot_be_answered_is_refused_with_the_reason(line, why):
    from momenta_cli.language import parse_line

    s = session_from(board("A.=.T"))
    meta = parse_line(line)
    with pytest.raises(MomentaError, match=why):
        sighting(s.state, meta.command)


def test_the_line_reads_from_to_and_refuses_more_names():
    from momenta_cli.errors import CommandError
    from momenta_cli.language import Meta, parse_line

    assert parse_line("los a b") == Meta("los", command=LookAt("a", "b"))
    assert parse_line("los a to b") == Meta("los", command=LookAt("a", "b"))
    assert parse_line("los b") == Meta("los", command=LookAt(None, "b"))
    with pytest.raises(CommandError, match="missing target"):
        parse_line("los")
    with pytest.raises(CommandError, match="quote names with spaces"):
        parse_line("los a b c")


def test_without_a_map_and_off_the_map_it_says_so():
    plain = session_from("""
        name: Plain
        combatants:
          - {name: Kira, side: allies}
          - {name: Gorm, side: adversaries}
        """)
    with pytest.raises(MomentaError, match="this fight has no map"):
        sighting(plain.state, LookAt("kira", "gorm"))


# --- at the prompt, in do, in replay -------------------------------------------------


def write(tmp_path: Path, text: str, name: str = "range.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


LOW_WALL = board("""
    .....
    A.=.T
    .....
    """)


def test_los_in_do_prints_the_answer_and_starts_no_fight(tmp_path):
    enc = write(tmp_path, LOW_WALL)
    r = invoke("do", enc, "los archer target", "--no-color")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "los: Archer (A2) to Target (E2): distance 4",
        "  line of sight: yes (R33)",
        "  cover: yes (R34): low wall at C2",
    ]
    assert not fight_of(enc).exists()  # read-only: nothing started, no lock taken


def test_los_with_no_answer_in_do_is_a_refused_line(tmp_path):
    enc = write(tmp_path, LOW_WALL)
    err = one_line_error(invoke("do", enc, "los archer zed"))
    assert "'los archer zed': no combatant called 'zed'" in err
    assert err.endswith("(nothing changed)")
    assert not fight_of(enc).exists()


def test_los_names_what_gives_the_cover_as_the_attack_log_does(tmp_path):
    """R34 (ours: lines only grazing a wall's corner do not count) and item 7: ``los``
    gives the attack's reason for the cover, never a low wall or creature that is not
    there: the pillar at B2 between A1 and C3, the knife in line."""
    pillar = write(tmp_path, board("A..\n.#.\n..T"), "pillar.yaml")
    r = invoke("do", pillar, "los archer target", "--no-color")
    assert r.output.splitlines()[-1] == \
        "  cover: yes (R34): only lines grazing a wall reach it"
    knife = write(tmp_path, board("A.K.T", "{name: Knife, side: adversaries, mark: K}"),
                  "knife.yaml")
    r = invoke("los", knife, "archer", "target", "--no-color")
    assert r.output.splitlines()[-1] == "  cover: yes (R34): Knife"


def test_a_path_with_no_route_in_do_is_a_refused_line(tmp_path):
    """Issue 13 item 7: as a refused command is, exit 1, nothing saved."""
    enc = write(tmp_path, board("A#T"))
    fight = started(enc, "turn archer", "quit")
    before = fight.read_bytes()
    err = one_line_error(invoke("do", fight, "path archer c1"))
    assert "'path archer c1': Archer cannot Move to C1:" in err
    err = one_line_error(invoke("do", fight, "end", "path archer c1"))
    assert fight.read_bytes() == before  # the end before it is not saved either


def test_los_at_the_prompt_draws_the_answer_and_a_bad_one_as_a_bang_line(tmp_path):
    enc = write(tmp_path, LOW_WALL)
    r = invoke("run", enc, "--seed", "1", "--no-color",
               input="los archer target\nlos archer zed\nquit\n")
    assert r.exit_code == 0, r.output
    assert "los: Archer (A2) to Target (E2): distance 4" in r.output
    assert "! no combatant called 'zed'" in r.output


def test_los_in_a_replay_is_shown_and_changes_nothing(tmp_path):
    enc = write(tmp_path, LOW_WALL)
    script = write(tmp_path, "los archer target\nlos zed target\n", "range.script")
    r = invoke("replay", enc, script, "--no-color")
    assert r.exit_code == 0, r.output
    assert "> los archer target" in r.output
    assert "  cover: yes (R34): low wall at C2" \
        in r.output
    assert "\n! no combatant called 'zed'" in r.output
    doc = json.loads(invoke("replay", enc, script, "--json").output)
    assert doc["log"] == []


# --- momenta los / momenta path ------------------------------------------------------


def test_momenta_los_json_is_exactly_the_three_keys(tmp_path):
    enc = write(tmp_path, LOW_WALL)
    r = invoke("los", enc, "archer", "target", "--json")
    assert r.exit_code == 0, r.output
    assert r.output == '{"line_of_sight": true, "cover": true, "distance": 4}\n'
    r = invoke("los", write(tmp_path, board("..#..\n.A#T.\n..#.."), "w.yaml"), "a", "t",
               "--json")
    assert json.loads(r.output) == {"line_of_sight": False, "cover": True, "distance": 2}


def test_momenta_los_text_and_a_saved_fight(tmp_path):
    enc = write(tmp_path, LOW_WALL)
    fight = started(enc, "turn archer", "place target e3", "quit")
    r = invoke("los", fight, "archer", "target", "--no-color")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("los: Archer (A2) to Target (E3): distance 4\n")
    assert "cover: no (R34)" in r.output  # the line along the diagonal misses C2


def test_momenta_los_refuses_in_one_line(tmp_path):
    enc = write(tmp_path, LOW_WALL)
    err = one_line_error(invoke("los", enc, "archer", "zed"))
    assert err == f"{enc}: no combatant called 'zed' (there are: Archer, Target)"
    err = one_line_error(invoke("los", ROOT / "encounters" / "demo.yaml", "brannoc",
                                "gorm"))
    assert "this fight has no map" in err
    err = one_line_error(invoke("los", tmp_path / "missing.yaml", "a", "b"))
    assert "missing.yaml" in err


def test_momenta_los_json_refusals_are_an_error_object_on_stdout_and_exit_1(tmp_path):
    """Issue 13 item 7: for scripts, ``los --json`` answers as ``path --json`` does:
    ``{"error": "..."}`` on stdout, exit 1, for a name that fits nobody, no map, an
    unreadable file."""
    enc = write(tmp_path, LOW_WALL)
    r = invoke("los", enc, "archer", "zed", "--json")
    assert r.exit_code == 1
    assert json.loads(r.stdout) == {
        "error": "no combatant called 'zed' (there are: Archer, Target)"}
    r = invoke("los", ROOT / "encounters" / "demo.yaml", "brannoc", "gorm", "--json")
    assert r.exit_code == 1 and "this fight has no map" in json.loads(r.stdout)["error"]
    r = invoke("los", tmp_path / "missing.yaml", "a", "b", "--json")
    assert r.exit_code == 1 and "missing.yaml" in json.loads(r.stdout)["error"]
    r = invoke("path", tmp_path / "missing.yaml", "a", "b2", "--json")
    assert r.exit_code == 1 and "missing.yaml" in json.loads(r.stdout)["error"]


@pytest.mark.parametrize("line, why", [
    ("defeat knife", "Knife is Defeated: out of the fight, it holds no square"),
    ("remove knife", "Knife is removed: out of the fight, it holds no square"),
])
def test_los_refuses_a_combatant_out_of_the_fight(line, why):
    """R32: a Defeated or removed combatant holds no square on the map, so there is no
    line to trace to or from it: ``los`` refuses with the reason, either way round."""
    s = session_from(board("A.K.T", "{name: Knife, side: adversaries, mark: K}"))
    run(s, line)
    for ask in (LookAt("archer", "knife"), LookAt("knife", "target")):
        with pytest.raises(MomentaError, match=why):
            sighting(s.state, ask)


def test_momenta_path_json_is_the_cost_and_the_squares_entered():
    r = invoke("path", SAMPLE, "mira", "e11", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"cost": 3, "path": ["D9", "D10", "E11"],
                                    "triggers": []}
    assert r.output == '{"cost": 3, "path": ["D9", "D10", "E11"], "triggers": []}\n'
    r = invoke("path", SAMPLE, "mira", "e10", "--shift", "--json")
    assert json.loads(r.output) == {"cost": 2, "path": ["D9", "E10"], "triggers": []}


def test_momenta_path_json_lists_the_triggers(tmp_path):
    """R35: the reactive attacks the path triggers, in the order the movement meets them
    (a Forestall where it starts), each with the weapons that trigger it and why its
    reactor cannot react now (null: it can; paying is the attack's to say)."""

    from tests.trigger_yard import yard_text

    text = yard_text(kira="F3", wren="D1", gorm="B2", nix="G4")
    enc = tmp_path / "yard.yaml"
    enc.write_text(text)
    r = invoke("path", enc, "gorm", "g2", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["cost"] == 5 and doc["path"] == ["C2", "D2", "E2", "F2", "G2"]
    assert doc["triggers"] == [
        {"reactor": "Wren", "reaction": "Forestall", "square": "B2", "weapons": ["Spear"],
         "not_now": None, "line_of_sight": True, "mover": "Gorm"},
        {"reactor": "Wren", "reaction": "Intercept", "square": "C2",
         "weapons": ["Rapier", "Unarmed Attack"], "not_now": None, "line_of_sight": True,
         "mover": "Gorm"},
        {"reactor": "Kira", "reaction": "Intercept", "square": "E2",
         "weapons": ["Longsword", "Unarmed Attack"], "not_now": None,
         "line_of_sight": True, "mover": "Gorm"}]
    fight = tmp_path / "yard.fight.jsonl"
    assert invoke("do", enc, "cond wren broken").exit_code == 0
    doc = json.loads(invoke("path", fight, "gorm", "g2", "--json").output)
    assert doc["triggers"][0]["not_now"] == "Wren is Broken and cannot react"


def test_momenta_path_with_no_route_prints_the_error_and_exits_1():
    r = invoke("path", SAMPLE, "mira", "j11", "--json")
    assert r.exit_code == 1
    assert json.loads(r.output) == {
        "error": "Mira cannot Move to J11: no way to J11 within 5 squares (SPD)"}
    r = invoke("path", SAMPLE, "nobody", "j11", "--json")
    assert r.exit_code == 1 and list(json.loads(r.output)) == ["error"]
    err = one_line_error(invoke("path", SAMPLE, "mira", "j11"))
    assert err == f"{SAMPLE}: Mira cannot Move to J11: no way to J11 within 5 squares (SPD)"


def test_momenta_path_text_is_the_path_line():
    r = invoke("path", SAMPLE, "mira", "e11", "--no-color")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == ["path: Mira moves D8 -> D9 -> D10 -> E11",
                                     "  cost 3 of 5 squares (SPD)"]


@pytest.mark.parametrize("command", ["los", "path"])
def test_the_shell_forms_load_nothing_heavy_for_help(command):
    from tests.test_startup_imports import HEAVY, loaded, under

    assert under(loaded(command, "--help"), *HEAVY) == []
