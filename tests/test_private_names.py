"""No module reaches into another module's private names (a leading ``_``): what a module
offers others is its public names, and its door's (docs/architecture.md, STYLE: "a
front door per package"). Read from the source with ``ast``, like tests/test_layering.py.

What counts as reaching in:

- ``from X import _name``: another module's private name, imported;
- ``name._x`` (or ``name.a._x``) where ``name`` was imported (a module, a package, a
  class or an object from another module);
- ``obj._x`` on anything but ``self`` and ``cls`` when this module defines no ``_x`` of
  its own (a function, class, method, attribute or field): the ``_x`` is someone else's
  (``self.view._set`` where the view's class lives in another module).

A module's own private names are its own to use anywhere in it (a classmethod calling
``ff._repair`` on an instance of its class). Dunder names (``__name__``) and sunder
names (``_value_``, an enum's API) are public by convention; so are ``namedtuple``'s
``_replace``, ``_asdict``, ``_fields`` and ``_make``. Another library's names are its
own business (``os._exit``, documented for a forked child).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "momenta_cli"
NAMEDTUPLE = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})


def private(name: str) -> bool:
    """Whether ``name`` is private: one leading underscore, not a dunder or a sunder."""
    if not name.startswith("_") or name in NAMEDTUPLE:
        return False
    if name.startswith("__") and name.endswith("__"):
        return False
    return not (len(name) > 2 and name.endswith("_") and not name.startswith("__"))


def _own_names(tree: ast.Module) -> set[str]:
    """Every name the module defines: functions, classes, methods, names assigned (at
    any depth, ``self._x = ...`` and ``x._y = ...`` too), fields, parameters."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.keyword) and node.arg is not None:
            out.add(node.arg)  # replace(x, _cached=...) sets its own field
    return out


def _imported(tree: ast.Module) -> dict[str, bool]:
    """The names an import binds in the module (``import a.b``: ``a``), each with
    whether it comes from this project (momenta_cli, or a relative import)."""
    out: dict[str, bool] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {(a.asname or a.name).split(".")[0]: a.name.startswith("momenta_cli")
                    for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            ours = node.level > 0 or (node.module or "").startswith("momenta_cli")
            out |= {a.asname or a.name: ours for a in node.names}
    return out


def _root(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node


def violations(source: str, where: str = "<source>") -> list[str]:
    """Each reach into another module's private name in ``source``, as ``where:line``."""
    tree = ast.parse(source)
    own, imported = _own_names(tree), _imported(tree)
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out += [f"{where}:{node.lineno}: from {node.module or '.'} import {a.name}"
                    for a in node.names if private(a.name)]
        elif isinstance(node, ast.Attribute) and private(node.attr):
            root = _root(node)
            name = root.id if isinstance(root, ast.Name) else None
            if name in imported and not imported[name]:
                continue  # the standard library's own (os._exit in a forked child)
            if name in imported:
                out.append(f"{where}:{node.lineno}: {ast.unparse(node)} (through the "
                           f"imported {name})")
            elif node.attr not in own and not (isinstance(node.value, ast.Name)
                                               and node.value.id in ("self", "cls")):
                out.append(f"{where}:{node.lineno}: {ast.unparse(node)} (no {node.attr} "
                           "here: another module's)")
    return out


def test_no_module_reaches_into_another_modules_private_names():
    found = [v for path in sorted(PKG.rglob("*.py"))
             for v in violations(path.read_text(encoding="utf-8"),
                                 str(path.relative_to(ROOT)))]
    assert found == [], "\n".join(found)


# --- the checker itself, on small sources ------------------------------------------------


@pytest.mark.parametrize(("source", "caught"), [
    ("from momenta_cli.language.attack_verbs import _options\n", "import _options"),
    ("from . import _helpers\n", "import _helpers"),
    ("from momenta_cli.language import attack_verbs\nattack_verbs._DICE.match('x')\n",
     "attack_verbs._DICE"),
    ("import momenta_cli.language.parsing\nmomenta_cli.language.parsing._load_verbs()\n",
     "parsing._load_verbs"),
    ("from momenta_cli.simulate import FightView\nFightView._set\n", "FightView._set"),
    ("def f(self):\n    self.view._set(1)\n", "self.view._set"),
    ("def f(fight):\n    return fight._cache\n", "fight._cache"),
])
def test_a_planted_reach_is_caught(source, caught):
    found = violations(source)
    assert len(found) == 1 and caught in found[0], found


@pytest.mark.parametrize("source", [
    # a module's own private names, on itself and on its own instances
    "def _helper():\n    pass\n_helper()\n",
    "class A:\n    def _repair(self):\n        pass\n    @classmethod\n"
    "    def open(cls):\n        ff = cls()\n        return ff._repair()\n",
    "class A:\n    def __init__(self):\n        self._n = 0\n    def f(self, other):\n"
    "        return self._n + other._n\n",
    # self, cls, dunders, sunders and namedtuple's API
    "class A:\n    def f(self):\n        return self._x, cls._y\n",
    "import sys\nsys.__name__\nx.__class__\n",
    "import enum\nx._value_\nx._missing_\n",
    "p = p._replace(x=1)\np._asdict()\n",
    # another library's documented names
    "import os\nos._exit(0)\n",
])
def test_what_is_allowed_is_not_caught(source):
    assert violations(source) == []
