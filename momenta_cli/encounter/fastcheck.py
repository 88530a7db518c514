"""A file checked by pydantic's compiled schema of our models, without pydantic itself.

Importing pydantic and building the models costs a first ``momenta validate`` about 75 ms,
more than the rest of it (docs/speed.md). What the models validate with is pydantic_core's
``SchemaValidator`` built from each model's core schema, and that schema depends only on
our code and the versions of pydantic and pydantic_core. So the slow path (the loader with
pydantic's models) keeps the schemas in ``STATE/cache/schemas/`` the first time it runs,
and later loads validate with ``SchemaValidator`` alone, from the kept schemas.

pydantic stays the validator of record: this check may only find a file right. Any error,
a kept schema missing, stale or unreadable, other versions, anything unexpected: ``Doubt``
is raised (or ``fast_models`` gives None) and the loader checks the file again with
pydantic's models, whose errors are the problems the GM reads (loader.load_checked).

The kept schema is pydantic's own, with three changes: each model class is replaced by a
plain stand-in of its name (``Parsed``: pydantic_core fills its ``__dict__`` with the
fields, as it fills a model's, and the loader reads fields only), the validator functions
are named rather than pickled (they live in validators.py, which both paths use), and the
``metadata`` pydantic keeps for itself (JSON Schema hooks) is dropped. An entry is sealed
as the other caches' are (storage/sealed.py)::

    momenta-schema-cache 1\\n
    <SHA-256 hex of the first line and the rest>\\n
    {"key": {"code": ..., "pydantic": ..., "pydantic_core": ..., "python": ...}, ...}\\n
    <the schemas, pickled>

The pickle holds plain data (dicts, lists, text, numbers) and persistent ids, which only
the fixed table of ``_named`` resolves: a stand-in class, one of validators.py's
functions, ``list`` or ``dict``, or a ``CaseOf`` or ``ListOf`` of plain values. Its
unpickler knows no class at all (``storage.unpickle`` with an empty allow-list), so an
entry can never make momenta run code.
"""

from __future__ import annotations

import importlib.util
import io
import pickle
import re
import sys
from pathlib import Path
from typing import Any

from momenta_cli.encounter import validators
from momenta_cli.encounter.validators import CaseOf, ListOf
from momenta_cli.encounter.verdicts import entry_path
from momenta_cli.storage import (
    MB,
    PICKLE_PROTOCOL,
    FileProblem,
    code_fingerprint,
    prune,
    read_entry,
    seal,
    state_home,
    unpickle,
    unseal,
)

SCHEMA_VERSION = 1
MAGIC = "momenta-schema-cache"
SUFFIX = ".entry"
MAX_ENTRIES = 4  # one for each pydantic or momenta the machine runs, more or less
MAX_SCHEMAS = 1 * MB  # the entry is about 30 KB
MODULE = "momenta_cli.encounter.file_model"  # where the classes the schema names live

CHECKS = {f.__name__: f for f in (validators.plain_name, validators.shape,
                                  validators.size, validators.bare_off)}
BUILTINS: dict[str, type] = {"list": list, "dict": dict}
PLAIN = (str, int, float, bool, type(None))


class Doubt(Exception):
    """The check by the kept schema cannot say that the file is right: check it again
    with pydantic's models."""


class Parsed:
    """A validated mapping of the file: its fields as attributes, as a pydantic model
    has them. pydantic_core makes one, sets ``__dict__`` to the fields and the three
    slots below, as it does for a model."""

    __slots__ = ("__dict__", "__pydantic_extra__", "__pydantic_fields_set__",
                 "__pydantic_private__")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({vars(self)!r})"


_STANDINS: dict[str, type[Parsed]] = {}


def standin(name: str) -> type[Parsed]:
    """The stand-in class of the model ``name`` (made once: its name is in pydantic_core's
    messages, as the model's is)."""
    cls = _STANDINS.get(name)
    if cls is None:
        cls = _STANDINS[name] = type(name, (Parsed,), {"__slots__": (),
                                                       "__module__": __name__})
    return cls


