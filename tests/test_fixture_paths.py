"""The test fixtures name no path of the machine the project was built on either (issue 11
item 9; review remark S9): a format-1 fight's header holds an absolute encounter path, and
the fixture's is a neutral one that the fight never needs (it finds its encounter by the
relative path beside it)."""

from __future__ import annotations

import json

from tests.conftest import ROOT
from tests.test_shipped_paths import PRIVATE

FIXTURES = ROOT / "tests" / "fixtures"


def test_no_fixture_names_a_path_of_this_machine():
    found = [f"{p.relative_to(ROOT)}:{n}"
             for p in sorted(FIXTURES.rglob("*")) if p.is_file()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if PRIVATE.search(line)]
    assert found == []


def test_the_format_1_fixture_keeps_its_header_shape():
    header = json.loads((FIXTURES / "v1" / "skirmish-v1.jsonl").read_text(
        encoding="utf-8").splitlines()[0])
    assert header["version"] == 1 and header["encounter"] == "skirmish.yaml"
    assert header["encounter_abs"].startswith("/") and \
        header["encounter_abs"].endswith("/skirmish.yaml")
