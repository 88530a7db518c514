"""Running many fights, in this process or in a pool of worker processes (the standard
library's ``concurrent.futures.ProcessPoolExecutor``). Fight ``i`` always gets the same
dice (``fight_seed``) and the results come back in fight order, so a run is the same
whatever the number of jobs. A worker that dies (killed, out of memory, a policy calling
``os._exit``) breaks the pool: the run stops with ``WorkerDied``, never hangs."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from momenta_cli.engine.core import EncounterSpec
from momenta_cli.errors import MomentaError
from momenta_cli.simulate.fight import FightResult, play_fight
from momenta_cli.simulate.policy import Policy
from momenta_cli.simulate.policy_file import load_policy

Progress = Callable[[int], None]
_WORKER: dict[str, Any] = {}


class WorkerDied(MomentaError):
    """A worker process ended without returning its fights."""


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _init(encounter: EncounterSpec, policy: str | None, max_rounds: int) -> None:
    # Ctrl-C is the parent's to handle (it stops the pool): a worker would print a
    # traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER.update(encounter=encounter, policy=load_policy(policy), max_rounds=max_rounds)


def _chunk(job: tuple[int, int, int]) -> list[FightResult]:
    seed, start, stop = job
    enc, pol, cap = _WORKER["encounter"], _WORKER["policy"], _WORKER["max_rounds"]
    return [play_fight(enc, pol, seed, i, cap)[0] for i in range(start, stop)]


def _local(encounter: EncounterSpec, policy: Policy, jobs_list: list[tuple[int, int, int]],
           max_rounds: int, progress: Progress | None) -> list[FightResult]:
    out: list[FightResult] = []
    for seed, start, stop in jobs_list:
        out += [play_fight(encounter, policy, seed, i, max_rounds)[0] for i in range(start, stop)]
        if progress:
            progress(stop - start)
    return out


def simulate(encounter: EncounterSpec, policy: str | None, n: int, seed: int, *,
             jobs: int = 1, max_rounds: int = 30, progress: Progress | None = None
             ) -> list[FightResult]:
    """Play fights 0..n-1 of the run seeded ``seed`` and return their results in order.
    ``policy`` is what ``policy_file.load`` takes (loaded here first, so a bad file is
    refused before any worker starts); ``progress(k)`` is told of every ``k`` fights
    done."""
    loaded = load_policy(policy)
    jobs = max(1, min(jobs, n))
    size = max(1, min(25, n // (jobs * 4) or 1))
    work = [(seed, s, min(s + size, n)) for s in range(0, n, size)]
    if jobs == 1:
        return _local(encounter, loaded, work, max_rounds, progress)
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    out: list[FightResult] = []
    pool = ProcessPoolExecutor(jobs, ctx, initializer=_init,
                               initargs=(encounter, policy, max_rounds))
    try:
        futures: list[Future[list[FightResult]]] = [pool.submit(_chunk, w) for w in work]
        for (_, start, stop), future in zip(work, futures, strict=True):  # in fight order
            try:
                part = future.result()
            except BrokenProcessPool:
                raise WorkerDied(f"simulate: a worker process died (killed, out of "
                                 f"memory, or its policy ended the process) while playing "
                                 f"fights {start + 1}-{stop}; nothing to report") from None
            out += part
            if progress:
                progress(len(part))
    except KeyboardInterrupt:
        # Ctrl-C: stop the workers now rather than let them finish their fights (the
        # executor has no public way before Python 3.14's terminate_workers).
        procs = getattr(pool, "_processes", None) or {}
        for proc in list(procs.values()):
            proc.terminate()
        raise
    finally:
        # On an error the fights not yet started are dropped; those running are short
        # (a chunk is at most 25 fights).
        pool.shutdown(wait=True, cancel_futures=True)
    return out
