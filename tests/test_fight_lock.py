"""The fight lock (momenta_cli/journal): a prompt session holds it, so a `do` from another
shell is refused rather than writing from a stale state; readers never need it; a crash
leaves nothing behind."""

from __future__ import annotations

import pytest

from momenta_cli.journal import lock, locked
from momenta_cli.journal.locations import lock_path
from tests.conftest import invoke, one_line_error, started

pytestmark = pytest.mark.usefixtures("home")

BUSY = "is open in another momenta session (momenta run); type the command there"


@pytest.mark.slow  # real processes behind a lock
def test_locked_fight_refuses_writers_and_allows_readers(enc, tmp_path):
    fight = started(enc, "turn bran", "dmg gorm 3")
    before = fight.read_bytes()
    with locked(fight):  # what `momenta run` holds while its prompt is open
        assert lock_path(fight).exists()
        for args in (["do", fight, "dmg gorm 1"], ["undo", fight], ["redo", fight],
                     ["resume", fight], ["run", enc, "--resume"]):
            line = one_line_error(invoke(*args, input="status\n"))
            assert line == f"{fight} {BUSY}", (args, line)
        assert fight.read_bytes() == before
        r = invoke("status", fight)
        assert r.exit_code == 0 and "Gorm" in r.output
        r = invoke("log", fight)
        assert r.exit_code == 0 and "Gorm: Vitality 22->19" in r.output
    assert not lock_path(fight).exists()  # released and tidied away
    r = invoke("do", fight, "dmg gorm 1")
    assert r.exit_code == 0, r.output
    assert not lock_path(fight).exists()


def test_run_holds_the_lock_for_the_whole_session(enc, monkeypatch):
    """While the prompt reads lines, a `do` from another shell is refused."""
    import momenta_cli.cli.prompt as prompt

    seen = {}
    real_loop = prompt.loop

    def spying_loop(ff, screen, roller, **kw):
        seen["do"] = invoke("do", ff.path, "dmg gorm 1")
        return real_loop(ff, screen, roller, **kw)

    monkeypatch.setattr(prompt, "loop", spying_loop)
    started(enc, "turn bran")
    assert seen["do"].exit_code == 1 and BUSY in seen["do"].output


def test_without_fcntl_nothing_is_locked(enc, monkeypatch):
    fight = started(enc, "turn bran")
    monkeypatch.setattr(lock, "fcntl", None)  # Windows
    with locked(fight):
        assert not lock_path(fight).exists()
        assert invoke("do", fight, "dmg gorm 1").exit_code == 0


def test_a_crashed_session_leaves_no_lock_behind(enc):
    """A stale lock file (the holder died) is not a held lock."""
    fight = started(enc, "turn bran")
    lock_path(fight).write_text("")
    assert invoke("do", fight, "dmg gorm 1").exit_code == 0


@pytest.mark.slow  # waits out the lock
def test_a_symlink_to_a_fight_shares_its_lock(enc, tmp_path):
    # A session holding the fight by one name keeps out writers using another.
    fight = started(enc, "turn bran")
    link = tmp_path / "linked.fight.jsonl"
    link.symlink_to(fight)
    before = fight.read_bytes()
    with locked(link):  # `momenta resume linked.fight.jsonl` at its prompt
        line = one_line_error(invoke("do", fight, "note x"))
        assert line == f"{fight} {BUSY}"
    assert fight.read_bytes() == before
