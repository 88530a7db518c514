"""The simulator's reports at any width `--width` allows (40 and up; 80 columns is the
design width, issue 11): each table takes the widest form that fits (shorter headings,
the sides shortened, then left out), so no name or heading is folded inside a word and
no line is longer than the width. At 80 columns the tables are the full ones."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Session
from momenta_cli.render import chain_report, forecast_report, simulation_report
from momenta_cli.simulate import (
    chain_run,
    chain_summary,
    forecast_summary,
    forecast_tally,
    summarise,
    tally_run,
)
from tests.conftest import ROOT

ENC = ROOT / "encounters"


def draw(report, width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, no_color=True, color_system=None).print(report)
    return out.getvalue()


@pytest.fixture(scope="module")
def reports() -> dict:
    demo = load_encounter(ENC / "demo.yaml")
    run = summarise(demo, tally_run(demo, None, 12, 1), seed=1, policy="tactical",
                    max_rounds=30)
    state = Session(demo).state
    forecast = forecast_summary(state, forecast_tally(state, None, 12, 1), seed=1,
                                policy="tactical", max_rounds=30)
    legs = [load_encounter(ENC / "campaign-cellar.yaml"),
            load_encounter(ENC / "campaign-stair.yaml")]
    chain = chain_summary(chain_run(legs, None, 12, 7), seed=7, policy="tactical",
                          max_rounds=30)
    return {"run": simulation_report(run), "forecast": forecast_report(forecast),
            "chain": chain_report(chain)}


@pytest.mark.parametrize("width", [40, 43, 47, 52, 58, 64, 71, 80])
@pytest.mark.parametrize("which", ["run", "forecast", "chain"])
def test_a_report_fits_any_width_without_folding_a_name_or_a_heading(reports, which, width):
    text = draw(reports[which], width)
    lines = text.splitlines()
    assert all(len(x.rstrip()) <= width for x in lines), text
    for word in ("Brannoc", "Tamsin", "Combatant", "Outcome", "Encounter", "Ally"):
        # a folded cell leaves a piece of the word at the end of a line
        assert not any(re.search(rf"\b{word[:-2]}\w?$", x.rstrip()) for x in lines), text
    heads = [x for x in lines if x.startswith(("Combatant", "Ally", "Outcome", "Encounter"))]
    assert heads and all(len(x.split()) >= 4 for x in heads), text  # each a whole table


def test_at_80_columns_the_tables_are_the_full_ones(reports):
    run, forecast, chain = (draw(reports[k], 80) for k in ("run", "forecast", "chain"))
    assert "95% interval" in run and "Adversaries win" in run and "Adversaries " in run
    assert re.search(r"Combatant +Side +Defeated +95% interval +Wounded", forecast)
    assert re.search(r"Encounter +Reached +Won +95% interval +Rounds", chain)


def test_at_40_columns_the_narrowest_tables_are_drawn(reports):
    forecast, chain = draw(reports["forecast"], 40), draw(reports["chain"], 40)
    assert re.search(r"^Combatant +Def\. +95% +Wnd\. +95%$", forecast, re.M), forecast
    assert re.search(r"^Undecided \(30\) ", forecast, re.M), forecast
    assert re.search(r"^Encounter +Reached +Won +95%$", chain, re.M), chain
