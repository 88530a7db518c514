"""A safe YAML reader that remembers where every value came from.

Files are read defensively (size limit, NUL bytes, UTF-8) and composed with
``yaml.SafeLoader`` into nodes; we build plain Python values from the nodes ourselves so
that each value's path (``("combatants", 2, "weapons", 0)``) maps to its 1-based line and
column. Only the plain YAML types are accepted: any other tag is a problem, never code.

Aliases are allowed (they are handy for repeated tag lists) but a recursive alias is
refused, and so is a document that expands to more than ``MAX_NODES`` values, which stops
"billion laughs" documents before they cost memory.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

MAX_BYTES = 5 * 1024 * 1024
MAX_NODES = 100_000
MAX_DEPTH = 64

Key = str | int
PathT = tuple[Key, ...]
Mark = tuple[int, int]

_TAG = "tag:yaml.org,2002:"
_CONSTRUCTED = {"null", "bool", "int", "float"}
# Tags whose scalar text we keep as a string (a date in a description stays a date).
_AS_TEXT = {"str", "timestamp"}
_COLLECTIONS = {_TAG + "map", _TAG + "seq"}


class YamlProblem(Exception):
    """The file cannot be read or parsed at all; carries the position and the message."""

    def __init__(self, mark: Mark, message: str):
        super().__init__(message)
        self.mark = mark
        self.message = message


@dataclass
class Doc:
    """Plain data of a YAML document plus the position of every value and mapping key."""

    data: Any
    marks: dict[PathT, Mark] = field(default_factory=dict)
    key_marks: dict[PathT, Mark] = field(default_factory=dict)
    problems: list[tuple[PathT, Mark, str]] = field(default_factory=list)

    def mark(self, path: PathT, *, key: bool = False) -> Mark:
        """Position of ``path`` (of its key when ``key``), else of its nearest ancestor."""
        if key and path in self.key_marks:
            return self.key_marks[path]
        for end in range(len(path), -1, -1):
            if path[:end] in self.marks:
                return self.marks[path[:end]]
        return (1, 1)


def read_text(path: Path) -> str:
    """Read a file as UTF-8 text, refusing what is not a small text file."""
    try:
        if path.is_dir():
            raise YamlProblem((1, 1), "is a directory, not an encounter file")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise YamlProblem(
                (1, 1), f"file is {size // (1024 * 1024)} MB; the limit is "
                f"{MAX_BYTES // (1024 * 1024)} MB"
            )
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)  # a file growing after stat() is still capped
    except FileNotFoundError:
        raise YamlProblem((1, 1), "no such file") from None
    except PermissionError:
        raise YamlProblem((1, 1), "permission denied") from None
    except (OSError, ValueError) as err:  # ValueError: a NUL byte in the path
        raise YamlProblem((1, 1), f"cannot read: {getattr(err, 'strerror', None) or err}"
                          ) from None
    if len(raw) > MAX_BYTES:
        raise YamlProblem((1, 1), f"file is over {MAX_BYTES // (1024 * 1024)} MB")
    return decode(raw)


def decode(raw: bytes) -> str:
    """UTF-8 text of ``raw``; binary data (NUL bytes, invalid UTF-8) is refused."""
    if b"\0" in raw:
        line = raw[: raw.index(b"\0")].count(b"\n") + 1
        raise YamlProblem((line, 1), "binary file (contains NUL bytes), not YAML")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise YamlProblem((line, 1), "not UTF-8 text") from None


def parse(text: str) -> Doc:
    """Compose ``text`` safely and convert it to plain data with positions.

    Raises YamlProblem for syntax errors; problems inside an otherwise readable document
    (unsupported tags, duplicate keys, aliases) are collected in ``Doc.problems``.
    """
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise YamlProblem(where, f"YAML syntax: {err.problem or err.context}") from None
    except yaml.reader.ReaderError as err:
        line = text[: err.position].count("\n") + 1
        col = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        raise YamlProblem((line, col), f"YAML: unacceptable character {err.character!r}"
                          ) from None
    except yaml.YAMLError as err:
        raise YamlProblem((1, 1), f"YAML: {err}") from None
    except RecursionError:
        raise YamlProblem((1, 1), "YAML nesting is too deep") from None
    if node is None:
        raise YamlProblem((1, 1), "file is empty")
    return _Builder().build(node)


def _mark(node: Node) -> Mark:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    def __init__(self) -> None:
        self.doc = Doc(None)
        self.count = 0
        self.active: set[int] = set()  # ids of nodes being built: a revisit is recursion
        self.constructor = SafeConstructor()

    def build(self, node: Node) -> Doc:
        self.doc.data = self.value(node, ())
        return self.doc

    def problem(self, path: PathT, node: Node, message: str) -> None:
        self.doc.problems.append((path, _mark(node), message))

    def value(self, node: Node, path: PathT) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise YamlProblem(_mark(node), f"document expands to over {MAX_NODES} values "
                              "(aliases nested too deeply?)")
        if len(path) > MAX_DEPTH:
            raise YamlProblem(_mark(node), "YAML nesting is too deep")
        self.doc.marks.setdefault(path, _mark(node))
        if id(node) in self.active:
            self.problem(path, node, "recursive alias (refers to itself)")
            return None
        self.active.add(id(node))
        try:
            if not isinstance(node, ScalarNode) and node.tag not in _COLLECTIONS:
                self.problem(path, node, f"unsupported YAML tag '{node.tag}' (plain values only)")
                return None
            if isinstance(node, MappingNode):
                return self.mapping(node, path)
            if isinstance(node, SequenceNode):
                return [self.value(item, (*path, i)) for i, item in enumerate(node.value)]
            assert isinstance(node, ScalarNode)
            return self.scalar(node, path)
        finally:
            self.active.discard(id(node))

    def mapping(self, node: MappingNode, path: PathT) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                self.problem(path, key_node, "a mapping key must be a plain name")
                continue
            key = key_node.value  # raw text: `0s`, `yes` and `3+` stay as written
            if key_node.tag == _TAG + "merge":
                self.problem((*path, key), key_node,
                             "YAML merge keys (<<) are not supported; use stat_block")
                continue
            if key in out:
                line, col = self.doc.key_marks[(*path, key)]
                self.problem((*path, key), key_node,
                             f"duplicate key '{key}' (first at line {line})")
                continue
            self.doc.key_marks[(*path, key)] = _mark(key_node)
            out[key] = self.value(value_node, (*path, key))
        return out

    def scalar(self, node: ScalarNode, path: PathT) -> Any:
        tag = node.tag[len(_TAG):] if node.tag.startswith(_TAG) else None
        if tag in _AS_TEXT:
            return node.value
        if tag in _CONSTRUCTED:
            try:
                value = self.constructor.construct_object(node)
            except (ValueError, yaml.YAMLError):
                self.problem(path, node, f"cannot read {tag} {node.value[:40]!r}")
                return None
            if isinstance(value, float) and not math.isfinite(value):
                self.problem(path, node, "infinite or NaN numbers are not allowed")
                return None
            return value
        self.problem(path, node, f"unsupported YAML tag '{node.tag}' (plain values only)")
        return None


def path_text(path: PathT) -> str:
    """``("combatants", 2, "weapons", 0)`` -> ``combatants[2].weapons[0]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top)"
