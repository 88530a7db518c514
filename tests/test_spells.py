"""Spells (ch19 Cast a Spell; ch19 Deflect; R21, R22): what a spell costs, who pays it,
and that an attack spell is paid once."""

from __future__ import annotations

import pytest

from momenta_cli.errors import MomentaError
from tests.engine_helpers import log_text, refused, run, session_from

SPELLS = """
name: Spells
weapons:
  - {name: Frostbolt, attribute: INS, tags: [Cold, Range 12, Spell], cost: 3,
     damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
  - {name: Firebolt, attribute: INS, tags: [Fire, Range 12, Spell],
     damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
combatants:
  - name: Kira
    side: allies
    attributes: {POW: 3, AGI: 2, INS: 2, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 20
    max_vigor: 7
    weapons: [Frostbolt, Firebolt]
  - name: Orc
    side: adversaries
    threat: Regular
    attributes: {POW: 3, SPD: 5, SEN: 10, SIZE: 1M}
    max_vitality: 30
"""



def _vigor_after(line: str) -> int:
    s = session_from(SPELLS)
    run(s, "turn kira", line, faces=[1, 1])
    return s.state.get("Kira").vigor


def test_a_spell_pays_the_cost_its_data_gives():
    # ch19 Cast a Spell: a spell's data gives its cost (Vigor 7 - 3).
    assert _vigor_after("attack orc with frostbolt") == 7 - 3


def test_a_typed_spell_cost_wins_over_the_data():
    # ch19 Cast a Spell: the Vigor a spell costs; the GM's typed cost decides.
    assert _vigor_after("attack orc with frostbolt cost 1") == 7 - 1


def test_a_spell_without_a_cost_still_costs_two():
    # ch19 Maneuvers: 2 Vigor by default.
    assert _vigor_after("attack orc with firebolt") == 7 - 2


def test_spell_cost_is_read_into_the_weapon_spec():
    # ch19 Cast a Spell: a spell's cost comes with its stat line (rules as data).
    s = session_from(SPELLS)
    assert s.state.get("Kira").spec.weapon("Frostbolt").cost == 3
    assert s.state.get("Kira").spec.weapon("Firebolt").cost is None


def test_a_cost_on_a_weapon_that_is_no_spell_is_an_error():
    # ch19 Cast a Spell: only spells have a casting cost; ordinary attacks cost 2 Vigor.
    bad = SPELLS.replace("tags: [Fire, Range 12, Spell],", "tags: [Fire, Range 12], cost: 1,")
    with pytest.raises(MomentaError, match="only a weapon tagged Spell"):
        session_from(bad)
    with pytest.raises(MomentaError, match="cost"):
        session_from(SPELLS.replace("cost: 3", "cost: 21"))


def test_cast_pays_a_spell_that_is_not_an_attack():
    # ch19 Cast a Spell: a variable Vigor cost, typed by the GM.
    s = session_from(SPELLS)
    run(s, "turn kira", "cast 3 warding light")
    assert s.state.get("Kira").vigor == 7 - 3
    assert "Kira: Cast a Spell (warding light) (3 Vigor: 7->4)" in log_text(s)
    refused(s, "cast 5", "costs 5", "R24")


def test_an_attack_spell_is_paid_once_by_its_attack():
    # ch19 Cast a Spell: casting an attack spell is one maneuver, paid once. 'cast' of a
    # spell the caster attacks with is refused and points at the attack command.
    s = session_from(SPELLS)
    run(s, "turn kira")
    refused(s, "cast 3 frostbolt", "names the attack spell Frostbolt",
            "attack TARGET with frostbolt")
    run(s, "attack orc with frostbolt", faces=[1, 1])
    assert s.state.get("Kira").vigor == 7 - 3


@pytest.mark.parametrize("line", ["cast 3 frostbolt at orc", "cast 3 fire", "cast 2 f",
                                  "cast 3 FROSTBOLT", "cast 3 frost at orc"])
def test_cast_refuses_whatever_may_name_an_attack_spell(line):
    # ch19 Cast a Spell, paid once: trailing words, a shared word or a bare prefix that
    # may mean a carried attack spell is refused too (Kira carries Frostbolt, Firebolt).
    s = session_from(SPELLS)
    run(s, "turn kira")
    refused(s, line, "names the attack spell", "attack TARGET with")


def test_cast_of_a_spell_the_caster_does_not_attack_with_is_paid():
    # ch19 Cast a Spell: a name that is no carried attack spell is a spell of its own.
    s = session_from(SPELLS)
    run(s, "turn kira", "cast 1 mend")
    assert s.state.get("Kira").vigor == 6


def test_another_spell_that_looks_like_an_attack_spell_is_said_with_two_dashes():
    # ch19 Cast a Spell: Fire Shield is no attack; '--' says so, and it is paid.
    s = session_from(SPELLS)
    run(s, "turn kira")
    refused(s, "cast 2 fire shield", "names the attack spell Firebolt",
            "cast 2 -- fire shield")
    run(s, "cast 2 -- fire shield")
    assert s.state.get("Kira").vigor == 5
    assert "Kira: Cast a Spell (fire shield) (2 Vigor: 7->5)" in log_text(s)
