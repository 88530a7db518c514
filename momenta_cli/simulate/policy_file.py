"""Loading a policy file: ``--policy path/to/file.py`` run as a Python module, its
``choose`` (and ``pick``, ``react`` if it has them) made a ``Policy``.

Kept apart from ``policy.py`` (the built-in policies, pure) because it reads the file
system and runs the file's code through importlib. Whatever the file does while it loads
or is looked into (raise, ``sys.exit()``, a module ``__getattr__``) becomes one
``PolicyError`` line, and a file that fails leaves no entry behind in ``sys.modules``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from momenta_cli.simulate.policy import BUILTIN, DEFAULT, Policy, PolicyError


class ProcessExit(BaseException):
    """A policy called ``os._exit`` (raised instead, while the policy's code runs)."""


def _no_exit(code: int = 0) -> None:
    raise ProcessExit(f"os._exit({code}) would end the whole run")


@contextmanager
def contained() -> Iterator[None]:
    """While a policy's code runs: what it prints goes to stderr (stdout is the report's:
    ``--json``), and ``os._exit`` raises ``ProcessExit``, which the caller turns into one
    line, instead of ending the process without a word. (A policy that ends its process
    another way ends a worker: batch.py reports that too.)"""
    saved_out, saved_exit = sys.stdout, os._exit
    sys.stdout = sys.stderr
    os._exit = _no_exit  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, os._exit = saved_out, saved_exit


def load_policy(spec: str | None) -> Policy:
    """The policy ``spec`` names: a built-in's name, or a Python file defining
    ``choose`` (and optionally ``pick`` and ``react``). A bad file raises a one-line
    ``PolicyError``."""
    if spec is None or spec in BUILTIN:
        return BUILTIN[spec or DEFAULT]
    path = Path(spec)
    if path.suffix != ".py":
        raise PolicyError(f"--policy {spec}: not a built-in policy ({', '.join(BUILTIN)}) "
                          "nor a Python file (*.py)")
    if not path.is_file():
        raise PolicyError(f"{path}: no such policy file")
    name = f"momenta_policy_{abs(hash(str(path.resolve())))}"
    try:
        return _from_module(path, name)
    except BaseException:
        # A half-run module must not linger in sys.modules for a later load to find.
        sys.modules.pop(name, None)
        raise


def _from_module(path: Path, name: str) -> Policy:
    try:
        loader = importlib.util.spec_from_file_location(name, path)
        if loader is None or loader.loader is None:
            raise PolicyError(f"{path}: cannot be loaded as Python")
        module = importlib.util.module_from_spec(loader)
        sys.modules[name] = module
        with contained():
            loader.loader.exec_module(module)
    except PolicyError:
        raise
    except SyntaxError as err:
        raise PolicyError(f"{path}:{err.lineno}: syntax error: {err.msg}") from None
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # noqa: BLE001 - whatever it raises, sys.exit() too
        raise PolicyError(f"{path}: fails to load: {type(err).__name__}: {err}") from None
    base = BUILTIN[DEFAULT]
    try:
        # The module's own __getattr__ (or a property on a module subclass) runs here.
        with contained():
            choose = getattr(module, "choose", None)
            pick = getattr(module, "pick", base.pick)
            react = getattr(module, "react", base.react)
            callable_ = [callable(fn) for fn in (choose, pick, react)]
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # noqa: BLE001 - the module's own code: one line
        raise PolicyError(f"{path}: fails to load: {type(err).__name__}: {err}") from None
    if not callable_[0]:
        raise PolicyError(f"{path}: defines no function choose(view, actor) (see "
                          "docs/sample_policy.py)")
    for ok, what in ((callable_[1], "pick"), (callable_[2], "react")):
        if not ok:
            raise PolicyError(f"{path}: {what} is not a function")
    assert choose is not None  # callable, checked above
    return Policy(str(path), choose, pick, react)
