"""``Session.restore(entries, undone)``: a caller that kept only the two lists before a
line can take the line back afterwards (its save failed, or something unexpected was
raised half-way), and the state is rebuilt as the fold of the entries."""

from __future__ import annotations

import pytest

from momenta_cli.engine.core import ResourceSet, SeededRoller
from momenta_cli.engine.core.session import replay
from momenta_cli.play import run_line
from tests.attack_yard import yard

OPENING = ["turn kira", "attack gorm with longsword", "cond gorm hindered +1", "end",
           "turn gorm", "attack kira", "end", "turn wren", "attack vessa", "dmg vessa 5"]


def _fight():
    s = yard()
    roller = SeededRoller(3)
    for line in OPENING:
        run_line(s, line, roller)
    return s, roller


@pytest.mark.parametrize("line", ["attack vessa with rapier", "dmg kira 30", "next",
                                  "undo", "cond wren vulnerable +2"])
def test_restore_takes_back_an_accepted_line(line):
    s, roller = _fight()
    run_line(s, "undo", roller)  # something to redo, so ``undone`` matters too
    saved = (list(s.entries), list(s.undone))
    before = s.state.clone()  # for the test only: restore needs no copy of the state
    out = run_line(s, line, roller)
    assert out.changed
    s.restore(*saved)
    assert s.state == before
    assert s.entries == saved[0] and s.undone == saved[1]


def test_restore_takes_back_a_redo():
    s, roller = _fight()
    run_line(s, "undo", roller)
    saved = (list(s.entries), list(s.undone))
    before = s.state.clone()
    run_line(s, "redo", roller)
    s.restore(*saved)
    assert s.state == before and s.undone == saved[1]
    run_line(s, "redo", roller)  # and the redo is still there to take
    assert s.state == replay(s.initial, s.entries)


def test_restore_mends_a_state_left_half_changed_by_an_unexpected_error(monkeypatch):
    s, roller = _fight()
    saved = (list(s.entries), list(s.undone))
    before = s.state.clone()

    apply = ResourceSet.apply

    def broken(self, fight):  # a bug in the second event of the line
        if self.resource == "vitality":
            raise RuntimeError("boom")
        apply(self, fight)

    monkeypatch.setattr(ResourceSet, "apply", broken)
    with pytest.raises(RuntimeError):
        run_line(s, "dmg wren 3", roller)  # Guard first (applied), then Vitality (raises)
    monkeypatch.undo()
    assert s.state != before  # the Guard went
    s.restore(*saved)
    assert s.state == before and s.entries == saved[0]


def test_restore_copies_the_lists_and_the_fight_goes_on():
    s, roller = _fight()
    entries, undone = list(s.entries), list(s.undone)
    run_line(s, "dmg vessa 2", roller)
    s.restore(entries, undone)
    entries.clear()  # the caller's lists are its own
    assert len(s.entries) == len(OPENING)
    run_line(s, "heal vessa 1", roller)
    assert s.state == replay(s.initial, s.entries)
