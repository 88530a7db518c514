"""The guide's map examples are true (issue 13; docs/at-the-table.md "Moving on the map",
"Reactions on the way", "Asking the map", "Attacking on the map"): each example runs on
encounters/yard-with-a-map.yaml as the guide says, and what the guide quotes of its
output is what the tool prints (R28 overrides, R32 distance, R33 sight, R34 cover, R35
triggers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import invoke

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "at-the-table.md"
SCRIPT = ROOT / "encounters" / "yard-with-a-map.script"


def flat(text: str) -> str:
    return " ".join(text.split())


TAMSIN_OUT = ("turn tamsin", "move to d7")

CASES = [
    (("path mira h11",), ["path: Mira moves D8 -> D9 -> E10 -> F11 -> G11 -> H11"]),
    (("turn mira", "move mira to h9", "shove mira knife-2 roll 1s", "shift to h11"),
     ["Mira moves D8 -> E8 -> F8 -> G8 -> H9", "Knife-2 is shoved"]),
    (("turn mira", "move mira to a8"), ["Mira cannot Move to A8: A8 is a wall"]),
    (("turn mira", "move mira to i8"), ["Mira cannot Move to I8: I8 is occupied by Knife-2"]),
    (("turn mira", "move mira to s2"), ["Mira cannot Move to S2: no way to S2 within"]),
    (("los mira ogre",), ["los: Mira (D8) to Ogre (L7-M8): distance 8",
                          "line of sight: yes (R33)", "cover: yes (R34): Knife-1 and "
                          "Knife-2"]),
    (("los tamsin gorm",), ["line of sight: no (R33): a wall or closed door is in every "
                            "line", "cover: total: nothing gets through (a ranged attack "
                            "needs sight)"]),
    (("map tamsin",), ["Br Brannoc (2 away, in sight)", "Go Gorm (16 away, out of sight)"]),
    ((*TAMSIN_OUT, "attack knife-1 with shortbow"),
     ["Tamsin to Knife-1: distance 5 (map), line of sight (map), no cover (map)"]),
    ((*TAMSIN_OUT, "attack ogre with shortbow at edge"),
     ["Tamsin to Ogre: distance 8 (map), line of sight (map), cover (map: Knife-1 and "
      "Knife-2)", "Tamsin -> Ogre (Edge)"]),
    ((*TAMSIN_OUT, "attack ogre with shortbow"),
     ["Ogre is in cover (map: Knife-1 and Knife-2): a ranged attack must aim at Edge or "
      "Mark (R20)"]),
    ((*TAMSIN_OUT, "attack ogre with shortbow no-cover"),
     ["no cover (GM; the map says cover: Knife-1 and Knife-2)"]),
    ((*TAMSIN_OUT, "attack knife-1 with shortbow dist 1"),
     ["distance 1 (GM; the map says 5)", "adjacent -1"]),
    (("turn tamsin", "attack gorm with shortbow sight"),
     ["line of sight (GM; the map says none), no cover: the map cannot tell without a "
      "clear line (say 'cover' if the GM rules there is)"]),
    (("turn tamsin", "attack gorm with shortbow"),
     ["no line of sight from Tamsin to Gorm on the map: a ranged attack needs one (ch20 "
      "Line of Sight; say 'sight' if the GM rules there is one)"]),
    (("turn brannoc", "attack knife-1 with longsword"),
     ["Longsword reaches 1", "the target is 5 away on the map"]),
]


@pytest.mark.parametrize(("lines", "quoted"), CASES, ids=[c[0][-1] for c in CASES])
def test_the_guides_map_examples_print_what_it_quotes(enc, lines, quoted):
    sample = enc.with_name("yard-with-a-map.yaml")
    r = invoke("do", sample, *lines, "-q", "--seed", "1")
    assert "Traceback" not in r.output
    out, guide = flat(r.output), flat(GUIDE.read_text())
    for text in quoted:
        assert text in guide, f"the guide does not quote {text!r}"
        assert text in out, r.output


def test_the_guides_reaction_lines_are_the_sample_scripts():
    """R35: the guide's Intercept/Forestall move line is the one the sample script plays,
    and its refusal for a reaction the path does not trigger is the real one."""
    guide = flat(GUIDE.read_text())
    move = "move knife-1 to e8 forestall brannoc roll 1s intercept tamsin roll 0s"
    assert move in guide and move in SCRIPT.read_text()
    assert ("this path never brings Knife-1 into the reach of Mira's melee weapons from "
            "outside it: nothing triggers Intercept (R35)") in guide
