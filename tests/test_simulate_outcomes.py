"""How a simulated fight ends and what the run reports of it: a won
fight is won the moment one side is out, both sides out is not the round cap, a mostly
undecided run says so, a policy cannot change the fight but by its commands, and a
policy or worker that dies ends the run in one line."""

from __future__ import annotations

import io
import json
import random
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

from momenta_cli.cli import simulate_cmd
from momenta_cli.encounter import load_encounter, load_encounter_text
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.render import simulation_report
from momenta_cli.simulate import check_playable, play_fight, simulate, summarise
from momenta_cli.simulate.fight import (
    ADVERSARIES,
    ALLIES,
    BOTH_OUT,
    UNDECIDED,
    FightResult,
    NoOpponents,
    outcome,
)
from momenta_cli.simulate.policy import BUILTIN
from momenta_cli.simulate.stats import MOSTLY_UNDECIDED, rank_quantile
from momenta_cli.simulate.view import View
from tests.conftest import invoke, one_line_error

ROOT = Path(__file__).resolve().parent.parent
DEMO_PATH = ROOT / "encounters" / "demo.yaml"
DEMO = load_encounter(DEMO_PATH)
MILL = load_encounter(ROOT / "encounters" / "mill-ambush.yaml")

DUEL = """
    name: Duel
    combatants:
      - {name: Ana, side: allies, attributes: {POW: 3}, weapons: [{name: Sword,
         tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2+: 11}}]}
      - {name: Rat, side: adversaries, threat: Grunt, attacks: [{name: Bite,
         tags: [Piercing, Melee 1], damage: {0s: 1, 1s: 3, 2+: 5}}]}
"""


def enc_of(text: str):
    return load_encounter_text(textwrap.dedent(text))


def fake(winner: str, rounds: int) -> FightResult:
    return FightResult(0, winner, rounds, (0, 0), (0, 0), (0, 0), (0, 0), (0, 0),
                       (False, False))


# --- a won fight is won ------------------------------------------------------------


@pytest.mark.parametrize("index, rounds", [(18, 12), (95, 14)])
def test_a_fight_is_won_with_the_winning_blow(index, rounds):
    """mill-ambush, seed 3: the allies' last blow takes the last adversary out; the end
    of that turn (a Faltering check, R10) once Defeated the last ally too and the fight
    was reported undecided. Now the turn is not ended: the allies won."""
    result, session = play_fight(MILL, BUILTIN["tactical"], 3, index, keep=True)
    assert session is not None
    assert (result.winner, result.rounds) == (ALLIES, rounds)
    assert session.entries[-1].line.startswith("attack ")
    assert outcome(session.state) == ALLIES


def test_both_sides_out_at_once_is_not_the_round_cap():
    s = Session(enc_of(DUEL))
    roller = SeededRoller(1)
    run_line(s, "defeat Ana", roller)
    assert outcome(s.state) == ADVERSARIES
    run_line(s, "defeat Rat", roller)
    assert outcome(s.state) == BOTH_OUT


def test_the_summary_keeps_both_out_apart_from_undecided():
    rs = [fake(ALLIES, 3), fake(BOTH_OUT, 5), fake(UNDECIDED, 30), fake(ALLIES, 2)]
    s = summarise(enc_of(DUEL), rs, seed=1, policy="tactical", max_rounds=30)
    assert s["sides"]["both_out"] == {"count": 1, "rate": 0.25}
    assert s["sides"]["undecided"] == {"count": 1, "rate": 0.25}
    assert s["rounds"]["decided"] == 3  # the fights that ended: won, or both out
    assert (s["rounds"]["min"], s["rounds"]["max"]) == (2, 5)


def test_the_report_labels_both_out_and_the_cap_apart():
    rs = [fake(BOTH_OUT, 5), fake(UNDECIDED, 30), fake(ALLIES, 2)]
    s = summarise(enc_of(DUEL), rs, seed=1, policy="tactical", max_rounds=30)
    out = io.StringIO()
    Console(file=out, width=80, no_color=True).print(simulation_report(s))
    text = out.getvalue()
    row = {line.split()[0] + line.split()[1]: line for line in text.splitlines()
           if line.startswith(("Both sides", "Undecided"))}
    assert row["Bothsides"].split()[-2:] == ["1", "33%"]
    assert row["Undecided(cap"].split()[-2:] == ["1", "33%"]


