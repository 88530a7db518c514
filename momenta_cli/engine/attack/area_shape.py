"""An area attack's shape as the attack line names it (ch20 Area Attacks): what the
``Attack`` command carries, on its own so that the command needs none of the map's
geometry (``engine/attack/map_attack.py`` and ``engine/geometry/areas.py`` work it out)."""

from __future__ import annotations

from dataclasses import dataclass

SHAPES = ("burst", "line", "cone")  # ch20 Area Attacks, as the tracker draws them


@dataclass(frozen=True)
class Area:
    """An area attack's shape on the map (ch20 Area Attacks): a ``burst`` of radius
    ``size`` around ``square``, or a ``line`` or a ``cone`` ``size`` squares long from
    the attacker toward ``square`` (``size`` None: as far as the weapon reaches)."""

    shape: str
    square: str
    size: int | None = None

    @property
    def text(self) -> str:
        """``burst 2 at C5``, ``line toward D4``, ``cone 3 toward D4``."""
        size = f" {self.size}" if self.size is not None else ""
        where = "at" if self.shape == "burst" else "toward"
        return f"{self.shape}{size} {where} {self.square.upper()}"
