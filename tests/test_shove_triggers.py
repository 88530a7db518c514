"""A Shove's push stops for the Intercepts it triggers (issue 13 item 1; R35: forced
movement triggers Intercept, never Forestall; ch19 Shove, Movement; R23 and R36: a pit
the push ends in is a fall). The shove line carries the answers as a move line does
(``shove gorm roll 2s intercept wren roll 1s``; every word after ``intercept`` is the
Intercept's; ``no-reactions``; nothing written: none), the push stops at the trigger
square for the attack, then goes on, all in one journal entry.

The yard (tests/trigger_yard.py): Wren holds a Spear (Melee 2, Reflexive) and a Rapier;
Kira a Longsword; Gorm (Regular) and Nix (a Grunt, 4 Vitality) are the adversaries."""

from __future__ import annotations

import pytest

from momenta_cli.engine.core.session import replay
from momenta_cli.engine.movement import forced
from momenta_cli.language import parse_line, unparse
from tests.engine_helpers import kinds, log_text, refused, run
from tests.trigger_yard import yard


def where(s, who: str) -> str:
    from momenta_cli.engine.geometry import square_name

    pos = s.state.get(who).position
    assert pos is not None
    return square_name(pos)


def test_the_push_stops_at_the_trigger_square_for_the_intercept_then_goes_on():
    """R35 / ch19 Movement: Kira shoves Gorm from D3 two squares east; at E3 it comes
    into Wren's Spear reach (G1): the push stops there, Wren's Intercept is made
    (measured at E3), and the push goes on to F3. One entry, replayable."""
    s = yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s, "turn kira", "shove gorm roll 2s intercept wren roll 1s")
    assert len(s.entries) == 2
    got = kinds(s)
    assert got[:6] == ["maneuver_taken", "attack_rolled", "shoved", "halted",
                       "reaction_taken", "move_answered"]
    assert got.count("attack_rolled") == 2 and got[-1] == "shoved"
    shoves = [e for e in s.entries[-1].events if e.kind == "shoved"]
    assert [(e.start, e.path, e.goes_on) for e in shoves] == [
        ("D3", ("E3",), False), ("E3", ("F3",), True)]
    assert where(s, "Gorm") == "F3"
    assert s.state.get("Gorm").vitality == 22 - 6
    text = log_text(s)
    assert "Gorm stops at E3 for Wren's Intercept (R35)" in text
    assert "Wren to Gorm: distance 2 (map, Gorm at E3)" in text
    assert "Gorm is pushed on E3 -> F3 (forced movement)" in text
    assert not any("may Intercept" in t for t in text)  # answered: no note
    refused(s, "intercept wren gorm", "already")  # R35: once per reactor per movement
    assert s.state == replay(s.initial, s.entries)


def test_a_pushed_creature_defeated_by_the_intercept_stays_and_does_not_fall():
    """R35: a combatant Defeated by the reaction stops where it is; the push's later
    consequences come from where it really ended: Nix, struck down at E3, never reaches
    the pit at F3 (R36). Without the Defeat the push goes on into the pit and Nix
    falls (R23)."""
    rows = """\
    .......
    .......
    .....3.
    ......."""
    s = yard(rows, kira="C3", nix="D3", wren="G1", gorm="A1")
    run(s, "turn kira", "shove nix roll 2s intercept wren roll 1s")
    assert s.state.get("Nix").defeated and where(s, "Nix") == "E3"
    assert "fell" not in kinds(s)
    assert [e.kind for e in s.entries[-1].events].count("shoved") == 1
    assert s.state == replay(s.initial, s.entries)
    s2 = yard(rows, kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s2, "turn kira", "shove gorm roll 2s intercept wren roll 0s")
    assert where(s2, "Gorm") == "F3" and "fell" in kinds(s2)


def test_forestall_on_a_shove_line_is_refused_with_the_forced_movement_reason():
    """ch19 Movement / R35: forced movement never triggers Forestall."""
    s = yard(kira="C3", gorm="D3", wren="E3", nix="A1")
    run(s, "turn kira")
    refused(s, "shove gorm roll 2s forestall wren", "forced movement never triggers "
                                                    "Forestall", "R35")
    refused(s, "shove gorm roll 2s intercept kira dodge intercept kira", "twice")
    refused(s, "shove gorm roll 2s intercept nix", "enem")  # Nix takes no reactions (R7)


def test_no_reactions_says_none_and_nothing_written_leaves_the_note():
    """issue 13: a script's default is no reaction; without answers the log still names
    the Intercept the push allows (the GM may state it after); ``no-reactions`` says
    none was taken, so no note."""
    s = yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s, "turn kira", "shove gorm roll 2s")
    assert any("may Intercept" in t for t in log_text(s))
    s2 = yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s2, "turn kira", "shove gorm roll 2s no-reactions")
    assert not any("may Intercept" in t for t in log_text(s2))
    assert where(s2, "Gorm") == "F3" and s2.state.get("Wren").vigor == 7


