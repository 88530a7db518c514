"""Dice pools (R1, R2): rolling through the injected roller, or taking what the GM typed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from momenta_cli.engine.core.dice import Roller, count_successes
from momenta_cli.errors import RuleError

ZERO_POOL_DICE = 2  # R2: a pool of 0 or fewer rolls this many d6 and keeps the lowest


@dataclass(frozen=True)
class Typed:
    """What the GM typed instead of letting the tracker roll: faces, or a success count."""

    faces: tuple[int, ...] | None = None
    successes: int | None = None


def roll_pool(
    pool: int, roller: Roller, face: int = 5, typed: Typed | None = None,
    auto: int | None = None,
) -> dict[str, Any]:
    """Roll ``pool`` dice (after every modifier is netted) and count successes.

    R2: a pool of 0 or fewer rolls 2d6 and keeps the lowest. ``auto`` gives a fixed count
    without rolling (R7: a Grunt always scores 1 success). Returns a JSON-friendly record:
    ``{"pool", "faces", "successes", "kept", "how"}``.
    """
    if auto is not None:
        return {"pool": pool, "faces": [], "successes": auto, "kept": [], "how": "auto"}
    dice = pool if pool > 0 else ZERO_POOL_DICE
    if typed is not None and typed.successes is not None:
        limit = 1 if pool <= 0 else pool
        if not 0 <= typed.successes <= limit:
            raise RuleError(f"{typed.successes} successes is impossible with {dice_text(pool)}")
        return {"pool": pool, "faces": [], "successes": typed.successes, "kept": [],
                "how": "typed"}
    if typed is not None and typed.faces is not None:
        faces = list(typed.faces)
        if len(faces) != dice or any(not 1 <= x <= 6 for x in faces):
            raise RuleError(f"expected {dice} face{'s' if dice != 1 else ''} from 1 to 6 "
                            f"for {dice_text(pool)}, "
                            f"got {','.join(map(str, faces)) or 'none'}")
        how = "typed"
    else:
        faces = roller.roll(dice)
        how = "rolled"
    kept = faces if pool > 0 else [min(faces)]
    return {"pool": pool, "faces": faces, "successes": count_successes(kept, face),
            "kept": kept, "how": how}


def dice_text(pool: int) -> str:
    """How a pool is rolled, for the GM: ``3d``; ``0d (2d6 keep lowest)`` for a pool of
    0 or less (R2)."""
    return f"{pool}d" if pool > 0 else f"{pool}d ({ZERO_POOL_DICE}d6 keep lowest)"

