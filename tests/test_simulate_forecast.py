"""A forecast: `momenta simulate FIGHT` and `forecast [N]` at the prompt play a saved fight
on from where it stands, and change nothing."""

from __future__ import annotations

import json

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.simulate import forecast_summary, forecast_tally, position_seed
from tests.conftest import ROOT, invoke, started

pytestmark = pytest.mark.usefixtures("home")

DEMO = ROOT / "encounters" / "demo.yaml"
# Gorm and Knife-1 Defeated, Knife-2 at 1 Vitality: the next hit ends it
ONE_HIT_FROM_WINNING = ("dmg gorm 99", "dmg knife-1 99", "dmg knife-2 9")
# Brannoc and Tamsin Defeated, Wren's 3 Wound slots filled and 1 Vitality left (R10, R11:
# 18 + 3 x 19 damage, and 1 for her Guard)
ONE_HIT_FROM_LOSING = ("dmg brannoc 99", "dmg tamsin 99", "dmg wren 76")


def _session(*lines: str) -> Session:
    s = Session(load_encounter(DEMO))
    roller = SeededRoller(1)
    for line in lines:
        run_line(s, line, roller)
    return s


def _summary(s: Session, n: int = 100, jobs: int = 1) -> dict:
    seed = position_seed(s.state)
    t = forecast_tally(s.state, None, n, seed, jobs=jobs)
    return forecast_summary(s.state, t, seed=seed, policy="tactical", max_rounds=30)


def test_a_fight_one_hit_from_the_end_forecasts_near_certain_victory(enc):
    fight = started(enc, *ONE_HIT_FROM_WINNING)
    before = fight.read_bytes()
    r = invoke("simulate", fight, "-n", "100", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["sides"]["allies"]["rate"] >= 0.99
    assert data["sides"]["allies"]["ci95"][0] > 0.95
    assert data["verdict"].startswith("From round 1: allies win 100%")
    assert data["rounds_left"]["median"] <= 1
    knife = next(c for c in data["combatants"] if c["name"] == "Knife-2")
    assert knife["defeated_rate"] >= 0.99 and not knife["out_now"]
    assert fight.read_bytes() == before  # only read


def test_a_fight_one_hit_from_defeat_forecasts_near_certain_loss():
    """The other way round: the figures are the position's, not the encounter's."""
    s = _session(*ONE_HIT_FROM_LOSING)
    assert [f.out for f in s.state.fighters.values()][:3] == [True, True, False]
    assert s.state.fighters["Wren"].vitality == 1 and len(s.state.fighters["Wren"].wounds) == 3
    data = _summary(s)
    assert data["sides"]["adversaries"]["rate"] >= 0.9
    wren = next(c for c in data["combatants"] if c["name"] == "Wren")
    assert wren["defeated_rate"] >= 0.9


def test_the_report_names_each_ally_s_chances_with_intervals(enc):
    fight = started(enc, "dmg gorm 10")
    r = invoke("simulate", fight, "-n", "60", "--seed", "3")
    assert r.exit_code == 0, r.output
    assert "60 fights played on from here" in r.output
    assert "Rounds left after this one:" in r.output
    for name in ("Brannoc", "Tamsin", "Wren"):
        row = next(line for line in r.output.splitlines() if line.startswith(name))
        assert row.count("%") == 4, row  # Defeated, its interval, Wounded, its interval


def test_a_forecast_mid_turn_plays_the_turn_on():
    s = _session("turn brannoc", "dmg gorm 20")
    assert s.state.active == "Brannoc"
    data = _summary(s, n=40)
    assert data["forecast"]["active"] == "Brannoc"
    assert data["fights"] == 40 and data["sides"]["undecided"]["count"] < 40


def test_a_fight_that_is_over_says_so():
    s = _session("dmg gorm 99", "dmg knife-1 99", "dmg knife-2 99")
    data = _summary(s, n=100_000)
    assert data["verdict"] == "The fight is over: the allies have won"
    # nothing is left to play: one fight says it, not 100,000 of the same
    assert data["fights"] == 1 and data["sides"]["allies"]["wins"] == 1


def test_the_same_position_forecasts_the_same_figures_whatever_the_jobs():
    s = _session("dmg gorm 10", "dmg brannoc 15")
    assert _summary(s, n=30, jobs=1) == _summary(s, n=30, jobs=2)


def test_forecast_at_the_prompt_changes_nothing():
    s = _session("dmg gorm 10")
    entries, state = list(s.entries), s.state.clone()
    out = run_line(s, "forecast 30", SeededRoller(5))
    assert out.forecast is not None and out.forecast["fights"] == 30
    assert out.entry is None and not out.changed
    assert s.entries == entries and s.state == state


def test_forecast_at_the_prompt_draws_the_report(enc):
    fight = started(enc, *ONE_HIT_FROM_WINNING)
    r = invoke("do", fight, "forecast 20")
    assert r.exit_code == 0, r.output
    assert "From round 1: allies win 100%" in r.output
    assert "20 fights played on from here" in r.output


@pytest.mark.parametrize("line", ["forecast x", "forecast 0", "forecast 1 2",
                                  "forecast 999999"])
def test_a_bad_forecast_is_refused(line):
    s = _session()
    with pytest.raises(Exception, match="forecast"):
        run_line(s, line, SeededRoller(1))


def test_a_saved_fight_takes_no_tune(enc):
    fight = started(enc, "dmg gorm 10")
    r = invoke("simulate", fight, "--tune", "knife.count", "--target", "50%")
    assert r.exit_code == 2
    assert "saved fight" in r.output and "Traceback" not in r.output


def test_forecast_in_do_on_an_encounter_starts_no_fight(enc):
    r = invoke("do", enc, "forecast 10")
    assert r.exit_code == 0, r.output
    assert "10 fights played on from here" in r.output
    assert not list(enc.parent.glob("*.fight.jsonl"))


def test_forecast_is_refused_in_the_players_view():
    """R20: a forecast names every combatant, a Hidden enemy too."""
    s = _session("dmg gorm 10")
    with pytest.raises(Exception, match="not in the players' view"):
        run_line(s, "forecast 5", SeededRoller(1), players=True)
