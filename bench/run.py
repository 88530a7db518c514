"""Runs every benchmark figure (or the ones named) and prints the table: figure, subject,
baseline (measured in the same run, interleaved), ratio, target, and whether it is met.

Run: python bench/run.py [NAME ...] [--reps N] [--stat median|q1] [--markdown]
"""

from __future__ import annotations

import bench_engine
import bench_odds
import bench_scale
import bench_serve
import bench_simulate
import bench_startup
import geometry
from common import main

BENCHES = [*bench_startup.BENCHES, *bench_engine.BENCHES, *bench_scale.BENCHES,
           *bench_odds.BENCHES, *bench_simulate.BENCHES, *geometry.BENCHES,
           *bench_serve.BENCHES]

if __name__ == "__main__":
    main(BENCHES)
