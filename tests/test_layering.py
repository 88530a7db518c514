"""The house's layout (docs/architecture.md): packages in layers, one front door each, no two
modules with one name. Read from the source with ``ast`` (no import needed), so a wrong
import fails here before it can make a cycle or slow a command's start-up.

The layers, top to bottom; a package may import those below it, never one above:

    cli                      the shell: Typer commands, the prompt
    journal                  the fight file on disk
    questions                the table's questions at the prompt
    render                   drawing: Rich, plain lines, JSON
    play                     running one line (runner, pinned dice, previews)
    odds, simulate           looking ahead
    language                 the command language: a line -> a command
    encounter                encounter files -> the engine's specs
    engine                   the rules: pure, no I/O
    seating                  seats and phones' answers, in files beside the fight
    rules, text, storage     data, shown text, files on disk (the base)

``errors`` (the exception family) is below everything.
"""

from __future__ import annotations

import ast
import keyword
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "momenta_cli"

LAYERS: list[set[str]] = [
    {"__main__"},
    {"cli"},
    {"web"},
    {"journal"},
    {"projection"},
    {"questions"},
    {"render"},
    {"play"},
    {"odds", "simulate"},
    {"language"},
    {"encounter"},
    {"engine"},
    {"seating"},
    {"rules", "text", "storage"},
    {"errors"},
]
RANK = {name: i for i, layer in enumerate(LAYERS) for name in layer}
# Within a layer: simulate reads the odds; text is below rules and storage.
SIDEWAYS = {("simulate", "odds"), ("rules", "text"), ("storage", "text")}

# Beyond the standard library, the only packages each part may import (an allow-list: a
# new dependency in the engine fails here until it is placed). ``lazy_loader`` is every
# door's (an ``__init__``).
THIRD_PARTY = {
    "rich": {"render", "cli"},
    "typer": {"cli"},
    "click": {"cli"},
    "prompt_toolkit": {"cli"},
    "yaml": {"encounter", "rules", "simulate"},  # simulate: --tune edits a number of the file
    "pydantic": {"encounter"},
    # pydantic's compiled validator, alone: a right file checked without pydantic
    # (encounter/fastcheck.py)
    "pydantic_core": {"encounter"},
    # the players' screen's server stack: only web (which cli opens only to serve)
    "starlette": {"web"},
    "uvicorn": {"web"},
    "sse_starlette": {"web"},
    "jinja2": {"web"},
    "segno": {"web"},
}
STDLIB = frozenset(sys.stdlib_module_names)


@dataclass(frozen=True)
class Module:
    name: str  # dotted: momenta_cli.engine.core.state
    package: bool  # an __init__.py: a package's door

    @property
    def home(self) -> str:
        """The package the module is in (a door is in its own package)."""
        return self.name if self.package else self.name.rpartition(".")[0]

    @property
    def top(self) -> str:
        """Its top package under momenta_cli: ``engine``, ``cli``, ``errors``..."""
        parts = self.name.split(".")
        return parts[1] if len(parts) > 1 else ""


def modules() -> dict[str, Module]:
    out = {}
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        out[".".join(parts)] = Module(".".join(parts), package)
    return out