def _named(pid: Any) -> Any:
    """The object a persistent id of the kept schema stands for; anything outside the
    fixed table is refused."""
    match pid:
        case ("model", str() as name) if name.isidentifier():
            return standin(name)
        case ("check", str() as name) if name in CHECKS:
            return CHECKS[name]
        case ("builtin", str() as name) if name in BUILTINS:
            return BUILTINS[name]
        case ("case", tuple() as words) if all(type(w) is str for w in words):
            return CaseOf(tuple(_interned(w) for w in words))
        case ("list_of", tuple() as values) if all(type(v) in PLAIN for v in values):
            return ListOf(tuple(_interned(v) for v in values))
        case ("text", str() as text):
            return _interned(text)
    raise pickle.UnpicklingError("not a name of the schema cache's table")


class _Writer(pickle.Pickler):
    """Pickles a core schema, naming what ``_named`` can rebuild; anything else (a
    function or class nobody put in the table) fails the write, and nothing is kept."""

    def persistent_id(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is _Text:
            return ("text", str(obj))
        if kind in PLAIN or kind in (dict, list, tuple):
            return None
        if obj is list or obj is dict:
            return ("builtin", obj.__name__)
        if (isinstance(obj, type) and obj.__module__ == MODULE
                and hasattr(obj, "__pydantic_core_schema__")):
            return ("model", obj.__name__)
        for name, check in CHECKS.items():
            if obj is check:
                return ("check", name)
        if kind is CaseOf:
            return ("case", obj.choices)
        if kind is ListOf:
            return ("list_of", obj.values)
        raise pickle.PicklingError(f"a core schema holds {kind.__name__}, not in the table")


def _strip(schema: Any) -> Any:
    """``schema`` without the ``metadata`` pydantic keeps for itself (its JSON Schema
    hooks: functions of pydantic's, never used to validate), and the texts validation
    hands on marked (``_Text``)."""
    if type(schema) is dict:
        return {k: _text(v) if k == "default" else [_text(x) for x in v]
                if k == "expected" and type(v) is list else _strip(v)
                for k, v in schema.items() if k != "metadata"}
    if type(schema) is list:
        return [_strip(v) for v in schema]
    if type(schema) is tuple:
        return tuple(_strip(v) for v in schema)
    return schema


_NAME_CHARS = re.compile(r"[A-Za-z0-9_]*")


def _interned(value: Any) -> Any:
    """``value``, interned if it is text made of name characters, as Python interns such
    constants of the code pydantic's schemas come from."""
    if type(value) is str and _NAME_CHARS.fullmatch(value):
        return sys.intern(value)
    return value


class _Text(str):
    """A text of the schema that validation hands on as it is (a default, a literal's
    value, a word's one spelling): written as a persistent id, and read back interned,
    so that it is the very object it is in pydantic's spec (``"melee"``, also a field's
    name there) and a spec pickles to the same bytes either way (a pickle writes an
    object it meets twice only once: the encounter cache's entries)."""


def _text(value: Any) -> Any:
    return _Text(value) if type(value) is str and _NAME_CHARS.fullmatch(value) else value


def _config(schema: dict[str, Any]) -> Any:
    """The core config pydantic built the model's validator with: the model schema's own
    (under the definitions, when the schema has some)."""
    if schema.get("type") == "definitions":
        schema = schema["schema"]
    return schema.get("config") if schema.get("type") == "model" else None


def pydantic_version() -> str | None:
    """The installed pydantic's version, read from its ``version.py`` without importing
    pydantic (that import is what the fast check saves); None if it cannot be found."""
    try:
        spec = importlib.util.find_spec("pydantic")
        if spec is None or not spec.submodule_search_locations:
            return None
        text = (Path(spec.submodule_search_locations[0]) / "version.py").read_text("utf-8")
    except (OSError, ValueError, ImportError, UnicodeDecodeError):
        return None
    found = re.search(r"^VERSION\s*=\s*['\"]([^'\"\n]+)['\"]", text, re.MULTILINE)
    return found[1] if found else None


def schema_key() -> dict[str, Any] | None:
    """What a kept schema depends on: our code, pydantic's and pydantic_core's versions,
    Python's (the pickle and pydantic's reading of annotations); None if unknown."""
    version = pydantic_version()
    if version is None:
        return None
    import pydantic_core

    return {"schema": SCHEMA_VERSION, "code": code_fingerprint(), "pydantic": version,
            "pydantic_core": pydantic_core.__version__,
            "python": f"{sys.version_info[0]}.{sys.version_info[1]}"}


def schema_dir() -> Path:
    """Where the kept schemas live: ``STATE/cache/schemas``."""
    return state_home() / "cache" / "schemas"


def fast_models() -> FastModels | None:
    """The check by the kept schemas, or None when there is no entry to trust (never an
    error: the loader then checks with pydantic, and keeps the schemas for next time)."""
    try:
        key = schema_key()
        if key is None:
            return None
        blob = read_entry(entry_path(schema_dir(), key, SUFFIX), MAX_SCHEMAS)
    except (FileProblem, OSError, RuntimeError, ValueError, ImportError):
        return None
    if blob is None:
        return None
    found = unseal(blob, MAGIC, SCHEMA_VERSION)
    if found is None or found[0].get("key") != key:
        return None
    schemas = unpickle(found[1], {}, _named)
    if type(schemas) is not dict or not all(
            type(k) is str and type(v) is tuple and len(v) == 2 for k, v in schemas.items()):
        return None
    return FastModels(schemas)


def keep_schemas(schemas: dict[str, Any], pydantic: str) -> None:
    """Keep ``schemas`` (file_model.core_schemas(), built by pydantic ``pydantic``) for
    later loads, in place of any entry for this code and these versions (the loader
    calls this when there was none to trust); any failure leaves the cache as it was."""
    try:
        key = schema_key()
        if key is None or key["pydantic"] != pydantic:
            return  # the pydantic running is not the one installed: keep nothing
        entry = entry_path(schema_dir(), key, SUFFIX)
        kept = {name: (_strip(s), _strip(_config(s))) for name, s in schemas.items()}
        out = io.BytesIO()
        _Writer(out, protocol=PICKLE_PROTOCOL).dump(kept)
        blob = seal(MAGIC, SCHEMA_VERSION, {"key": key, "version": SCHEMA_VERSION},
                    out.getvalue())
        if len(blob) > MAX_SCHEMAS:
            return
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        from momenta_cli.storage import atomic_write

        atomic_write(entry, blob, durable=False)  # a cache: sealed, never fsynced
    except (OSError, RuntimeError, ValueError, TypeError, ImportError, pickle.PicklingError):
        return
    prune(entry.parent, SUFFIX, MAX_ENTRIES)


class FastModels:
    """The loader's validation by the kept schemas (validators.Models): a value that
    validates is returned as stand-ins; anything else raises ``Doubt``."""

    def __init__(self, schemas: dict[str, tuple[Any, Any]]):
        self.schemas = schemas
        self.validators: dict[str, Any] = {}

    def valid(self, kind: str, data: Any) -> Any:
        """``data`` as ``kind``; ``Doubt`` if it has an error or anything goes wrong."""
        validator = self.validators.get(kind)
        try:
            if validator is None:
                from pydantic_core import SchemaValidator

                schema, config = self.schemas[kind]
                validator = self.validators[kind] = SchemaValidator(schema, config)
            return validator.validate_python(data)
        except Exception as err:
            raise Doubt(f"{kind}: {type(err).__name__}") from err

    def whole(self, kind: str, data: dict[str, Any], report: Any) -> None:
        """Validate a whole document; ``Doubt`` if it has an error."""
        self.valid(kind, data)

    def piece(self, kind: str, data: Any) -> Any:
        """``data`` as ``kind``; ``Doubt`` if it has an error (in a right file a piece
        has none: pydantic's ``piece`` would drop its faulty keys and try again)."""
        return self.valid(kind, data)

    def needs_pydantic(self, what: str) -> None:
        """``Doubt``: ``what`` is read by pydantic's models only."""
        raise Doubt(what)
