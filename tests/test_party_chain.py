"""Issue 27 and R38 (between fights): two shipped encounters chained through ``party
save``. The cellar's script leaves Brannoc with a Wound and Tamsin with Strain; the party
file saved from that fight is the shipped one; the stair, which names it, starts with
them (Vigor and Guard full), and so does every fight ``simulate`` plays of it. A party
file is validated with located problems."""

from __future__ import annotations

import json
import shutil

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Session
from tests.conftest import NOT_SOURCES, ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")


@pytest.fixture
def campaign(tmp_path):
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters", ignore=NOT_SOURCES)
    return tmp_path / "encounters"


def cellar_fight(folder):
    script = (folder / "campaign-cellar.script").read_text().splitlines()
    lines = [x for x in script if x.strip() and not x.startswith("#")]
    r = invoke("do", folder / "campaign-cellar.yaml", *lines, "--seed", "1", "--quiet")
    assert r.exit_code == 0, r.output
    return folder / "campaign-cellar.fight.jsonl"


def test_the_stair_starts_with_the_cellars_wounds_and_strain(campaign):
    fight = cellar_fight(campaign)
    party = campaign / "parties" / "campaign-party.yaml"
    party.unlink()
    r = invoke("party", "save", fight, party)
    assert r.exit_code == 0, r.output
    # the shipped party file is what the shipped cellar script leaves
    shipped = ROOT / "encounters" / "parties" / "campaign-party.yaml"
    assert party.read_text() == shipped.read_text()
    from momenta_cli.journal import FightFile

    end = FightFile.open(fight, repair=False).session.state.fighters
    assert end["Brannoc"].wounds == ["Slowed"] and end["Tamsin"].strain == 3
    stair = Session(load_encounter(campaign / "campaign-stair.yaml")).state.fighters
    for name in ("Brannoc", "Tamsin"):
        f, was = stair[name], end[name]
        assert (f.vitality, f.strain, f.wounds, f.burdens, f.resolve, f.consumables) == (
            was.vitality, was.strain, was.wounds, was.burdens, was.resolve,
            was.consumables)
        assert (f.vigor, f.guard) == (f.spec.max_vigor, f.spec.max_guard)  # full (ch18)
    # the status of a fight of the stair says so too
    r = invoke("do", campaign / "campaign-stair.yaml", "turn tamsin", "--quiet")
    assert r.exit_code == 0, r.output
    r = invoke("status", campaign / "campaign-stair.fight.jsonl", "--json")
    allies = {a["name"]: a for a in json.loads(r.output)["allies"]}
    assert allies["Brannoc"]["vitality"] == [end["Brannoc"].vitality, 21]  # of 21


def test_simulate_of_the_stair_starts_from_the_party_files_state():
    from momenta_cli.simulate import play_fight
    from momenta_cli.simulate.policy import BUILTIN

    spec = load_encounter(ROOT / "encounters" / "campaign-stair.yaml")
    for seed in (1, 2):
        _, session = play_fight(spec, BUILTIN["tactical"], seed, 0, keep=True)
        assert session is not None
        brannoc = session.initial.fighters["Brannoc"]
        tamsin = session.initial.fighters["Tamsin"]
        assert (brannoc.vitality, brannoc.wounds, tamsin.strain) == (4, ["Slowed"], 3)
    r = invoke("simulate", ROOT / "encounters" / "campaign-stair.yaml", "-n", "4",
               "--json")
    assert r.exit_code == 0, r.output


def test_a_party_file_is_validated_with_located_problems(campaign):
    (campaign / "parties" / "campaign-party.yaml").write_text(
        "party:\n"
        "  - name: Brannok\n"
        "  - name: Tamsin\n"
        "    vitality: 99\n"
        "    wounds: [Sloowed]\n"
        "    conditions: {Faltering: 1}\n")
    r = invoke("validate", campaign / "campaign-stair.yaml")
    assert r.exit_code == 1
    shown = str(campaign / "parties" / "campaign-party.yaml")
    assert f"{shown}:2:11: party[0].name: 'Brannok' is no ally of this encounter (did " \
           "you mean 'Brannoc'?)" in r.output
    assert f"{shown}:4:15: party[1].vitality: 99 is more than Tamsin's vitality can be " \
           "(21)" in r.output
    assert f"{shown}:5:14: party[1].wounds[0]: unknown condition 'Sloowed'" in r.output
    r = invoke("party", "show", campaign / "parties" / "campaign-party.yaml")
    assert r.exit_code == 0 and "Sloowed" in r.output  # shape only: drawn as written
    (campaign / "parties" / "campaign-party.yaml").write_text(
        "party: [{name: Tamsin, strain: -1}]\n")
    r = invoke("party", "show", campaign / "parties" / "campaign-party.yaml")
    assert r.exit_code == 1 and "party[0].strain" in r.output and "Traceback" not in r.output


