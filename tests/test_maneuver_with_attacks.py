"""Maneuver lockouts met through the attack verbs of issue 4 (R24, R25, condition table
Hindered): skipped until the attack module is present."""

from __future__ import annotations

import pytest

from tests.test_maneuver_support import refused, run, yard

pytest.importorskip("momenta_cli.commands.attack_verbs")


def test_full_turn_refused_after_a_basic_attack():
    # R25: Catch Your Breath only if nothing but the free Move was taken this turn.
    s = yard()
    run(s, "turn kira", "move 1", "attack ogre roll=6,1,1")
    assert s.state.get("Kira").vigor == 5
    refused(s, "breath", "R25")
    refused(s, "steady", "R25")


def test_swimming_doubles_a_dodge():
    # R24: swimming doubles every Vigor cost, reactions included.
    s = yard()
    run(s, "terrain mira swim", "turn kira", "end", "turn ogre",
        "attack mira roll=1,1,1,1,1 dodge def=1,1,1")
    assert s.state.get("Mira").vigor == 7 - 4


def test_hindered_cannot_dodge_an_attack():
    # Condition table, Hindered: no Dodge.
    s = yard()
    run(s, "cond mira hindered", "turn kira", "end", "turn ogre")
    refused(s, "attack mira roll=1,1,1,1,1 dodge def=1,1,1", "Hindered", "Dodge")


def test_after_a_full_turn_maneuver_no_dodge():
    # R25: no reactions until the start of the next turn.
    s = yard()
    run(s, "turn mira", "steady", "end", "turn ogre")
    refused(s, "attack mira roll=1,1,1,1,1 dodge def=1,1,1", "R25")
