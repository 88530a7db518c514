"""``momenta odds FILE A T``: the attacker-side refusals the attack makes, the
attack's situational options as flags, and the breakdown wrapped under itself at any
width.

Rules cited: R11 (Defeated), R18 (ranged penalties by distance), R19 (hit locations), R20
(cover, obscured), R21 (Range), ch19 Brace, condition table (Broken), docs/rulings.md
Tracker calls (a thrown weapon with a Piercing option is Piercing)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT, fight_of, invoke, one_line_error, started

pytestmark = pytest.mark.usefixtures("home")
DEMO = ROOT / "encounters" / "demo.yaml"
DUEL = ROOT / "encounters" / "duel-at-the-ford.yaml"


def _pool(*args: str) -> list:
    r = invoke("odds", DEMO, *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)["attack"]["pool"]


# --- what the attack refuses about the attacker --------------------------------


def test_a_broken_attacker_is_refused_like_the_attack(enc):
    # condition table: Broken allows only the free Move
    fight = started(enc, "turn brannoc", "cond brannoc broken", "quit")
    says = "Brannoc is Broken: only the free Move is allowed"
    assert says in one_line_error(invoke("do", fight, "attack gorm"))
    assert says in one_line_error(invoke("do", fight, "odds gorm"))
    assert says in one_line_error(invoke("odds", fight, "Brannoc", "Gorm"))


def test_a_defeated_attacker_is_refused_off_its_turn(enc):
    # R11: Defeated is out of the fight; asked on Brannoc's turn, about Gorm's attack
    fight = started(enc, "turn brannoc", "defeat gorm", "quit")
    assert "Gorm is out of the fight" in one_line_error(invoke("odds", fight, "Gorm", "Wren"))


def test_a_cost_is_stated_for_spells_only(enc):
    fight = started(enc, "turn brannoc", "quit")
    says = "only a spell's cost may be stated (cost N)"
    assert says in one_line_error(invoke("do", fight, "attack gorm cost 3"))
    assert says in one_line_error(invoke("do", fight, "odds gorm cost 3"))


def test_the_turn_and_the_vigor_are_not_asked(enc):
    # odds are wanted before one's turn: Gorm's attack on Brannoc's turn, and Brannoc's
    # attack with no Vigor left
    fight = started(enc, "turn brannoc", "set brannoc vigor 0", "quit")
    assert invoke("odds", fight, "Gorm", "Wren").exit_code == 0
    r = invoke("do", fight, "odds gorm")
    assert r.exit_code == 0, r.output
    assert "costs 2 Vigor" in one_line_error(invoke("do", fight, "attack gorm"))


# --- the situational options ----------------------------------------------------


def test_range_penalties_by_distance():
    # R18: Tamsin's SEN 14 is short of the Shortbow's Range 20: adjacent -1d, within SEN
    # nothing, beyond SEN -1d, beyond the maximum no attack
    assert _pool("Tamsin", "Gorm", "--dist", "1") == [["AGI", 3], ["adjacent", -1]]
    assert _pool("Tamsin", "Gorm", "--dist", "10") == [["AGI", 3]]
    assert _pool("Tamsin", "Gorm", "--dist", "16") == [["AGI", 3], ["beyond SEN", -1]]
    line = one_line_error(invoke("odds", DEMO, "Tamsin", "Gorm", "--dist", "25"))
    assert "Shortbow has Range 20; the target is 25 away" in line


def test_past_a_melee_reach_there_is_no_attack():
    line = one_line_error(invoke("odds", DEMO, "Gorm", "Wren", "--dist", "3"))
    assert "Cudgel reaches 1 square; the target is 3 away" in line


def test_obscured_takes_two_dice():
    # R20: an obscured target -2d
    assert _pool("Tamsin", "Gorm", "--obscured") == [["AGI", 3], ["obscured", -2]]


def test_cover_refuses_mass_for_a_ranged_attack():
    # R20: in cover, a ranged attack may not aim at Mass; melee ignores cover
    line = one_line_error(invoke("odds", DEMO, "Tamsin", "Gorm", "--cover"))
    assert "Gorm is in cover: a ranged attack must aim at" in line
    assert _pool("Tamsin", "Gorm", "--cover", "--at", "edge") == [["AGI", 3], ["Edge", -2]]
    assert _pool("Gorm", "Wren", "--cover") == [["pool", 3]]


def test_thrown_type_attribute_and_the_gms_dice():
    # the attack's 'thrown', 'as TYPE', 'using ATTR' and '+1d'
    doc = json.loads(invoke("odds", DEMO, "Tamsin", "Gorm", "--weapon", "dagger",
                            "--thrown", "--dist", "3", "--json").output)
    assert doc["attack"]["mode"] == "ranged" and doc["attack"]["types"] == ["Piercing"]
    line = one_line_error(invoke("odds", DEMO, "Tamsin", "Gorm", "--weapon", "dagger",
                                 "--thrown", "--type", "slashing"))
    assert "a thrown Dagger is Piercing" in line
    doc = json.loads(invoke("odds", DEMO, "Tamsin", "Gorm", "--weapon", "dagger", "--attr",
                            "pow", "--type", "slashing", "--json").output)
    assert doc["attack"]["pool"] == [["POW", 1]] and doc["attack"]["types"] == ["Slashing"]
    assert _pool("Tamsin", "Gorm", "--plus", "1") == [["AGI", 3], ["GM", 1]]
    assert _pool("Tamsin", "Gorm", "--plus", "-2") == [["AGI", 3], ["GM", -2]]
    assert "Cudgel has no Range" in one_line_error(invoke("odds", DEMO, "Gorm", "Wren",
                                                          "--thrown"))


def test_the_file_flags_match_the_verb(enc):
    # the same Attack fields: the flags and the verb's words give the same pools
    r = invoke("do", enc, "turn tamsin", "odds gorm dist 16 obscured +1d", "--width", "80")
    assert "attack: AGI 3, beyond SEN -1, obscured -2, GM +1 = 1d" in r.output
    r = invoke("odds", DEMO, "Tamsin", "Gorm", "--dist", "16", "--obscured", "--plus", "1",
               "--width", "80")
    assert "attack: AGI 3, beyond SEN -1, obscured -2, GM +1 = 1d" in r.output


def test_situational_flags_need_a_file():
    r = invoke("odds", "--dice", "3", "--dist", "4")
    assert r.exit_code == 2 and "--dist needs FILE ATTACKER TARGET" in r.output
    assert invoke("odds", "--dice", "3", "--cover", "--plus", "1").exit_code == 2


# --- the breakdown wraps under itself ---------------------------------------------------


@pytest.mark.parametrize("width", [80, 60, 50])
def test_the_breakdown_wraps_with_a_hanging_indent_and_names_whole(width):
    r = invoke("odds", DUEL, "Kira", "The Warden", "--defend=Haft Block", "--at", "edge",
               "--width", str(width))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    head = lines[:lines.index(next(x for x in lines if x.lstrip().startswith("Net")
                                   or x.strip() == "To"))]
    assert all(len(x) <= width for x in head)
    assert any("The Warden" in x for x in head)  # never "The" / "Warden"
    assert not any(x.rstrip().endswith("The") for x in head)
    assert any(x.startswith("  defense: Haft Block") for x in head)
    for x in head[1:]:
        assert x.startswith("  "), x  # a continuation hangs under its line
    slots = [x for x in head if "Wound slot(s) free" in x]
    assert slots and "1 Wound slot(s) free" in slots[0]


def test_the_header_says_brace_leaves_the_target_broken():
    # ch19 Brace: a resistance to the attack, then the target is Broken
    r = invoke("odds", DEMO, "Gorm", "Wren", "--brace", "--width", "80")
    assert "then Broken" in r.output


# --- an odds-only `do` reads, and writes nothing ------------------------------------


def test_do_odds_on_an_encounter_leaves_no_fight_behind(enc):
    r = invoke("do", enc, "odds brannoc gorm at mark", "--width", "80")
    assert r.exit_code == 0, r.output
    assert "Brannoc attacks Gorm with Longsword (melee, at Mark, Slashing)" in r.output
    assert not fight_of(enc).exists() and "new fight" not in r.output
    # a refused preview is one line, and still no file
    assert "no turn is running" in one_line_error(invoke("do", enc, "odds gorm"))
    assert not fight_of(enc).exists()
    # a line that changes the fight starts it as before
    assert invoke("do", enc, "turn brannoc", "odds gorm").exit_code == 0
    assert fight_of(enc).exists()


@pytest.mark.slow  # waits out the lock
def test_do_odds_reads_a_fight_open_at_a_prompt(enc):
    from momenta_cli.journal import locked

    fight = started(enc, "turn brannoc", "dmg gorm 15", "quit")
    before = fight.read_bytes()
    with locked(fight):  # what `momenta run` holds while its prompt is open
        r = invoke("do", fight, "odds gorm", "--width", "80")
        assert r.exit_code == 0, r.output
        assert "Vitality 7/22" in r.output  # the fight's state now
        r = invoke("do", fight, "odds gorm", "dmg gorm 1")  # a writer still waits
        assert "is open in another momenta session" in one_line_error(r)
    assert fight.read_bytes() == before


# --- conditions the GM applies by hand: a note, as the attack's log reminds --------------


def test_made_up_and_frightened_conditions_are_noted_not_counted(enc):
    # condition table: Frightened's effect is the GM's; one made up at the table has none
    fight = started(enc, "turn brannoc", "cond gorm soaked new", "cond wren frightened",
                    "quit")
    r = invoke("odds", fight, "Gorm", "Wren", "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    notes = [x for x in r.output.splitlines() if x.startswith("  note: ")]
    assert notes[0] == "  note: Gorm: Soaked (not counted in these odds)"
    assert notes[1].startswith("  note: Wren: Frightened: ") and len(notes) == 2
    doc = json.loads(invoke("odds", fight, "Gorm", "Wren", "--json").output)
    assert doc["attack"]["notes"][0] == "Gorm: Soaked"
    assert doc["attack"]["notes"][1].startswith("Wren: Frightened")
    # the verb at the prompt shows the same preview
    assert "note: Gorm: Soaked" in invoke("do", fight, "odds gorm wren").output


def test_a_condition_the_encounter_defines_is_noted_with_its_effect(enc):
    enc = enc.with_name("mill-ambush.yaml")  # its libraries beside it
    fight = started(enc, "cond brannoc floured", "quit")
    doc = json.loads(invoke("odds", fight, "Brannoc", "Captain Vessa", "--json").output)
    assert doc["attack"]["notes"] == ["Brannoc: Floured: flour in the eyes: -1d per stack "
                                      "on ranged attacks"]


def test_no_note_for_conditions_the_tracker_applies(enc):
    fight = started(enc, "turn brannoc", "cond gorm hindered", "quit")
    r = invoke("odds", fight, "Gorm", "Wren", "--width", "80")
    assert r.exit_code == 0 and "note:" not in r.output
    assert json.loads(invoke("odds", DEMO, "Gorm", "Wren", "--json").output
                      )["attack"]["notes"] == []