# --- a run with nothing decided ------------------------------------------------------


def test_a_mostly_undecided_run_says_so_instead_of_a_win_rate(tmp_path):
    """More than half the fights at the cap: no "massacre" label for what nobody won."""
    p = tmp_path / "idle.py"
    p.write_text("def choose(view, actor):\n    return []\n")
    s = summarise(DEMO, simulate(DEMO, str(p), 4, 1, max_rounds=3), seed=1,
                  policy="idle", max_rounds=3)
    assert s["label"] == "undecided"
    assert s["verdict"].startswith("Undecided: 100% hit the 3-round cap")
    assert "massacre" not in s["verdict"]


@pytest.mark.parametrize("undecided, label", [(2, "a coin toss"), (3, "undecided")])
def test_the_undecided_threshold_is_more_than_half(undecided, label):
    """Half the fights undecided still reads the win rate (with the drag remark)."""
    assert MOSTLY_UNDECIDED == 0.5
    rs = [fake(UNDECIDED, 30)] * undecided + [fake(ALLIES, 2)] * (4 - undecided)
    s = summarise(enc_of(DUEL), rs, seed=1, policy="t", max_rounds=30)
    assert s["label"] == label


@pytest.mark.parametrize("sides", [["allies"], ["adversaries"], ["adversaries",
                                                                 "independents"]])
def test_an_encounter_with_no_opposing_sides_is_refused(sides):
    bodies = "\n".join(f"      - {{name: N{i}, side: {side}, threat: Grunt, attacks: [{{"
                       f"name: Bite, tags: [Piercing, Melee 1], damage: {{0s: 1, 1+: 3}}}}]}}"
                       if side != "allies" else
                       f"      - {{name: N{i}, side: allies, attributes: {{POW: 2}}}}"
                       for i, side in enumerate(sides))
    with pytest.raises(NoOpponents, match="needs allies and someone against them"):
        check_playable(load_encounter_text(f"name: Alone\ncombatants:\n{bodies}\n"))


def test_simulate_refuses_an_encounter_without_opponents_in_one_line(tmp_path, home):
    enc = tmp_path / "alone.yaml"
    enc.write_text("name: Alone\ncombatants:\n  - {name: Ana, side: allies}\n")
    line = one_line_error(invoke("simulate", enc, "-n", "3"))
    assert "Alone: simulate needs allies and someone against them" in line
    assert "this encounter has allies" in line


# --- whole rounds -------------------------------------------------------------------------


@pytest.mark.slow  # many fights
def test_rounds_quartiles_are_whole_rounds_of_actual_fights():
    assert rank_quantile([1, 2, 3, 4], 0.5) == 2
    assert rank_quantile([2, 3, 3, 3], 0.25) == 2
    assert rank_quantile([2, 3, 3, 3], 0.75) == 3
    assert rank_quantile([], 0.5) == 0
    s = summarise(DEMO, simulate(DEMO, None, 30, 2), seed=2, policy="t", max_rounds=30)
    assert all(isinstance(s["rounds"][k], int) for k in ("q1", "median", "q3", "min", "max"))


# --- the policy's copy of the state -------------------------------------------------------


POLICY = """
from momenta_cli.simulate.policy import no_reaction as react, reckless_pick as pick

def choose(view, actor):
    me = view.fighter(actor)
    if {mutate}:
        for f in view.state.fighters.values():
            if f.side != me.side:
                f.defeated = True
                f.vitality = 1
    best = view.best_attack(actor)
    return [best.line] if best and not me.maneuvers else []
"""


