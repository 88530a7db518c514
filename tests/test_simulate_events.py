"""A simulated fight fires the encounter's scheduled events (issue 27, docs/simulate.md,
Scheduled events) exactly as the prompt does with nobody asked: each due event as its own
entry after the command that set it off, ``ask: true`` ones too."""

from __future__ import annotations

from dataclasses import replace

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.errors import MomentaError
from momenta_cli.play import run_line
from momenta_cli.simulate import check_playable, play_fight, simulate
from momenta_cli.simulate.policy import BUILTIN
from tests.conftest import ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")

TOLL = ROOT / "encounters" / "toll-house.yaml"
TACTICAL = BUILTIN["tactical"]


def _reaching_round_two(enc, seed: int = 5):
    """The first fight of the run that gets to round 2 (the reinforcements' round)."""
    for i in range(20):
        result, session = play_fight(enc, TACTICAL, seed, i, keep=True)
        if result.rounds >= 2:
            return result, session
    raise AssertionError("no fight of 20 reached round 2")


def test_the_toll_house_simulated_has_its_reinforcements_join():
    enc = load_encounter(TOLL)
    _, session = _reaching_round_two(enc)
    lines = [e.script_line for e in session.entries]
    fired = {e.line: e.fired_by for e in session.entries if e.fired_by}
    # the ask: true event fires, as in `do` and scripts; the round's hazard and the
    # boss's regeneration too, each marked with its trigger
    assert fired["event reinforcements"] == "round 2 starts"
    assert "event bell" in fired and "event regenerate" in fired
    assert {"Wallman-1", "Wallman-2"} <= set(session.state.fighters)
    # round 2 starts with the command after round 1's last: the events follow it
    at = lines.index("event reinforcements")
    assert lines[at - 1] in ("event bell", "event regenerate") or lines[at - 1] == "end"


def test_a_fight_without_its_events_has_no_reinforcements():
    enc = replace(load_encounter(TOLL), events=())
    _, session = _reaching_round_two(enc)
    assert not any(e.fired_by for e in session.entries)
    assert "Wallman-1" not in session.state.fighters


def test_the_simulator_fires_what_the_prompt_fires():
    """The fight's typed lines (its events left out) run through the prompt's runner
    (play.run_line, which fires due events) give the same journal and state: the
    simulator fires the same events at the same points."""
    enc = load_encounter(TOLL)
    _, simulated = _reaching_round_two(enc)
    at_prompt = Session(enc)
    roller = SeededRoller(99)  # every die of the script is written: no seed matters
    for e in simulated.entries:
        if not e.fired_by:
            run_line(at_prompt, e.script_line, roller)
    assert [e.script_line for e in at_prompt.entries] == \
        [e.script_line for e in simulated.entries]
    assert [e.fired_by for e in at_prompt.entries] == \
        [e.fired_by for e in simulated.entries]
    assert at_prompt.state.fighters.keys() == simulated.state.fighters.keys()
    for name, f in simulated.state.fighters.items():
        g = at_prompt.state.fighters[name]
        assert (g.vitality, g.strain, g.wounds, g.out, g.position) == \
            (f.vitality, f.strain, f.wounds, f.out, f.position), name


def test_a_fight_with_events_is_the_same_fight_under_any_jobs():
    enc = load_encounter(TOLL)
    one = simulate(enc, None, 6, 11, jobs=1)
    two = simulate(enc, None, 6, 11, jobs=2)
    assert one == two


def test_the_script_of_a_simulated_fight_shows_the_events_and_replays(tmp_path):
    r = invoke("simulate", TOLL, "--seed", "5", "--script", "1")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert "event bell" in lines
    script = tmp_path / "toll.script"
    script.write_text(r.output)
    # under another seed: every die is written, and each `event NAME` line stands for
    # the firing the line before it set off (nothing fires twice)
    replayed = invoke("replay", TOLL, script, "--seed", "3")
    assert replayed.exit_code == 0, replayed.output


def test_an_event_line_that_is_no_command_is_refused_before_any_fight():
    enc = load_encounter(TOLL)
    bad = replace(enc.events[0], lines=("frobnicate the captain",))
    with pytest.raises(MomentaError, match=r"event regenerate \(.*toll-house.yaml:\d+"):
        check_playable(replace(enc, events=(bad, *enc.events[1:])))


def test_a_forecast_fires_the_events_still_to_come():
    """A fight in progress, handed to the forecast in round 1's last turn: ending it
    starts round 2, which brings the reinforcements (a fight handed over after that
    command would not: they are due with the command in which round 2 starts)."""
    enc = load_encounter(TOLL)
    _, session = _reaching_round_two(enc)
    lines = [e.line for e in session.entries]
    start = Session(enc)
    for e in session.entries[:lines.index("event bell") - 1]:
        start.push(e)  # up to round 1's last turn, before the `end` that ends it
    before = start.state.clone()
    result, played = play_fight(enc, TACTICAL, 1, 0, keep=True, start=before)
    assert played is not None
    assert result.rounds >= 2
    assert "Wallman-1" in played.state.fighters
    assert [e.line for e in played.entries if e.fired_by][:3] == [
        "event bell", "event regenerate", "event reinforcements"]


@pytest.mark.parametrize("line", ["heal captain 5 ?", "heal captain 5 dice 3", "undo",
                                  "event gate"])
def test_the_simulator_refuses_an_event_line_as_the_prompt_does(line):
    """One reading of an event's line for both (language/event_lines.py): the simulator
    refuses a line with the very words the prompt uses (here, an ``event`` line of the
    regeneration fired by hand at the prompt)."""
    enc = load_encounter(TOLL)
    bad = replace(enc.events[0], lines=(line,))
    enc = replace(enc, events=(bad, *enc.events[1:]))
    with pytest.raises(MomentaError) as at_prompt:
        run_line(Session(enc), "event regenerate", SeededRoller(1))
    with pytest.raises(MomentaError) as simulated:
        check_playable(enc)
    assert str(at_prompt.value) in str(simulated.value)
