"""Tab completion of the map's words (issue 13, item 8 of what was left): ``area`` and
its shapes, the GM's ``sight`` and ``no-cover`` on an attack (ch20, R33, R34), ``via``
after a movement's square, and `` ?`` (a preview) after any whole fight command."""

from __future__ import annotations

import pytest

import tests.trigger_yard as ty
from momenta_cli.cli.completion import complete
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Session
from tests.conftest import ROOT
from tests.engine_helpers import run, session_from


def _session(name: str) -> Session:
    s = Session(load_encounter(ROOT / "encounters" / name))
    run(s, "turn tamsin")
    return s


@pytest.fixture
def yard() -> Session:
    return _session("yard-with-a-map.yaml")


def offered(s: Session, text: str) -> list[str]:
    return complete(s.state, text)[1]


def test_an_attack_on_a_map_offers_sight_no_cover_and_area(yard):
    """The GM's overrides of the map's line of sight and cover (R33, R34)."""
    after = offered(yard, "attack knife-1 with shortbow ")
    assert {"sight ", "no-cover ", "cover "} <= set(after)
    assert "area " not in after  # a target is named: the area would pick its own
    assert "area " in offered(yard, "attack ")
    assert "area " in offered(yard, "attack tamsin ")
    assert "sight " not in offered(yard, "attack knife-1 sight ")  # given once


def test_area_offers_its_shapes_then_waits_for_the_square(yard):
    """ch20 Area Attacks: area burst N SQUARE, area line|cone [N] SQUARE."""
    assert offered(yard, "attack area ") == ["burst ", "line ", "cone "]
    assert offered(yard, "attack area burst ") == []  # a radius: typed
    assert offered(yard, "attack area burst 2 ") == []  # a square: typed
    assert offered(yard, "attack area line ") == []
    after = offered(yard, "attack area burst 2 e3 ")
    assert "with " in after and "for " in after and "area " not in after


def test_without_a_map_the_map_words_are_not_offered():
    demo = _session("demo.yaml")
    after = offered(demo, "attack gorm ")
    assert "sight " not in after and "no-cover " not in after and "area " not in after
    assert "area " not in offered(demo, "attack ")


def test_a_movement_offers_via_once_after_its_square(yard):
    assert offered(yard, "move to d7 ")[0] == "via "
    assert offered(yard, "shift to c4 ") == ["via ", "? "]
    assert offered(yard, "move to d7 via ") == []  # a square: typed
    assert "via " not in offered(yard, "move to d7 via d6 ")
    assert "via " in offered(yard, "path tamsin d7 ")


def test_a_preview_mark_follows_a_whole_fight_command(yard):
    """A line ending in ' ?' shows what it would do (play/preview/): offered once the words
    make a command, not for a half-typed one nor a session command."""
    assert offered(yard, "move 2 ")[-1] == "? "
    assert offered(yard, "attack knife-1 ")[-1] == "? "
    assert "? " not in offered(yard, "move ")  # no squares yet
    assert "? " not in offered(yard, "move to d7 intercept ")  # a name comes next
    assert "? " not in offered(yard, "path tamsin d7 ")  # a session command
    assert "? " not in offered(yard, "attack knife-1 ? ")


def test_a_shove_on_a_map_offers_its_push_answers_then_the_reactors():
    """R35, ch19 Shove: after a shove's own words, ``intercept`` and ``no-reactions``
    (on a map only); after ``intercept``, who may answer the pushed one (the other side,
    not an enemy stat block); then the Intercept's options or another ``intercept``;
    nothing after ``no-reactions``."""
    from tests.test_push_triggers_ask import shoving

    s = shoving()
    after = offered(s, "shove gorm roll 2s ")
    assert {"intercept ", "no-reactions "} <= set(after)
    assert offered(s, "shove gorm intercept ") == ["Kira ", "Wren "]
    its = offered(s, "shove gorm intercept wren ")
    assert {"with ", "roll ", "intercept "} <= set(its)
    assert offered(s, "shove gorm intercept wren with ") == [
        "Spear ", "Rapier ", '"Unarmed Attack" ']
    assert offered(s, "shove gorm intercept wren roll 6,2 intercept ") == ["Kira "]
    assert offered(s, "shove gorm no-reactions ") == ["? "]
    text = ty.YARD.replace("map:\n  rows: |\n@rows\n", "")
    for key in ("kira", "wren", "gorm", "nix"):
        text = text.replace(f"    at: @{key}\n", "")
    plain = session_from(text)
    run(plain, "turn kira")
    assert "intercept " not in offered(plain, "shove gorm ")


def test_an_attacker_in_its_own_area_is_offered_no_reaction_words(yard):
    """R22: an attacker caught in its own area is one of its targets and may not react
    to its own attack, so after ``for`` its own name completion offers no reaction."""
    reactions = {"dodge", "deflect", "brace", "counter"}
    own = {w.strip() for w in offered(yard, "attack tamsin area burst 1 c4 for tamsin ")}
    other = {w.strip() for w in offered(yard, "attack tamsin area burst 1 c4 for brannoc ")}
    assert not reactions & own and {"dodge", "brace"} <= other
