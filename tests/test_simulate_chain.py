"""Chained fights (issue 28 item 4, R38): `momenta simulate A.yaml B.yaml` plays the
encounters in order, the party carried from each fight into the next as `momenta party
save` carries it, and reports the chance the party survives them all."""

from __future__ import annotations

import json

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Session
from momenta_cli.simulate import chain_run, chain_summary, play_chain, tally_run
from momenta_cli.simulate.chain import carry_into, party_of
from momenta_cli.simulate.policy import BUILTIN
from tests.conftest import ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")

CELLAR = ROOT / "encounters" / "campaign-cellar.yaml"
STAIR = ROOT / "encounters" / "campaign-stair.yaml"
TACTICAL = BUILTIN["tactical"]


def _chain():
    return [load_encounter(CELLAR), load_encounter(STAIR)]


def _harmed_chain(seed: int = 7):
    """The first chain of the run whose cellar leaves an ally hurt, and that reaches the
    stair."""
    encs = _chain()
    for i in range(40):
        result, kept = play_chain(encs, TACTICAL, seed, i, keep=True)
        assert kept is not None
        if len(kept) == 2 and any(
                f.vitality < f.spec.max_vitality or f.wounds or f.strain
                for f in kept[0][1].state.fighters.values() if f.side == "allies"):
            return result, kept
    raise AssertionError("no chain of 40 left the party hurt")


def test_the_stair_starts_with_the_cellars_harm():
    """R38: Vitality, Strain, Wounds, Resolve and consumables carry on; Vigor and Guard
    start full. The stair's own party file gives way to the party as the cellar left
    it."""
    _, kept = _harmed_chain()
    (_, cellar), (party, stair) = kept
    assert set(party) == {"brannoc", "tamsin"}
    for name in ("Brannoc", "Tamsin"):
        end = cellar.state.fighters[name]
        start = stair.initial.fighters[name]
        assert (start.vitality, start.strain, start.wounds, start.burdens,
                start.resolve, start.consumables) == (
            end.vitality, end.strain, end.wounds, end.burdens, end.resolve,
            end.consumables), name
        assert start.vigor == start.spec.max_vigor
        assert start.guard == start.spec.max_guard
    # not the stair's party file (Brannoc at 4 Vitality with a Slowed Wound)
    brannoc = stair.initial.fighters["Brannoc"]
    assert (brannoc.vitality, brannoc.wounds) != (4, ["Slowed"])


def test_a_defeated_ally_stays_out_and_one_missing_sits_the_fight_out():
    cellar, stair = _chain()
    party = party_of(Session(cellar).state)
    party["tamsin"] = {**party["tamsin"], "vitality": 0, "down": "Defeated"}
    party["wren"] = {**party["tamsin"], "name": "Wren", "down": ""}  # not on the stair
    fight = Session(carry_into(stair, party)).state
    assert fight.fighters["Tamsin"].defeated
    assert "Wren" not in fight.fighters
    # the next fight's party still has Wren, as she was
    assert party_of(fight, party)["wren"]["name"] == "Wren"


def test_the_first_fight_of_a_chain_is_that_encounter_simulated_alone():
    encs = _chain()
    t = chain_run(encs, None, 30, 3)
    alone = tally_run(encs[0], None, 30, 3)
    assert t.reached[0] == 30
    assert t.ends[0]["allies"] == alone.wins["allies"]
    assert t.reached[1] == alone.wins["allies"]


def test_a_chain_is_the_same_under_any_jobs():
    encs = _chain()
    one = chain_summary(chain_run(encs, None, 12, 5, jobs=1), seed=5, policy="t",
                        max_rounds=30)
    two = chain_summary(chain_run(encs, None, 12, 5, jobs=2), seed=5, policy="t",
                        max_rounds=30)
    assert one == two


def test_simulate_of_a_chain_reports_survival_per_encounter():
    r = invoke("simulate", CELLAR, STAIR, "-n", "20", "--seed", "7", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["chain"] == ["The Cellar", "The Stair"]
    assert data["fights"] == 20
    survived = data["survived"]
    lo, hi = survived["ci95"]
    assert lo <= survived["rate"] <= hi
    cellar, stair = data["encounters"]
    assert cellar["reached"]["count"] == 20
    assert stair["reached"]["count"] == cellar["won"]["count"]
    assert survived["count"] == stair["won"]["count"]
    assert [a["name"] for a in stair["allies"]] == ["Brannoc", "Tamsin"]
    text = invoke("simulate", CELLAR, STAIR, "-n", "20", "--seed", "7", "--no-color",
                  "--width", "80")
    assert text.exit_code == 0, text.output
    assert text.output.startswith("The party survives all 2 fights ")
    assert max(map(len, text.output.splitlines())) <= 80


def test_the_script_of_a_chain_shows_the_party_carried():
    r = invoke("simulate", CELLAR, STAIR, "--seed", "7", "--script", "1")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    second = next(i for i, x in enumerate(lines) if x.startswith("# encounter 2 of 2:"))
    assert "the party as the last fight left it" in lines[second + 1]
    assert "#   - name: Brannoc" in lines


@pytest.mark.parametrize("extra", [["--tune", "knife.count", "--target", "50%"],
                                   ["--sweep", "knife.count=1..2"]])
def test_a_chain_takes_no_tune(extra):
    r = invoke("simulate", CELLAR, STAIR, *extra)
    assert r.exit_code == 2
    assert "not a chain" in r.output
