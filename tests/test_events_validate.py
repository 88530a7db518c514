"""Issue 27, Must show: ``momenta validate`` checks every scheduled event: a line that is
no command, a combatant the encounter has not and a square off its map are each located
at FILE:LINE:COL, exit 1; the shipped encounters with events validate, and the JSON
Schema describes ``events:`` (docs/encounter-format.md, Events)."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")

BAD = """\
name: Bad events
include: [library/bestiary.yaml]
map:
  rows: |
    ......
    ..B.G.
    ......
combatants:
  - {name: Brannoc, side: allies, max_vitality: 20, mark: B}
  - {name: Gorm, stat_block: Hedge Bruiser, mark: G}
events:
  - name: one
    when: {round: 2}
    do:
      - heal gorm 5
      - atack brannoc
  - name: two
    when: {defeated: Gorn}
    do: [note x]
  - name: three
    when: {enters: [B2, Z9]}
    do: [note y]
"""


def test_a_bad_line_an_unknown_combatant_and_a_square_off_the_map_each_located(tmp_path):
    shutil.copytree(ROOT / "encounters" / "library", tmp_path / "library")
    path = tmp_path / "bad.yaml"
    path.write_text(BAD)
    r = invoke("validate", path)
    assert r.exit_code == 1
    lines = r.output.splitlines()
    assert lines == [
        f"{path}:16:9: events[0].do[1]: 'atack brannoc': unknown command 'atack': did "
        "you mean attack? (try: help)",
        f"{path}:18:22: events[1].when.defeated: unknown combatant 'Gorn' (did you mean "
        "'Gorm'?)",
        f"{path}:21:25: events[2].when.enters[1]: Z9 is off the map (A1 to F3)",
    ]


def test_a_line_naming_nobody_and_a_session_line_are_problems_too(tmp_path):
    shutil.copytree(ROOT / "encounters" / "library", tmp_path / "library")
    path = tmp_path / "bad.yaml"
    path.write_text(BAD.replace("Gorn", "Gorm").replace("Z9", "C3")
                    .replace("note y", "heal nobody 3").replace("heal gorm 5", "undo"))
    r = invoke("validate", path)
    assert r.exit_code == 1
    assert f"{path}:15:9: events[0].do[0]: 'undo': an event runs commands" in r.output
    assert f"{path}:22:10: events[2].do[0]: 'heal nobody 3': no combatant called " \
           "'nobody'" in r.output


def test_the_shipped_encounters_with_events_validate_and_the_schema_has_them():
    r = invoke("validate", *(ROOT / "encounters" / f"{n}.yaml" for n in (
        "toll-house", "campaign-cellar", "campaign-stair")))
    assert r.exit_code == 0, r.output
    schema = json.loads((ROOT / "docs" / "encounter.schema.json").read_text())
    text = json.dumps(schema)
    assert '"events"' in text and '"half_vitality"' in text and '"party"' in text


def test_a_party_file_validates_on_its_own_for_its_shape(tmp_path):
    r = invoke("validate", ROOT / "encounters" / "parties" / "campaign-party.yaml")
    assert r.exit_code == 0 and "(a party file: 2 allies)" in r.output
    bad = tmp_path / "party.yaml"
    bad.write_text("party:\n  - name: Kira\n    strain: lots\n")
    r = invoke("validate", bad)
    assert r.exit_code == 1
    assert f"{bad}:3:13: party[0].strain:" in r.output


def _toll_house_with(tmp_path, line: str):
    """toll-house.yaml, copied, with ``line`` added to the gate event's ``do:``: the
    path, and the FILE:LINE:COL where the line stands."""
    shutil.copytree(ROOT / "encounters" / "library", tmp_path / "library")
    text = (ROOT / "encounters" / "toll-house.yaml").read_text()
    old = "      - door l3 open\n"
    assert text.count(old) == 1
    text = text.replace(old, f"{old}      - {line}\n")
    path = tmp_path / "toll-house.yaml"
    path.write_text(text)
    n = text.splitlines().index(f"      - {line}") + 1
    return path, f"{path}:{n}:9: events[4].do[1]: '{line}': "


@pytest.mark.parametrize(("line", "why"), [
    ("add footpad as Wallman x2 at z9", "Z9 is off the map"),
    ("place gorm z3", "Z3 is off the map"),
    ("turn zed", "no combatant called 'zed'"),
    ("move zed to c3", "no combatant called 'zed'"),
    ("cond captain nosuchcond", "unknown condition 'nosuchcond'"),
    ("attack brannoc with nosuchweapon", "no weapon 'nosuchweapon'"),
    ("attack gorm brannoc with longsword", "Gorm has no weapon 'longsword'"),
    ("door c3 open", "C3 is not a door"),
    # the reinforcements event's `add footpad as Wallman x2` makes Wallman-1 and -2 only
    ("strain wallman-3 1", "no combatant called 'wallman-3'"),
])
def test_every_name_square_condition_and_weapon_of_an_event_line_is_checked(
        tmp_path, line, why):
    path, at = _toll_house_with(tmp_path, line)
    r = invoke("validate", path)
    assert r.exit_code == 1, r.output
    assert len(r.output.splitlines()) == 1, r.output
    assert r.output.startswith(at + why), r.output


@pytest.mark.parametrize("line", [
    "strain wallman-2 1",  # made by the reinforcements' add
    "turn gorm",  # whose turn it may be is the moment's
    "attack brannoc with cudgel",  # Gorm's (whoever's turn it is then)
    "attack brannoc gorm with longsword",
    "move gorm to c3",
    "cond tamsin hindered +1 from gorm",
    "door l3 close",
])
def test_a_line_that_only_the_moment_may_refuse_validates(tmp_path, line):
    path, _ = _toll_house_with(tmp_path, line)
    r = invoke("validate", path)
    assert r.exit_code == 0, r.output


def test_an_event_name_or_round_that_does_not_match_is_worded_not_a_pattern(tmp_path):
    """docs/encounter-format.md, Events: an event's name is one word (the GM types
    ``event NAME``) and a round is a number, ``every`` or ``N+``; a mismatch says so,
    never that "a name needs a visible character" nor pydantic's regular expression."""
    enc = tmp_path / "words.yaml"
    enc.write_text("name: Words\ncombatants:\n  - {name: Gorm, side: adversaries, "
                   "threat: Regular, max_vitality: 20}\nevents:\n"
                   "  - {name: two words, when: {round: evry}, do: [note x]}\n")
    r = invoke("validate", enc)
    assert r.exit_code == 1
    assert f"{enc}:5:12: events[0].name: should be one word of letters, digits, - and _ " \
        "(the GM types 'event NAME')" in r.output
    assert f"{enc}:5:37: events[0].when.round: should be a round number, 'every' or 'N+' " \
        "(every round from N on)" in r.output
    assert "visible character" not in r.output and "^" not in r.output
