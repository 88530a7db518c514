"""``momenta odds`` and the ``odds`` verb (issue 14): the command line from numbers and
from files, refusals (one line, exit 1; usage mistakes exit 2), ``--json``, 80 columns,
and the preview at the prompt that changes nothing. The property that ``odds FILE A T``
and the attack command roll the same pools, from any state, is in test_odds_property.py.

Rules cited: R2 (zero dice), R3 (net successes), R7 (Grunts, scripted defenses), R10
(Wounds), R11 (Defeat), R19 (Mark), ch20 Attacking (the pool and its modifiers)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.conftest import ROOT, fight_of, invoke, one_line_error, started

pytestmark = pytest.mark.usefixtures("home")
DEMO = ROOT / "encounters" / "demo.yaml"


def test_three_dice_against_two_in_json_are_exact():
    # R3: P(net = 0) = 46/81 for 3 dice vs 2 at 5+
    r = invoke("odds", "--dice", "3", "--vs", "2", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    zero = doc["rows"][0]
    assert zero["net"] == 0 and zero["p"]["exact"] == "46/81"
    assert zero["p"]["float"] == pytest.approx(46 / 81)
    assert sum(Fraction(row["p"]["exact"]) for row in doc["rows"]) == 1


def test_zero_dice_in_json():
    # R2: 2d6 keep the lowest, 1 success in 9
    doc = json.loads(invoke("odds", "--dice", "0", "--json").output)
    assert {row["net"]: row["p"]["exact"] for row in doc["rows"]} == {0: "8/9", 1: "1/9"}


def test_grunts_never_roll_from_numbers():
    # R7: a Grunt's 1 success against 2 dice; 2 dice against a Grunt's defense
    doc = json.loads(invoke("odds", "--grunt", "--vs", "2", "--json").output)
    assert {row["net"]: row["p"]["exact"] for row in doc["rows"]} == {0: "5/9", 1: "4/9"}
    doc = json.loads(invoke("odds", "--dice", "2", "--vs-grunt", "--json").output)
    assert {row["net"]: row["p"]["exact"] for row in doc["rows"]} == {0: "8/9", 1: "1/9"}


def test_without_a_target_wound_and_defeat_are_null_in_json():
    # no Vitality given: nothing says whether a Wound (R10) or Defeat (R11) follows
    doc = json.loads(invoke("odds", "--dice", "2", "--tiers", "2/7", "--json").output)
    assert doc["wound"] is None and doc["defeat"] is None
    assert all(row["wound"] is None and row["defeat"] is None for row in doc["rows"])
    doc = json.loads(invoke("odds", "--dice", "2", "--tiers", "2/7", "--vitality", "3",
                            "--json").output)
    # with a Vitality, known: 7 damage (1+ success of 2 dice) Defeats, 2 does not
    assert doc["defeat"]["exact"] == "5/9" and doc["wound"]["exact"] == "0"


def test_strain_from_numbers_gives_burden_and_lost():
    # R9: a Strain attack deals its tier; R10: Max Strain fills a Burden slot; R11: Lost
    # 1 die at 5+: 1/3 a success (tier 2), else tier 1; Strain 3 of 5
    args = ["odds", "--dice", "1", "--tiers", "1/2", "--strain", "--max-strain", "5",
            "--strain-now", "3", "--json"]
    doc = json.loads(invoke(*args).output)
    assert doc["defeat"]["exact"] == "1/3" and doc["wound"]["exact"] == "0"
    doc = json.loads(invoke(*args, "--burdens", "1").output)
    assert doc["defeat"]["exact"] == "0" and doc["wound"]["exact"] == "1/3"
    lines = invoke(*args[:-1], "--width", "80").output.splitlines()
    assert lines[0].split()[-2:] == ["Burden", "Lost"]


@pytest.mark.parametrize(("args", "says"), [
    (["--guard", "2"], "--guard: a Strain attack deals its tier straight to Strain (R9)"),
    (["--resist", "--weak"], "--resist, --weak: a Strain attack"),
    (["--solid-hit"], "--solid-hit: a Strain attack"),
    (["--brace"], "--brace: a Strain attack"),
    (["--vitality", "4", "--tiers", "1/2"], "Strain damage does not reach Vitality"),
])
def test_strain_refuses_what_does_nothing_to_it(args, says):
    r = invoke("odds", "--dice", "2", "--strain", *args)
    assert r.exit_code == 2 and says in r.output


def test_strain_numbers_that_do_not_go_together_are_usage_mistakes():
    base = ["odds", "--dice", "2", "--tiers", "1/2"]
    assert invoke(*base, "--strain", "--burdens", "1").exit_code == 2  # no --max-strain
    assert invoke(*base, "--max-strain", "4").exit_code == 2  # no --strain
    assert invoke(*base, "--strain", "--max-strain", "4", "--strain-now", "4"
                  ).exit_code == 2
    assert invoke("odds", "--dice", "2", "--strain", "--max-strain", "4").exit_code == 2


def test_wound_and_defeat_from_numbers():
    # R10: 1 free Wound slot; R11: Defeat only once it is full and Vitality is 0 again
    r = invoke("odds", "--dice", "1", "--tiers", "2/16", "--vitality", "5",
               "--max-vitality", "10", "--wounds", "1", "--json")
    doc = json.loads(r.output)
    assert doc["wound"]["exact"] == "1/3" and doc["defeat"]["exact"] == "1/3"
    assert doc["expected_damage"]["exact"] == "20/3"


def test_the_table_reads_at_80_columns():
    r = invoke("odds", "--dice", "20", "--vs", "20", "--tiers", "2/7/13/20", "--solid-hit",
               "--guard", "3", "--vitality", "30", "--wounds", "2", "--width", "80")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert all(len(x) <= 80 for x in lines), max(lines, key=len)
    head = lines[0].split()
    assert head == ["Net", "Chance", "Tier", "To", "Vitality", "Wound", "Defeat"]
    assert lines[1].split()[:2] == ["0", "56.7%"] and "█" in lines[1]
    assert any(x.startswith("Hit (1+ net successes):") for x in lines)
    assert any("Wound:" in x and "Defeat:" in x for x in lines)


@pytest.mark.parametrize("args", [
    ["--dice", "3", "--vs", "2", "--tiers", "2/7/13/20", "--vitality", "12", "--wounds", "1"],
    [DEMO, "Gorm", "Wren"],
])
def test_at_60_columns_the_header_and_the_summary_stay_whole(args):
    r = invoke("odds", *args, "--width", "60", "--no-color")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert all(len(x) <= 60 for x in lines), max(lines, key=len)
    assert "…" not in r.output
    head = next(x for x in lines if x.lstrip().startswith("Net"))
    assert head.split() == ["Net", "Chance", "Tier", "To", "Vitality", "Wound", "Defeat"]
    summary = lines[lines.index(next(x for x in lines if x.startswith("Hit (1+"))):]
    # each "label: value" whole; a continuation hangs under the line it continues
    text = " ".join(x.strip() for x in summary)
    assert "Expected damage to Vitality: " in text and "Wound: " in text
    assert all(x.startswith(("Hit (1+", "Any damage", "    ")) for x in summary), summary
    assert not any(x.strip()[:1].isdigit() for x in summary), summary


def test_the_unlikely_end_of_a_big_roll_is_one_row_but_json_keeps_every_row():
    args = ["odds", "--dice", "20", "--vs", "20", "--tiers", "2/7/13/20"]
    lines = invoke(*args).output.splitlines()
    folded = [x for x in lines if x.split()[:1] == ["10+"]]
    assert len(folded) == 1 and "<0.1%" in folded[0]
    assert not any(x.split()[:1] == ["11"] for x in lines)
    doc = json.loads(invoke(*args, "--json").output)
    assert [row["net"] for row in doc["rows"]] == list(range(21))


def test_from_an_encounter_the_pools_come_first():
    # ch20 step 1: the pool with every modifier, as the attack would roll it
    r = invoke("odds", DEMO, "Gorm", "Wren", "--deflect=buckler", "--brace", "--width", "80")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "Gorm attacks Wren with Cudgel (melee, at Mass, Crushing)"
    assert lines[1] == "  attack: pool 3d"
    assert lines[2].startswith("  defense: Deflect (Buckler): ")
    assert "Braces" in lines[3] and "Vitality 19/19" in lines[3]
    assert all(len(x) <= 80 for x in lines)


def test_a_mark_hit_is_a_weakness_and_its_penalty_is_in_the_pool():
    # R19: the Mark's penalty in the pool, the hit counted as a weakness; R2: 0 dice
    doc = json.loads(invoke("odds", DEMO, "Brannoc", "Gorm", "--at", "mark", "--json").output)
    assert doc["attack"]["pool"] == [["POW", 3], ["Mark", -3]]
    assert doc["attack"]["weak"] == ["Mark"] and doc["target"]["weak"] is True
    assert doc["hit"]["exact"] == "1/9"


def test_a_fight_file_uses_the_state_now(enc):
    # the saved fight's Vitality, not the encounter's
    fight = started(enc, "turn brannoc", "dmg gorm 15", "quit")
    doc = json.loads(invoke("odds", fight, "Brannoc", "Gorm", "--json").output)
    assert doc["target"]["current"] == 7 and doc["target"]["maximum"] == 22
    assert Fraction(doc["defeat"]["exact"]) > 0


@pytest.mark.parametrize(("args", "says"), [
    (["Gorm", "Zed"], "no combatant called 'Zed'"),
    (["Brannoc", "Gorm", "--weapon", "bow"], "Brannoc has no weapon 'bow'"),
    (["Gorm", "Wren", "--deflect=rapier"], "lighter than Cudgel"),  # ch19 Deflect
    (["Brannoc", "Gorm", "--defend"], "Gorm has no scripted defense"),
    (["Brannoc", "Knife-1", "--dodge"], "Knife-1 is an enemy: it cannot Dodge"),  # R7
    (["Brannoc", "Brannoc"], "Brannoc cannot attack itself"),
])
def test_an_illegal_attack_is_refused_in_one_line(args, says):
    assert says in one_line_error(invoke("odds", DEMO, *args))


def test_usage_mistakes_exit_2():
    assert invoke("odds").exit_code == 2  # neither --dice nor a file
    assert invoke("odds", DEMO, "Gorm").exit_code == 2  # no target
    assert invoke("odds", DEMO, "Gorm", "Wren", "--dice", "3").exit_code == 2
    assert invoke("odds", "--dice", "3", "--tiers", "2/x").exit_code == 2
    assert invoke("odds", "--dice", "3", "--vitality", "4").exit_code == 2  # no tiers
    assert invoke("odds", "--dice", "3", "--dodge").exit_code == 2
    assert invoke("odds", "--dice", "3", "--grunt").exit_code == 2
    assert invoke("odds", "--dice", "3", "--tiers", "1/2", "--wounds", "1").exit_code == 2
    assert invoke("odds", DEMO, "Gorm", "Wren", "--dodge", "--deflect").exit_code == 2


def test_a_bare_deflect_takes_the_best_weapon_that_may():
    # ch19 Deflect: the Rapier is lighter than the Cudgel; the Buckler, a Shield, may
    r = invoke("odds", DEMO, "Gorm", "Wren", "--deflect")
    assert r.exit_code == 0, r.output
    assert "  defense: Deflect (Buckler): " in r.output


def test_a_missing_file_is_one_line(tmp_path):
    line = one_line_error(invoke("odds", tmp_path / "nope.fight.jsonl", "A", "B"))
    assert "nope.fight.jsonl" in line


# --- the verb: a preview at the prompt and in do --------------------------------------


def test_the_odds_verb_previews_and_saves_nothing(enc):
    fight = started(enc, "turn brannoc", "quit")
    before = fight.read_bytes()
    r = invoke("do", fight, "odds gorm with longsword at mark", "--width", "80")
    assert r.exit_code == 0, r.output
    assert "Brannoc attacks Gorm with Longsword (melee, at Mark, Slashing)" in r.output
    assert "attack: POW 3, Mark -3 = 0d (2d6 keep lowest)" in r.output
    assert fight.read_bytes() == before  # nothing journaled
    assert "Vigor" not in r.output.split("Hit (1+")[0]  # nothing paid


def test_the_odds_verb_refuses_like_the_attack(enc):
    fight = started(enc, "turn brannoc", "quit")
    r = invoke("do", fight, "odds knife-1 dodge")
    assert "Knife-1 is an enemy: it cannot Dodge" in one_line_error(r)
    r = invoke("do", fight, "odds")
    assert "missing target" in one_line_error(r)


def test_a_replay_script_shows_the_preview_and_goes_on(tmp_path):
    script = tmp_path / "odds.script"
    script.write_text("turn brannoc\nodds gorm at edge\nattack gorm\n", encoding="utf-8")
    r = invoke("replay", DEMO, script)
    assert r.exit_code == 0, r.output
    assert "attack: POW 3, Edge -2 = 1d" in r.output
    assert "Basic Attack (Longsword)" in r.output  # the attack after it was made


def test_the_odds_verb_at_the_prompt(enc):
    r = invoke("run", enc, "--seed", "1",
               input="turn wren\nodds knife-1 with rapier\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Wren attacks Knife-1 with Rapier" in r.output
    assert fight_of(enc).exists()


# --- refusals from FILE say which file, as `do` does --------------------------------------


def test_a_refused_attack_names_the_file_like_do(enc):
    # R11: Defeated is out of the fight
    fight = started(enc, "turn brannoc", "defeat gorm", "quit")
    line = one_line_error(invoke("odds", fight, "Gorm", "Wren"))
    assert line.startswith(f"{fight}: ") and "Gorm is out of the fight" in line
    assert one_line_error(invoke("odds", DEMO, "Gorm", "Zed")).startswith(f"{DEMO}: ")


def test_a_library_is_not_an_encounter_as_simulate_says():
    lib = ROOT / "encounters" / "library" / "bestiary.yaml"
    line = one_line_error(invoke("odds", lib, "A", "B"))
    assert line.startswith(f"{lib}: a library") and "not an encounter" in line
    assert "not an encounter" in one_line_error(invoke("simulate", lib, "-n", "2"))


@pytest.mark.parametrize(("option", "says"), [
    ("--weapon", "a weapon name is needed"),
    ("--at", "a hit location"),
    ("--type", "a damage type is needed"),
    ("--attr", "POW or AGI is needed"),
])
def test_an_empty_value_is_a_usage_mistake_not_the_default(option, says):
    r = invoke("odds", DEMO, "Gorm", "Wren", option, "")
    assert r.exit_code == 2, r.output
    assert says in r.output and option in r.output and "combatant" not in r.output



@pytest.mark.parametrize("line", ["odds brannoc gorm", "help", "status"])
def test_do_lines_that_only_show_start_no_fight(enc, line):
    # a preview changes nothing: `do ENCOUNTER "odds ..."` (or help, status) takes no
    # lock and leaves no fight file behind
    r = invoke("do", enc, line)
    assert r.exit_code == 0, r.output
    assert not fight_of(enc).exists()
    assert list(enc.parent.glob("*.fight.jsonl*")) == []


def test_tiers_that_go_down_are_a_usage_mistake():
    # R3: damage by net successes never goes down, as the encounter loader checks
    r = invoke("odds", "--dice", "3", "--tiers", "5/2")
    assert r.exit_code == 2 and "damage goes down at 1s (5 -> 2)" in r.output
