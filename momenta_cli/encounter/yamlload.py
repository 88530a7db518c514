"""A safe YAML reader that remembers where every value came from.

Files are read defensively (``momenta_cli.storage.reading``: regular files only, a size limit, then
NUL bytes and UTF-8 checked here). The text is parsed into events by PyYAML's safe parser
(its C version when PyYAML has libyaml, so even a hostile 5 MB file parses in well under
a second) and composed into nodes here, counting as it goes: a document with more than
``MAX_COMPOSED`` values or nested deeper than ``MAX_DEPTH`` is refused the moment it
gets there, before it costs time or memory. We then build plain Python values from the
nodes ourselves, so that each value's path (``("combatants", 2, "weapons", 0)``) maps to
its 1-based line and column.

Plain values are read as YAML 1.2 core types, not PyYAML's YAML 1.1: ``yes``, ``no``,
``on`` and ``off`` are text, ``1:30`` is text (not 90), ``012`` is twelve. Only the plain
YAML tags are accepted: any other tag is a problem, never code.

Aliases are allowed (they are handy for repeated tag lists) but a recursive alias is
refused, and so is a document that expands to more than ``MAX_NODES`` values, which stops
"billion laughs" documents before they cost memory.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from momenta_cli.storage import FileProblem, read_bytes

MAX_NODES = 100_000  # values after aliases are expanded
MAX_COMPOSED = 50_000  # distinct values written in the file (a big library has ~20 000)
MAX_DEPTH = 64

Key = str | int
PathT = tuple[Key, ...]
Mark = tuple[int, int]

_TAG = "tag:yaml.org,2002:"
_PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # C when PyYAML has libyaml
_COLLECTIONS = {_TAG + "map", _TAG + "seq"}
# YAML 1.2 core schema: how a plain (unquoted) scalar resolves.
_CORE = {
    "null": re.compile(r"^(?:~|null|Null|NULL|)$"),
    "bool": re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    "int": re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    "float": re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
}


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


def read_raw(path: Path) -> bytes:
    """The bytes of an encounter, include or library file, refusing what is not a small
    regular file (a FIFO, a device, a directory, too large, unreadable); ``decode``
    makes them text, and the caller may hash what it parsed."""
    try:
        return read_bytes(path, "encounter")
    except FileProblem as err:
        raise YamlProblem((1, 1), err.message) from None


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

    Raises YamlProblem for syntax errors and for documents over the budgets; problems
    inside an otherwise readable document (unsupported tags, duplicate keys, aliases) are
    collected in ``Doc.problems``.
    """
    try:
        node = _Composer(yaml.parse(text, Loader=_PARSER)).document()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = str(err.problem or err.context)
        if "nesting depth" in what:  # libyaml's own limit, far above ours
            raise YamlProblem(where, "YAML nesting is too deep") from None
        raise YamlProblem(where, f"YAML syntax: {what}") from None
    except yaml.reader.ReaderError as err:
        line = text[: err.position].count("\n") + 1
        col = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        raise YamlProblem((line, col), f"YAML: unacceptable character {err.character!r}"
                          ) from None
    except yaml.YAMLError as err:
        raise YamlProblem((1, 1), f"YAML: {str(err).splitlines()[0]}") from None
    except RecursionError:
        raise YamlProblem((1, 1), "YAML nesting is too deep") from None
    if node is None:
        raise YamlProblem((1, 1), "file is empty")
    return _Builder().build(node)


def _event_mark(event: Event) -> Mark:
    m = event.start_mark
    return (m.line + 1, m.column + 1) if m is not None else (1, 1)