def test_a_policy_changing_its_view_of_the_state_changes_nothing(tmp_path):
    """A policy that marks every enemy Defeated on its copy plays the very same fights
    as one that does not: only the commands it returns reach the engine."""
    plain, mutating = tmp_path / "plain.py", tmp_path / "mutating.py"
    plain.write_text(POLICY.format(mutate="False"))
    mutating.write_text(POLICY.format(mutate="True"))
    one = simulate(DEMO, str(plain), 6, 4)
    two = simulate(DEMO, str(mutating), 6, 4)
    assert [r.winner for r in two] == [r.winner for r in one]
    assert two == one
    assert all(r.rounds > 1 for r in two)


def test_the_view_copy_is_made_afresh_from_the_fight():
    _, session = play_fight(DEMO, BUILTIN["tactical"], 1, 0, keep=True)
    assert session is not None
    view = View(session.state, random.Random(1))
    assert view.state is not session.state
    view.fighter("Gorm").vitality = 99
    assert session.state.fighters["Gorm"].vitality != 99
    view.follow(session.state)
    assert view.fighter("Gorm").vitality == session.state.fighters["Gorm"].vitality


# --- a policy or worker that dies ---------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_policy_calling_sys_exit_is_a_one_line_policy_error(tmp_path, home, jobs):
    p = tmp_path / "quit.py"
    p.write_text("import sys\n\ndef choose(view, actor):\n    sys.exit(3)\n")
    line = one_line_error(invoke("simulate", DEMO_PATH, "-n", "5", "--seed", "1",
                                 "--jobs", jobs, "--policy", p))
    assert "choose raised SystemExit: 3" in line


def test_a_policy_raising_base_exception_at_load_is_one_line(tmp_path, home):
    p = tmp_path / "quit.py"
    p.write_text("import sys\nsys.exit(4)\n")
    line = one_line_error(invoke("simulate", DEMO_PATH, "-n", "5", "--policy", p))
    assert "fails to load: SystemExit: 4" in line


def test_a_worker_that_dies_ends_the_run_in_one_line(tmp_path, home):
    """A worker killed mid-run (here its policy kills its own process) does not hang the
    parent."""
    p = tmp_path / "die.py"
    p.write_text("import os\n\ndef choose(view, actor):\n    os.kill(os.getpid(), 9)\n")
    line = one_line_error(invoke("simulate", DEMO_PATH, "-n", "8", "--seed", "1",
                                 "--jobs", "2", "--policy", p))
    assert "a worker process died" in line


@pytest.mark.slow  # many fights, a process pool
def test_one_and_two_jobs_still_agree_with_the_executor():
    assert simulate(MILL, None, 30, 5, jobs=1) == simulate(MILL, None, 30, 5, jobs=2)


# --- the progress bar (issue 14: only on a terminal) -------------------------------------------


def test_the_bar_is_drawn_only_for_a_terminal_and_not_for_json():
    tty = Console(file=io.StringIO(), force_terminal=True)
    pipe = Console(file=io.StringIO())
    assert simulate_cmd.wants_bar(tty, as_json=False)
    assert not simulate_cmd.wants_bar(tty, as_json=True)
    assert not simulate_cmd.wants_bar(pipe, as_json=False)


def test_the_bar_draws_on_a_terminal_console():
    out = io.StringIO()
    tty = Console(file=out, force_terminal=True, width=80)
    from functools import partial

    from momenta_cli.simulate import tally_run

    results = simulate_cmd._played(tty, False, "simulating", 4,
                                   partial(tally_run, DEMO, None, 4, 1, jobs=1, max_rounds=30))
    assert results.fights == 4
    assert "simulating" in out.getvalue()


def test_no_bar_when_the_output_is_not_a_terminal(home):
    r = invoke("simulate", DEMO_PATH, "-n", "6", "--seed", "1", "--no-color")
    assert r.exit_code == 0, r.output
    assert "simulating" not in r.output and "\x1b" not in r.output
    assert r.output.startswith("Allies win ")
    data = json.loads(invoke("simulate", DEMO_PATH, "-n", "6", "--seed", "1",
                             "--json").output)
    assert data["fights"] == 6
