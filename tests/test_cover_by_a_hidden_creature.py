"""A Hidden adversary in the way still gives cover (R34: the rules apply to the fight as
it is), but no cover reason names it: the attack's log and its refusals say "a Hidden
creature" (R20 Hidden), because the players read both (the players' view)."""

from __future__ import annotations

from tests.engine_helpers import log_text, refused, run, session_from

YARD = """
name: Hidden in the way
weapons:
  - {name: Shortbow, weight: Medium, attribute: AGI, tags: [Piercing, Range 20],
     damage: {0s: 1, 1s: 3, 2s: 5, 3+: 7}}
map:
  rows: |
    .......
    A..W..Z
    .......
combatants:
  - name: Aa
    side: allies
    attributes: {POW: 2, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 4, SIZE: 1M}
    max_vitality: 20
    weapons: [Shortbow]
    mark: A
  - name: Ww
    side: adversaries
    attributes: {POW: 2, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 4, SIZE: 1M}
    max_vitality: 20
    weapons: [Shortbow]
    conditions: {Hidden: 1}
    mark: W
  - name: Zz
    side: adversaries
    attributes: {POW: 2, AGI: 2, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 4, SIZE: 1M}
    max_vitality: 20
    weapons: [Shortbow]
    mark: Z
"""


def test_a_hidden_adversary_gives_cover_but_the_refusal_does_not_name_it():
    """R34 + R20: Zz is in cover behind the Hidden Ww, so the shot must aim at Edge or
    Mark; the refusal says what gives the cover without the name."""
    s = session_from(YARD)
    run(s, "turn aa")
    msg = refused(s, "attack zz with shortbow roll 1s", "in cover")
    assert "a Hidden creature" in msg and "Ww" not in msg


def test_the_log_of_a_shot_past_a_hidden_adversary_does_not_name_it():
    """R34 + R20: the log's cover note reads "cover (map: a Hidden creature)"."""
    s = session_from(YARD)
    run(s, "turn aa", "attack zz with shortbow at edge roll 1s")
    text = "\n".join(log_text(s))
    assert "cover (map: a Hidden creature)" in text and "Ww" not in text


def test_a_seen_creature_in_the_way_is_still_named():
    """R34: once Ww is not Hidden the reason names it, as before."""
    s = session_from(YARD.replace("    conditions: {Hidden: 1}\n", ""))
    run(s, "turn aa")
    msg = refused(s, "attack zz with shortbow roll 1s", "in cover")
    assert "Ww" in msg
