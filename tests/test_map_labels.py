"""The battlemap's labels (issue 13 item 7, render/map_view.py): every combatant gets a
label of exactly two cells whatever its name (case mappings that grow a letter, wide
characters), unique while labels last, and a crowd beyond every label is still drawn
(``??``, the list saying so), never a crash."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from rich.cells import cell_len

from momenta_cli.render import battlemap
from momenta_cli.render.map_view import labels
from tests.conftest import invoke
from tests.engine_helpers import session_from
from tests.test_map_render import render


@dataclass
class Named:
    name: str


def crowd(n: int, stem: str = "Horde") -> list[Named]:
    return [Named(f"{stem}-{i}") for i in range(1, n + 1)]


def horde_yaml(n: int = 800, width: int = 40) -> str:
    from momenta_cli.engine.geometry import square_name

    rows = "\n".join("        " + "." * width for _ in range(-(-n // width)))
    fighters = "\n".join(f"      - {{name: Orc-{i + 1}, side: adversaries, at: "
                         f"{square_name((i % width, i // width))}}}" for i in range(n))
    return f"""
    name: Horde
    map:
      rows: |
{rows}
    combatants:
{fighters}
    """


def test_labels_outlast_the_aa_to_zz_spares():
    got = labels(crowd(800))
    assert len(got) == 800 and len(set(got.values())) == 800
    assert all(len(x) == 2 and cell_len(x) == 2 for x in got.values())


def test_a_crowd_beyond_every_label_shares_one_and_never_crashes():
    got = labels(crowd(5000))
    named = [x for x in got.values() if x != "??"]
    assert len(named) == len(set(named)) > 3000  # unique while they last
    assert "??" in got.values()
    assert all(cell_len(x) == 2 for x in got.values())


def test_a_map_of_800_combatants_is_drawn():
    s = session_from(horde_yaml())
    out = render(battlemap(s.state))
    assert "Orc-800" in out


@pytest.mark.slow  # 4000 combatants
def test_a_map_with_unlabelled_combatants_says_so(monkeypatch):
    # More than a file may hold (1,000; issue 29): a fight grows past it by `add` only
    monkeypatch.setattr("momenta_cli.encounter.loader.MAX_COMBATANTS", 5000)
    s = session_from(horde_yaml(4000, 80))
    out = render(battlemap(s.state, width=200), width=200)
    assert "?? Orc-4000 (no label left)" in out


@pytest.mark.slow  # 800 combatants, twice
def test_momenta_map_and_do_map_draw_a_horde(tmp_path):
    enc = tmp_path / "horde.yaml"
    enc.write_text(horde_yaml(), encoding="utf-8")
    r = invoke("map", enc, "--no-color")
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output[-500:]
    r = invoke("do", enc, "map")
    assert r.exit_code == 0 and "Orc-800" in r.output, r.output[-500:]


def test_a_label_is_two_cells_when_upper_case_grows_a_letter():
    # ß -> SS, ﬁ -> FI, ŉ -> ʼN: .upper() makes two characters of one
    got = labels([Named("ßob"), Named("ﬁnn"), Named("ŉx"), Named("İİ"), Named("ßß-3")])
    assert all(len(x) == 2 and cell_len(x) == 2 for x in got.values()), got
    assert len(set(got.values())) == len(got)


def test_a_label_is_two_cells_for_wide_letters():
    got = labels([Named("龍"), Named("ｗｉｄｅ"), Named("龍-2"), Named("Ａ-1")])
    assert all(len(x) == 2 and cell_len(x) == 2 for x in got.values()), got
    assert len(set(got.values())) == len(got)


def test_the_names_file_draws_every_row_at_the_same_width():
    s = session_from("""
        name: Names
        map: {rows: ["##########", "#........#", "##########"]}
        combatants:
          - {name: "ßob", side: allies, at: B2}
          - {name: "ﬁnn", side: adversaries, at: D2}
          - {name: "ŉx", side: independents, at: F2}
          - {name: "龍", side: independents, at: H2}
        """)
    rows = render(battlemap(s.state)).splitlines()[1:4]
    assert len({cell_len(r.rstrip()) for r in rows}) == 1, rows


def test_a_label_comes_from_the_names_own_letters_not_a_markup_looking_tag():
    """A name is shown literally (house rules), so text that looks like Rich markup is
    part of it, but a label built from a tag (``[bold red]Kira[/]`` as ``Bo``) names
    nobody the GM would recognise: the tags are skipped, the label is ``Ki``, and the
    name under the map is still the literal text. Brackets that are no tag stay
    letters (``[Ghost] Wren`` is ``Gh``); a name that is all tag keeps its letters."""
    got = labels([Named("[bold red]Kira[/]"), Named("[Ghost] Wren"), Named("[b]")])
    assert got == {"[bold red]Kira[/]": "Ki", "[Ghost] Wren": "Gh", "[b]": "B1"}
    out = render(battlemap(session_from("""
        name: Marks
        map:
          rows: |
            ...
        combatants:
          - {name: "[bold red]Kira[/]", side: allies, at: A1}
    """).state))
    assert "Ki [bold red]Kira[/]" in out and out.splitlines()[1].startswith("1 Ki")
