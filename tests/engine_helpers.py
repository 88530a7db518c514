"""Small helpers for engine tests: build a session from YAML text and run lines."""

from __future__ import annotations

import textwrap

from momenta_cli.encounter import load_encounter_text
from momenta_cli.engine.core import Roller, SeededRoller, Session
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.errors import MomentaError
from momenta_cli.play import run_line


def session_from(yaml_text: str) -> Session:
    return Session(load_encounter_text(textwrap.dedent(yaml_text)))


def run(session: Session, *lines: str, faces: list[int] | None = None,
        roller: Roller | None = None):
    """Run each line; dice come from ``faces`` (exactly) or a seeded roller."""
    r = roller or (QueueRoller(faces) if faces is not None else SeededRoller(0))
    out = None
    for line in lines:
        out = run_line(session, line, r)
    if isinstance(r, QueueRoller):
        assert r.remaining == [], f"unused faces {r.remaining}"
    return out


def log_text(session: Session) -> list[str]:
    from momenta_cli.render import event_lines

    return [t for e in session.entries for t in event_lines(e.events)]


def order(session: Session) -> list[str]:
    """Names of the turns started so far, in order, as 'Name' or 'Name#2' for later turns."""
    out = []
    for e in session.entries:
        for ev in e.events:
            if ev.kind == "turn_started":
                out.append(ev.name if ev.turn == 1 else f"{ev.name}#{ev.turn}")
            if ev.kind == "round_started":
                out.append(f"R{ev.round}")
    return out


def check_bounds(fight) -> None:
    """Every resource within its bounds (ch18, ch19, R10, R24): the property tests' core."""
    for f in fight.fighters.values():
        s = f.spec
        assert 0 <= f.vigor <= max(s.max_vigor, 0), (f.name, f.vigor)
        assert 0 <= f.vitality <= s.max_vitality, (f.name, f.vitality)
        assert 0 <= f.strain <= s.max_strain, (f.name, f.strain)
        assert f.guard >= 0, (f.name, f.guard)  # above max is Over-Guard
        assert 0 <= f.consumables <= s.consumables
        assert 0 <= f.resolve <= s.max_resolve


def drive(session: Session, next_line, steps: int, roller: Roller, check=check_bounds):
    """Run ``steps`` lines from ``next_line(state)``: a refused line must leave the state
    and the journal exactly as they were; an accepted one must pass ``check``. At the end
    the state must equal the replay of its journal."""
    from momenta_cli.engine.core.session import replay

    for _ in range(steps):
        line = next_line(session.state)
        before = session.state.clone()
        entries = list(session.entries)
        try:
            run_line(session, line, roller)
        except MomentaError:
            assert session.state == before and session.entries == entries, line
            continue
        check(session.state)
    assert session.state == replay(session.initial, session.entries)


def refused(session: Session, line: str, *words: str) -> str:
    """Run ``line``, expect a refusal mentioning every word, and check nothing changed."""
    before = session.state.clone()
    n = len(session.entries)
    try:
        run_line(session, line, _NoDice())
    except MomentaError as err:
        msg = str(err)
    else:  # pragma: no cover - the assertion below reports it
        raise AssertionError(f"{line!r} was accepted")
    assert session.state == before and len(session.entries) == n
    for w in words:
        assert w.lower() in msg.lower(), msg
    return msg


class _NoDice:
    def roll(self, n: int) -> list[int]:
        raise AssertionError("a refused command rolled dice")


def kinds(session: Session) -> list[str]:
    return [e.kind for e in session.entries[-1].events]