def imports(module: str, source: str, package: bool) -> list[tuple[int, str, str | None]]:
    """``(line, module imported, name imported from it)`` for every import of ``source``,
    at any depth (inside functions and ``if TYPE_CHECKING:`` too: a dependency on paper
    is still one). Relative imports are made absolute."""
    out: list[tuple[int, str, str | None]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = module.split(".")
                if not package:
                    here = here[:-1]
                here = here[:len(here) - node.level + 1]
                base = ".".join(here + ([node.module] if node.module else []))
            out += [(node.lineno, base, a.name) for a in node.names]
    return out


def problems(module: str, source: str, known: dict[str, Module]) -> list[str]:
    """What ``source`` (the text of ``module``) imports that the layout forbids: a layer
    above its own, a package outside the standard library that its part may not use, or
    another package's inside instead of its door. A module named in a string (a table
    that ``importlib`` reads: the event kinds, the handlers, the commands) must keep the
    layers too."""
    me = known.get(module, Module(module, False))
    out = []
    for line, target, name in imports(module, source, me.package):
        where = f"{module}:{line}"
        third = target.split(".")[0]
        if third != "momenta_cli":
            if third in STDLIB or (third == "lazy_loader" and me.package):
                continue
            if me.top not in THIRD_PARTY.get(third, set()):
                out.append(f"{where}: imports {third} (not allowed in {me.top}: "
                           "tests/test_layering.py THIRD_PARTY)")
            continue
        # `from package import submodule` reaches the submodule itself (the root too:
        # `from momenta_cli import cli`)
        full = f"{target}.{name}" if name and f"{target}.{name}" in known else target
        if full == "momenta_cli":
            continue  # the root's own names (__version__)
        out += _placed(where, me, known.get(full, Module(full, False)), door=True)
    for line, target in named_modules(source, known):
        out += _placed(f"{module}:{line}", me, known[target], door=False)
    return out


def _placed(where: str, me: Module, them: Module, *, door: bool) -> list[str]:
    """Whether ``me`` may import ``them``: not from a layer above, and (``door``) only
    through its package's door from outside that package."""
    out = []
    if them.top != me.top:
        mine, theirs = RANK.get(me.top), RANK.get(them.top)
        if mine is None or theirs is None:
            out.append(f"{where}: {them.name} is in no layer (tests/test_layering.py LAYERS)")
        elif theirs < mine or (theirs == mine and (me.top, them.top) not in SIDEWAYS):
            out.append(f"{where}: imports {them.name}, a layer above {me.top}")
    if door and not (them.package or them.home == me.home or them.home == "momenta_cli"):
        out.append(f"{where}: imports {them.name}; outside {them.home} use its door "
                   f"(from {them.home} import ...)")
    return out


def named_modules(source: str, known: dict[str, Module]) -> list[tuple[int, str]]:
    """The modules ``source`` names in strings, for ``importlib``: a whole module name,
    or the head of an f-string that ends in one (``f"momenta_cli.cli.{name}"``)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.rstrip(".")
            if text in known and text != "momenta_cli":
                out.append((node.lineno, text))
        elif isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                text = head.value.rstrip(".")
                if text.startswith("momenta_cli.") and text in known:
                    out.append((node.lineno, text))
    return out


def sources() -> list[tuple[str, str]]:
    known = modules()
    return [(name, (ROOT / Path(*name.split("."))).with_suffix(".py").read_text()
             if not m.package else
             (ROOT / Path(*name.split(".")) / "__init__.py").read_text())
            for name, m in known.items()]


def test_every_import_keeps_the_layers_and_uses_the_doors():
    known = modules()
    found = [p for name, text in sources() for p in problems(name, text, known)]
    assert found == [], "\n".join(found)


# --- the checker catches what it is for (a test of the test) -----------------------


@pytest.mark.parametrize("source, says", [
    ("import rich\n", "imports rich"),
    ("from rich.text import Text\n", "imports rich"),
    ("from momenta_cli.cli.app import main\n", "a layer above engine"),
    ("def f():\n    from momenta_cli.cli import main\n", "a layer above engine"),
    ("from momenta_cli.render import lines\n", "a layer above engine"),
    ("import yaml\n", "imports yaml"),
    ("from momenta_cli.engine.attack.plan import Attack\n", "use its door"),
    ("from momenta_cli import cli\n", "a layer above engine"),
    ("from momenta_cli import render\n", "a layer above engine"),
    ("from ... import cli\n", "a layer above engine"),
    ("from ...render import lines\n", "a layer above engine"),
    ("import momenta_cli.cli.app\n", "a layer above engine"),
    ("import numpy\n", "not allowed in engine"),
    ("import lazy_loader\n", "not allowed in engine"),
    ("HANDLERS = ('momenta_cli.render.log_lines',)\n", "a layer above engine"),
    ("import_module(f'momenta_cli.cli.{x}')\n", "a layer above engine"),
])
def test_the_checker_catches_an_engine_module_that_breaks_the_layout(source, says):
    found = problems("momenta_cli.engine.core.state", source, modules())
    assert any(says in p for p in found), found


def test_the_checker_catches_render_importing_the_cli():
    found = problems("momenta_cli.render.status_view", "from momenta_cli.cli import main\n",
                     modules())
    assert found and "a layer above render" in found[0]


def test_the_checker_lets_a_module_use_its_own_package_and_other_doors():
    ok = ("from momenta_cli.engine.core.state import Fight\n"
          "from momenta_cli.engine.geometry import Board\n"
          "from momenta_cli.errors import RuleError\n"
          "from momenta_cli.text import clip\n")
    assert problems("momenta_cli.engine.core.session", ok, modules()) == []


# --- names ---------------------------------------------------------------------------


def test_no_two_modules_or_packages_share_a_name():
    names = Counter(p.stem if p.name != "__init__.py" else p.parent.name
                    for p in PKG.rglob("*.py") if p.name != "__main__.py")
    names["momenta_cli"] -= 1  # the root package
    assert [n for n, k in names.items() if k > 1] == []


def test_the_engine_top_holds_only_its_sub_packages():
    loose = [p.name for p in (PKG / "engine").glob("*.py") if p.name != "__init__.py"]
    assert loose == []


def test_the_geometry_imports_no_other_engine_package():
    """engine/geometry is pure squares: the rules ask it, it asks nothing of them."""
    known = modules()
    found = [f"{name}:{line}: {target}" for name, text in sources()
             if name.startswith("momenta_cli.engine.geometry")
             for line, target, _ in imports(name, text, known[name].package)
             if target.startswith("momenta_cli.engine")
             and not target.startswith("momenta_cli.engine.geometry")]
    assert found == []


def test_no_two_public_classes_share_a_name():
    seen: dict[str, list[str]] = {}
    for name, text in sources():
        for node in ast.parse(text).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                seen.setdefault(node.name, []).append(name)
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}


# --- the doors -----------------------------------------------------------------------


def _packages() -> list[str]:
    return [n for n, m in modules().items() if m.package and n != "momenta_cli"]


def _stub_names(package: str) -> dict[str, str]:
    """Each name a package's stub (``__init__.pyi``) lists, with the module it is in."""
    stub = ROOT / Path(*package.split(".")) / "__init__.pyi"
    if not stub.exists():
        return {}
    out = {}
    for node in ast.parse(stub.read_text()).body:
        assert isinstance(node, ast.ImportFrom) and node.level == 1, ast.dump(node)
        for a in node.names:
            assert a.asname == a.name, f"{stub}: write 'from .{node.module} import X as X'"
            out[a.name] = f"{package}.{node.module}"
    return out


@pytest.mark.parametrize("package", _packages())
def test_a_door_lists_its_modules_and_its_names_resolve(package):
    """Every door says what its modules are for (its docstring names each), and every
    name its stub lists is defined where the stub says (imported here, one by one)."""
    import importlib

    init = ROOT / Path(*package.split(".")) / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text())) or ""
    subs = [n.rpartition(".")[2] for n, m in modules().items()
            if n.rpartition(".")[0] == package]
    assert [s for s in subs if not re.search(rf"^\s+{s}/?\s", doc, re.M)] == [], \
        f"{init}: its docstring names each module at the start of a line"
    door = importlib.import_module(package)
    for name, where in _stub_names(package).items():
        assert name in vars(importlib.import_module(where)), f"{name} is not in {where}"
        assert getattr(door, name) is vars(importlib.import_module(where))[name]
        assert not keyword.iskeyword(name)


