"""``path`` and a move line's ``?`` preview tell what a drag meets (issue 13 item 3;
ch19 Grab: a bigger grabber drags the smaller one, forced movement; R35: forced
movement triggers Intercept; R23, R36: the dragged one falls into a pit the move drags
it onto): the dragged one's Intercepts, listed like the mover's own with the words
that make them on the move line, in ``--json`` "triggers" with "mover" (whom each
answers), and its fall with the damage.

The arena (tests/forced_arena.py): Pusher (SIZE 2 here) at C4 grabs Kn at E4 and walks
east; the pit at G4; Spear with a Boar Spear (Melee 2)."""

from __future__ import annotations

import json

from momenta_cli.language import parse_line
from momenta_cli.play.preview import preview_line
from momenta_cli.render import path_doc, path_lines, preview_lines as lines
from tests.engine_helpers import run
from tests.forced_arena import arena


def grabbing(spear: str):
    s = arena(spear=spear, pusher="C4", size="2")
    run(s, "grab pusher kn roll 2s")
    return s


def test_path_lists_the_dragged_ones_intercept_and_its_json_names_the_mover():
    """R35, ch19 Grab: Kn is dragged E4 -> F5 -> G6 and enters the Spear's reach (Spear
    at I7) at G6; the mover's own triggers carry "mover" too (the keys kept)."""
    s = grabbing(spear="I7")
    meta = parse_line("path pusher e6")
    out = path_lines(s.state, meta)
    assert "  drags Kn along to G6 (forced movement)" in out
    assert ("  Kn is dragged into Spear's reach at G6: Spear may Intercept (Boar Spear): "
            "'intercept Spear' (R35)") in out
    doc = json.loads(json.dumps(path_doc(s.state, meta.command)))
    assert doc["triggers"] == [{"reactor": "Spear", "reaction": "Intercept",
                                "square": "G6", "weapons": ["Boar Spear"],
                                "not_now": None, "line_of_sight": True, "mover": "Kn"}]
    shown = [t.plain for t in lines(preview_line(s, "move pusher to e6"), s.state)]
    at = shown.index("  on the way:")
    assert shown[at + 1].startswith("    Kn is dragged into Spear's reach at G6")
    written = [t.plain for t in lines(preview_line(s, "move pusher to e6 intercept spear"),
                                      s.state)]
    assert any("(written)" in t for t in written)


def test_path_says_where_the_dragged_one_falls_into_a_pit():
    """R23, R36: the move drags Kn onto the pit at G4 (4 deep), where it falls: AGI 1
    leaves 3 squares, 6 untyped damage, and the grab ends (ch19 Grab)."""
    s = grabbing(spear="M7")
    out = path_lines(s.state, parse_line("path pusher e4"))
    i = out.index("  drags Kn along to G4 (forced movement)")
    assert out[i + 1] == ("    where it falls 4 squares, AGI 1: 6 untyped damage; the grab "
                          "ends (R23)")
    run(s, "move pusher to e4")
    assert s.state.get("Kn").vitality == 10 - 6


def test_completion_after_a_dragging_move_offers_the_dragged_ones_reactor():
    """R35, ch19 Grab: the move line answers the dragged one's Intercept, so Tab after
    the square offers its reactor as it does the mover's own."""
    from momenta_cli.cli.completion.move_words import move_words

    s = grabbing(spear="I7")
    offered = move_words(s.state, ["pusher", "to", "e6", "intercept"]) or []
    assert "Spear" in offered or "spear" in [w.lower() for w in offered]
