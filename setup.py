"""The build backend's part of the compiled engine: setuptools builds it when mtgsim is
installed (pyproject.toml has the rest of the package's description).

The engine modules of ``mtgsim.declarations.COMPILED`` are the package's extension modules.
Building them is ``scripts/compile_engine.py``'s plain build (Cython, the attribute cache,
the C compiler; the one ``make compiled`` runs), into the checkout's ``build/compiled/``,
incrementally: only the modules whose source changed since the last build are compiled
again, with a line per module as it is done. Then:

- an editable install (``pip install -e .``, ``make run``, ``make test``) loads that build
  where it is, through ``mtgsim.compiled``'s finder, which loads a module only while its
  source is the one it was built from; nothing is copied beside the sources;
- a wheel (``pip wheel .``, ``python -m build``) gets a copy in ``mtgsim/_compiled/``, where
  the finder of an installed mtgsim looks, and is tagged for this Python and platform
  (``cp311-cp311-linux_x86_64``). With nothing compiled it is the pure-Python wheel
  (``py3-none-any``).

Without Cython or a C compiler, or with ``MTGSIM_PURE_PYTHON=1``, nothing is built: one line
says so, and the pure-Python engine runs. The sdist is the sources, built the same way where
it is installed.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
BUILDER = ROOT / "scripts" / "compile_engine.py"


def _load(name: str, path: Path) -> ModuleType:
    """A module of mtgsim that imports only the standard library, without importing mtgsim
    (not installed yet while it is being built)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def engine_extensions() -> list[Extension]:
    """The compiled engine modules, by their import names and sources in the checkout."""
    declarations = _load("_mtgsim_declarations", ROOT / "mtgsim" / "declarations.py")
    layout = _load("_mtgsim_layout", ROOT / "mtgsim" / "layout.py")
    folder = layout.PACKAGE_DIRS["mtgsim.engine"]
    extensions = []
    for name in declarations.COMPILED:
        path = Path(folder, *name.split("."))
        source = path / "__init__.py" if (ROOT / path).is_dir() else path.with_suffix(".py")
        extensions.append(Extension(declarations.PREFIX + name, [str(source)], optional=True))
    return extensions


class BuildCompiledEngine(build_ext):  # type: ignore[misc]
    """``build_ext`` as scripts/compile_engine.py's build: into build/compiled/, and for a
    wheel copied into the package. Records on the distribution whether anything was built,
    for the wheel's tag."""

    def run(self) -> None:
        if getattr(self.distribution, "mtgsim_compiled", None) is not None:
            return  # built already in this run (bdist_wheel asks twice)
        into = None if self.editable_mode else Path(self.build_lib, "mtgsim", "_compiled")
        argv = [sys.executable, str(BUILDER)]  # every core (--jobs)
        if into is not None:
            argv += ["--package", str(into)]
        sys.stdout.flush()
        subprocess.run(argv, cwd=ROOT, check=True)
        self.distribution.mtgsim_compiled = into is None or any(into.rglob("*.so")) or any(
            into.rglob("*.pyd"))

    def get_outputs(self) -> list[str]:
        into = Path(self.build_lib, "mtgsim", "_compiled")
        return [str(p) for p in sorted(into.rglob("*")) if p.is_file()] \
            if not self.editable_mode and into.is_dir() else []

    def get_output_mapping(self) -> dict[str, str]:
        return {}


class PlatformWheelIfCompiled(bdist_wheel):  # type: ignore[misc]
    """The wheel is tagged for this interpreter and platform when it carries the compiled
    engine, and is the pure-Python wheel when nothing could be compiled."""

    def get_tag(self) -> tuple[str, str, str]:
        if getattr(self.distribution, "mtgsim_compiled", True) is False:
            self.root_is_pure = True
        tag: tuple[str, str, str] = super().get_tag()
        return tag


setup(ext_modules=engine_extensions(),
      cmdclass={"build_ext": BuildCompiledEngine, "bdist_wheel": PlatformWheelIfCompiled})