def test_every_name_imported_through_a_door_is_in_its_stub():
    known = modules()
    missing = []
    for name, text in sources():
        me = known[name]
        for line, target, imported in imports(name, text, me.package):
            them = known.get(target)
            if (them is None or not them.package or target == "momenta_cli" or imported is None
                    or f"{target}.{imported}" in known or target == me.home):
                continue
            if imported not in _stub_names(target):
                missing.append(f"{name}:{line}: {imported} is not in {target}'s __init__.pyi")
    assert missing == [], "\n".join(missing)


def test_the_registry_names_every_module_that_decides_a_command():
    """engine/core/registry.py HANDLER_MODULES is what deciding.py imports to fill the
    handler table: a module that registers handlers and is missing there would decide
    nothing unless something else happened to import it first."""
    from momenta_cli.engine.core.registry import HANDLER_MODULES

    using = sorted(name for name, text in sources() if "@handles(" in text)
    assert sorted(HANDLER_MODULES) == using


def test_opening_a_door_loads_none_of_its_modules():
    """A door is lazy: ``import momenta_cli.engine.attack`` costs nothing until a name is
    used (a command imports only what it uses, docs/speed.md)."""
    import json
    import subprocess
    import sys

    code = ("import importlib, json, sys\n"
            "out = {}\n"
            "for p in json.loads(sys.argv[1]):\n"
            "    before = set(sys.modules)\n"
            "    importlib.import_module(p)\n"
            "    out[p] = sorted(m for m in set(sys.modules) - before if m.startswith(p + '.'))\n"
            "print(json.dumps(out))\n")
    r = subprocess.run([sys.executable, "-c", code, json.dumps(_packages())],
                       capture_output=True, text=True, check=True, timeout=60)
    assert {p: m for p, m in json.loads(r.stdout).items() if m} == {}
