"""A forced movement's Intercept keeps its order (R35: "the movement stops at the trigger
square until the reaction is resolved or declined"; ch19 Shove, Grab: being pushed or
dragged is forced movement; R23, R36: a fall into a pit). Stated by hand after a push
or drag that went on past the trigger square, or fell there, the Intercept would come
after the rest of it: a different fight from the line form's, so it is refused with the
line that keeps the order, and the log's note points at that line. Where the push ended
on the trigger square, nothing after it, the by-hand form is the same fight: accepted.

The arena: Pusher (allies) at D4 next to Kn (a Grunt, 10 Vitality) at E4, a pit 4 deep
at G4; Spear (allies) with a Boar Spear (Melee 2)."""

from __future__ import annotations

from momenta_cli.engine.core.session import replay
from tests.engine_helpers import log_text, refused, run
from tests.forced_arena import arena


def notes(s) -> list[str]:
    return [t for t in log_text(s) if "forced into Spear's reach" in t]


def test_a_by_hand_intercept_after_a_push_that_went_on_into_a_pit_is_refused():
    """ch19 Shove, R35, R23/R36: Kn is pushed E4 -> F4 -> G4 (the pit) and comes into the
    Spear's reach at F4. The note says to undo and write it on the shove line; the
    by-hand line, which would strike Kn after its fall, is refused with that line; the
    line form strikes it at F4 before it gets to the pit (Defeated there, no fall)."""
    s = arena(spear="H2")
    run(s, "shove pusher kn roll 3s")
    [note] = notes(s)
    assert "undo and write it on the line: 'shove Pusher Kn ... intercept Spear'" in note
    assert s.state.get("Kn").vitality == 10 - 6  # fell 4 squares, AGI 1: 6 damage
    refused(s, "intercept spear kn roll 3s", "forced on from F4 to G4 and fell",
            "undo", "'shove Pusher Kn ... intercept Spear'", "R35")
    run(s, "undo", "shove pusher kn roll 3s intercept spear roll 3s")
    kn = s.state.get("Kn")
    assert kn.defeated and not any("falls" in t for t in log_text(s))
    assert s.state == replay(s.initial, s.entries)


def test_a_by_hand_intercept_after_a_drag_into_a_pit_is_refused():
    """ch19 Grab (a bigger grabber drags the smaller: forced movement), R35, R36: Pusher
    (SIZE 2) drags Kn to G4, the pit, where it enters the Spear's reach and falls. The
    fall came after the trigger: the by-hand Intercept is refused, naming the move line."""
    s = arena(spear="I2", pusher="C4", size="2")
    run(s, "grab pusher kn roll 2s", "move pusher to e4")
    [note] = notes(s)
    assert "'move Pusher to E4 ... intercept Spear'" in note
    refused(s, "intercept spear kn roll 3s", "fell at G4", "undo",
            "'move Pusher to E4 ... intercept Spear'")


def test_a_by_hand_intercept_where_the_push_ended_is_still_taken():
    """R35: the push ends on F6, the trigger square, and nothing comes after it: the
    by-hand line is the same fight as the line form, so the note offers it and it is
    made, measured at F6; a push that went on from there to G6 is refused."""
    s = arena(spear="H6", pusher="D6", kn="E6")
    run(s, "shove pusher kn roll 1s")
    [note] = notes(s)
    assert "('intercept Spear Kn', R35)" in note
    run(s, "intercept spear kn roll 1s")
    assert "Spear to Kn: distance 2 (map, Kn at F6)" in log_text(s)
    s2 = arena(spear="H6", pusher="D6", kn="E6")
    run(s2, "shove pusher kn roll 2s")
    refused(s2, "intercept spear kn", "forced on from F6 to G6", "intercept Spear")
