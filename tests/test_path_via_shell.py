"""``momenta path FILE NAME SQUARE --via SQUARE``: the shell's path through waypoints, as
the prompt's ``path NAME C5 via B3 D4`` (R32, ours: steering a walk). ``--via`` repeats
or takes squares separated by commas or spaces; ``--json`` keeps its shape; a word that is no
square is a usage error (exit 2)."""

from __future__ import annotations

import json

from tests.conftest import ROOT, invoke

SAMPLE = ROOT / "encounters" / "yard-with-a-map.yaml"


def test_path_via_goes_through_the_waypoints_in_order():
    r = invoke("path", SAMPLE, "mira", "e11", "--via", "c9", "--json")
    assert r.exit_code == 0, r.output
    assert r.output == '{"cost": 3, "path": ["C9", "D10", "E11"], "triggers": []}\n'
    both = [invoke("path", SAMPLE, "mira", "e11", *way, "--json").output
            for way in (["--via", "c9", "--via", "c10"], ["--via", "c9,c10"],
                        ["--via", "c9 c10"])]
    assert both[0] == both[1] == both[2]
    assert json.loads(both[0]) == {"cost": 4, "path": ["C9", "C10", "D10", "E11"],
                                   "triggers": []}
    r = invoke("path", SAMPLE, "mira", "e11", "--via", "c9,c10", "--no-color")
    assert r.exit_code == 0 and "D8 -> C9 -> C10 -> D10 -> E11" in r.output


def test_path_via_agrees_with_the_prompts_path_line():
    r = invoke("do", SAMPLE, "path mira e11 via c9 c10")
    assert r.exit_code == 0, r.output
    assert "D8 -> C9 -> C10 -> D10 -> E11" in r.output


def test_path_via_a_word_that_is_no_square_is_a_usage_error():
    r = invoke("path", SAMPLE, "mira", "e11", "--via", "c9", "--via", "zz")
    assert r.exit_code == 2
    assert "'zz' is not a square" in r.output
    r = invoke("path", SAMPLE, "mira", "e11", "--via", "j11", "--json")
    assert r.exit_code == 1 and list(json.loads(r.output)) == ["error"]
