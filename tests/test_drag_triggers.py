"""Being dragged by a grab stops for the Intercepts it triggers (issue 13 item 1; ch19
Grab: a bigger grabber drags the smaller one, forced movement; R35: forced movement
triggers Intercept, never Forestall). The grabber's move line answers the dragged one's
triggers too: ``intercept REACTOR`` goes to whichever of the two it may answer.

Kira (SIZE 2 here) grabs Nix (a Grunt, 4 Vitality) at C1 and walks east; Nix, dragged
two squares to her right, comes into Wren's Spear reach (G1, Melee 2) at E1."""

from __future__ import annotations

import tests.trigger_yard as ty
from momenta_cli.engine.core.session import replay
from momenta_cli.engine.movement import forced, plan_walk
from tests.engine_helpers import log_text, refused, run, session_from


def dragging(kira: str = "A1", wren: str = "G1", gorm: str = "F4", nix: str = "C1"):
    text = ty.YARD.replace("@rows", ty.ROWS).replace(
        "SEN: 12, SIZE: 1M}\n    max_vitality: 21", "SEN: 12, SIZE: 2}\n    max_vitality: 21")
    for key, square in (("kira", kira), ("wren", wren), ("gorm", gorm), ("nix", nix)):
        text = text.replace(f"@{key}", square)
    s = session_from(text)
    run(s, "turn kira", "grab nix roll 1s")
    return s


def where(s, who: str) -> str:
    from momenta_cli.engine.geometry import square_name

    pos = s.state.get(who).position
    assert pos is not None
    return square_name(pos)


def test_the_dragged_ones_intercept_is_answered_on_the_grabbers_move_line():
    """R35 / ch19 Grab: the drag stops where Nix enters Wren's reach, her Intercept is
    made at Nix (measured at E1, where it triggered), and the move goes on; one entry."""
    s = dragging()
    run(s, "move kira to d2 intercept wren roll 0s")
    text = log_text(s)
    assert "Kira stops at C1 for Wren's Intercept (R35)" in text
    assert "Wren to Nix: distance 2 (map, Nix at E1)" in text
    assert "Kira goes on C1 -> D2: 1 more square of 5" in text
    assert where(s, "Kira") == "D2" and where(s, "Nix") == "F2"
    assert s.state.get("Nix").vitality == 4 - 2
    assert not any("may Intercept" in t for t in text[-8:])  # answered: no note
    refused(s, "intercept wren nix", "already")
    assert s.state == replay(s.initial, s.entries)


def test_a_dragged_one_struck_down_stays_where_it_was_struck_and_the_grabber_goes_on():
    """R35: a combatant Defeated by the reaction stops where it is: Nix at E1; Kira
    walks on to D2, her grab ended by Nix's Defeat."""
    s = dragging()
    run(s, "move kira to d2 intercept wren roll 1s")
    assert s.state.get("Nix").defeated and where(s, "Nix") == "E1"
    assert s.state.get("Kira").grabbing == []
    assert where(s, "Kira") == "D2"
    assert s.state == replay(s.initial, s.entries)


def test_an_answer_that_could_go_to_either_is_refused():
    """R35: with Kira on the adversaries' side dragging Nix, Wren's Intercept could
    answer either (both come into her Spear's reach): the line cannot say which, so it
    is refused with the way out (state it after the move, naming whom)."""
    text = ty.YARD.replace("@rows", ty.ROWS).replace(
        "SEN: 12, SIZE: 1M}\n    max_vitality: 21", "SEN: 12, SIZE: 2}\n    max_vitality: 21")
    text = text.replace("- name: Kira\n    side: allies", "- name: Kira\n    side: adversaries")
    for key, square in (("kira", "A3"), ("wren", "F1"), ("gorm", "G4"), ("nix", "C3")):
        text = text.replace(f"@{key}", square)
    s = session_from(text)
    run(s, "turn wren", "end", "turn kira", "grab nix roll 1s")
    refused(s, "move kira to c3 intercept wren", "could answer Kira or Nix",
            "state it after")


def test_drag_triggers_lists_the_dragged_ones_triggers_for_the_prompt():
    """engine/movement/forced.py ``drag_triggers``: (dragged one, Trigger) pairs, Intercept only,
    never the grabber's own reach (R35)."""
    s = dragging()
    route = plan_walk(s.state, s.state.get("Kira"), "d2")
    found = forced.drag_triggers(s.state, route)
    assert [(who, t.reactor, t.reaction, t.square) for who, t in found] == [
        ("Nix", "Wren", "Intercept", "E1")]


def test_a_shifting_grabber_still_drags_its_catch_into_an_intercept():
    """R35 / ch19 Grab, Shift (docs/rulings.md Triggers): the Shift itself triggers
    nothing, but being dragged is forced movement: Nix comes into Wren's reach and the
    Intercept is made at Nix."""
    s = dragging()
    run(s, "shift kira to c1 intercept wren roll 0s")
    text = log_text(s)
    assert any("Wren to Nix: distance 2" in t for t in text)
    assert s.state.get("Nix").vitality == 4 - 2
