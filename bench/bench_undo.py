"""Times undo (a replay of the journal) in a 5,000-command fight.

Run: python bench/bench_undo.py [N] [UNDOS]
"""

from __future__ import annotations

import sys
import time

from common import generate


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    undos = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    session, _ = generate(n)
    times = []
    for _ in range(undos):
        t0 = time.perf_counter()
        session.undo()
        times.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    for _ in range(undos):
        session.redo()
    redo_s = time.perf_counter() - t0
    times.sort()
    print(f"journal: {n} commands; {undos} undos")
    print(f"undo: median {times[len(times) // 2] * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms")
    print(f"redo: {redo_s / undos * 1e6:.1f} us each")


if __name__ == "__main__":
    main()
