"""Grabs end when the grabber goes down or every stack is gone (ch19 Grab)."""

from __future__ import annotations

from tests.engine_helpers import run, session_from

ENC = """
name: Grapple
combatants:
  - {name: Holder, side: allies, attributes: {POW: 2}}
  - {name: Held, side: adversaries, attributes: {POW: 0, AGI: 1}, max_vitality: 20}
  - {name: Boss, side: adversaries, threat: Elite, max_vitality: 20}
"""


def test_grab_set_by_hand_ends_when_the_grabber_is_defeated():
    # ch19 Grab: "If the grabber becomes Defeated, the grab also ends".
    s = session_from(ENC)
    run(s, "cond held grabbed +2 from Holder", "defeat holder")
    assert not s.state.get("Held").has("Grabbed")
    assert any(e.kind == "grab_ended" for e in s.entries[-1].events)


def test_grabber_killed_by_damage_releases_the_grab():
    s = session_from(ENC)
    run(s, "cond held grabbed +1 from Holder", "dmg holder 100")
    assert s.state.get("Holder").defeated
    assert not s.state.get("Held").has("Grabbed")


def test_rolling_off_every_grabbed_stack_ends_the_grab():
    # ch19 Grab: once all stacks are removed the target is no longer grabbed.
    s = session_from(ENC)
    run(s, "cond held grabbed +1 from Holder", "turn holder", "end", "turn held")
    run(s, "end", faces=[6])  # AGI 1 beats POW 0: one die, one success
    assert not s.state.get("Held").has("Grabbed")
    assert s.state.get("Holder").grabbing == []
    assert any(e.kind == "grab_ended" for e in s.entries[-1].events)


def test_elite_sheds_its_last_grabbed_stack_by_class():
    # R30: an Elite loses one stack of each roll-to-clear condition instead of rolling.
    s = session_from(ENC)
    run(s, "cond boss grabbed +1 from Holder", "turn holder", "end", "turn boss", "end")
    assert not s.state.get("Boss").has("Grabbed")
    assert any(e.kind == "grab_ended" for e in s.entries[-1].events)
