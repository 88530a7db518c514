"""The reactive attacks a movement on the map triggers (issue 13 item 4; R35, ch19
Reactions: Intercept, Forestall; ch19 Shift, Movement): found square by square, answered
on the move line (``move gorm to g2 intercept wren``), the movement stopping at the
trigger square for the attack and then going on, all in one journal entry.

The yard (tests/trigger_yard.py): Wren at D1 holds a Spear (Melee 2, Reflexive) and a
Rapier (Melee 1); Kira a Longsword; Gorm and Nix are the adversaries."""

from __future__ import annotations

from momenta_cli.engine.core.session import replay
from momenta_cli.engine.geometry import parse_square
from momenta_cli.engine.movement import triggers
from momenta_cli.engine.movement.movement_events import FORCED
from momenta_cli.render import path_lines
from tests.engine_helpers import kinds, log_text, refused, run
from tests.trigger_yard import yard

OPEN = ("turn kira", "end", "turn gorm")  # Gorm's turn (the allies go first)


def where(s, who: str) -> str:
    from momenta_cli.engine.geometry import square_name

    pos = s.state.get(who).position
    assert pos is not None
    return square_name(pos)


def test_intercept_stops_the_move_where_it_enters_reach_then_it_goes_on():
    """R35: Intercept when the mover enters the reach of the reactor's melee weapon from
    outside it; the movement stops there for the attack (ch19 Intercept: 'this interrupts
    the movement'), then finishes. One entry, its events in that order."""
    s = yard()  # Gorm at A2 is 3 from Wren: B2 is the first square within the Spear's 2
    run(s, *OPEN)
    run(s, "move gorm to g2 intercept wren", faces=[6, 2])
    assert kinds(s)[:6] == ["maneuver_taken", "moved", "halted", "reaction_taken",
                            "move_answered", "attack_rolled"]
    assert kinds(s)[-1] == "moved"
    first, last = [e for e in s.entries[-1].events if e.kind == "moved"]
    assert (first.start, first.path, first.goes_on) == ("A2", ("B2",), False)
    assert (last.start, last.path[-1], last.goes_on) == ("B2", "G2", True)
    assert where(s, "Gorm") == "G2"
    assert s.state.get("Gorm").vitality == 22 - 6  # the Spear's 1 success
    assert s.state.get("Wren").vigor == 7 - 2  # paid as a reaction (ch19: 2 Vigor)
    text = log_text(s)
    assert "Gorm stops at B2 for Wren's Intercept (R35)" in text
    assert any(t.startswith("Gorm goes on B2 -> C2") for t in text)
    assert s.state == replay(s.initial, s.entries)


def test_no_intercept_for_a_mover_already_in_reach():
    """R35: only a mover coming into reach from outside it triggers Intercept. Gorm at C2
    starts within both of Wren's weapons (Spear 2, Rapier 1) and walks away."""
    s = yard(gorm="C2")
    run(s, *OPEN)
    refused(s, "move gorm to g2 intercept wren", "never brings", "Intercept", "R35")
    assert [t.reaction for t in _found(s, "Gorm", "G2")] == ["Forestall"]


def test_intercept_with_a_shorter_weapon_is_made_where_its_reach_is_entered():
    """ch19 Intercept uses the weapon whose reach was entered: the Rapier's (Melee 1) at
    C2, a step after the Spear's; still once per movement (R35)."""
    s = yard()
    run(s, *OPEN)
    run(s, "move gorm to g2 intercept wren with rapier", faces=[1, 1, 1])
    halted = next(e for e in s.entries[-1].events if e.kind == "halted")
    assert halted.square == "C2"
    s2 = yard()
    run(s2, *OPEN)
    refused(s2, "move gorm to g2 intercept wren intercept wren", "twice")


def test_forestall_on_a_reflexive_weapon_at_the_start_of_a_move():
    """ch19 Forestall / R35: a Move that starts within reach of an equipped Reflexive
    melee weapon; the movement waits before its first step, then goes the whole way."""
    s = yard(gorm="C2", kira="B1")  # Kira's Longsword is not Reflexive
    run(s, *OPEN)
    refused(s, "move gorm to g3 forestall kira", "Reflexive", "Forestall")
    run(s, "move gorm to g3 forestall wren", faces=[1, 1])
    ev = s.entries[-1].events
    assert kinds(s)[:3] == ["maneuver_taken", "halted", "reaction_taken"]
    halted = ev[1]
    assert (halted.square, halted.first, halted.reactions) == ("C2", True,
                                                               (("Wren", "Forestall"),))
    walked = [e for e in ev if e.kind == "moved"]
    assert len(walked) == 1 and walked[0].start == "C2" and walked[0].goes_on
    assert where(s, "Gorm") == "G3"
    # the same Forestall cannot be stated again at that movement (R35: once per reactor)
    refused(s, "forestall wren gorm", "already")
    assert s.state == replay(s.initial, s.entries)


