"""A module loaded from its file, not imported by name: the scripts under ``scripts/``
(not a package) that the tests run, and a module's pure-Python source beside its compiled
build. One loader for every test that needs one (``conftest.py`` puts this folder on the
path, as for ``gamesetup``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_file(name: str, path: Path) -> ModuleType:
    """The module of the Python file ``path``, executed afresh under ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module (its ``main`` not run)."""
    return load_file(name, ROOT / "scripts" / f"{name}.py")


__all__ = ["load_file", "load_script"]
