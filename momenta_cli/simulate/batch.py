"""Running many fights, in this process or in a pool of worker processes (the standard
library's ``concurrent.futures.ProcessPoolExecutor``). Fight ``i`` always gets the same
dice (``fight_seed``) and the results are handed on in fight order, so a run is the same
whatever the number of jobs.

Bounded: only a few chunks of fights are in flight at once (``AHEAD`` per worker), and
``tally_run`` keeps running sums (stats.Tally), so a run of a million fights holds no
more than a run of ten.

Stops cleanly: a worker that dies (killed, out of memory, a policy calling ``os._exit``)
breaks the pool, and the run stops with ``WorkerDied``, never hangs; a policy file's
fights are always played in workers, ``--jobs 1`` in a pool of one, so that this holds
under any number of jobs. Ctrl-C while the pool runs only raises a flag (the workers
ignore it); the parent sees the flag between two waits of at most ``POLL`` seconds,
stops the workers and raises ``KeyboardInterrupt`` itself, never from inside the
executor's locks (an interrupt landing in a queue put used to leave its lock held and
hang the run)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from types import FrameType
from typing import Any

from momenta_cli.engine.core import EncounterSpec, Fight
from momenta_cli.errors import MomentaError
from momenta_cli.simulate.chain import ChainTally, play_chain
from momenta_cli.simulate.fight import FightResult, play_fight
from momenta_cli.simulate.policy import BUILTIN, Policy
from momenta_cli.simulate.policy_file import load_policy
from momenta_cli.simulate.stats import Tally

Progress = Callable[[int], None]
Take = Callable[[Any], None]  # a FightResult, or a ChainResult for a chain
Chain = tuple[EncounterSpec, ...]
Chunk = tuple[int, int, int]  # (seed, first fight, fight after the last)
_WORKER: dict[str, Any] = {}
AHEAD = 2  # chunks in flight per worker: enough to keep each busy, few to hold
POLL = 0.1  # seconds between two looks at the Ctrl-C flag while waiting for a worker


class WorkerDied(MomentaError):
    """A worker process ended without returning its fights."""


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _init(encounter: EncounterSpec, policy: str | None, max_rounds: int,
          start: Fight | None = None, chain: Chain | None = None) -> None:
    # Ctrl-C is the parent's to handle (it stops the pool): a worker would print a
    # traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Whatever a policy prints goes to stderr: stdout is the report's (--json).
    try:
        os.dup2(2, 1)
    except OSError:
        pass
    sys.stdout = sys.stderr
    _WORKER.update(encounter=encounter, policy=load_policy(policy), max_rounds=max_rounds,
                   start=start, chain=chain)


def _play(encounter: EncounterSpec, policy: Policy, seed: int, i: int, cap: int,
          start: Fight | None, chain: Chain | None) -> Any:
    """Fight ``i`` of the run, or chain ``i`` of a chain run."""
    if chain is not None:
        return play_chain(chain, policy, seed, i, cap)[0]
    return play_fight(encounter, policy, seed, i, cap, start=start)[0]


def _chunk(job: Chunk) -> list[Any]:
    seed, first, stop = job
    w = _WORKER
    return [_play(w["encounter"], w["policy"], seed, i, w["max_rounds"], w["start"],
                  w["chain"]) for i in range(first, stop)]


def simulate(encounter: EncounterSpec, policy: str | None, n: int, seed: int, *,
             jobs: int = 1, max_rounds: int = 30, progress: Progress | None = None,
             start: Fight | None = None) -> list[FightResult]:
    """Play fights 0..n-1 of the run seeded ``seed`` and return their results in order
    (for a few fights: ``tally_run`` keeps sums only). ``policy`` is what
    ``policy_file.load`` takes (loaded here first, so a bad file is refused before any
    worker starts); ``progress(k)`` is told of every ``k`` fights done."""
    out: list[FightResult] = []
    play_many(encounter, policy, n, seed, out.append, jobs=jobs, max_rounds=max_rounds,
              progress=progress, start=start)
    return out


def tally_run(encounter: EncounterSpec, policy: str | None, n: int, seed: int, *,
              jobs: int = 1, max_rounds: int = 30, progress: Progress | None = None,
              start: Fight | None = None) -> Tally:
    """As ``simulate``, the fights summed up as they come (stats.Tally): memory does not
    grow with ``n``. ``start``: played on from this fight in progress (a forecast), its
    fighters tallied in its order."""
    sums = Tally(len(start.fighters) if start is not None else len(encounter.combatants))
    play_many(encounter, policy, n, seed, sums.add, jobs=jobs, max_rounds=max_rounds,
              progress=progress, start=start)
    return sums


def chain_run(encounters: Sequence[EncounterSpec], policy: str | None, n: int, seed: int,
              *, jobs: int = 1, max_rounds: int = 30, progress: Progress | None = None
              ) -> ChainTally:
    """Play chains 0..n-1 of the run seeded ``seed`` (chain.py: the encounters in order,
    the party carried between them), summed up as they come."""
    sums = ChainTally(encounters)
    play_many(encounters[0], policy, n, seed, sums.add, jobs=jobs, max_rounds=max_rounds,
              progress=progress, chain=tuple(encounters))
    return sums


def play_many(encounter: EncounterSpec, policy: str | None, n: int, seed: int,
              take: Take, *, jobs: int = 1, max_rounds: int = 30,
              progress: Progress | None = None, start: Fight | None = None,
              chain: Chain | None = None) -> None:
    """Play fights 0..n-1 of the run seeded ``seed`` (from ``start``, a fight in
    progress, if given: ``play_fight``), handing each result to ``take`` in fight
    order. Whatever ``take`` raises stops the run (the fights in flight are dropped).
    ``chain``: play chains of these encounters instead (``play_chain``; ``encounter``
    is then the first)."""
    loaded = load_policy(policy)
    jobs = max(1, min(jobs, n))
    size = max(1, min(25, n // (jobs * 4) or 1))
    work = ((seed, s, min(s + size, n)) for s in range(0, n, size))
    if jobs == 1 and (policy is None or policy in BUILTIN):  # our own code: no pool
        _local(encounter, loaded, work, max_rounds, take, progress, start, chain)
    else:  # a policy file's code runs in workers only, a pool of one for --jobs 1
        _pooled(encounter, policy, work, jobs, max_rounds, take, progress, start, chain)


def _local(encounter: EncounterSpec, policy: Policy, work: Iterator[Chunk],
           max_rounds: int, take: Take, progress: Progress | None,
           start: Fight | None, chain: Chain | None) -> None:
    for seed, first, stop in work:
        for i in range(first, stop):
            take(_play(encounter, policy, seed, i, max_rounds, start, chain))
        if progress:
            progress(stop - first)


class _CtrlC:
    """While the pool runs, Ctrl-C (SIGINT) only raises a flag; ``check`` raises
    ``KeyboardInterrupt`` from a known place. Outside the main thread (where no signal
    is delivered) it does nothing."""

    def __init__(self) -> None:
        self.pressed = False
        self.saved: Any = None
        self.installed = False

    def _flag(self, signum: int, frame: FrameType | None) -> None:
        self.pressed = True

    def __enter__(self) -> _CtrlC:
        try:
            self.saved = signal.signal(signal.SIGINT, self._flag)
            self.installed = True
        except ValueError:  # not the main thread
            pass
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if self.installed:
            signal.signal(signal.SIGINT, self.saved)
        if self.pressed and kind is not KeyboardInterrupt:
            # pressed while the run was stopping for another reason (its ``take``
            # raised, the workers were being shut down): not lost
            raise KeyboardInterrupt

    def check(self) -> None:
        if self.pressed:
            raise KeyboardInterrupt


def _pooled(encounter: EncounterSpec, policy: str | None, work: Iterator[Chunk],
            jobs: int, max_rounds: int, take: Take, progress: Progress | None,
            start: Fight | None = None, chain: Chain | None = None) -> None:
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pending: deque[tuple[Chunk, Future[list[Any]]]] = deque()
    with _CtrlC() as ctrl_c:
        pool = ProcessPoolExecutor(jobs, ctx, initializer=_init,
                                   initargs=(encounter, policy, max_rounds, start, chain))
        try:
            while True:
                for w in work:  # top up the chunks in flight
                    pending.append((w, pool.submit(_chunk, w)))
                    if len(pending) >= jobs * AHEAD:
                        break
                if not pending:
                    break
                (_, first, stop), future = pending.popleft()
                part = _wait(future, ctrl_c, first, stop)
                for r in part:  # in fight order
                    take(r)
                if progress:
                    progress(len(part))
            ctrl_c.check()
        except BaseException:
            # Ctrl-C, or ``take`` stopping the run (tune.py: the interval has decided):
            # stop the workers now rather than let them finish their fights (the
            # executor has no public way before Python 3.14's terminate_workers).
            procs = getattr(pool, "_processes", None) or {}
            for proc in list(procs.values()):
                proc.terminate()
            raise
        finally:
            # On an error the fights not yet started are dropped; those running are
            # short (a chunk is at most 25 fights).
            pool.shutdown(wait=True, cancel_futures=True)


def _wait(future: Future[list[Any]], ctrl_c: _CtrlC, start: int, stop: int
          ) -> list[Any]:
    """The chunk's results, looking at the Ctrl-C flag every ``POLL`` seconds."""
    while True:
        ctrl_c.check()
        try:
            return future.result(timeout=POLL)
        except FutureTimeout:
            continue
        except BrokenProcessPool:
            raise WorkerDied(f"simulate: a worker process died (killed, out of memory, or "
                             f"its policy ended the process) while playing fights "
                             f"{start + 1}-{stop}; nothing to report") from None
