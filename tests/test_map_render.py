"""The battlemap (issue 13, render/map_view.py): terrain, two-cell labels coloured by
side, the active combatant highlighted, coordinates on the edges, at 80 columns; a map
too big is drawn as a window around the active combatant and says so; names shown
literally. And ``momenta map ENCOUNTER_OR_FIGHT`` through Typer's runner."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

from momenta_cli.render import battlemap
from momenta_cli.render.map_view import labels
from tests.conftest import fight_of, invoke, one_line_error, started
from tests.engine_helpers import run, session_from

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "encounters" / "yard-with-a-map.yaml"


def render(obj, *, width: int = 80, color: bool = False) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, force_terminal=color, color_system="standard" if color
            else None, markup=False, emoji=False, highlight=False).print(obj)
    return buf.getvalue()


YARD = """
    name: Yard
    map:
      rows: |
        #######
        #G.=.K#
        #..~~.#
        ###+###
    combatants:
      - {name: Gorm, side: adversaries, mark: G}
      - {name: Kira, side: allies, mark: K}
"""


def test_the_map_draws_terrain_labels_and_edges():
    out = render(battlemap(session_from(YARD).state)).splitlines()
    assert out[0].rstrip() == "  A B C D E F G"  # column letters, two cells a square
    assert out[1] == "1 ##############"
    assert out[2].rstrip() == "2 ##Go. ==. Ki##"  # labels where the creatures stand
    assert out[3].rstrip() == "3 ##. . ~~~~. ##"
    assert out[4].rstrip() == "4 ######++######"
    assert out[5].rstrip() == "  A B C D E F G"
    assert out[6].rstrip() == "Go Gorm  Ki Kira"
    assert out[7].rstrip() == "## wall  == low wall (cover)  ~~ water  ++ closed door"


def test_sides_are_coloured_and_the_active_combatant_highlighted():
    s = session_from(YARD)
    run(s, "turn kira")
    out = render(battlemap(s.state), color=True)
    assert "\x1b[1;7;36mKi" in out  # Kira: bold, reverse (acting), cyan (allies)
    assert "\x1b[1;31mGo" in out  # Gorm: bold red (adversaries)
    assert "Ki Kira (acting)" in render(battlemap(s.state))


def test_the_sample_map_fits_in_80_columns():
    from momenta_cli.encounter import load_encounter
    from momenta_cli.engine.core import Session

    out = render(battlemap(Session(load_encounter(SAMPLE)).state))
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "Og Ogre" in out and "K1 Knife-1" in out
    drawn = [line for line in out.splitlines() if line[:3].strip().isdigit()]
    assert "".join(drawn).count("Og") == 4  # the Ogre's 2x2 squares (R31)


def test_names_are_shown_literally_never_as_markup():
    s = session_from("""
        name: Markup
        map: {rows: ["...."]}
        combatants:
          - {name: "[red]x[/red]", side: adversaries, at: A1}
          - {name: "[bold]Boss", side: allies, at: C1}
        """)
    out = render(battlemap(s.state), color=True)
    assert "[red]x[/red]" in out and "[bold]Boss" in out
    # labels from the names' own letters, tags skipped: x (X1) and Boss (Bo)
    assert render(battlemap(s.state)).splitlines()[1].rstrip() == "1 X1. Bo."


def test_labels_are_unique_two_cells_from_the_name():
    s = session_from("""
        name: Many
        map: {rows: ["......"]}
        combatants:
          - {name: Gorm, side: adversaries, at: A1}
          - {name: Goran, side: adversaries, at: B1}
          - {name: Knife, side: adversaries, count: 2, mark: k}
          - {name: 龍, side: allies, at: F1}
        """.replace("......", "..kk.."))
    got = labels(s.state.fighters.values())
    assert got == {"Gorm": "Go", "Goran": "Gr", "Knife-1": "K1", "Knife-2": "K2",
                   "龍": "AA"}  # a two-cell letter gets a made-up label


def big_fight():
    rows = "".join(f'\n            - "{"#" * 60 if r in (0, 59) else "#" + "." * 58 + "#"}"'
                   for r in range(60))
    return session_from(f"""
        name: Plain
        map:
          rows:{rows}
        combatants:
          - {{name: Kira, side: allies, at: AX50}}
          - {{name: Gorm, side: adversaries, at: C3}}
        """)


def test_a_big_map_is_a_window_around_the_active_combatant():
    s = big_fight()
    run(s, "turn kira")
    out = render(battlemap(s.state)).splitlines()
    assert max(len(x) for x in out) <= 80
    assert out[0].startswith("columns ") and "of 60x60 around Kira" in out[0]
    assert "Ki" in "".join(out[2:-3])  # Kira is inside the window
    assert not any(x.startswith(" 3 ") for x in out)  # row 3 (Gorm's) is not


def test_a_big_map_centres_on_the_name_asked_for():
    s = big_fight()
    out = render(battlemap(s.state, focus="Gorm"))
    assert "around Gorm" in out and "columns A-" in out and "rows 1-40 " in out


def test_the_players_do_not_see_a_hidden_enemy():
    s = session_from(YARD)
    run(s, "cond gorm hidden")
    players = render(battlemap(s.state, players=True))
    assert "Go" not in players and "Gorm" not in players
    gm = render(battlemap(s.state))
    assert "Go Gorm (Hidden)" in gm


def test_without_a_map_it_says_so():
    s = session_from("""
        name: Plain
        combatants:
          - {name: Kira, side: allies}
        """)
    assert "this fight has no map" in render(battlemap(s.state))


# --- momenta map ---------------------------------------------------------------------


def test_momenta_map_draws_an_encounter_at_the_width_given():
    r = invoke("map", SAMPLE, "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    assert "Br Brannoc" in r.output and r.output.splitlines()[0].startswith("   A B C")
    assert max(len(x) for x in r.output.splitlines()) <= 80
    narrow = invoke("map", SAMPLE, "--width", "40", "--no-color")
    assert narrow.exit_code == 0
    assert narrow.output.splitlines()[0] == "columns A-R, rows 1-12 of 24x12"


def test_momenta_map_draws_a_saved_fight_as_it_stands(enc):
    enc = enc.with_name(SAMPLE.name)
    fight = started(enc, "turn brannoc", "place brannoc h8", "quit")
    r = invoke("map", fight, "--no-color")
    assert r.exit_code == 0, r.output
    row8 = next(x for x in r.output.splitlines() if x.startswith(" 8 "))
    assert row8[3 + 2 * 7:3 + 2 * 8] == "Br"  # column H
    assert "Br Brannoc (acting)" in r.output
    assert fight == fight_of(enc)


def test_momenta_map_refuses_in_one_line():
    err = one_line_error(invoke("map", ROOT / "encounters" / "demo.yaml"))
    assert err.endswith("demo.yaml: the encounter has no map: block (see "
                        "docs/encounter-format.md, Map)")
    err = one_line_error(invoke("map", SAMPLE, "--focus", "nobody"))
    assert "nobody" in err
    r = invoke("map", SAMPLE, "--watch")
    assert r.exit_code == 2 and "--watch follows a saved fight" in r.output


def test_columns_past_z_are_written_downwards_over_their_squares():
    s = big_fight()
    run(s, "turn kira")
    out = render(battlemap(s.state)).splitlines()
    top, bottom = out[1], out[2]
    # column AX: its A over its X, at the same cells
    i = bottom.index("X", bottom.index("W") + 2 * 26)  # the second X: AX
    assert top[i] == "A" and bottom[i] == "X"


def test_map_help_loads_no_engine():
    from tests.test_startup_imports import HEAVY, loaded, under

    assert under(loaded("map", "--help"), *HEAVY) == []


def test_the_map_line_asks_for_the_map_and_reads_a_name():
    from momenta_cli.language import Meta, parse_line
    from momenta_cli.render import map_meta

    assert parse_line("map") == Meta("map")
    assert parse_line("map gor") == Meta("map", "gor")
    s = big_fight()
    assert "around Gorm" in render(map_meta(s.state, "gor"))
    assert render(map_meta(s.state, "zed")).startswith("! ")
    assert render(map_meta(s.state, None)) == render(battlemap(s.state))


def test_map_watch_redraws_the_fight_for_a_second_screen(enc):
    from momenta_cli.cli.map_cmd import MapWatcher

    fight = started(enc.with_name(SAMPLE.name), "turn brannoc", "cond gorm hidden", "quit")
    buf = io.StringIO()
    console = Console(file=buf, width=80, color_system=None, markup=False)
    w = MapWatcher(fight, console, players=True)
    assert w.poll() and not w.poll()  # drawn once; unchanged, not again
    out = buf.getvalue()
    assert "Brannoc is acting" in out and "Br Brannoc (acting)" in out
    assert "Gorm" not in out  # Hidden: the players do not see him
    assert "watching " in out and "Ctrl-C leaves" in out


def test_momenta_map_watch_draws_the_map_until_ctrl_c(enc, monkeypatch):
    """``momenta map FIGHT --watch`` polls through the same loop as ``status --watch``
    and draws the map, not the table; Ctrl-C leaves with exit 0."""
    from momenta_cli.cli import view_cmds

    fight = started(enc.with_name(SAMPLE.name), "turn brannoc", "quit")

    def stop(_seconds):
        raise KeyboardInterrupt

    monkeypatch.setattr(view_cmds, "_nap", stop)
    r = invoke("map", fight, "--watch", "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    assert "Brannoc (acting)" in r.output and "watching" in r.output
    assert "ADVERSARIES" not in r.output  # the map's screen, not the status table


def test_replay_echoes_the_map_lines_before_drawing_them(tmp_path):
    """Issue 13 item 7: in a replay, ``map``, ``map NAME``, ``los`` and ``path`` lines are
    echoed as ``> line`` like every other script line, then answered."""
    enc = tmp_path / "yard.yaml"
    enc.write_text(textwrap.dedent(YARD))
    script = tmp_path / "s.script"
    script.write_text("map\nturn kira\nmap kira\nlos kira gorm\npath kira e3\n")
    r = invoke("replay", enc, script, "--no-color")
    assert r.exit_code == 0, r.output
    out = r.output.splitlines()
    at = out.index("> map")
    assert out[at + 1].rstrip() == "  A B C D E F G"
    at = out.index("> map kira")
    assert "A B C D E F G" in out[at + 1]
    assert out[out.index("> los kira gorm") + 1].startswith("los: Kira (F2) to Gorm")
    assert out[out.index("> path kira e3") + 1].startswith("path: Kira moves")


def test_a_combatant_under_another_is_listed_with_its_square():
    """R35: a mover Defeated by an Intercept on the square of an ally it was passing
    through lies under that ally: the ally is drawn there, and the list under the map
    says where the Defeated one is."""
    from tests.trigger_yard import yard

    s = yard(gorm="A2", nix="B2", kira="F4")
    for line in ("turn kira", "end", "turn gorm", "set gorm vitality 1",
                 "move gorm to g2 intercept wren roll 6,6"):
        run(s, line)
    assert s.state.get("Gorm").out
    out = render(battlemap(s.state))
    assert out.splitlines()[2].rstrip() == "2 . Ni. . . . ."
    assert "Go Gorm (Defeated, at B2, under Ni)" in out
    assert "Ni Nix" in out and "Ni Nix (" not in out  # the one on top: nothing to say