def test_forestall_and_intercept_by_one_reactor_are_two_triggers():
    """R35 (docs/rulings.md): Forestall, at the start, and Intercept, on coming into
    reach, are different triggers: one reactor may take one of each. Gorm at B1 starts
    2 from Wren, within the Spear's reach (Forestall), and its step to C2 comes into the
    Rapier's (Intercept)."""
    s = yard(gorm="B1", kira="A4")
    run(s, *OPEN)
    run(s, "move gorm to c2 forestall wren intercept wren with rapier",
        faces=[1, 1, 1, 1, 1])
    halts = [e for e in s.entries[-1].events if e.kind == "halted"]
    assert [(h.square, h.reactions) for h in halts] == [
        ("B1", (("Wren", "Forestall"),)), ("C2", (("Wren", "Intercept"),))]
    assert s.state.get("Wren").vigor == 7 - 4


def test_neither_on_a_shift():
    """ch19 Shift: 'does not trigger reactive attacks' (R35): no triggers are found, and
    one written is refused with the reason."""
    s = yard()
    run(s, *OPEN)
    refused(s, "shift gorm to b2 intercept wren", "Shift", "R35")
    s2 = yard(gorm="C2")
    run(s2, *OPEN)
    refused(s2, "shift gorm to c3 forestall wren", "Shift")
    f = s2.state.get("Gorm")
    assert triggers.find_triggers(s2.state, f, parse_square("C2"), [parse_square("C3")],
                                  "Shift") == []


def test_forced_movement_triggers_intercept_never_forestall():
    """ch19 Movement / R35: forced movement can trigger Intercept, never Forestall. Kira
    shoves Gorm from D3 to F3: it comes into Wren's Spear reach (G1) at E3; the log
    names the Intercept, which Wren may take on the shove line (the push went on past
    E3, so stated by hand it would come too late: refused); a Forestall is refused."""
    s = yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s, "turn kira", "shove gorm roll 2s")
    assert where(s, "Gorm") == "F3"
    assert any("forced into Wren's reach at E3" in t and "Intercept" in t
               for t in log_text(s))
    refused(s, "forestall wren gorm", "forced", "Forestall")
    refused(s, "intercept wren gorm roll 1s", "undo", "intercept Wren")
    run(s, "undo", "shove gorm roll 2s intercept wren roll 1s")
    assert s.state.get("Gorm").vitality == 22 - 6
    # from a square within the Reflexive Spear's reach: a Move would meet a Forestall,
    # the same path forced meets none
    f = s.state.get("Gorm")
    path = [parse_square("F4")]
    on_foot = triggers.find_triggers(s.state, f, parse_square("F3"), path, "Move")
    pushed = triggers.find_triggers(s.state, f, parse_square("F3"), path, FORCED)
    assert [t.reaction for t in on_foot] == ["Forestall"] and pushed == []


def test_a_mover_defeated_by_the_reaction_stops_where_it_was_struck():
    """R35 / issue 13: a combatant Defeated by the reaction stops where it is. Nix (a
    Grunt, 4 Vitality) walks from G4 along row 4 past Wren at D2: F4 is in the Spear's
    reach; 1 success is 6 damage."""
    s = yard(wren="D2", kira="A1")
    run(s, "turn kira", "end", "turn nix")
    run(s, "move nix to b4 intercept wren", faces=[6, 1])
    assert s.state.get("Nix").defeated
    assert where(s, "Nix") == "F4"
    assert [e.kind for e in s.entries[-1].events].count("moved") == 1
    assert s.state == replay(s.initial, s.entries)


def test_scripts_default_to_no_reaction():
    """issue 13: what the move line does not write is not made (the default is none);
    ``no-reactions`` says so outright."""
    s = yard()
    run(s, *OPEN)
    run(s, "move gorm to g2")
    assert kinds(s).count("moved") == 1 and "reaction_taken" not in kinds(s)
    assert s.state.get("Wren").vigor == 7 and where(s, "Gorm") == "G2"
    s2 = yard()
    run(s2, *OPEN, "move gorm to g2 no-reactions")
    assert s2.state == s.state
    refused(s2, "move gorm to a2 no-reactions intercept wren", "no-reactions")


def test_a_reaction_the_reactor_cannot_take_refuses_the_whole_move():
    """ch19 Reactions, R7, R24: the reaction's own refusals (an enemy takes none; not
    enough Vigor) refuse the line and change nothing."""
    s = yard()
    run(s, *OPEN)
    refused(s, "move gorm to g2 intercept nix", "enem")
    run(s, "set wren vigor 1")
    refused(s, "move gorm to g2 intercept wren", "Vigor")


def test_path_says_which_triggers_the_path_would_meet():
    """``path NAME C5`` names each reaction the path triggers, where and with what."""
    s = yard(gorm="C2", kira="A4")
    out = run(s, *OPEN, "path gorm b3")
    lines = path_lines(s.state, out.meta)
    assert "  Wren may Forestall as it starts (Spear): 'forestall Wren' (R35)" in lines
    assert any(x.startswith("  Kira may Intercept at B3 (Longsword") for x in lines)
    assert all(len(x) <= 80 for x in lines)


def _found(s, who: str, to: str):
    from momenta_cli.engine.movement import plan_walk

    f = s.state.get(who)
    return triggers.route_triggers(s.state, f, plan_walk(s.state, f, to))


