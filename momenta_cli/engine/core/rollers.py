"""Dice rollers (R1): the engine asks an injected roller for faces.

The engine never imports ``random`` itself; it receives a ``Roller``. Faces end up in the
events, so replaying a journal never rolls again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Roller(Protocol):
    """Something that rolls ``n`` six-sided dice and returns the faces."""

    def roll(self, n: int) -> list[int]: ...


class SeededRoller:
    """A reproducible roller: the same seed gives the same faces in the same order."""

    def __init__(self, seed: int | None = None):
        import random  # only where dice are rolled: not for a look at the map (start-up)

        self._rng = random.Random(seed)

    def roll(self, n: int) -> list[int]:
        return [self._rng.randint(1, 6) for _ in range(n)]


class OnesRoller:
    """Dice for looking ahead: every face a 1. What a look-ahead reads is fixed before any
    die is (the pools and reactions, ch20 step 1, R27; who may act next, which the end of
    a turn's clear rolls change only through Slowed, and a 1 keeps Slowed)."""

    def roll(self, n: int) -> list[int]:
        return [1] * n


class QueueRoller:
    """Hands out faces from a fixed list, for tests; raises when the list runs dry."""

    def __init__(self, faces: Sequence[int]):
        self._faces = list(faces)

    def roll(self, n: int) -> list[int]:
        if n > len(self._faces):
            raise AssertionError(f"QueueRoller asked for {n} dice, has {len(self._faces)}")
        out, self._faces = self._faces[:n], self._faces[n:]
        return out

    @property
    def remaining(self) -> list[int]:
        return list(self._faces)


class PresetRoller:
    """Hands out ``faces`` in order, then asks ``fallback``; with no fallback, a roll past
    the given faces is refused (``RuleError``): a line that pins its dice (``dice 5,2``)
    must pin all of them, so a replay cannot silently roll something new."""

    def __init__(self, faces: Sequence[int], fallback: Roller | None = None):
        self._faces = list(faces)
        self._fallback = fallback

    def roll(self, n: int) -> list[int]:
        if n <= len(self._faces):
            out, self._faces = self._faces[:n], self._faces[n:]
            return out
        if self._fallback is None:
            from momenta_cli.errors import RuleError

            given = len(self._faces)
            raise RuleError(f"the line's dice ran out: {n} more asked, {given} left")
        out, self._faces = self._faces, []
        return out + self._fallback.roll(n - len(out))

    @property
    def remaining(self) -> list[int]:
        """Faces given and not yet handed out."""
        return list(self._faces)


class RecordingRoller:
    """Rolls through ``inner`` and keeps every face handed out, in order: what a line
    rolled, so the journal can pin it (``Entry.dice``) and a script replays it exactly."""

    def __init__(self, inner: Roller):
        self._inner = inner
        self.faces: list[int] = []

    def roll(self, n: int) -> list[int]:
        out = self._inner.roll(n)
        self.faces.extend(out)
        return out

    def answer(self, ask: Any) -> Any:
        """What ``inner`` answers at a decision point (engine/core/asking.py), when it is
        asked (None from a plain roller); a d6 answered is a face of the line's, kept
        in its place among the rolled ones."""
        ask_inner = getattr(self._inner, "answer", None)
        got = None if ask_inner is None else ask_inner(ask)
        if isinstance(got, int) and not isinstance(got, bool) and ask.kind == "wound_die":
            self.faces.append(got)
        return got


def count_successes(faces: Sequence[int], threshold: int = 5) -> int:
    """Successes in a set of faces: each face at or above ``threshold`` counts (R1)."""
    return sum(1 for f in faces if f >= threshold)
