"""The test fixtures name no path of the machine the project was built on either
(README: no path a user does not have in any shipped file): a format-1 fight's header
holds an absolute encounter path, and the fixture's is a neutral one that the fight never
needs (it finds its encounter by the relative path beside it)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import ROOT
from tests.test_shipped_paths import PRIVATE

FIXTURES = ROOT / "tests" / "fixtures"


def test_no_fixture_names_a_path_of_this_machine():
    found = [f"{p.relative_to(ROOT)}:{n}"
             for p in sorted(FIXTURES.rglob("*")) if p.is_file()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if PRIVATE.search(line)]
    assert found == []


def test_the_format_1_fixture_opens_by_its_relative_path_alone(tmp_path):
    # its absolute encounter path names no file anywhere: the fight is found beside it
    import shutil

    from momenta_cli.journal import FightFile

    where = tmp_path / "v1"
    shutil.copytree(FIXTURES / "v1", where)
    header = json.loads((where / "skirmish-v1.jsonl").read_text(
        encoding="utf-8").splitlines()[0])
    assert header["version"] == 1 and not Path(header["encounter_abs"]).exists()
    ff = FightFile.open(where / "skirmish-v1.jsonl", repair=False)
    assert ff.session.state.fighters  # rebuilt from skirmish.yaml beside it
