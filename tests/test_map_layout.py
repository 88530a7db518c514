"""The map's code stays in modules named for what they hold (the project's guide: split by
responsibility, not by length): the encounter loader keeps to files and names, the map
block is encounter/mapbuild.py, where combatants start is encounter/mapstart.py."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "momenta_cli"
def test_the_loader_leaves_the_map_to_the_map_modules():
    text = (ROOT / "encounter/loader.py").read_text(encoding="utf-8")
    assert "MapModel" not in text and "def _placement" not in text


def _public(module):
    import inspect

    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            yield name, obj
            for attr, member in vars(obj).items():
                if attr.startswith("_") or attr in getattr(obj, "__dataclass_fields__", {}):
                    continue
                if any(attr in vars(b) for b in obj.__mro__[1:-1]):
                    continue  # an override (an event's apply): the class's docstring
                fn = member.fget if isinstance(member, property) else member
                if inspect.isfunction(fn) or isinstance(member, property):
                    yield f"{name}.{attr}", fn


def test_the_maps_public_engine_api_has_docstrings():
    from momenta_cli.engine.battlefield import doors, positions
    from momenta_cli.engine.geometry import board

    missing = [f"{m.__name__}.{n}" for m in (positions, doors, board)
               for n, obj in _public(m) if not (obj.__doc__ or "").strip()]
    assert missing == []
