"""Replays a generated 2,000-command fight and prints the engine's time per command, and
what ``replay --json`` adds to it in process: the document's text (render/state_json.py
``chunks``, the streamed form), per command (bench_startup.py's replay-json figure is
the whole process).

Run: python bench/bench_replay.py [N]
"""

from __future__ import annotations

import sys
import time

from common import generate

from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.engine.core.session import replay
from momenta_cli.play import run_line
from momenta_cli.render.state_json import chunks


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    live, lines = generate(n)
    # Deciding: parse + decide + apply every line again from scratch (same seed).
    t0 = time.perf_counter()
    fresh = Session(live.encounter)
    roller = SeededRoller(1)
    for line in lines:
        run_line(fresh, line, roller)
    decide_s = time.perf_counter() - t0
    assert fresh.state == live.state, "re-deciding with the same seed diverged"
    # Replaying: fold the recorded events (what resume and undo do); no dice are rolled.
    t0 = time.perf_counter()
    state = replay(live.initial, live.entries)
    replay_s = time.perf_counter() - t0
    assert state == live.state
    # The JSON document of the fight, as replay --json streams it to a pipe.
    t0 = time.perf_counter()
    size = sum(len(piece) for piece in chunks(fresh))
    json_s = time.perf_counter() - t0
    events = sum(len(e.events) for e in live.entries)
    print(f"commands: {n}, events: {events}, rounds: {live.state.round}")
    print(f"decide+apply: {decide_s * 1000:.1f} ms total, "
          f"{decide_s / n * 1e6:.1f} us per command")
    print(f"replay (fold of events): {replay_s * 1000:.1f} ms total, "
          f"{replay_s / n * 1e6:.1f} us per command")
    print(f"JSON document ({size:,} characters): {json_s * 1000:.1f} ms total, "
          f"{json_s / n * 1e6:.1f} us per command")


if __name__ == "__main__":
    main()
