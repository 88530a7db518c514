"""Scheduled events in the encounter file (issue 27; docs/encounter-format.md, Events):
each trigger kind is due after the command in which it happened (edge-triggered, ours),
fires as an entry of its own marked with its trigger, is part of the state (a once-only
event stays fired until undone past), and a refused line fires nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter_text
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.errors import MomentaError
from momenta_cli.play import run_line

ROOT = Path(__file__).resolve().parent.parent

ARENA = """
name: Event yard
include: [library/bestiary.yaml]
map:
  rows: |
    ..........
    .B...G...+
    ..........
    .T...K....
    ..........
combatants:
  - {name: Brannoc, side: allies, max_vitality: 20, mark: B,
     attacks: [{name: Fist, pool: 3, tags: [Crushing, Melee 1], damage: {0s: 1, 1+: 3}}]}
  - {name: Tamsin, side: allies, max_vitality: 20, mark: T}
  - {name: Gorm, stat_block: Hedge Bruiser, mark: G}
  - {name: Knife, stat_block: Footpad, mark: K}
events:
"""


def session(events: str) -> Session:
    return Session(load_encounter_text(ARENA + events, "arena.yaml", ROOT / "encounters"))


def play(s: Session, *lines: str, confirm=None) -> list[str]:
    """Run ``lines``; the ``event ...`` lines the tracker fired, in order."""
    fired = []
    for line in lines:
        out = run_line(s, line, SeededRoller(1), confirm=confirm)
        fired += [f.entry.line for f in out.fired]
    return fired


ROUND = ("turn brannoc", "end", "turn gorm", "end", "turn tamsin", "end", "turn knife",
         "end")


def test_round_n_starts_fires_once_as_that_round_starts():
    s = session("  - {name: two, when: {round: 2}, do: [note round two]}\n")
    assert play(s, *ROUND[:-1]) == []
    assert play(s, "end") == ["event two"]  # the last turn's end turns the round
    assert s.entries[-1].fired_by == "round 2 starts"
    assert s.state.fired == ("two",)  # once-only: part of the state
    assert play(s, *ROUND) == []


def test_round_one_starts_with_the_fights_first_command():
    s = session("  - {name: one, when: {round: 1}, do: [note the fight begins]}\n")
    assert play(s, "turn brannoc") == ["event one"]


def test_every_round_from_n_repeats_and_a_round_end_comes_before_the_next_start():
    s = session("  - {name: top, when: {round: 2+}, do: [heal gorm 1]}\n"
                "  - {name: tail, when: {round: every, at: end}, do: [note tolls]}\n")
    assert play(s, *ROUND) == ["event tail", "event top"]  # round 1 ends, then 2 starts
    assert play(s, *ROUND) == ["event tail", "event top"]  # every time: not once
    assert s.state.fired == ()


def test_a_sides_first_turn_of_a_round():
    s = session("  - {name: foes, when: {first_turn: adversaries}, do: [note foes]}\n")
    assert play(s, "turn brannoc", "end") == []
    assert play(s, "turn gorm") == ["event foes"]
    assert play(s, "end", "turn tamsin", "end", "turn knife") == []  # not their first


def test_a_combatant_defeated():
    s = session("  - {name: fall, when: {defeated: Gorm}, do: [door j2 open]}\n")
    assert play(s, "dmg gorm 5") == []
    assert play(s, "defeat gorm") == ["event fall"]
    assert s.state.doors  # the door line ran


def test_half_max_vitality_or_below_on_the_crossing():
    s = session("  - {name: phase, when: {half_vitality: Gorm}, once: false, "
                "do: [note phase two]}\n")
    assert play(s, "dmg gorm 10") == []  # 22 -> 12: above half (11)
    assert play(s, "dmg gorm 1") == ["event phase"]  # 11: half or below
    assert play(s, "dmg gorm 1") == []  # still below: no new crossing (an edge)
    assert play(s, "heal gorm 5", "dmg gorm 5") == ["event phase"]  # crossed again


def test_entering_squares_on_the_way_counts():
    s = session("  - {name: trap, when: {enters: [D2], who: allies}, "
                "do: [dmg brannoc 2 untyped]}\n")
    assert play(s, "turn brannoc") == []
    assert play(s, "move brannoc to e2") == ["event trap"]  # through D2
    assert s.state.fighters["Brannoc"].vitality == 18
    # a side is said as one of it: "an ally enters", never "allies enters"
    assert s.entries[-1].fired_by == "an ally enters D2"


def test_the_combats_end():
    s = session("  - {name: last, when: {combat_ends: true}, do: [note the dust settles]}\n")
    assert play(s, "over the foes flee") == ["event last"]


def test_undo_of_the_fired_entry_alone_does_not_fire_it_again_undo_past_the_trigger_does():
    s = session("  - {name: two, when: {round: 2}, do: [add footpad as Extra at h5]}\n")
    play(s, *ROUND)
    assert "Extra" in s.state.fighters
    run_line(s, "undo", SeededRoller(1))  # the event's own entry
    assert "Extra" not in s.state.fighters and s.state.fired == ()
    assert play(s, "turn brannoc") == []  # not due: its trigger did not happen again
    run_line(s, "undo", SeededRoller(1))
    run_line(s, "undo", SeededRoller(1))  # the end that turned the round
    assert play(s, "end") == ["event two"]


def test_a_refused_line_fires_nothing_and_names_the_events_line():
    s = session("  - {name: bad, when: {round: 2}, do: [note first, heal nobody 3]}\n")
    for line in ROUND[:-1]:
        run_line(s, line, SeededRoller(1))
    out = run_line(s, "end", SeededRoller(1))
    assert out.entry is not None and not out.fired  # the trigger's own line stands
    assert out.refused and "event bad (arena.yaml:" in out.refused[0]
    assert "'heal nobody 3'" in out.refused[0] and "nothing fired" in out.refused[0]
    assert s.state.round == 2 and s.state.fired == ()


def test_a_declined_ask_is_recorded_and_a_once_event_stays_unfired():
    s = session("  - {name: more, when: {round: 2}, ask: true, do: [add footpad as X at h5]}\n")
    asked = []
    fired = play(s, *ROUND, confirm=lambda e: asked.append(e.name) or False)
    assert asked == ["more"] and fired == ["event more skip"]
    assert "X" not in s.state.fighters and s.state.fired == ()
    assert play(s, "event more") == []  # by hand, later: it runs
    assert "X" in s.state.fighters and s.state.fired == ("more",)


def test_by_hand_unknown_and_once_fired_are_refused():
    s = session("  - {name: two, when: {round: 2}, do: [note x]}\n")
    with pytest.raises(MomentaError, match="no event 'tow' in the encounter: did you"):
        run_line(s, "event tow", SeededRoller(1))
    run_line(s, "event two", SeededRoller(1))
    with pytest.raises(MomentaError, match="has fired already"):
        run_line(s, "event two", SeededRoller(1))


def test_an_exported_event_line_stands_for_its_firing_so_nothing_fires_twice():
    s = session("  - {name: top, when: {round: every}, do: [heal gorm 1]}\n"
                "  - {name: two, when: {round: 2}, ask: true, do: [add footpad as Y at h5]}\n")
    play(s, "dmg gorm 5", *ROUND, confirm=lambda e: False)
    lines = [e.script_line for e in s.entries]
    assert lines[-2:] == ["event top", "event two skip"]
    again = Session(s.encounter)
    play(again, *lines[:-2])  # replayed as a script: the last line fires both (yes)
    assert [e.line for e in again.entries[-2:]] == ["event top", "event two"]
    same = run_line(again, "event top", SeededRoller(1))
    assert same.matched is not None and same.entry is None  # that very firing: done
    other = run_line(again, "event two skip", SeededRoller(1))
    assert [e.line for e in other.taken_back] == ["event two"]  # takes its place
    assert [e.script_line for e in again.entries] == lines
    assert again.state == s.state
    # the same script without its event lines fires them at their triggers (the ask's
    # default: yes)
    bare = Session(s.encounter)
    play(bare, *[x for x in lines if not x.startswith("event")])
    assert [e.script_line for e in bare.entries][-2:] == ["event top", "event two"]


def test_a_typed_skip_takes_the_place_of_any_firing_of_the_block_not_only_the_first():
    """docs/encounter-format.md, Events: one line set off two events; the GM declines
    the second by typing ``event two skip`` afterwards. It takes that firing's place (the
    first stands), rather than being refused as fired already (issue 27's note)."""
    spec = ("  - {name: top, when: {round: every}, do: [heal gorm 1]}\n"
            "  - {name: two, when: {round: 2}, ask: true, do: [add footpad as Y at h5]}\n")
    s = session(spec)
    play(s, "dmg gorm 5", *ROUND)  # no one to ask: the default, yes
    assert [e.line for e in s.entries[-2:]] == ["event top", "event two"]
    healed = s.state.get("Gorm").vitality
    out = run_line(s, "event two skip", SeededRoller(1))
    assert [e.line for e in out.taken_back] == ["event two"] and out.fired == ()
    assert [e.script_line for e in s.entries[-2:]] == ["event top", "event two skip"]
    assert "Y" not in s.state.fighters  # the second is undone...
    assert s.state.get("Gorm").vitality == healed  # ...and the first firing stands
    declined = session(spec)
    play(declined, "dmg gorm 5", *ROUND[:-1])
    run_line(declined, ROUND[-1], SeededRoller(1), confirm=lambda e: e.name != "two")
    assert declined.state == s.state  # as if declined when asked
    again = run_line(s, "event top", SeededRoller(1))  # the block is done with: by hand
    assert again.matched is None and again.entry is not None and again.taken_back == ()


def test_say_text_marked_for_the_players_reaches_their_results_and_no_other():
    from momenta_cli.projection import last_results

    s = session("  - {name: loud, when: {round: 2}, say: The bell tolls., players: true}\n"
                "  - {name: quiet, when: {round: 2}, say: The GM's secret., do: [note x]}\n")
    play(s, *ROUND)
    told = last_results(s.state, s.entries, players=True, initial=s.initial)
    assert "The bell tolls." in told and not any("secret" in t for t in told)


def test_an_event_the_gm_fires_by_hand_says_so_not_its_trigger():
    """docs/encounter-format.md, Events: ``event NAME`` typed fires the event by hand;
    the log must not give it a trigger that did not happen ("Gorm is Defeated")."""
    from momenta_cli.engine.schedule import EventFired
    from momenta_cli.play import for_script

    s = session("  - {name: gate, when: {defeated: Gorm}, do: [note the gate opens]}\n"
                "  - {name: two, when: {round: 2}, do: [note round two]}\n")
    play(s, "turn brannoc", "event gate")
    mark = s.entries[-1].events[0]
    assert isinstance(mark, EventFired) and mark.when == "fired by hand"
    assert s.entries[-1].fired_by == ""
    assert play(s, *ROUND[1:]) == ["event two"]  # round 2 starts: by its trigger
    mark = s.entries[-1].events[0]
    assert isinstance(mark, EventFired) and mark.when == "round 2 starts"
    # the journal's lines run again one by one (the script export's check) tell the two
    # apart the same way: every command replays as recorded
    assert for_script(s)[1] is None
