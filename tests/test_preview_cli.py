"""``?`` from the shell, the prompt and replay scripts (issue 12 item 1): ``momenta do
FIGHT "attack gorm with mace ?"`` exits 0 and leaves the fight file byte-identical (no
lock needed), a refused command previews as "not allowed: ..." with exit 0, a line that
does not parse exits 1; at the prompt nothing is journaled; in a script the preview is
shown and the replay goes on with the fight's dice untouched. The drawing at 80
columns.

Rules cited: ch19 Reactions (Dodge, Deflect, Counterattack, Brace), R2, R7, R27."""

from __future__ import annotations

import json

import pytest

from momenta_cli.journal import locked
from tests.conftest import fight_of, invoke, one_line_error, started

pytestmark = pytest.mark.usefixtures("home")


def test_do_previews_and_leaves_the_fight_byte_identical(enc):
    fight = started(enc, "turn brannoc", "quit")
    before = fight.read_bytes()
    r = invoke("do", fight, "attack gorm with longsword ?", "--width", "80")
    assert r.exit_code == 0, r.output
    assert "attack: POW 3d" in r.output and "2 Vigor from Brannoc" in r.output
    assert fight.read_bytes() == before


def test_do_previews_a_refused_command_with_exit_0(enc):
    fight = started(enc, "turn brannoc", "quit")
    before = fight.read_bytes()
    r = invoke("do", fight, "attack gorm with mace ?", "--width", "80")
    assert r.exit_code == 0, r.output
    assert "not allowed: Brannoc has no weapon 'mace'" in r.output
    assert fight.read_bytes() == before


def test_do_refuses_a_line_that_does_not_parse(enc):
    fight = started(enc, "turn brannoc", "quit")
    before = fight.read_bytes()
    line = one_line_error(invoke("do", fight, "attack ?"))
    assert "missing target" in line
    assert "a quote is not closed" in one_line_error(invoke("do", fight, 'attack "gorm ?'))
    assert fight.read_bytes() == before


def test_previews_need_no_lock_and_start_no_fight(enc):
    # a fight open at a prompt holds the lock: previews read it all the same
    fight = started(enc, "turn brannoc", "quit")
    before = fight.read_bytes()
    with locked(fight):
        r = invoke("do", fight, "attack gorm ?", "undo ?", "next ?")
        assert r.exit_code == 0, r.output
        assert "would take back 'turn brannoc'" in r.output
    assert fight.read_bytes() == before
    fresh = enc.with_name("fresh.yaml")
    fresh.write_bytes(enc.read_bytes())
    r = invoke("do", fresh, "turn brannoc ?")
    assert r.exit_code == 0 and "Brannoc's turn" in r.output
    assert not fight_of(fresh).exists()


def test_a_preview_between_commands_of_do_is_not_saved(enc):
    fight = started(enc, "quit")
    r = invoke("do", fight, "turn brannoc", "attack gorm ?", "undo ?", "-q")
    assert r.exit_code == 0, r.output
    assert "would take back 'turn brannoc'" in r.output
    records = [json.loads(x) for x in fight.read_text().splitlines()[1:]]
    assert [x["cmd"] for x in records] == ["turn brannoc"]


def test_at_the_prompt_a_preview_is_shown_and_not_journaled(enc):
    r = invoke("run", enc, "--seed", "1",
               input="turn wren\nattack knife-1 with rapier ?\nquit ?\nstatus\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Wren attacks Knife-1 with Rapier" in r.output
    assert "would leave" in r.output and "Round 1" in r.output  # quit ? did not leave
    records = [json.loads(x) for x in fight_of(enc).read_text().splitlines()[1:]]
    assert [x["cmd"] for x in records] == ["turn wren"]


def test_a_script_previews_and_goes_on_with_the_same_dice(enc, tmp_path):
    plain = tmp_path / "plain.script"
    plain.write_text("turn brannoc\nattack gorm\nend\n", encoding="utf-8")
    looked = tmp_path / "looked.script"
    looked.write_text("turn brannoc\nattack gorm ?\nhide ?\nattack gorm with mace ?\n"
                      "attack gorm\ndmg brannoc 40 ?\nend\n", encoding="utf-8")
    r = invoke("replay", enc, looked, "--width", "80")
    assert r.exit_code == 0, r.output
    assert "? attack gorm (a preview" in r.output and "not allowed:" in r.output
    a = invoke("replay", enc, plain, "--json", "--seed", "7")
    b = invoke("replay", enc, looked, "--json", "--seed", "7")
    assert a.exit_code == b.exit_code == 0
    assert json.loads(a.output)["combatants"] == json.loads(b.output)["combatants"]
    assert json.loads(a.output)["log"] == json.loads(b.output)["log"]


# --- the drawing -----------------------------------------------------------------------------


def test_an_attack_preview_fits_80_columns(enc):
    # Gorm's Cudgel at Brannoc: his Dodge, Deflects, Counterattacks and Brace are offered
    fight = started(enc, "turn brannoc", "end", "turn gorm", "quit")
    r = invoke("do", fight, "attack brannoc with cudgel ?", "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    out = r.output.splitlines()
    assert all(len(x) <= 80 for x in out), out
    assert out[0] == "? attack brannoc with cudgel (a preview: nothing is done or saved)"
    assert "  allowed; cost: Gorm's one maneuver this turn (R7)" in out
    assert "      dodge: AGI 1d, 2 Vigor" in out
    assert '      deflect="Heater Shield": POW 3d, 1 Vigor' in out
    assert "      counter with Longsword: POW 3d, 2 Vigor" in out
    assert any("brace when damage is about to reach it" in x for x in out)
    assert "      0: 2->0 · 1: 6->4 · 2: 11->9 · 3: 17->15" in out
    assert any(x.startswith("    odds: hit ") for x in out)


def test_a_long_refusal_wraps_under_itself_at_80_columns(enc):
    fight = started(enc, "turn brannoc", "quit")
    r = invoke("do", fight, "attack gorm with mace ?", "--width", "80", "--no-color")
    out = r.output.splitlines()
    assert all(len(x) <= 80 for x in out), out
    assert out[1].startswith("  not allowed: ") and out[2].startswith("      ")


def test_do_previews_too_few_pinned_dice_as_the_line_is_refused(enc):
    fight = started(enc, "turn brannoc", "quit")
    before = fight.read_bytes()
    real = one_line_error(invoke("do", fight, "attack gorm with longsword dice 5"))
    why = real.split("': ", 1)[1].removesuffix(" (nothing changed)")
    assert why.startswith("dice 5: the command rolls more dice than the 1 given")
    r = invoke("do", fight, "attack gorm with longsword dice 5 ?", "--width", "200",
               "--no-color")
    assert r.exit_code == 0, r.output
    assert f"  not allowed: {why}" in r.output.splitlines()
    assert fight.read_bytes() == before


def test_an_enemy_without_a_scripted_defense_that_applies_is_said_so(enc):
    """R7: an enemy declares no reactions, only its scripted defenses; Gorm has none,
    so the preview says no scripted defense applies, not that it may declare none."""
    r = invoke("do", enc, "turn brannoc", "attack gorm with longsword ?")
    assert r.exit_code == 0, r.output
    flat = " ".join(r.output.split())
    assert "Gorm: no scripted defense applies (an enemy takes no reactions, R7)" in flat
    assert "may declare no reaction" not in flat
