"""An encounter edited after its fight began: the fight still opens when its journal fits
(with a warning), and says exactly what no longer fits when it does not."""

from __future__ import annotations

import re

import pytest

from tests.conftest import invoke, one_line_error, started

pytestmark = pytest.mark.usefixtures("home")


def test_renamed_combatant_says_the_encounter_changed(enc):
    fight = started(enc, "turn bran", "dmg gorm 3")
    enc.write_text(enc.read_text().replace("Gorm", "Grom"))
    for args in (["status", fight], ["do", fight, "next"], ["log", fight],
                 ["resume", fight], ["run", enc]):
        line = one_line_error(invoke(*args, input=""))
        assert "has changed since this fight began" in line, (args, line)
        assert "record 'dmg gorm 3'" in line and "'Gorm'" in line, line
        assert f"momenta run {enc} --new" in line, line
        assert "different version" not in line
    # the suggested way out works and keeps the old fight aside
    r = invoke("run", enc, "--new", input="status\n")
    assert r.exit_code == 0, r.output
    assert "kept as" in r.output and "Grom" in r.output
    kept = [p for p in enc.parent.glob("demo.*.fight.jsonl")]
    assert len(kept) == 1 and "dmg gorm 3" in kept[0].read_text()


def test_changed_encounter_that_still_fits_only_warns(enc):
    fight = started(enc, "turn bran", "dmg gorm 3")
    text = enc.read_text()
    assert text.count("max_vitality: 21 ") == 0 and "max_vitality: 21\n" in text
    enc.write_text(text.replace("max_vitality: 21\n", "max_vitality: 25\n", 1))
    r = invoke("status", fight)
    assert r.exit_code == 0, r.output
    assert "warning:" in r.output and "has changed since this fight began" in r.output
    assert re.search(r"Brannoc\s+25/25", r.output)
    assert re.search(r"Gorm\s+19/22", r.output)


def test_deleted_encounter_is_one_clear_line(enc):
    fight = started(enc, "turn bran")
    enc.unlink()
    for args in (["status", fight], ["log", fight], ["do", fight, "next"]):
        line = one_line_error(invoke(*args))
        assert f"its encounter file {enc} is missing" in line, line
