"""Encounter files, friendlier (issue 26 item 15; docs/encounter-format.md): ``hp:`` and
``hit_points:`` name ``max_vitality``; a misspelt include gets a did-you-mean and no
cascade of knock-on unknown names; ``threat:`` and ``side:`` take any case; the format
doc lists every weapon flag, ``Spell`` and ``Touch`` among them. Checked through
``momenta validate`` (and ``show``)."""

from __future__ import annotations

import re
import shutil

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import FLAG_TAGS
from tests.conftest import ROOT, invoke

pytestmark = pytest.mark.usefixtures("home")


def _write(tmp_path, text: str):
    path = tmp_path / "enc.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("key", ["hp", "hit_points", "max_vitality"])
def test_hp_and_hit_points_are_max_vitality(tmp_path, key):
    enc = _write(tmp_path, f"""
name: Aliases
combatants:
  - {{name: Kira, side: allies, {key}: 17}}
""")
    r = invoke("validate", enc)
    assert r.exit_code == 0, r.output
    assert load_encounter(enc).combatants[0].max_vitality == 17


def test_a_combatants_hp_replaces_its_stat_blocks_max_vitality(tmp_path):
    enc = _write(tmp_path, """
name: Aliases
stat_blocks:
  - {name: Brute, side: adversaries, threat: Regular, max_vitality: 30}
combatants:
  - {name: Gorm, stat_block: Brute, hp: 12}
  - {name: Tusk, stat_block: Brute}
""")
    r = invoke("validate", enc)
    assert r.exit_code == 0, r.output
    gorm, tusk = load_encounter(enc).combatants
    assert (gorm.max_vitality, tusk.max_vitality) == (12, 30)


def test_two_names_of_max_vitality_in_one_mapping_is_an_error(tmp_path):
    enc = _write(tmp_path, """
name: Aliases
combatants:
  - {name: Kira, side: allies, max_vitality: 20, hp: 21}
""")
    r = invoke("validate", enc)
    assert r.exit_code == 1
    assert "max_vitality and hp both give max_vitality: keep one" in r.output


def test_a_misspelt_include_gets_a_did_you_mean_and_no_knock_on_errors(tmp_path):
    """The demo with `library/armory.yaml` and `libary/bestiary.yaml`: one line per
    include, each naming the file meant, and no "unknown weapon" or "unknown stat block"
    for the names those files define."""
    shutil.copytree(ROOT / "encounters" / "library", tmp_path / "library")
    text = (ROOT / "encounters" / "demo.yaml").read_text()
    text = text.replace("library/armoury.yaml", "library/armory.yaml")
    text = text.replace("library/bestiary.yaml", "libary/bestiary.yaml")
    enc = tmp_path / "demo.yaml"
    enc.write_text(text)
    r = invoke("validate", enc)
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 2, r.output
    assert "cannot include 'library/armory.yaml': no such file (did you mean " \
        "'library/armoury.yaml'?)" in lines[0]
    assert "(did you mean 'library/bestiary.yaml'?)" in lines[1]
    assert "the names it defines are not checked until it is read" in lines[1]
    assert "unknown" not in r.output


def test_an_include_with_nothing_near_it_gets_no_suggestion(tmp_path):
    enc = _write(tmp_path, """
name: Lost
include: [nothing/like/it.yaml]
combatants:
  - {name: Kira, side: allies, weapons: [Longsword]}
""")
    r = invoke("validate", enc)
    assert r.exit_code == 1
    assert "did you mean" not in r.output and "unknown weapon" not in r.output


def test_an_unknown_name_is_still_reported_when_every_include_is_read(tmp_path):
    enc = _write(tmp_path, """
name: Found
combatants:
  - {name: Kira, side: allies, weapons: [Longswrod]}
""")
    r = invoke("validate", enc)
    assert r.exit_code == 1 and "unknown weapon 'Longswrod'" in r.output


def test_threat_and_side_take_any_case(tmp_path):
    enc = _write(tmp_path, """
name: Cases
combatants:
  - {name: Kira, side: Allies}
  - {name: Gorm, side: ADVERSARIES, threat: elite}
""")
    r = invoke("validate", enc)
    assert r.exit_code == 0, r.output
    kira, gorm = load_encounter(enc).combatants
    assert (kira.side, gorm.side, gorm.threat) == ("allies", "adversaries", "Elite")


def test_the_format_doc_lists_every_weapon_flag():
    """docs/encounter-format.md, Weapons: every flag the tracker reads (R21), Spell and
    Touch too, is named where the tags are explained."""
    doc = (ROOT / "docs" / "encounter-format.md").read_text()
    weapons = doc[doc.index("## Weapons"):doc.index("## Combatant details")]
    for flag in FLAG_TAGS:
        assert re.search(rf"\b{flag}\b", weapons), flag
    assert "Spell (a spell" in weapons and "Touch (a" in weapons
