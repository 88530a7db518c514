"""The players' view never gives a Hidden enemy away (R20 Hidden, ch23; the acceptance
review of issue 13, finding 4): in ``--players`` a Hidden adversary's name is refused
exactly as a name nobody has (``map NAME`` at the prompt and in ``do``, ``momenta map
--for/--focus``), it is never among the names a refusal lists, and neither the status
table nor the headline nor the turn line name it. The GM's own view is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from momenta_cli.render import status_block
from momenta_cli.render.turnline import bits
from tests.conftest import invoke, one_line_error, started
from tests.engine_helpers import run, session_from
from tests.test_map_queries_overlay import render

pytestmark = pytest.mark.usefixtures("home")

SAMPLE = Path(__file__).resolve().parent.parent / "encounters" / "yard-with-a-map.yaml"


@pytest.fixture
def hidden_knife(enc) -> Path:
    """The Mill Yard, Mira's turn, Knife-1 Hidden (R20)."""
    return started(enc.with_name(SAMPLE.name), "turn mira", "cond knife-1 hidden", "quit")


def _same(a: str, b: str, name_a: str, name_b: str) -> bool:
    return a.replace(name_a, "NAME") == b.replace(name_b, "NAME")


def test_map_name_at_the_players_prompt_refuses_a_hidden_enemy_like_nobody(hidden_knife):
    """R20: ``map knife-1`` and ``map knife-9`` say the same one line, and the names it
    lists leave Knife-1 out; the GM's prompt draws Knife-1's marks as before."""
    enc = hidden_knife.with_name(SAMPLE.name)
    shown = invoke("run", enc, "--resume", "--players", "--no-color",
                   input="map knife-1\nmap knife-9\nquit\n")
    assert shown.exit_code == 0, shown.output
    errors = [x for x in shown.output.splitlines() if x.startswith("! ")]
    assert len(errors) == 2 and _same(errors[0], errors[1], "knife-1", "knife-9")
    assert "Knife-2" in errors[0] and "Knife-1" not in errors[0]
    gm = invoke("run", enc, "--resume", "--no-color", input="map knife-1\nquit\n")
    assert not [x for x in gm.output.splitlines() if x.startswith("! ")]
    assert "Knife-1" in gm.output


def test_map_name_in_do_for_the_players_exits_1_for_a_hidden_enemy(hidden_knife):
    """R20: in ``do --players`` the Hidden name is a refused line like an unknown one
    (exit 1, one line, nothing saved); the GM's ``do`` draws it (exit 0)."""
    hidden = one_line_error(invoke("do", hidden_knife, "--players", "map knife-1"))
    nobody = one_line_error(invoke("do", hidden_knife, "--players", "map knife-9"))
    assert _same(hidden, nobody, "knife-1", "knife-9")
    assert "Knife-1" not in hidden
    assert invoke("do", hidden_knife, "map knife-1", "--no-color").exit_code == 0


@pytest.mark.parametrize("option", ["--for", "--focus"])
def test_momenta_map_players_refuses_a_hidden_enemy_s_name_like_nobody(hidden_knife,
                                                                       option):
    """R20: ``momenta map FIGHT --players --for knife-1`` is refused as ``--for knife-9``
    (exit 1, the list without Knife-1); without ``--players`` it is drawn."""
    hidden = one_line_error(invoke("map", hidden_knife, "--players", option, "knife-1"))
    nobody = one_line_error(invoke("map", hidden_knife, "--players", option, "knife-9"))
    assert _same(hidden, nobody, "knife-1", "knife-9") and "Knife-1" not in hidden
    gm = invoke("map", hidden_knife, option, "knife-1", "--no-color")
    assert gm.exit_code == 0 and "Knife-1" in gm.output


def test_the_players_status_table_leaves_a_hidden_enemy_out(hidden_knife):
    """R20: ``status --players`` lists Knife-2 with its health label, never Knife-1 (nor
    its Hidden condition); the GM's table still shows it."""
    players = invoke("status", hidden_knife, "--players", "--no-color", "--width", "80")
    assert players.exit_code == 0, players.output
    assert "Knife-2    Unhurt" in players.output
    assert "Knife-1" not in players.output and "Hidden" not in players.output
    gm = invoke("status", hidden_knife, "--no-color", "--width", "80")
    assert "Knife-1" in gm.output and "Hidden" in gm.output


HIDE = """
    name: Hide
    map:
      rows: |
        A.W..Z
    combatants:
      - {name: Aa, side: allies, mark: A}
      - {name: Ww, side: adversaries, mark: W}
      - {name: Zz, side: adversaries, mark: Z}
"""


def test_the_players_headline_and_turn_line_never_name_a_hidden_enemy():
    """R20: while Hidden Ww may act it is left out of who may act; while it acts the
    players read that it is the GM's turn, not its name nor its side (R39). The GM reads
    both."""
    s = session_from(HIDE)
    run(s, "cond ww hidden", "turn aa", "end")
    due = render(status_block(s.state, players=True))
    assert "adversaries due, may act: Zz" in due and "Ww" not in due
    assert "Ww" not in " ".join(bits(s.state, players=True))
    assert "Ww" in render(status_block(s.state)) and "Ww" in " ".join(bits(s.state))
    run(s, "turn ww")
    acting = render(status_block(s.state, players=True))
    assert "the GM's turn" in acting and "Ww" not in acting
    assert "adversaries" not in acting
    assert bits(s.state, players=True)[-1] == "GM's turn"
    assert "Ww is acting" in render(status_block(s.state))
    assert "Ww acting" in " ".join(bits(s.state))