class _Composer:
    """Nodes from parser events, as PyYAML's composer makes them, but counted: past
    ``MAX_COMPOSED`` values or ``MAX_DEPTH`` levels the document is refused at once."""

    def __init__(self, events: Any):
        self.events = iter(events)
        self.anchors: dict[str, Node] = {}
        self.count = 0
        self.ahead: Event | None = None  # one event read ahead (the iterator cannot peek)

    def next(self) -> Event:
        if self.ahead is not None:
            event, self.ahead = self.ahead, None
            return event
        return next(self.events)

    def document(self) -> Node | None:
        event = self.next()
        assert isinstance(event, StreamStartEvent)
        event = self.next()
        if isinstance(event, StreamEndEvent):
            return None
        assert isinstance(event, DocumentStartEvent)
        node = self.node(0)
        end = self.next()
        assert isinstance(end, DocumentEndEvent)
        more = self.next()
        if not isinstance(more, StreamEndEvent):
            raise YamlProblem(_event_mark(more), "the file holds more than one YAML "
                              "document (a second '---'); keep one")
        return node

    def node(self, depth: int) -> Node:
        event = self.next()
        self.count += 1
        if self.count > MAX_COMPOSED:
            raise YamlProblem(_event_mark(event), f"the file holds over {MAX_COMPOSED} "
                              "values; an encounter needs far fewer")
        if depth > MAX_DEPTH:
            raise YamlProblem(_event_mark(event), "YAML nesting is too deep")
        if isinstance(event, AliasEvent):
            if event.anchor not in self.anchors:
                # Not quoted: the file may be no encounter at all (a token, a secret).
                raise YamlProblem(_event_mark(event), "an alias (*name) refers to no anchor "
                                  "(&name) defined before it")
            return self.anchors[event.anchor]
        node: Node
        start: Any = event.start_mark  # the C parser's Mark type is not yaml.error.Mark
        end: Any = event.end_mark
        if isinstance(event, ScalarEvent):
            node = ScalarNode(_scalar_tag(event), event.value, start, end, style=event.style)
            self._anchor(event, node)
            return node
        if isinstance(event, SequenceStartEvent):
            seq = SequenceNode(_collection_tag(event.tag, "seq"), [], start, None,
                               flow_style=event.flow_style)
            self._anchor(event, seq)
            while not self._peek_end(SequenceEndEvent):
                seq.value.append(self.node(depth + 1))
            return seq
        assert isinstance(event, MappingStartEvent)
        mapping = MappingNode(_collection_tag(event.tag, "map"), [], start, None,
                              flow_style=event.flow_style)
        self._anchor(event, mapping)
        while not self._peek_end(MappingEndEvent):
            key = self.node(depth + 1)
            mapping.value.append((key, self.node(depth + 1)))
        return mapping

    def _anchor(self, event: Any, node: Node) -> None:
        if event.anchor is not None:
            self.anchors[event.anchor] = node

    def _peek_end(self, kind: type) -> bool:
        """Whether the next event ends the collection (consumed if so, kept if not)."""
        event = self.next()
        if isinstance(event, kind):
            return True
        self.ahead = event
        return False


def _scalar_tag(event: ScalarEvent) -> str:
    if event.tag not in (None, "!"):
        return str(event.tag)
    if event.implicit[0]:  # plain scalar: the YAML 1.2 core schema decides
        for tag, pattern in _CORE.items():
            if pattern.match(event.value):
                return _TAG + tag
    return _TAG + "str"


def _collection_tag(tag: str | None, kind: str) -> str:
    return _TAG + kind if tag in (None, "!") else str(tag)


def _mark(node: Node) -> Mark:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _Builder:
    def __init__(self) -> None:
        self.doc = Doc(None)
        self.count = 0
        self.active: set[int] = set()  # ids of nodes being built: a revisit is recursion

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
            # A plain scalar has style None from PyYAML's parser and "" from libyaml's.
            if key_node.tag == _TAG + "merge" or (key == "<<" and not key_node.style):
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
        if tag in ("str", "timestamp"):  # a date in a description stays as written
            return node.value
        if tag in _READERS:
            try:
                value = _READERS[tag](node.value)
            except ValueError:
                # The position says where; the value itself is not repeated (it may come
                # from a file that is no encounter at all).
                self.problem(path, node, f"cannot read this as {_A[tag]}")
                return None
            if isinstance(value, float) and not math.isfinite(value):
                self.problem(path, node, "infinite or NaN numbers are not allowed")
                return None
            return value
        self.problem(path, node, f"unsupported YAML tag '{node.tag}' (plain values only)")
        return None


def _null(text: str) -> None:
    if not _CORE["null"].match(text):
        raise ValueError(text)
    return None


def _bool(text: str) -> bool:
    if not _CORE["bool"].match(text):
        raise ValueError(text)
    return text.lower() == "true"


def _int(text: str) -> int:
    """YAML 1.2 core integers: decimal (``012`` is twelve), ``0o`` octal, ``0x`` hex. A
    number too long to convert is a ValueError like any other bad text."""
    if not _CORE["int"].match(text):
        raise ValueError(text)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text)


def _float(text: str) -> float:
    if not (_CORE["float"].match(text) or _CORE["int"].match(text)):
        raise ValueError(text)
    low = text.lower()
    if low.endswith((".inf", ".nan")):
        return float(low.replace(".", ""))
    return float(text)


_READERS = {"null": _null, "bool": _bool, "int": _int, "float": _float}
_A = {"null": "null", "bool": "a boolean", "int": "a whole number", "float": "a number"}


def path_text(path: PathT) -> str:
    """``("combatants", 2, "weapons", 0)`` -> ``combatants[2].weapons[0]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top)"
