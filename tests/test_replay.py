"""`momenta replay`: scripted fights in encounters/ replayed exactly (ch18; design)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momenta_cli.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
ENC = ROOT / "encounters"
runner = CliRunner()


def replay(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["replay", *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def replay_json(name: str, seed: int = 1) -> dict:
    code, out, err = replay(str(ENC / f"{name}.yaml"), str(ENC / f"{name}.script"),
                            "--seed", str(seed), "--json")
    assert code == 0, err
    return json.loads(out)


def by_name(doc: dict) -> dict[str, dict]:
    return {c["name"]: c for c in doc["combatants"]}


SCRIPTS = sorted(p.stem for p in ENC.glob("*.script"))


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_shipped_script_replays_identically(name):
    # Scripts are written for the default seed; the same seed gives the same bytes.
    args = [str(ENC / f"{name}.yaml"), str(ENC / f"{name}.script"), "--seed", "1",
            "--width", "80", "--no-color"]
    first, second = replay(*args), replay(*args)
    assert first[0] == 0, first[2]
    assert first == second  # byte for byte


def test_json_has_the_documented_keys():
    doc = replay_json("mill-ambush")
    for key in ("round", "phase", "side_due", "active", "combat_over", "combatants", "log"):
        assert key in doc
    for key in ("name", "side", "vitality", "max_vitality", "guard", "max_guard", "vigor",
                "max_vigor", "strain", "max_strain", "resolve", "conditions", "turns_left",
                "defeated"):
        assert key in doc["combatants"][0]


def test_mill_ambush_surprised_allies_act_after_the_band():
    # ch18 Turn Order: every ally Surprised -> adversaries first; R12 Slowed phase.
    doc = replay_json("mill-ambush")
    started = [ev["name"] for entry in doc["log"] for ev in entry["events"]
               if ev["kind"] == "turn_started"]
    band = {"Captain Vessa", "Loft Lookout-1", "Loft Lookout-2", "Loft Lookout-3",
            "Sack Bruiser-1", "Sack Bruiser-2"}
    assert set(started[:6]) == band
    assert started[6:10] == ["Brannoc", "Tamsin", "Wren", "Miller Aldo"]
    c = by_name(doc)
    assert doc["round"] == 3 and doc["active"] == "Captain Vessa"
    assert c["Sack Bruiser-1"]["defeated"] and c["Loft Lookout-1"]["defeated"]
    assert c["Brannoc"]["vitality"] == 15 and c["Captain Vessa"]["vitality"] == 17
    assert all("Surprised" not in x["conditions"] for x in doc["combatants"])
    # The undone `next` is not in the log.
    assert sum(1 for e in doc["log"] if e["command"] == "next") == 7


def test_cult_shrine_boss_interleaves_and_independent_goes_last():
    # ch18 Taking Multiple Turns and Special cases (independents last).
    doc = replay_json("cult-shrine")
    started = [ev["name"] for entry in doc["log"] for ev in entry["events"]
               if ev["kind"] == "turn_started"]
    assert started[:7] == ["Brannoc", "The Cantor", "Sister Ilse", "Acolyte-2", "Tamsin",
                           "The Cantor", "Nave Leech"]
    c = by_name(doc)
    assert c["The Cantor"]["wounds"] == ["Impaired"]  # R10: 30 damage through a Wound slot
    assert c["Sister Ilse"]["strain"] == 4
    assert c["Acolyte-1"]["defeated"]


def test_a_bad_line_stops_with_script_line_and_exit_1(tmp_path):
    script = tmp_path / "bad.script"
    script.write_text("turn brannoc\n# fine\nturn vessa\n")
    code, out, err = replay(str(ENC / "mill-ambush.yaml"), str(script))
    assert code == 1
    assert f"{script}:1: " in err and "Slowed" in err


def test_unknown_command_is_reported_with_its_line(tmp_path):
    script = tmp_path / "bad.script"
    script.write_text("\n\nfrobnicate x\n")
    code, _, err = replay(str(ENC / "demo.yaml"), str(script))
    assert code == 1 and f"{script}:3: unknown command 'frobnicate'" in err


def test_seed_changes_only_the_dice(tmp_path):
    script = tmp_path / "s.script"
    script.write_text("turn\nend\n")
    a = replay(str(ENC / "demo.yaml"), str(script), "--seed", "1", "--json")
    b = replay(str(ENC / "demo.yaml"), str(script), "--seed", "2", "--json")
    assert json.loads(a[1])["combatants"] == json.loads(b[1])["combatants"]


def test_missing_script_is_one_line(tmp_path):
    code, _, err = replay(str(ENC / "demo.yaml"), str(tmp_path / "nope.script"))
    assert code == 1 and "cannot read" in err and len(err.strip().splitlines()) == 1


def test_demo_is_a_whole_fight_to_the_end():
    # The README quick start replays the demo: every adversary Defeated, combat over.
    doc = replay_json("demo")
    c = by_name(doc)
    assert doc["combat_over"] and doc["combat_may_end"] == "every adversary is Defeated"
    assert all(c[n]["defeated"] for n in ("Gorm", "Knife-1", "Knife-2"))
    kinds = {ev["kind"] for entry in doc["log"] for ev in entry["events"]}
    assert {"attack_rolled", "reaction_taken", "turn_started", "round_started"} <= kinds
    assert c["Wren"]["strain"] == 4  # the Surge: 2 Vigor for 4 Strain (ch19 Surge)


def test_duel_at_the_ford_melee_ranged_strain_deflect_brace_counter():
    # The duel's scripted fight: every die typed, so any seed gives the same document.
    doc = replay_json("duel-at-the-ford")
    assert doc == replay_json("duel-at-the-ford", seed=77)
    c = by_name(doc)
    events = [ev for entry in doc["log"] for ev in entry["events"]]
    reactions = [ev["reaction"] for ev in events if ev["kind"] == "reaction_taken"]
    assert {"Dodge", "Brace"} <= set(reactions)
    assert any(r.startswith("Deflect") for r in reactions)
    assert any(r.startswith("Counterattack") for r in reactions)
    # ch19 Counterattack: resolved first (Warden 20->9), then the sweep in full, halved
    # by Brace (ch19 Brace): 16 - 1 Guard = 15 -> 7 to Kira.
    rolled = [ev for ev in events if ev["kind"] == "attack_rolled"]
    i_counter = next(i for i, ev in enumerate(rolled) if ev["maneuver"] == "Counterattack")
    assert rolled[i_counter + 1]["weapon"] == "Glaive Sweep"
    # Strain attack (ch20): Indefensible, skips Guard: Oren 3 then 5 more Strain.
    assert c["Oren"]["strain"] == 8 and c["Oren"]["guard"] == 1
    # R10: 22 damage on 9 Vitality fills the Elite's one Wound slot, excess carried.
    assert c["The Warden"]["vitality"] == 13 and c["The Warden"]["wounds"] == ["Impaired"]
    assert c["The Warden"]["conditions"] == {"Impaired": 1, "Faltering": 1}
    assert c["Kira"]["vitality"] == 13 and doc["combat_over"]


def test_control_characters_in_names_are_refused_and_never_printed(tmp_path):
    # Names are text: an ESC in a name is refused at load with its position, and the
    # refusal itself prints no raw ESC (the renderers escape anyway: test_names_are_text).
    enc = tmp_path / "esc.yaml"
    enc.write_text('name: "Esc\\x1b[31mX"\ncombatants:\n'
                   '  - {name: "Hero\\x1b[31mX", side: allies}\n'
                   '  - {name: Foe, side: adversaries}\n', encoding="utf-8")
    script = tmp_path / "esc.script"
    script.write_text("turn hero\n", encoding="utf-8")
    code, out, err = replay(str(enc), str(script), "--no-color")
    assert code == 1 and out == ""
    assert "\x1b" not in err
    assert f"{enc}:3:12: combatants[0].name: may not hold control" in err
    assert "U+001B" in err
    shown = runner.invoke(app, ["show", str(enc), "--no-color"])
    assert shown.exit_code == 1 and "\x1b" not in shown.output