def test_being_dragged_into_reach_is_named_as_an_intercept():
    """ch19 Grab: being dragged is forced movement, so it may trigger Intercept (R35).
    Kira (SIZE 2) holds Nix and walks; Nix is dragged to E2, into Wren's Spear reach."""
    import tests.trigger_yard as ty
    from tests.engine_helpers import session_from

    text = ty.YARD.replace("@rows", ty.ROWS).replace(
        "SEN: 12, SIZE: 1M}\n    max_vitality: 21", "SEN: 12, SIZE: 2}\n    max_vitality: 21")
    for key, square in (("kira", "A1"), ("wren", "G1"), ("gorm", "F4"), ("nix", "C1")):
        text = text.replace(f"@{key}", square)
    s = session_from(text)
    run(s, "turn kira", "grab nix roll 1s", "move kira to c2")
    assert where(s, "Nix") == "E2"
    notes = [t for t in log_text(s) if "forced into" in t]
    assert notes == ["Note: Nix is forced into Wren's reach at E2: Wren may Intercept "
                     "('intercept Wren Nix', R35)"]


def test_tab_completion_offers_the_answers_the_path_calls_for():
    """After the square, the reaction words the path's triggers call for (R35); after
    one, its reactors; a reaction written is not offered again."""
    from momenta_cli.cli.completion import complete

    s = yard(gorm="B1")
    run(s, *OPEN)
    assert complete(s.state, "move gorm to c2 ")[1] == [
        "via ", "intercept ", "forestall ", "no-reactions ", "? "]
    assert complete(s.state, "move gorm to c2 forestall ")[1] == ["Wren "]
    assert complete(s.state, "move gorm to c2 forestall wren ")[1] == ["intercept ", "? "]
    assert complete(s.state, "move gorm to c2 no-reactions ")[1] == ["? "]


def test_the_move_line_written_back_parses_to_the_same_command():
    """The prompt's answers are kept as one move line (questions/move_questions.py
    ``move_line``): it reads back as the command it was written from."""
    from momenta_cli.language import move_line, parse_line

    for line in ("move gorm to G2 intercept Wren with Spear roll 6,2 defend=Parry def 1s",
                 'move "Big Gorm" to C2 forestall Wren roll 1s intercept Wren with Rapier',
                 "move to G2 no-reactions", "move gorm to G2"):
        cmd = parse_line(line)
        assert move_line(cmd) == line
        assert parse_line(move_line(cmd)) == cmd


def test_a_grabber_stopped_by_an_intercept_drags_its_catch_up_to_there_then_on():
    """ch19 Grab, R35: a bigger grabber's Move stops at the trigger square with the one
    it drags beside it, then both go on. Gorm (SIZE 2) holds Kira and walks A3 -> D3;
    at C3 its squares come within Wren's Spear (F1)."""
    import tests.trigger_yard as ty
    from tests.engine_helpers import session_from

    text = ty.YARD.replace("@rows", ty.ROWS).replace(
        "SEN: 10, SIZE: 1M}\n    max_vitality: 22", "SEN: 10, SIZE: 2}\n    max_vitality: 22")
    for key, square in (("kira", "C3"), ("wren", "F1"), ("gorm", "A3"), ("nix", "A1")):
        text = text.replace(f"@{key}", square)
    s = session_from(text)
    run(s, *OPEN, "grab kira roll 1s")
    run(s, "move gorm to d3 intercept wren roll 1s")
    steps = [(e.kind, e.path[-1]) for e in s.entries[-1].events
             if e.kind in ("moved", "dragged")]
    assert steps == [("moved", "C3"), ("dragged", "E3"), ("moved", "D3"), ("dragged", "F3")]
    assert where(s, "Gorm") == "D3" and where(s, "Kira") == "F3"
    assert s.state == replay(s.initial, s.entries)


def test_the_entry_is_written_and_read_back_unchanged():
    """The journal keeps the stop and the rest of the way as events of their own; each
    reads back as written (resume replays them without deciding)."""
    import json

    from momenta_cli.engine.core import event_from_dict

    s = yard(gorm="B1")
    run(s, *OPEN, "move gorm to c2 forestall wren intercept wren with rapier",
        faces=[1, 1, 1, 1, 1])
    for e in s.entries[-1].events:
        assert event_from_dict(json.loads(json.dumps(e.to_dict()))) == e


def test_a_reach_entered_over_a_jumped_pit_stops_the_move_on_the_landing_square():
    """Ours (docs/rulings.md, R35 with ch19 Horizontal Jump): the movement does not stop
    in the air; an Intercept met over the pit at D3 is made on the landing square E3."""
    rows = "    .......\n    .......\n    ...3...\n    ......."
    s = yard(rows, gorm="B3", wren="G1", kira="E4", nix="A1")
    run(s, *OPEN, "move gorm to f3 intercept kira roll 1s")
    halted = next(e for e in s.entries[-1].events if e.kind == "halted")
    assert halted.square == "E3"
    assert where(s, "Gorm") == "F3" and s.state.get("Gorm").vitality == 16
