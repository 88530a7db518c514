"""Collecting problems as ``FILE:LINE:COL: path.to.field: message`` lines.

Every problem is tied to a ``Source`` (one loaded file) and a path inside it; the source's
recorded marks give the line and column. Pydantic errors are translated here too.
"""

from __future__ import annotations

import difflib
import typing
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import UnionType
from typing import TYPE_CHECKING, Any

from momenta_cli.encounter.yamlload import Doc, PathT, path_text

if TYPE_CHECKING:  # pydantic is imported only to word a file's errors (fastcheck.py)
    from pydantic import BaseModel, ValidationError

SHOWN = 50  # problems listed for a file; past them, one line says how many more


@dataclass
class Source:
    """One loaded file: the name shown in problems, its path, its parsed document."""

    name: str
    path: Path | None
    doc: Doc
    order: int = 0


@dataclass
class Problems:
    """An ordered, de-duplicated set of problem lines."""

    items: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def add(self, src: Source, path: PathT, message: str, *, key: bool = False,
            mark: tuple[int, int] | None = None) -> None:
        """Record ``message`` about ``path`` in ``src`` (at its key when ``key``, or at
        ``mark`` when given)."""
        line, col = mark or src.doc.mark(path, key=key)
        text = f"{src.name}:{line}:{col}: {path_text(path)}: {message}"
        self.items.setdefault(text, (src.order, line, col))

    def at(self, name: str, line: int, col: int, message: str, order: int = 0) -> None:
        """Record a problem that has no field path (the file itself)."""
        self.items.setdefault(f"{name}:{line}:{col}: (file): {message}", (order, line, col))

    def lines(self) -> list[str]:
        """Problems ordered by file, line and column: the first ``SHOWN``, then one line
        counting the others (a map of 100,000 unknown characters is 51 lines, not 33 MB
        on the screen)."""
        ordered = sorted(self.items, key=lambda text: self.items[text])
        if len(ordered) <= SHOWN:
            return ordered
        more = len(ordered) - SHOWN
        return [*ordered[:SHOWN],
                f"... and {more} more problem{'' if more == 1 else 's'} (the first {SHOWN} "
                "are shown: fix them and check again)"]

    def __bool__(self) -> bool:
        return bool(self.items)

    def pydantic(self, src: Source, model: type[BaseModel], err: ValidationError,
                 base: PathT = ()) -> None:
        """Translate every error of ``err`` (validating data at ``base`` in ``src``)."""
        data = _get(src.doc.data, base)
        # A value the YAML reader refused (bad tag, recursive alias) is already reported.
        refused = {where for where, _, _ in src.doc.problems}
        for e in err.errors():
            path, leftover = _data_path(data, e["loc"])
            full = (*base, *path)
            if any(full[:n] in refused for n in range(len(full) + 1)):
                continue
            if e["type"] == "extra_forbidden":
                names = field_names(model, e["loc"][:-1])
                self.add(src, full, f"unknown key '{path[-1]}'{suggest(str(path[-1]), names)}",
                         key=True)
            elif e["type"] == "missing":
                self.add(src, (*full, *leftover[-1:]), "required field is missing")
            else:
                self.add(src, full, _message(e))


def _message(e: Any) -> str:
    msg = e["msg"]
    if e["type"] in ("literal_error", "enum"):
        return msg.replace("Input should be", "should be")
    if e["type"] == "value_error":  # our own validators' messages, as written
        return str(e.get("ctx", {}).get("error", msg.removeprefix("Value error, ")))
    if e["type"] == "string_pattern_mismatch":
        from momenta_cli.encounter.validators import PATTERN_WORDS

        return PATTERN_WORDS.get(e.get("ctx", {}).get("pattern"), msg[0].lower() + msg[1:])
    if e["type"] == "list_type":
        return "should be a list (one '- item' per line)"
    if e["type"] in ("model_type", "model_attributes_type", "dict_type"):
        return "should be a mapping of names to values (key: value lines)"
    return msg[0].lower() + msg[1:]


def _get(data: Any, path: PathT) -> Any:
    for part in path:
        data = data[part]
    return data


def _data_path(data: Any, loc: Iterable[Any]) -> tuple[PathT, PathT]:
    """Follow a pydantic ``loc`` through the data; parts that are not in the data (union
    tags such as ``map``) are skipped and returned as ``leftover``."""
    path: list[Any] = []
    leftover: list[Any] = []
    for part in loc:
        if isinstance(data, dict) and part in data:
            data = data[part]
            path.append(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
            path.append(part)
        else:
            leftover.append(part)
    return tuple(path), tuple(leftover)


def field_names(model: type[BaseModel], loc: Iterable[Any]) -> list[str]:
    """Keys allowed at ``loc`` (a pydantic loc, tags included) below ``model``."""
    from pydantic import BaseModel

    found: list[Any] = [model]
    for part in loc:
        nxt = [t for t in (_step(t, part) for t in _flatten(found)) if t is not None]
        found = nxt or found  # a union tag steps nowhere: stay put
    names: list[str] = []
    for t in _flatten(found):
        if isinstance(t, type) and issubclass(t, BaseModel):
            names.extend(t.model_fields)
    return names


def _flatten(types: list[Any]) -> list[Any]:
    out: list[Any] = []
    for t in types:
        origin = typing.get_origin(t)
        if origin is typing.Annotated:
            out.extend(_flatten([typing.get_args(t)[0]]))
        elif origin in (typing.Union, UnionType):
            out.extend(_flatten(list(typing.get_args(t))))
        else:
            out.append(t)
    return out


def _step(t: Any, part: Any) -> Any:
    from pydantic import BaseModel

    if isinstance(t, type) and issubclass(t, BaseModel) and part in t.model_fields:
        return t.model_fields[part].annotation
    origin = typing.get_origin(t)
    if origin is list and isinstance(part, int):
        return typing.get_args(t)[0]
    if origin is dict and isinstance(part, str):
        return typing.get_args(t)[1]
    return None


def suggest(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, else ``""``."""
    lowered = {c.lower(): c for c in choices}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean '{lowered[close[0]]}'?)" if close else ""
