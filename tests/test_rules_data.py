"""The rules' data files (momenta_cli/data, rules as data): conditions.json, which the
tracker reads, is conditions.yaml, the file a person edits, as JSON. After an edit of
the YAML, write the JSON again with

    .venv/bin/python -m tests.test_rules_data
"""

from __future__ import annotations

import json

import yaml

from momenta_cli.rules import conditions
from tests.conftest import ROOT

DATA = ROOT / "momenta_cli" / "data"


def test_the_conditions_json_the_tracker_reads_is_the_yaml_a_person_edits():
    edited = yaml.safe_load((DATA / "conditions.yaml").read_text(encoding="utf-8"))
    read = json.loads((DATA / "conditions.json").read_text(encoding="utf-8"))
    assert read == edited


def test_the_catalogue_is_the_yaml_condition_for_condition():
    """Every row of conditions.yaml is the catalogue's entry of its name, its fields as
    written (cap null: no cap; reminder left out: false)."""
    rows = yaml.safe_load((DATA / "conditions.yaml").read_text(encoding="utf-8"))
    got = conditions()
    assert list(got) == [r["name"] for r in rows]
    for r in rows:
        c = got[r["name"]]
        assert (c.cap, c.clear, c.attributes, c.effect, c.reminder) == (
            r["cap"], r["clear"], tuple(r.get("attributes", ())), r.get("effect", ""),
            bool(r.get("reminder", False)))


def write_json() -> None:
    """conditions.json written again from conditions.yaml."""
    rows = yaml.safe_load((DATA / "conditions.yaml").read_text(encoding="utf-8"))
    text = json.dumps(rows, indent=1, ensure_ascii=False) + "\n"
    (DATA / "conditions.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_json()
