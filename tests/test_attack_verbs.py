"""The attack verbs (parsing), their log lines, their journal round trip, and a hypothesis
property over random attacks and reactions (ch19, ch20, R24, R27)."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from momenta_cli.cli.app import app
from momenta_cli.engine.attack import Attack
from momenta_cli.engine.core import SeededRoller, Typed, event_from_dict
from momenta_cli.engine.core.session import replay
from momenta_cli.engine.turns import zipper
from momenta_cli.errors import CommandError
from momenta_cli.language import parse_line
from momenta_cli.render import event_lines
from tests.attack_yard import yard
from tests.engine_helpers import check_bounds, drive, log_text, run

# --- parsing ------------------------------------------------------------------------------


def test_one_name_is_the_target_of_the_running_turns_fighter():
    cmd = parse_line("attack gorm")
    assert cmd == Attack(None, "gorm")


def test_every_option_lands_in_its_field():
    cmd = parse_line("atk kira gorm with great maul at edge as crushing using pow dist 1 "
                     "cover obscured -1d +2d roll 5,6,1 dodge def 2s brace")
    assert cmd == Attack("kira", "gorm", weapon="great maul", location="edge",
                         damage_type="crushing", attribute="pow", distance=1, cover=True,
                         obscured=True, dice=1, typed=Typed(faces=(5, 6, 1)),
                         defense="dodge", defense_typed=Typed(successes=2), brace=True)


def test_key_value_forms_and_named_defenses():
    cmd = parse_line("attack gorm roll=2s deflect=buckler def=5,1 cost=0 thrown adjacent")
    assert (cmd.typed, cmd.defense, cmd.defense_with, cmd.cost, cmd.ranged, cmd.distance) \
        == (Typed(successes=2), "deflect", "buckler", 0, True, 1)


def test_words_after_counter_describe_the_counterattack():
    # R27: the target's Counterattack, declared with the attack, has its own options.
    cmd = parse_line("attack gorm wren roll 5 counter with rapier at mark defend counter")
    assert cmd.typed == Typed(faces=(5,))
    c = cmd.counter
    assert (c.maneuver, c.weapon, c.location, c.defense) == ("Counterattack", "rapier",
                                                             "mark", "defend")
    assert c.counter is not None and c.counter.maneuver == "Counterattack"


def test_the_maneuver_verbs():
    assert parse_line("feint gorm").maneuver == "Feint"
    assert parse_line("grab kira gorm").maneuver == "Grab"
    assert parse_line("shove gorm").maneuver == "Shove"
    assert parse_line("intercept wren gorm").maneuver == "Intercept"
    assert parse_line("forestall wren gorm with spear").weapon == "spear"


@pytest.mark.parametrize("line, words", [
    ("attack", "missing target"),
    ("attack a b c", "ATTACKER"),
    ("attack gorm with", "needs a value"),
    ("attack gorm dodge deflect", "twice"),
    ("attack gorm dist 0", "1 or more"),
    ("attack gorm dist far", "whole number"),
    ("attack gorm roll=x", "faces"),
    ("attack gorm cost -1", "0 or more"),
    ("attack gorm dodge sideways", "unexpected"),
    ("attack gorm at", "needs a value"),
    ("attack gorm +99999999d", "more than 20"),
])
def test_bad_attack_lines_say_what_is_wrong(line, words):
    with pytest.raises(CommandError) as err:
        parse_line(line)
    assert words.lower() in str(err.value).lower() and "usage: " in str(err.value)


# --- log lines --------------------------------------------------------------------------


def test_log_lines_of_an_attack_with_a_deflect_and_a_brace():
    # One compact entry per attack with its whole breakdown; the
    # reactions declared for it come first, its consequences after.
    s = yard()
    run(s, "turn kira", "end", "turn gorm", "attack wren at edge deflect brace",
        faces=[5, 6, 2])
    assert log_text(s)[-6:] == [
        "Gorm: Basic Attack (Cudgel) (free)",
        "Wren reacts: Deflect (Buckler) (1 Vigor: 7->6)",
        "Wren reacts: Brace (free)",
        "Wren gains Broken 1 from Brace",
        "Gorm -> Wren (Edge): Cudgel (Crushing) pool 3, Edge -2 = 1d [5] 1s "
        "vs Deflect (Buckler) POW 0d (2d6 keep lowest) [6,2] 0s = 1s -> 6 dmg; "
        "Guard 1->0; halved (Brace); 2 to Vitality (Vitality 19->17)",
        "Wren gains Hindered 1 from Gorm",
    ]
    # The separate lines still exist for each event (JSON and exports use them).
    from momenta_cli.render.log_lines import line

    dmg = [e for e in s.entries[-1].events if e.kind == "attack_damage"][0]
    assert line(dmg) == "Wren: 6 damage, Guard soaks 1, halved (Brace), 2 to Vitality"


def test_log_lines_of_a_grunt_a_strain_attack_and_a_failed_feint():
    s = yard()
    run(s, "turn kira", "attack vessa with mind roll 1s", "feint vessa with awl roll 0s",
        faces=[])
    text = log_text(s)
    assert "Kira -> Vessa: Mind Spike (Psychic) INS 2d (typed) 1s = 1s -> 4 Strain " \
        "(Strain 0->4)" in text
    assert text[-1] == "Kira feints at Vessa with Awl (Piercing): POW 3d (typed) 0s " \
        "-> net 0s, no Vulnerable"
    run(s, "end", "turn footpad", "attack kira", faces=[])
    assert "Footpad -> Kira: Shiv (Piercing) 1s (Grunt: no roll) = 1s -> 4 dmg; " \
        "Guard 2->0; 2 to Vitality (Vitality 21->19)" in log_text(s)


def test_log_lines_render_names_literally_in_rich():
    # Rendering is built from Text, so a name like [bold] stays literal.
    s = yard()
    run(s, "turn kira", "attack gorm", faces=[5, 1, 2])
    out = io.StringIO()
    Console(width=80, file=out, color_system=None).print(
        Text("\n".join(event_lines(s.entries[-1].events))))
    assert "Kira -> Gorm: Longsword (Slashing) POW 3d [5,1,2] 1s = 1s -> 6 dmg" \
        in out.getvalue()


# --- journal and replay ---------------------------------------------------------------------


def test_attack_events_survive_a_json_round_trip_and_replay():
    # Dice live in the events, so a journal read back and replayed never rolls.
    s = yard()
    run(s, "turn kira", "attack vessa at edge defend", "grab vessa",
        "end", "turn gorm", "attack wren counter with rapier",
        "attack wren deflect=buckler brace", roller=SeededRoller(4))
    for entry in s.entries:
        for ev in entry.events:
            back = event_from_dict(json.loads(json.dumps(ev.to_dict())))
            assert back == ev, ev.kind
    assert replay(s.initial, s.entries) == s.state


def test_undo_takes_back_a_whole_attack():
    # Session undo replays the journal: the attack's Vigor, damage and Hindered all go.
    s = yard()
    run(s, "turn kira")
    before = s.state.clone()
    run(s, "attack gorm at edge", faces=[6])
    run(s, "undo")
    assert s.state == before


def test_replay_command_runs_a_script_of_attacks(tmp_path):
    from tests.attack_yard import ENCOUNTER

    enc = tmp_path / "yard.yaml"
    enc.write_text(ENCOUNTER, encoding="utf-8")
    script = tmp_path / "fight.script"
    script.write_text("turn kira\nattack gorm at edge roll 5\nend\nturn gorm\n"
                      "attack wren dodge roll 2s def 1s\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(enc), str(script), "--width", "120"])
    assert result.exit_code == 0, result.output
    assert "Kira -> Gorm (Edge): Longsword (Slashing) POW 3, Edge -2 = 1d [5] 1s" \
        in result.output
    assert "Wren reacts: Dodge (2 Vigor: 7->5)" in result.output


# --- property ------------------------------------------------------------------------------

NAMES = ["Kira", "Wren", "Gorm", "Vessa", "Footpad"]
OPTIONS = ["", "at edge", "at mark", "with dagger thrown dist 3", "with shortbow dist 15",
           "with maul", "with awl", "with mind", "with firebolt", "with lash dist 2",
           "with spear", "cover", "obscured", "+1d", "-2d", "roll 2s", "roll 0s"]
REACTIONS = ["", "", "dodge", "deflect", "deflect=buckler", "defend", "brace", "dodge brace",
             "counter", "counter with spear", "counter defend", "def 1s"]
VERBS = ["attack", "attack", "attack", "feint", "grab", "shove"]
GM = [f"cond {n} {c}" for n in NAMES for c in ("Hindered", "Vulnerable +2", "Hidden",
                                                "Impaired", "Broken", "Surprised")]
GM += [f"set {n} vigor 1" for n in NAMES[:2]] + ["undo", "redo"]


def _line(data: st.DataObject, fight) -> str:
    kind = data.draw(st.sampled_from(["flow", "attack", "attack", "attack", "react", "gm"]))
    if kind == "flow" or (fight.active is None and kind == "attack"):
        return data.draw(st.sampled_from(
            ["next", "next", "end"] + [f"turn {f.name}" for f in zipper.may_act(fight)]))
    if kind == "gm":
        return data.draw(st.sampled_from(GM))
    target = data.draw(st.sampled_from([n for n in NAMES if n != fight.active]))
    verb = data.draw(st.sampled_from(VERBS))
    plain = verb in ("grab", "shove") or data.draw(st.booleans())
    options = "" if plain else data.draw(st.sampled_from(OPTIONS))
    options += " " + data.draw(st.sampled_from(REACTIONS))
    if kind == "react":
        who = data.draw(st.sampled_from(NAMES))
        verb = data.draw(st.sampled_from(["intercept", "forestall"]))
        return f"{verb} {who} {target} {options}"
    return f"{verb} {target} {options}"


@pytest.mark.slow  # property
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**16))
def test_random_attacks_keep_resources_in_bounds_and_refusals_change_nothing(data, seed):
    # R24, R27 and every lockout: a refused command changes nothing at all.
    def check(fight) -> None:
        check_bounds(fight)
        for f in fight.fighters.values():
            assert all(f.defense_uses.get(d.name, 0) <= d.uses for d in f.spec.defenses)
            assert len(f.deflected) == len(set(f.deflected)), f.name

    drive(yard(), lambda state: _line(data, state), data.draw(st.integers(10, 60)),
          SeededRoller(seed), check)


def test_for_adds_area_targets_with_only_their_reactions():
    # R22: each further target of an Area attack declares its own reactions.
    cmd = parse_line("attack kira gorm with firebomb dodge for wren brace for vessa defend")
    assert [(x.target, x.defense, x.brace) for x in cmd.also] == [
        ("wren", None, True), ("vessa", "defend", False)]
    with pytest.raises(CommandError, match="only that target's reactions"):
        parse_line("attack gorm with firebomb for wren at edge")
    with pytest.raises(CommandError, match="needs the name"):
        parse_line("attack gorm with firebomb for")
