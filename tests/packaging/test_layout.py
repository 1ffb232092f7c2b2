"""One import name without links: the checkout's top-level folders are ``mtgsim.engine``,
``mtgsim.cluster``, ... through the build backend's package mapping (pyproject.toml's
``package-dir``), and no module of the project can be imported under a second name."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from mtgsim.layout import PACKAGE_DIRS

ROOT = Path(__file__).resolve().parents[2]


def _pyproject() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        setuptools = tomllib.load(f)["tool"]["setuptools"]
    assert isinstance(setuptools, dict)
    return setuptools


def _package_folders() -> dict[str, Path]:
    """Every package of the checkout by import name: the mapped folders and each folder
    under them with an ``__init__.py``."""
    out: dict[str, Path] = {}
    for package, folder in PACKAGE_DIRS.items():
        top = ROOT / folder
        out[package] = top
        if package == "mtgsim":
            continue
        for init in sorted(top.rglob("__init__.py")):
            rel = init.parent.relative_to(top)
            if rel.parts:
                out[".".join([package, *rel.parts])] = init.parent
    return out


def test_the_mapping_is_the_build_backends() -> None:
    setuptools = _pyproject()
    assert setuptools["package-dir"] == PACKAGE_DIRS
    assert sorted(setuptools["packages"]) == sorted(_package_folders())  # type: ignore[arg-type]


def test_the_checkout_has_no_symbolic_link() -> None:
    staged = subprocess.run(["git", "ls-files", "-s"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.splitlines()
    links = [line.split("\t", 1)[1] for line in staged if line.startswith("120000 ")]
    assert links == []


@pytest.mark.parametrize("folder", sorted(f for p, f in PACKAGE_DIRS.items() if p != "mtgsim"))
def test_a_folder_does_not_import_by_its_bare_name(folder: str) -> None:
    """From the checkout's root (where ``python`` puts the folders on the path), the bare
    name refuses to import instead of making a second copy of the package's modules."""
    proc = subprocess.run([sys.executable, "-c", f"import {folder}"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert f"ImportError: import mtgsim.{folder}, not {folder}" in proc.stderr


def test_every_module_has_one_name() -> None:
    """Importing every module of mtgsim loads each file of the checkout once, under a name
    beginning ``mtgsim.`` (the tests' own helpers, ``tests/*.py``, and the scripts tests load
    by path, ``scripts/*.py``, aside)."""
    for package in PACKAGE_DIRS:
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, package + "."):
            importlib.import_module(info.name)
    by_file: dict[Path, list[str]] = {}
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if not file:
            continue
        path = Path(file).resolve()
        # the tests' helpers and the scripts some tests load by path are no packages
        top = path.relative_to(ROOT).parts[0] if ROOT in path.parents else ""
        if top and top not in ("tests", "scripts") and not top.startswith(".venv"):
            by_file.setdefault(path, []).append(name)
    assert len(by_file) > 150
    assert [(str(p), n) for p, n in by_file.items() if len(n) > 1] == []
    assert [n for n in by_file.values() if n[0].split(".")[0] != "mtgsim"] == []