def test_an_intercept_the_push_falls_short_of_is_a_note():
    """R35: the roll decides how far the push goes; an Intercept named for a trigger the
    push does not reach is not made, and the log says so. A miss pushes nobody."""
    s = yard(kira="B3", gorm="C3", wren="G1", nix="A1")  # the Spear reaches E3
    run(s, "turn kira", "shove gorm roll 1s intercept wren")
    assert where(s, "Gorm") == "D3" and s.state.get("Wren").vigor == 7
    assert any("Wren's Intercept is not made: this push does not bring Gorm" in t
               for t in log_text(s))
    run(s, "end", "turn gorm", "end", "turn wren", "end", "turn nix", "end",
        "turn kira", "move kira to c3", "shove gorm roll 0s intercept wren")
    assert any("Wren's Intercept is not made: Gorm is not pushed" in t
               for t in log_text(s))


def test_the_shove_line_round_trips_through_unparse():
    """language/unparsing.py writes the answers back after the shove's own words, so the
    journal's line (and ``log --format script``) replays the same command."""
    for line in ("shove gorm roll 2s intercept wren roll 1s dodge",
                 "shove kira gorm together no-reactions",
                 "shove gorm intercept wren with spear counter roll 1s intercept kira"):
        x = parse_line(line)
        assert parse_line(unparse(x)) == x, line
    x = parse_line("shove gorm roll 2s intercept wren with rapier dodge")
    assert x.typed is not None and x.defense is None  # the dodge is Gorm's, against Wren
    assert x.push_reactions[0].defense == "dodge"


def test_push_triggers_lists_what_a_push_would_meet_for_the_prompt():
    """The API the prompt offers from (engine/movement/forced.py ``push_triggers``): the Intercepts
    a push of N squares would trigger (R35), Forestall never."""
    s = yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    f = s.state
    found = forced.push_triggers(f, f.get("Kira"), f.get("Gorm"), 2)
    assert [(t.reactor, t.reaction, t.square) for t in found] == [
        ("Wren", "Intercept", "E3")]
    assert forced.push_triggers(f, f.get("Kira"), f.get("Gorm"), 0) == []


@pytest.mark.slow  # property
def test_any_shove_line_with_answers_round_trips():
    """language/unparsing.py (property): a Shove with any options and any Intercepts with
    theirs (or ``no-reactions``) written back parses to the same command."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    from momenta_cli.engine.attack import Attack
    from tests.test_ask_unparse import counters, names, options

    @st.composite
    def shoves(draw) -> Attack:
        answers = tuple(Attack(draw(names), "", "Intercept",
                               counter=draw(st.none() | counters(1)), **draw(options()))
                        for _ in range(draw(st.integers(0, 2))))
        said = bool(answers) or draw(st.booleans())
        return Attack(draw(st.none() | names), draw(names), "Shove",
                      counter=draw(st.none() | counters(1)), push_reactions=answers,
                      push_said=said, **draw(options()))

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(shoves())
    def check(cmd):
        line = unparse(cmd)
        assert parse_line(line) == cmd, line

    check()


def test_an_intercept_no_push_could_trigger_is_refused_with_the_reason():
    """R35, ch19 Shove (at most 3 squares): an Intercept that not even the longest push
    could trigger is a wrong name, refused with the move line's reason; only one a roll
    made too short is a note (above). Wren starts within her Spear's reach and is left
    behind; Kira, the shover, is only left too."""
    s = yard(kira="B3", gorm="C3", wren="A4", nix="A1")
    run(s, "turn kira")
    for who in ("wren", "kira"):
        why = refused(s, f"shove kira gorm roll 3s intercept {who}")
        assert "never brings Gorm into the reach of" in why and "(R35)" in why
    assert where(s, "Gorm") == "C3"


def test_a_shove_line_s_answers_are_checked_before_the_roll_whatever_it_rolls():
    """R35: forced movement never triggers Forestall, and one reaction per trigger;
    such a line is wrong with any dice, so a shove that pushes nobody (0 net) refuses it
    too, and nothing changes. A right one on a miss is a note (the push made none)."""
    for roll in ("2s", "0s"):
        s = yard(kira="C3", gorm="D3", wren="G1", nix="A1")
        run(s, "turn kira")
        refused(s, f"shove gorm roll {roll} forestall wren", "never triggers Forestall")
        refused(s, f"shove gorm roll {roll} intercept wren intercept wren", "written twice")
    s = yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s, "turn kira", "shove gorm roll 0s intercept wren")
    assert any("not pushed" in t for t in log_text(s))
