"""Answers remembered per board and question (issue 28): the same questions come back
again and again (a policy weighing its attacks asks about the same positions each turn,
the log's reason asks cover with one low wall taken away, a Move is previewed and then
made), and a board changes only when a door opens or a creature moves.

So an exact search's answer is kept, keyed by what decides it: the board (immutable, its
hash worked out once, ``Board.__hash__``) and the question's own terms (footprints as
blocks, the other creatures' squares that matter, a path's budget and mode...). With it
is kept the work the search spent (``budget.Work``): a remembered answer spends the same
units on the caller's budget, so a budget shared by many questions (an overlay, an area)
runs out exactly where it did without the memory. A search past its budget is not kept.
Each memory is bounded: the least recently asked answers go first. Nothing here decides
anything; dropping every memory (``forget``) changes no answer, only the time.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextlib import suppress
from typing import Generic, TypeVar

from momenta_cli.engine.geometry.budget import Work

T = TypeVar("T")


class Memory(Generic[T]):
    """At most ``size`` answers, each with the work its search spent."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[Hashable, tuple[T, int]] = OrderedDict()
        _ALL.append(self)

    def recall(self, key: Hashable, work: Work, search: Callable[[], T]) -> T:
        """The answer to ``key``: remembered (its work spent again on ``work``), or
        ``search()``'s, which spends on ``work`` itself, then remembered."""
        hit = self.kept.get(key)
        if hit is not None:
            with suppress(KeyError):  # another thread (the players' screen) let it go
                self.kept.move_to_end(key)
            work.spend(hit[1])
            return hit[0]
        before = work.used
        found = search()
        if work.used <= work.limit:  # a search that went past (and said so) is not kept
            self.kept[key] = (found, work.used - before)
            with suppress(KeyError):
                while len(self.kept) > self.size:
                    self.kept.popitem(last=False)
        return found

    def __len__(self) -> int:
        return len(self.kept)


_ALL: list[Memory] = []  # type: ignore[type-arg]


def forget() -> None:
    """Drop every remembered answer (the bench, and tests that compare the searches)."""
    for memory in _ALL:
        memory.kept.clear()
