"""Issue 27, Must show: a fight with scheduled events replays, undoes and resumes to the
same state as the same lines typed at those moments. The tracker fires each event as an
entry of its own (docs/encounter-format.md, Events); the journal's lines, typed one by
one with nothing firing by itself, give the same entries and state; the fight file
resumes to it; undoing every entry and redoing them all comes back to it, and undoing
down to any point is the state of the lines typed up to there."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, example, given, settings, strategies as st

from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.errors import MomentaError
from momenta_cli.journal import FightFile
from momenta_cli.play import run_line
from tests.test_scheduled_events import ARENA, ROOT

EVENTS = """
  - {name: top, when: {round: 2+}, do: [heal gorm 3]}
  - {name: tail, when: {round: every, at: end}, do: [strain brannoc 1]}
  - {name: more, when: {round: 2}, ask: true, do: [add footpad as Wallman at h5]}
  - {name: foes, when: {first_turn: adversaries}, do: [note foes move]}
  - {name: phase, when: {half_vitality: Gorm}, do: [cond gorm hindered]}
  - {name: fall, when: {defeated: Gorm}, do: [door j2 open]}
  - {name: trap, when: {enters: [D2, D4]}, once: false, do: [dmg tamsin 1 untyped]}
"""
LINES = ["turn brannoc", "turn tamsin", "turn gorm", "turn knife", "end", "next",
         "move brannoc to e2", "move tamsin to e4", "dmg gorm 6", "heal gorm 4",
         "defeat gorm", "revive gorm", "event foes", "event more", "event more skip",
         "undo", "redo", "note a line"]
_count = itertools.count()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.sampled_from(LINES), min_size=1, max_size=30),
       answers=st.lists(st.booleans(), min_size=8, max_size=8))
# found by hypothesis: the firing typed again stands for it, and once more is by hand
@example(lines=["turn brannoc", "next", "event foes", "event foes"], answers=[False] * 8)
def test_events_replay_undo_and_resume_as_the_same_lines_typed(tmp_path, lines, answers):
    import shutil

    from momenta_cli.encounter import load_encounter_text

    enc_text = ARENA + EVENTS
    if not (tmp_path / "library").exists():
        shutil.copytree(ROOT / "encounters" / "library", tmp_path / "library")
    enc_path = tmp_path / f"arena-{next(_count)}.yaml"
    enc_path.write_text(enc_text)
    spec = load_encounter_text(enc_text, str(enc_path), ROOT / "encounters")
    fight = enc_path.with_suffix(".fight.jsonl")
    ff = FightFile.create(fight, enc_path, spec)
    said = iter(answers * 8)
    roller = SeededRoller(3)
    for line in lines:
        try:
            ff.run(line, roller, confirm=lambda e: next(said, True))
        except MomentaError:
            pass  # refused: nothing changed
    live = ff.session
    # the same lines typed at those moments: nothing fires by itself
    typed = Session(spec)
    for entry in live.entries:
        run_line(typed, entry.script_line, SeededRoller(99), auto=False)
    assert typed.entries == live.entries
    assert typed.state == live.state
    # the fight file resumes to it
    assert FightFile.open(fight).session.state == live.state
    # undo every entry, redo them all; and undo down to any point is the typed prefix
    n = len(live.entries)
    for k in range(n, 0, -1):
        live.undo()
        prefix = Session(spec)
        for entry in typed.entries[:k - 1]:
            run_line(prefix, entry.script_line, SeededRoller(99), auto=False)
        assert live.state == prefix.state
    for _ in range(n):
        live.redo()
    assert live.state == typed.state
