"""Property: any input gives an EncounterSpec or an EncounterError, never a traceback."""

from __future__ import annotations

import re

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.encounter import load_encounter_text
from momenta_cli.errors import EncounterError

KEYS = ["name", "side", "threat", "attributes", "POW", "AGI", "BODY", "max_vitality",
        "weapons", "attacks", "defenses", "tags", "damage", "0s", "1s", "2+", "pool",
        "conditions", "Slowed", "start", "vitality", "guard", "hit_locations", "count",
        "stat_block", "stat_blocks", "resistances", "include", "rules", "solid_hit",
        "combatants", "penalty", "against", "uses", "weight", "attribute", "overflow"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.sampled_from(
    ["allies", "adversaries", "Grunt", "Champion", "Mace", "Fire", "Physical", "Melee 2",
     "Range", "Slashing/Piercing", "Slowed", "Mass", "x.yaml", "POW", "either"]),
    st.text(max_size=8))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)),
    max_leaves=25,
)
OK_LINE = re.compile(r"^<string>:\d+:\d+: \S.*: .+$", re.DOTALL)


def check(text: str) -> None:
    try:
        load_encounter_text(text)
    except EncounterError as err:
        assert err.problems
        for line in err.problems:
            assert OK_LINE.match(line), line


@pytest.mark.slow  # fuzzer
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(KEYS), values, max_size=6))
def test_structured_documents(doc):
    doc.setdefault("name", "Fuzz")
    doc.pop("include", None)  # keep the property independent of the working directory
    check(yaml.safe_dump(doc, sort_keys=False))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"#\n\t 0s+,")), max_size=60))
def test_arbitrary_text(text):
    check(text)