def test_a_fight_keeps_the_party_it_began_with_when_the_file_is_saved_over(campaign):
    """R38: the fight file's first line keeps the party the fight began with, so saving
    the next party over the file does not change a fight already under way."""
    r = invoke("do", campaign / "campaign-stair.yaml", "turn tamsin", "--quiet")
    assert r.exit_code == 0, r.output
    fight = campaign / "campaign-stair.fight.jsonl"
    (campaign / "parties" / "campaign-party.yaml").write_text(
        "party: [{name: Brannoc, vitality: 21}]\n")
    r = invoke("status", fight, "--json")
    assert r.exit_code == 0, r.output
    allies = {a["name"]: a for a in json.loads(r.stdout)["allies"]}
    assert allies["Brannoc"]["vitality"] == [4, 21]
    assert "has changed since this fight began" in r.stderr


def test_a_party_file_refuses_conditions_it_does_not_carry_and_an_ally_up_at_0(campaign):
    """R38: Defeated and Lost are said by ``down:``, Hidden is not carried; an ally at 0
    Vitality is down, so the file says how (docs/encounter-format.md, The party)."""
    party = campaign / "parties" / "campaign-party.yaml"
    party.write_text(
        "party:\n"
        "  - name: Brannoc\n"
        "    conditions: {Defeated: 1, Hidden: 1}\n"
        "  - name: Tamsin\n"
        "    vitality: 0\n")
    r = invoke("validate", campaign / "campaign-stair.yaml")
    assert r.exit_code == 1, r.output
    shown = str(party)
    assert f"{shown}:3:18: party[0].conditions.Defeated: Defeated is said by 'down: " \
           "Defeated', not among the conditions" in r.output
    assert f"{shown}:3:31: party[0].conditions.Hidden: Hidden is not carried" in r.output
    assert f"{shown}:5:15: party[1].vitality: Tamsin at 0 Vitality is down: add 'down: " \
           "Defeated'" in r.output
    party.write_text("party:\n  - name: Tamsin\n    vitality: 0\n    down: Defeated\n")
    r = invoke("validate", campaign / "campaign-stair.yaml")
    assert r.exit_code == 0, r.output


def test_a_script_of_a_party_fight_says_the_replay_reads_the_party_file_now(campaign):
    """R38: an exported script holds no party of its own: its header names the party
    file the fight began from and says a replay reads it as it is now; ``replay`` warns
    in one line when the file has changed since the fight began."""
    r = invoke("do", campaign / "campaign-stair.yaml", "turn tamsin", "--quiet")
    assert r.exit_code == 0, r.output
    fight = campaign / "campaign-stair.fight.jsonl"
    script = campaign / "stair.script"
    r = invoke("log", fight, "--format", "script", "--output", script)
    assert r.exit_code == 0, r.output
    text = script.read_text()
    assert "# This fight began from the party file parties/campaign-party.yaml. A replay\n" \
           "# reads that file as it is now, not as it was" in text
    r = invoke("replay", campaign / "campaign-stair.yaml", script)
    assert r.exit_code == 0, r.output
    assert "warning" not in r.stderr
    (campaign / "parties" / "campaign-party.yaml").write_text(
        "party: [{name: Brannoc, vitality: 21}]\n")
    r = invoke("replay", campaign / "campaign-stair.yaml", script)
    assert r.exit_code == 0, r.output
    assert r.stderr == f"{script}: warning: the party file parties/campaign-party.yaml " \
        "has changed since this fight began: the replay starts from the file as it is " \
        "now\n"
